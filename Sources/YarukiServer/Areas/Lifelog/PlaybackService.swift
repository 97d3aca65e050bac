import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The replay of a day, week or month: stops and timed legs at once, routes for the first legs,
/// and the rest of the routes from a range endpoint, so playback starts before a month's routes
/// are all computed.
struct PlaybackService: Sendable {
    let lifelog: LifelogService
    let book: RouteBook
    /// Shown under the map when the routes (and the base map) come from OpenStreetMap data.
    let credit: String?
    var context: AppContext { lifelog.context }

    /// Legs routed in the plan itself; the rest come in pages.
    static let firstLegs = 16
    static let maxPage = 500

    /// The plan's parts for a person's range: records with a place, stops, legs.
    struct Parts: Sendable {
        var user: UUID
        var range: LifelogRange
        var zone: TimeZone
        var records: [UUID: LifelogStore.Record]
        var stops: [PlaybackPlan.Stop]
        var legs: [PlaybackPlan.Leg]
        var version: String
        var truncated: Bool
    }

    /// The range a replay is asked for: a kind (day when nil) and a day in it (today when nil).
    struct Asked: Sendable {
        var kind: LifelogRange.Kind?
        var date: String?
    }

    func parts(_ asked: Asked, _ principal: Principal) async throws -> Parts {
        let user = principal.userID
        let account = try await principal.account()
        let zone = TimeZone(identifier: account.timeZone) ?? .gmt
        let range = try LifelogService.range(asked.kind, date: asked.date, calendar: PersonalCalendar(of: account), now: principal.now)
        let limit = LifelogService.timelineLimit
        // A range whose records are as they were (same count, same latest change) reuses its
        // parts: the pages of a month's legs then cost a count, not a month of records each.
        let key = "\(user.uuidString)|\(range.start.timeIntervalSince1970)|\(range.stop.timeIntervalSince1970)"
        let stamp = try await context.database.read { c in try LifelogStore.stamp(user: user, from: range.start, to: range.stop, c) }
        if let kept = lifelog.plans.parts(key, stamp: stamp) { return kept }
        let all = try await context.database.read { c in try LifelogStore.records(user: user, from: range.start, to: range.stop, limit: limit + 1, c) }
        let records = all.prefix(limit).filter { $0.draft.position != nil }
        let entries = records.compactMap { r in
            r.draft.position.map { PlaybackPlan.Entry(id: r.id, at: r.draft.occurredAt, position: $0,
                                                      hasWords: !r.draft.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty) }
        }
        let stops = PlaybackPlan.stops(entries)
        var digest = ""
        for r in records { digest += "\(r.id.uuidString)\(Int(r.updatedAt.timeIntervalSince1970 * 1000));" }
        let parts = Parts(user: user, range: range, zone: zone, records: Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }), stops: stops,
                          legs: PlaybackPlan.legs(stops), version: String(Crypto.hex(Crypto.sha256(Data(digest.utf8))).prefix(16)),
                          truncated: all.count > limit)
        lifelog.plans.keep(key, stamp: stamp, parts)
        return parts
    }

    /// The most track points one leg follows.
    static let maxRecorded = 20_000

    /// Shapes legs `indices` for the browser: along the track recorded between their stops where
    /// there is one (an imported path, or fixes), else routed.
    func routed(_ parts: Parts, _ indices: Range<Int>) async throws -> [PlaybackLeg] {
        let legs = Array(parts.legs[indices])
        let recorded = try await context.database.read { c in
            try legs.map { leg in
                let (from, to) = (parts.stops[leg.from], parts.stops[leg.to])
                guard to.arrivedAt.date > from.leftAt.date else { return [GeoPoint]() }
                return try LifelogImportStore.track(user: parts.user, from: from.leftAt.date, to: to.arrivedAt.date.addingTimeInterval(0.001),
                                                    limit: PlaybackService.maxRecorded, c).map(\.position)
            }
        }
        let unrecorded = legs.indices.filter { recorded[$0].count < 2 }
        let resolved = try await book.resolve(unrecorded.map { i in (parts.stops[legs[i].from].position, parts.stops[legs[i].to].position, legs[i].mode) })
        var routes = Dictionary(uniqueKeysWithValues: zip(unrecorded, resolved))
        return zip(indices, legs).enumerated().map { i, pair in
            let (index, leg) = pair
            if let route = routes.removeValue(forKey: i) { return PlaybackLeg(index, leg, route: route) }
            // The path as it was recorded, from the stop it left to the stop it reached.
            let path = [parts.stops[leg.from].position] + recorded[i] + [parts.stops[leg.to].position]
            return PlaybackLeg(index, leg, route: RouteBook.Resolved(path: path, followsRoads: true), recorded: true)
        }
    }

    static func legsURL(_ parts: Parts, from: Int) -> String {
        "/v1/lifelog/playback/legs?range=\(parts.range.kind.rawValue)&date=\(parts.range.first)&from=\(from)&version=\(parts.version)"
    }

    func replay(_ asked: Asked, _ principal: Principal) async throws -> Replay {
        let parts = try await parts(asked, principal)
        let resolvedCount = min(PlaybackService.firstLegs, parts.legs.count)
        var legs = try await routed(parts, 0..<resolvedCount)
        legs += parts.legs.enumerated().dropFirst(resolvedCount).map { i, leg in PlaybackLeg(i, leg) }
        let stops = parts.stops.map { stop in
            PlaybackStop(position: stop.position, arrivedAt: stop.arrivedAt, leftAt: stop.leftAt, dwell: stop.dwell, hasMemo: stop.hasMemo,
                         records: stop.records.compactMap { parts.records[$0] }.map(lifelog.reply))
        }
        let r = parts.range
        return Replay(range: r.kind, first: r.first, last: r.last, previous: r.previous, next: r.next, timeZone: parts.zone.ianaName,
                      version: parts.version, stops: stops, legs: legs, resolved: resolvedCount,
                      legsURL: resolvedCount < parts.legs.count ? PlaybackService.legsURL(parts, from: resolvedCount) : nil, credit: credit,
                      truncated: parts.truncated)
    }

    /// Legs `from` on, `count` of them, of the plan at `version` (409 when the records changed since).
    func legs(_ asked: Asked, from: Int, count: Int, version: String?, _ principal: Principal) async throws -> ReplayLegs {
        let parts = try await parts(asked, principal)
        if let version, version != parts.version {
            throw Refusal(.conflict, code: "plan-changed", "The records changed since this plan was made. Load the playback again.")
        }
        guard from <= parts.legs.count else {
            throw Refusal(.unprocessable, "There are \(parts.legs.count) legs.", fields: [.init(field: "from", message: "must be a leg index from 0 to \(parts.legs.count)")])
        }
        let end = min(parts.legs.count, from + count)
        return ReplayLegs(legs: try await routed(parts, from..<end), next: end < parts.legs.count ? PlaybackService.legsURL(parts, from: end) : nil)
    }
}

