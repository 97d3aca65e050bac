import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The replay of a day, week or month: stops and timed legs at once, routes for the first legs,
/// and the rest of the routes from a range endpoint, so playback starts before a month's routes
/// are all computed.
struct PlaybackRoutes {
    let lifelog: LifelogRoutes
    let book: RouteBook
    /// Shown under the map when the routes (and the base map) come from OpenStreetMap data.
    let credit: String?
    var cache: PartsCache { lifelog.plans }
    var auth: AuthService { lifelog.auth }

    /// Legs routed in the plan itself; the rest come in pages.
    static let firstLegs = 16
    static let maxPage = 500

    struct StopReply: Encodable {
        var position: GeoPoint
        var arrivedAt: OffsetDateTime
        var leftAt: OffsetDateTime
        var dwell: Double
        var hasMemo: Bool
        var records: [LifelogRoutes.RecordReply]
    }

    struct LegReply: Encodable {
        var index: Int
        var from: Int
        var to: Int
        var mode: TravelMode
        var duration: Double
        var straight: Double
        /// Every route between two recorded places is a guess.
        var estimated = true
        /// Set once routed: whether it follows roads (false: a straight line, nothing better found).
        var followsRoads: Bool?
        /// Precision-6 encoded polyline and the cumulative metres at each of its points.
        var path: String?
        var distances: [Double]?

        /// Leg `index` of a plan, with its route when it has one.
        init(_ index: Int, _ leg: PlaybackPlan.Leg, route: RouteBook.Resolved? = nil) {
            self.index = index
            (from, to, mode, duration) = (leg.from, leg.to, leg.mode, leg.duration)
            straight = (leg.straight * 10).rounded() / 10
            guard let route else { return }
            let shape = PlaybackPlan.shape(route.path)
            followsRoads = route.followsRoads
            path = Polyline.encode(shape.path, precision: 6)
            distances = shape.distances
        }
    }

    struct PlanReply: Encodable {
        var range: LifelogRange.Kind
        var first: String
        var last: String
        var previous: String
        var next: String
        var timeZone: String
        var version: String
        var stops: [StopReply]
        var legs: [LegReply]
        var resolved: Int
        var legsURL: String?
        var credit: String?
        var truncated: Bool
    }

    /// The plan's parts for a person's range: records with a place, stops, legs.
    struct Parts {
        var range: LifelogRange
        var zone: TimeZone
        var records: [UUID: LifelogStore.Record]
        var stops: [PlaybackPlan.Stop]
        var legs: [PlaybackPlan.Leg]
        var version: String
        var truncated: Bool
    }

    func parts(_ request: Request, _ principal: Principal) async throws -> Parts {
        let user = principal.userID
        let account = try await auth.account(principal)
        let zone = TimeZone(identifier: account.timeZone) ?? .gmt
        let range = try LifelogRoutes.range(request, calendar: PersonalCalendar(timeZone: zone, weekStart: account.weekStart), now: auth.clock())
        let limit = LifelogRoutes.timelineLimit
        // A range whose records are as they were (same count, same latest change) reuses its
        // parts: the pages of a month's legs then cost a count, not a month of records each.
        let key = "\(user.uuidString)|\(range.start.timeIntervalSince1970)|\(range.stop.timeIntervalSince1970)"
        let stamp = try await auth.database.read { c in try LifelogStore.stamp(user: user, from: range.start, to: range.stop, c) }
        if let kept = cache.parts(key, stamp: stamp) { return kept }
        let all = try await auth.database.read { c in
            try LifelogStore.records(user: user, from: range.start, to: range.stop, limit: limit + 1, c)
        }
        let records = all.prefix(limit).filter { $0.draft.position != nil }
        let entries = records.map {
            PlaybackPlan.Entry(id: $0.id, at: $0.draft.occurredAt, position: $0.draft.position!,
                               hasWords: !$0.draft.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
        let stops = PlaybackPlan.stops(entries)
        var digest = ""
        for r in records { digest += "\(r.id.uuidString)\(Int(r.updatedAt.timeIntervalSince1970 * 1000));" }
        let version = String(Crypto.hex(Crypto.sha256(Data(digest.utf8))).prefix(16))
        let parts = Parts(range: range, zone: zone, records: Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }), stops: stops,
                          legs: PlaybackPlan.legs(stops), version: version, truncated: all.count > limit)
        cache.keep(key, stamp: stamp, parts)
        return parts
    }

