import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// A lifelog as GPX: its records with a place as waypoints (a check-in under its place's name,
/// a memo or photo under its first words), then the track (imported paths and fixes) as one
/// track, a segment per run. Written a page at a time to `emit`.
struct LifelogGPX {
    let database: Database
    static let page = 2_000

    /// The records with a place in [from, to) (or all when `from` is nil), then the track there.
    func write(user: UUID, from: Date?, to: Date?, name: String, maxPoints: Int? = nil, _ emit: (String) async throws -> Void) async throws {
        try await emit(GPX.head(creator: "Yaruki", name: name))
        var cursor: (Date, UUID)?
        while true {
            let rows = try await database.read { c in
                if let from, let to {
                    return try LifelogStore.records(user: user, from: cursor?.0 ?? from, to: to, limit: LifelogGPX.page + 1, c)
                        .filter { r in cursor.map { r.draft.occurredAt.date > $0.0 || (r.draft.occurredAt.date == $0.0 && r.id.uuidString > $0.1.uuidString) } ?? true }
                }
                return try LifelogStore.page(user: user, after: cursor, limit: LifelogGPX.page, c)
            }
            var out = ""
            for r in rows.prefix(LifelogGPX.page) {
                guard let position = r.draft.position else { continue }
                let text = r.draft.text.trimmingCharacters(in: .whitespacesAndNewlines)
                let first = text.split(whereSeparator: \.isNewline).first.map { String($0.prefix(60)) }
                out += GPX.waypoint(at: r.draft.occurredAt.date, position: position, elevation: r.draft.altitude,
                                    name: r.draft.place ?? first ?? r.draft.kind.rawValue, description: text.isEmpty ? nil : text, kind: r.draft.kind.rawValue)
            }
            if !out.isEmpty { try await emit(out) }
            guard rows.count >= LifelogGPX.page, let last = rows.prefix(LifelogGPX.page).last else { break }
            cursor = (last.draft.occurredAt.date, last.id)
        }
        var segments = GPX.Segments()
        var start = from ?? .distantPast
        let end = to ?? .distantFuture
        var written = 0
        var opened = false
        while true {
            let points = try await database.read { c in try LifelogImportStore.track(user: user, from: start, to: end, limit: LifelogGPX.page, c) }
            if let maxPoints, written + points.count > maxPoints { throw TooLong(points: maxPoints) }
            var out = opened || points.isEmpty ? "" : GPX.trackHead(name: name)
            opened = opened || !points.isEmpty
            for p in points { out += segments.add(at: p.at, position: p.position, elevation: p.altitude) }
            written += points.count
            if !out.isEmpty { try await emit(out) }
            guard points.count == LifelogGPX.page, let last = points.last else { break }
            start = last.at.addingTimeInterval(0.0005)
        }
        try await emit(segments.end + (opened ? GPX.trackFoot : "") + GPX.foot)
    }

    struct TooLong: Error { var points: Int }
}
