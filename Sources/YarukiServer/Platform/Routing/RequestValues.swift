import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON

extension Request {
    /// A path parameter that names a row by UUID. Anything else is "No such …" (404), as a row
    /// that does not exist would be: a malformed id tells nobody more than a missing one.
    func id(_ name: String = "id", _ what: String) throws -> UUID {
        guard let id = UUID(strict: try parameter(name)) else { throw HTTPError.notFound("No such \(what).") }
        return id
    }

    /// The file an upload sent as its body; an empty one is no photo, video or audio (415).
    func upload(_ what: String) throws -> BodyFile {
        guard let file = bodyFile, file.size > 0 else {
            throw HTTPError(415, detail: "The body is empty: send the \(what) itself as the request body.")
        }
        return file
    }

    /// A JSON body that may be left out (sign-out, refresh): nil when empty.
    func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        body.isEmpty ? nil : try decode(T.self)
    }
}

/// Keyset pages of newest-first (or oldest-first) lists: a cursor holding the last item's time
/// (milliseconds) and id, `1764500000000.0a1b2c3d-…`, so new items never repeat or skip one.
/// Any such pair is a place in the list: a client may keep it, and the document says its shape.
enum Paging {
    static func cursor(_ at: Date, _ id: UUID) -> String {
        "\(Int64((at.timeIntervalSince1970 * 1000).rounded())).\(id.lowercasedString)"
    }

    static let cursorPattern = "^-?[0-9]{1,15}\\.[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"

    /// The `cursor` a request sends (its route declares `.cursor`), or nil for the first page.
    static func cursor(_ request: Request) -> (Date, UUID)? {
        guard let text = request.queryItem("cursor") else { return nil }
        let parts = text.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let ms = Int64(parts[0]), let id = UUID(strict: String(parts[1])) else { return nil }
        return (Date(timeIntervalSince1970: Double(ms) / 1000), id)
    }

    /// The page size a request asks for (its route declares `.limit`), or `standard`.
    static func limit(_ request: Request, default standard: Int = 20) -> Int {
        request.value("limit", as: Int.self) ?? standard
    }

    /// A page from rows fetched with `limit + 1`: the extra row only says there is more.
    static func page<Row, Item: APIModel>(_ rows: [Row], limit: Int, key: (Row) -> (Date, UUID), _ item: (Row) -> Item) -> Page<Item> {
        let shown = rows.prefix(limit)
        return Page(items: shown.map(item), nextCursor: rows.count > limit ? shown.last.map { cursor(key($0).0, key($0).1) } : nil)
    }
}

/// Whole days from `from` to `to` (YYYY-MM-DD, inclusive) in a person's calendar: the last 30
/// days by default, a year at most.
enum DayRange {
    static func parse(_ request: Request, calendar: PersonalCalendar, now: Date) throws -> (start: Date, end: Date) {
        let (first, last) = try days(request, today: calendar.dayNumber(of: now))
        guard let start = calendar.start(ofDayNumber: first), let end = calendar.start(ofDayNumber: last + 1) else {
            throw HTTPError.internal()
        }
        return (start, end)
    }

    /// The range's first and last day as day numbers (its route declares `.from` and `.to`).
    static func days(_ request: Request, today: Int) throws -> (first: Int, last: Int) {
        let last = request.day("to") ?? today
        let first = request.day("from") ?? last - 29
        guard first <= last else { throw Refusal(.unprocessable, "'from' is after 'to'.", fields: [.init(field: "from", message: "must not be after to")]) }
        guard last - first <= 366 else {
            throw Refusal(.unprocessable, "Ask for a year at most.", fields: [.init(field: "from", message: "is more than 366 days before to")])
        }
        return (first, last)
    }
}