    /// The parts of the ranges played last, by person and range, each with the stamp of the
    /// records it was made from. A write through this node forgets the person's at once; the
    /// stamp catches writes through other nodes.
    final class PartsCache: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(key: String, stamp: String, parts: Parts)] = []
        /// A month of 10,000 records holds a few megabytes.
        static let size = 16

        func parts(_ key: String, stamp: String) -> Parts? {
            lock.withLock { entries.first { $0.key == key && $0.stamp == stamp }?.parts }
        }

        func forget(user: UUID) {
            lock.withLock { entries.removeAll { $0.key.hasPrefix(user.uuidString) } }
        }

        func keep(_ key: String, stamp: String, _ parts: Parts) {
            lock.withLock {
                entries.removeAll { $0.key == key }
                entries.append((key, stamp, parts))
                if entries.count > PartsCache.size { entries.removeFirst() }
            }
        }
    }

    /// Routes legs `indices` and shapes them for the browser.
    func routed(_ parts: Parts, _ indices: Range<Int>) async throws -> [LegReply] {
        let legs = Array(parts.legs[indices])
        let resolved = try await book.resolve(legs.map { (parts.stops[$0.from].position, parts.stops[$0.to].position, $0.mode) })
        return zip(indices, zip(legs, resolved)).map { index, pair in LegReply(index, pair.0, route: pair.1) }
    }

    static func legsURL(_ parts: Parts, from: Int) -> String {
        "/v1/lifelog/playback/legs?range=\(parts.range.kind.rawValue)&date=\(parts.range.first)&from=\(from)&version=\(parts.version)"
    }

    func add(to router: inout Router) {
        let routes = self
        router.get("/v1/lifelog/playback", RouteDoc("""
            The replay of my day, week or month (?range=day|week|month&date=YYYY-MM-DD): stops (records within a few tens of metres merged) \
            and timed legs, the first ones routed; legsURL gives the rest
            """, tag: "lifelog", responses: [200: "The plan", 400: "A bad range or date"],
            responseBody: OpenAPI.object(["range": .string, "first": .string, "last": .string, "timeZone": .string, "version": .string,
                                          "stops": .array(.object), "legs": .array(.object), "resolved": .integer, "legsURL": .string,
                                          "credit": .string, "truncated": .boolean]),
            authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let parts = try await routes.parts(request, principal)
            let resolvedCount = min(PlaybackRoutes.firstLegs, parts.legs.count)
            var legs = try await routes.routed(parts, 0..<resolvedCount)
            legs += parts.legs.enumerated().dropFirst(resolvedCount).map { i, leg in LegReply(i, leg) }
            let stops = parts.stops.map { stop in
                StopReply(position: stop.position, arrivedAt: stop.arrivedAt, leftAt: stop.leftAt, dwell: stop.dwell, hasMemo: stop.hasMemo,
                          records: stop.records.compactMap { parts.records[$0] }.map { routes.lifelog.reply($0, user: principal.userID) })
            }
            let r = parts.range
            return try .json(PlanReply(range: r.kind, first: r.first, last: r.last, previous: r.previous, next: r.next, timeZone: parts.zone.identifier,
                                       version: parts.version, stops: stops, legs: legs, resolved: resolvedCount,
                                       legsURL: resolvedCount < parts.legs.count ? PlaybackRoutes.legsURL(parts, from: resolvedCount) : nil,
                                       credit: routes.credit, truncated: parts.truncated))
        }

        router.get("/v1/lifelog/playback/legs", RouteDoc("""
            Routes for more legs of a replay (?range=&date=&from=&count=&version=, as the plan's legsURL gives); 409 when the records \
            changed since the plan
            """, tag: "lifelog", responses: [200: "The legs", 400: "A bad range, date or leg index", 409: "The plan is out of date"],
            responseBody: OpenAPI.object(["legs": .array(.object), "next": .string]), authenticated: true)) { request in
            let principal = try await routes.auth.authenticate(request)
            let parts = try await routes.parts(request, principal)
            if let version = request.queryItem("version"), version != parts.version {
                throw HTTPError(409, slug: "plan-changed", detail: "The records changed since this plan was made. Load the playback again.")
            }
            var check = FieldCheck()
            let from = Int(request.queryItem("from") ?? "0")
            if from == nil || !(0...parts.legs.count).contains(from!) { check.fail("from", "must be a leg index from 0 to \(parts.legs.count)") }
            let count = Int(request.queryItem("count") ?? "64")
            if count == nil || !(1...PlaybackRoutes.maxPage).contains(count!) { check.fail("count", "must be 1 to \(PlaybackRoutes.maxPage)") }
            try check.done()
            let end = min(parts.legs.count, from! + count!)
            let legs = try await routes.routed(parts, from!..<end)
            struct Page: Encodable { var legs: [LegReply]; var next: String? }
            return try .json(Page(legs: legs, next: end < parts.legs.count ? PlaybackRoutes.legsURL(parts, from: end) : nil))
        }
    }
}
