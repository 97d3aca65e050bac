import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Live sales boards: machines send sales with an API key (scope `signage:write`) that admins
/// make and revoke; admins define boards and get a secret link for each wall screen.
struct SignageService: Sendable {
    let context: AppContext
    let hub: SignageHub
    /// Sales from Kafka, when the server reads a topic.
    let kafka: SalesFromKafka?
    var database: Database { context.database }

    static let maxBatch = 1_000
    static let writeScope = "signage:write"

    /// The wall screen's own page (not a route inside the app: a board may let sites frame it).
    static func wallLink(_ id: UUID, token: String) -> String { "/wall/\(id.lowercasedString)?token=\(token)" }

    static func board(_ body: BoardBody, id: UUID, zone: String) throws -> SalesBoard {
        var check = FieldCheck()
        let zone = body.timeZone ?? zone
        if TimeZone(identifier: zone) == nil { check.fail("timeZone", "'\(zone.prefix(64))' is not a time zone like Asia/Tokyo") }
        check.note(TextRule.check(body.title, field: "title", max: 80, required: true))
        let title = PostDraft.normalize(body.title)
        if !Currency.isCode(body.currency) { check.fail("currency", "must be an ISO 4217 code like JPY") }
        if body.endsAt <= body.startsAt { check.conflict("endsAt", "must be after startsAt") }
        if body.endsAt.timeIntervalSince(body.startsAt) > 62 * 86_400 { check.conflict("endsAt", "is more than 62 days after startsAt") }
        for (field, date) in [("startsAt", body.startsAt), ("endsAt", body.endsAt)] where !SalesBucket.isBoundary(date) {
            check.fail(field, "must fall on a quarter hour (:00, :15, :30 or :45)")
        }
        let probe = SaleEvent(id: "x", amount: 0, currency: "JPY", occurredAt: body.startsAt, channel: body.channel ?? "x", campaign: body.campaign)
        for error in SaleEvent.check(probe, prefix: "board") where error.field != "board.id" {
            check.fail(String(error.field.dropFirst("board.".count)), error.message)
        }
        if let goal = body.goal, !(1...SaleEvent.maxAmount).contains(goal) { check.fail("goal", "must be 1 to 10^12 minor units") }
        if let every = body.milestones?.every, !(1...SaleEvent.maxAmount).contains(every) { check.fail("milestones.every", "must be 1 to 10^12 minor units") }
        if body.milestones?.goal == true, body.goal == nil { check.conflict("milestones.goal", "needs a goal to celebrate") }
        let sent = body.embedOrigins ?? []
        if sent.count > 10 { check.fail("embedOrigins", "has more than 10 sites") }
        for origin in sent where !SignageService.isOrigin(origin) {
            check.fail("embedOrigins", "'\(origin.prefix(80))' is not an origin like https://dashboard.example")
        }
        let origins = sent.map { $0.lowercased() }
        try check.done()
        return SalesBoard(id: id, title: title, currency: body.currency, startsAt: body.startsAt, endsAt: body.endsAt,
                          campaign: body.campaign, channel: body.channel, goal: body.goal, embedOrigins: Array(Set(origins)).sorted(), timeZone: zone,
                          milestones: body.milestones)
    }

    /// `http(s)://host[:port]` and nothing else: no path, query, user or wildcard (a CSP source that
    /// is exactly one site). The document's pattern is this very expression.
    static let originPattern = "^[Hh][Tt][Tt][Pp]([Ss])?://[A-Za-z0-9.-]{1,200}(:[0-9]{1,5})?$"

    static func isOrigin(_ text: String) -> Bool {
        text.range(of: originPattern, options: .regularExpression) != nil
    }

    /// Files a batch of sales (all valid, or nothing stored) and sends them to the screens.
    func record(_ events: [SaleEvent], key: SignageStore.APIKey) async throws -> SaleReceipt {
        var check = FieldCheck()
        if events.isEmpty { check.fail("events", "is empty") }
        if events.count > SignageService.maxBatch { check.fail("events", "has more than \(SignageService.maxBatch) sales") }
        for (i, event) in events.enumerated() where check.errors.count < 50 {
            for error in SaleEvent.check(event, prefix: "events[\(i)]") { check.fail(error.field, error.message) }
        }
        try check.done()
        let now = context.now
        let fresh = try await hub.record(events, at: now) { c in
            if key.lastUsedAt.map({ now.timeIntervalSince($0) > 60 }) ?? true { try SignageStore.touchKey(key.id, at: now, c) }
        }
        return SaleReceipt(accepted: fresh.count, duplicates: events.count - fresh.count)
    }