extension PlaybackLeg {
    /// Leg `index` of a plan, with its route when it has one.
    init(_ index: Int, _ leg: PlaybackPlan.Leg, route: RouteBook.Resolved? = nil, recorded: Bool = false) {
        self.init(index: index, from: leg.from, to: leg.to, mode: leg.mode, duration: leg.duration, straight: (leg.straight * 10).rounded() / 10,
                  estimated: !recorded)
        guard let route else { return }
        let shape = PlaybackPlan.shape(route.path)
        followsRoads = route.followsRoads
        path = Polyline.encode(shape.path, precision: 6)
        distances = shape.distances
    }
}

/// The parts of the ranges played last, by person and range, each with the stamp of the
/// records it was made from. A write through this node forgets the person's at once; the
/// stamp catches writes through other nodes.
final class PlaybackParts: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(key: String, stamp: String, parts: PlaybackService.Parts)] = []
    /// A month of 10,000 records holds a few megabytes.
    static let size = 16

    func parts(_ key: String, stamp: String) -> PlaybackService.Parts? {
        lock.withLock { entries.first { $0.key == key && $0.stamp == stamp }?.parts }
    }

    func forget(user: UUID) {
        lock.withLock { entries.removeAll { $0.key.hasPrefix(user.uuidString) } }
    }

    func keep(_ key: String, stamp: String, _ parts: PlaybackService.Parts) {
        lock.withLock {
            entries.removeAll { $0.key == key }
            entries.append((key, stamp, parts))
            if entries.count > PlaybackParts.size { entries.removeFirst() }
        }
    }
}