    func makeKey(_ body: APIKeyBody, by principal: Principal) async throws -> MadeAPIKey {
        var check = FieldCheck()
        check.note(TextRule.check(body.name, field: "name", max: 80, required: true))
        let name = PostDraft.normalize(body.name)
        if body.scopes.isEmpty || body.scopes.count > 10 || body.scopes.contains(where: { $0 != SignageService.writeScope }) {
            check.fail("scopes", "must be [\"\(SignageService.writeScope)\"]")
        }
        try check.done()
        let (key, id, now) = ("yk_" + Crypto.randomToken(32), UUID.timeOrdered(), context.now)
        let scopes = Array(Set(body.scopes)).sorted()
        try await database.transaction { c in
            try SignageStore.insertKey(id: id, name: name, hash: Crypto.tokenHash(key), scopes: scopes, by: principal.userID, at: now, c)
        }
        return MadeAPIKey(id: id, name: name, scopes: scopes, key: key)
    }

    /// Every key, never the keys themselves.
    func keys() async throws -> [APIKeyInfo] {
        try await database.read { c in try SignageStore.keys(c) }.map {
            APIKeyInfo(id: $0.id, name: $0.name, scopes: $0.scopes, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt, revokedAt: $0.revokedAt)
        }
    }

    /// Stops a key at once.
    func revokeKey(_ id: UUID) async throws {
        let now = context.now
        guard try await database.transaction({ c in try SignageStore.revokeKey(id, at: now, c) }) else { throw Refusal.notFound("No such key.") }
    }

    func boards() async throws -> [SalesBoard] {
        try await database.read { c in try SignageStore.boards(c) }
    }

    /// A wall screen's page: the browser app, with a policy that lets the sites the board names
    /// show it in a frame.
    func wallPage(_ id: UUID) async throws -> (page: Data, policy: String) {
        guard let web = context.settings.webDirectory, let page = FileManager.default.contents(atPath: web + "/index.html") else {
            throw Refusal.notFound("This server serves no browser app.")
        }
        let origins = try await database.read { c in try SignageStore.board(id, c)?.embedOrigins } ?? []
        return (page, PagePolicy.contentSecurity(tileURL: context.settings.tileURL, frameAncestors: origins))
    }

    /// A wall screen's page with the policy that says who may frame it.
    static func page(_ page: (page: Data, policy: String)) -> Response {
        Response(status: 200, headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache"),
                                                    ("Content-Security-Policy", page.policy)]), body: .data(page.page))
    }

    func makeBoard(_ body: BoardBody, by principal: Principal) async throws -> MadeBoard {
        let board = try SignageService.board(body, id: UUID.timeOrdered(), zone: try await principal.account().timeZone)
        let (token, now) = (Crypto.randomToken(24), context.now)
        try await database.transaction { c in try SignageStore.insert(board, tokenHash: Crypto.tokenHash(token), by: principal.userID, at: now, c) }
        if board.milestones != nil { hub.boardChanged(board.id, board) }  // watched from now on, screens or not
        return MadeBoard(board: board, wallURL: SignageService.wallLink(board.id, token: token))
    }

    func changeBoard(_ id: UUID, _ body: BoardBody) async throws -> SalesBoard {
        let zone = try await database.read { c in try SignageStore.board(id, c)?.timeZone } ?? "UTC"
        let board = try SignageService.board(body, id: id, zone: zone)
        let now = context.now
        guard try await database.transaction({ c in try SignageStore.update(board, at: now, c) }) else { throw Refusal.notFound("No such board.") }
        hub.boardChanged(id, board)
        return board
    }

    /// A new wall link; screens on the old one are closed and find it no longer works.
    /// A day's sales on a board's clock (today when nil) as CSV, 5,000 at a time from the store.
    func salesCSV(_ id: UUID, day: String?) async throws -> (name: String, bytes: [UInt8]) {
        guard let board = try await database.read({ c in try SignageStore.board(id, c) }) else { throw Refusal.notFound("No such board.") }
        let zone = TimeZone(identifier: board.timeZone) ?? .gmt
        let personal = PersonalCalendar(timeZone: zone, weekStart: .monday)
        let today = personal.day(of: context.now)
        let asked = day ?? today
        guard PersonalCalendar.accepts(asked), let start = personal.start(ofDay: asked),
              let end = DayNumber.of(asked).flatMap({ personal.start(ofDayNumber: $0 + 1) }) else {
            throw Refusal.malformed("date must be a day like 2026-12-04.", fields: [.init(field: "date", message: "must be YYYY-MM-DD")])
        }
        var out = Array(SalesCSV.salesHeader.utf8)
        var after: (Date, String)?
        while true {
            let page = try await database.read { [after] c in
                try SignageStore.events(currency: board.currency, from: start, to: end, campaign: board.campaign, channel: board.channel, after: after, limit: 5_000, c)
            }
            for sale in page { out += SalesCSV.sale(sale, zone: zone).utf8 }
            guard page.count == 5_000, let last = page.last else { break }
            after = (last.occurredAt, last.id)
        }
        return ("\(SalesCSV.slug(board.title))-sales-\(asked).csv", out)
    }

    /// The board's window hour by hour as CSV.
    func hoursCSV(_ id: UUID) async throws -> (name: String, bytes: [UInt8]) {
        guard let board = try await database.read({ c in try SignageStore.board(id, c) }) else { throw Refusal.notFound("No such board.") }
        let sums = try await database.read { c in
            try SignageStore.sums(currency: board.currency, from: board.startsAt, to: board.endsAt, campaign: board.campaign, channel: board.channel, c)
        }
        let zone = TimeZone(identifier: board.timeZone) ?? .gmt
        var out = Array(SalesCSV.hoursHeader.utf8)
        for hour in SalesCSV.hours(board, sums) { out += SalesCSV.hour(hour, currency: board.currency, zone: zone).utf8 }
        return ("\(SalesCSV.slug(board.title))-hours.csv", out)
    }

    func newLink(_ id: UUID) async throws -> WallLink {
        let token = Crypto.randomToken(24)
        guard try await database.transaction({ c in try SignageStore.setToken(id, tokenHash: Crypto.tokenHash(token), c) }) else {
            throw Refusal.notFound("No such board.")
        }
        hub.linkReplaced(id)
        return WallLink(wallURL: SignageService.wallLink(id, token: token))
    }

    /// A board deleted leaves the playlists that showed it; their screens follow.
    func deleteBoard(_ id: UUID) async throws {
        guard let playlists = try await database.transaction({ c -> [UUID]? in
            let showing = try PlaylistStore.showing(id, c)
            return try SignageStore.delete(id, c) ? showing : nil
        }) else { throw Refusal.notFound("No such board.") }
        hub.boardChanged(id, nil)
        for playlist in playlists { hub.playlistChanged(playlist) }
    }

    // MARK: sales from Kafka

    /// The setup, every node's consumer as it last noted itself (nodes silent for 30 s are gone),
    /// and the dead letters waiting.
    func kafkaStatus() async throws -> KafkaStatus {
        let since = context.now.addingTimeInterval(-30)
        let (rows, waiting) = try await database.transaction { c in
            (try KafkaSalesStore.consumers(since: since, c), try KafkaSalesStore.deadLetterCount(c))
        }
        guard let kafka else {
            return KafkaStatus(configured: false, brokers: nil, topic: nil, group: nil, format: nil, library: nil, nodes: [], deadLetters: waiting)
        }
        let setting = kafka.setting
        let nodes = rows.filter { $0.topic == setting.topic && $0.group == setting.group }.map { row in
            KafkaNode(node: row.node, connected: row.connected,
                      partitions: (try? JSONCoding.decoder.decode([KafkaPartitionState].self, from: Data(row.partitions.utf8))) ?? [],
                      consumed: row.consumed, deadLetters: row.deadLetters, lastCommitAt: row.lastCommitAt, lastError: row.lastError, seenAt: row.seenAt)
        }
        return KafkaStatus(configured: true, brokers: setting.brokers, topic: setting.topic, group: setting.group, format: setting.format,
                           library: kafka.library.version, nodes: nodes, deadLetters: waiting)
    }

    func deadLetters() async throws -> [SalesDeadLetter] {
        try await database.read { c in try KafkaSalesStore.deadLetters(limit: 100, c) }.map {
            SalesDeadLetter(id: $0.id, topic: $0.topic, partition: $0.partition, offset: $0.offset, raw: $0.raw, bytes: $0.bytes, reason: $0.reason,
                            receivedAt: $0.receivedAt)
        }
    }

    /// Reads a dead letter's sales again (with the format the server has now: a mapping fixed
    /// since, a currency code corrected upstream…): kept and the letter gone, or 422 with why not.
    func retry(_ id: UUID) async throws -> SaleReceipt {
        guard let letter = try await database.read({ c in try KafkaSalesStore.deadLetter(id, c) }) else {
            throw Refusal.notFound("No such dead letter.")
        }
        guard letter.raw.utf8.count == letter.bytes, !letter.raw.contains("\u{FFFD}") else {
            throw Refusal(.unprocessable, "Only part of this message could be kept (it is larger than 64 KB, or not UTF-8): drop it, and send its sales again.")
        }
        let sales: [SaleEvent]
        do {
            sales = try SaleMessages.sales(in: Array(letter.raw.utf8), at: SaleMessages.Place(topic: letter.topic, partition: Int32(letter.partition),
                                                                                              offset: letter.offset), format: kafka?.format ?? .yaruki)
        } catch {
            let reason = "\(error)"
            try await database.transaction { c in try KafkaSalesStore.setReason(id, reason, c) }
            throw Refusal(.unprocessable, "The message still holds no valid sale: \(reason)")
        }
        let fresh = try await hub.record(sales, at: context.now) { c in
            guard try KafkaSalesStore.drop(id, c) else { throw Refusal.notFound("No such dead letter (retried or dropped meanwhile).") }
        }
        return SaleReceipt(accepted: fresh.count, duplicates: sales.count - fresh.count)
    }

    func drop(_ id: UUID) async throws {
        guard try await database.transaction({ c in try KafkaSalesStore.drop(id, c) }) else { throw Refusal.notFound("No such dead letter.") }
    }
}
