import Foundation
import YarukiAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import YarukiCore
import YarukiStore

/// Something that finds a road route between two places: the built-in router, or an OSRM server.
/// nil means there is none (off the map, or no road joins them); a thrown error means the
/// provider could not answer (and the answer is not cached).
protocol RouteProvider: Sendable {
    /// Names the provider in the route cache's keys, so changing it does not serve old routes.
    var name: String { get }
    func route(from: GeoPoint, to: GeoPoint, mode: TravelMode) async throws -> [GeoPoint]?
}

/// A* over the roads of the region that holds both ends of a leg, on a pool of its own threads.
/// A leg no region holds whole has no route (it is drawn straight, and the map says why).
struct BuiltInRouter: RouteProvider {
    let map: MapData
    let name: String
    let work: BlockingWork

    init(map: MapData, width: Int) {
        self.map = map
        name = "builtin:" + map.name
        work = BlockingWork(name: "routing", width: width, maxWaiting: 256)
    }

    func route(from: GeoPoint, to: GeoPoint, mode: TravelMode) async throws -> [GeoPoint]? {
        guard let region = map.region(holding: from), region.holds(to) else { return nil }
        return try await work.run { region.graph.route(from: from, to: to, mode: mode) }
    }
}

/// An OSRM server's route service (`/route/v1/{profile}/{lon},{lat};{lon},{lat}`), asking for
/// the full geometry as a precision-6 polyline. `NoRoute`/`NoSegment` are "no route".
struct OSRMRouter: RouteProvider {
    let base: URL
    let session: URLSession
    var name: String { "osrm:" + base.absoluteString }

    init(base: URL, timeout: TimeInterval = 10) {
        self.base = base
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
    }

    struct Reply: Decodable {
        struct Route: Decodable { var geometry: String; var distance: Double }
        var code: String
        var message: String?
        var routes: [Route]?
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func route(from: GeoPoint, to: GeoPoint, mode: TravelMode) async throws -> [GeoPoint]? {
        let profile = mode == .walking ? "foot" : "driving"
        func coordinate(_ p: GeoPoint) -> String { String(format: "%.6f,%.6f", p.longitude, p.latitude) }
        var components = URLComponents(url: base.appendingPathComponent("route/v1/\(profile)/\(coordinate(from));\(coordinate(to))"),
                                       resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "overview", value: "full"), URLQueryItem(name: "geometries", value: "polyline6"),
                                 URLQueryItem(name: "steps", value: "false")]
        let (body, response) = try await session.data(from: components.url!)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard let reply = try? JSONDecoder().decode(Reply.self, from: body) else {
            throw Failure(description: "OSRM answered \(status) without a route reply")
        }
        switch reply.code {
        case "Ok":
            guard let geometry = reply.routes?.first?.geometry, let path = Polyline.decode(geometry, precision: 6), path.count >= 2 else {
                throw Failure(description: "OSRM's route has no geometry")
            }
            return path
        case "NoRoute", "NoSegment": return nil
        default: throw Failure(description: "OSRM: \(reply.code) \(reply.message ?? "")")
        }
    }
}

/// Routes for playback legs, from the cache when known, else from the provider (then cached).
/// No provider, no route or a provider that fails: a straight line, marked as not following roads.
struct RouteBook: Sendable {
    let provider: (any RouteProvider)?
    let database: Database
    let clock: @Sendable () -> Date

    /// Routes asked for at once.
    static let parallel = 4

    struct Resolved: Sendable, Equatable {
        var path: [GeoPoint]
        var followsRoads: Bool
    }

    /// `provider|mode|lat,lon;lat,lon`, five decimals (about a metre): the cached route's key.
    static func key(_ provider: String, _ mode: TravelMode, _ a: GeoPoint, _ b: GeoPoint) -> String {
        "\(provider)|\(mode.rawValue)|\(fixed(a.latitude)),\(fixed(a.longitude));\(fixed(b.latitude)),\(fixed(b.longitude))"
    }

    /// `x` with five decimals, as `%.5f` writes it, without going through String(format:) (a
    /// playback page makes four per leg, and the formatter led its profile).
    static func fixed(_ x: Double) -> String {
        let scaled = Int((abs(x) * 100_000).rounded())
        let fraction = String(scaled % 100_000)
        return (x < 0 && scaled != 0 ? "-" : "") + String(scaled / 100_000) + "." + String(repeating: "0", count: 5 - fraction.count) + fraction
    }

    func resolve(_ legs: [(from: GeoPoint, to: GeoPoint, mode: TravelMode)]) async throws -> [Resolved] {
        guard let provider else { return legs.map { Resolved(path: [$0.from, $0.to], followsRoads: false) } }
        let keys = legs.map { RouteBook.key(provider.name, $0.mode, $0.from, $0.to) }
        let cached = try await database.read { c in try LifelogStore.cachedRoutes(Array(Set(keys)), c) }
        var out: [Resolved?] = keys.map { key in
            cached[key].flatMap { hit in Polyline.decode(hit.geometry, precision: 6).map { Resolved(path: $0, followsRoads: hit.followsRoads) } }
        }
        // Each missing route once, a few at a time (the built-in router has a thread per core).
        var missing: [String: (from: GeoPoint, to: GeoPoint, mode: TravelMode)] = [:]
        for (i, leg) in legs.enumerated() where out[i] == nil { missing[keys[i]] = leg }
        var found: [String: Resolved] = [:]
        var fresh: [(key: String, Resolved)] = []
        await withTaskGroup(of: (String, Resolved?).self) { group in
            var waiting = missing.makeIterator()
            func start() -> Bool {
                guard let (key, leg) = waiting.next() else { return false }
                group.addTask {
                    do {
                        let path = try await provider.route(from: leg.from, to: leg.to, mode: leg.mode)
                        return (key, path.map { Resolved(path: $0, followsRoads: true) } ?? Resolved(path: [leg.from, leg.to], followsRoads: false))
                    } catch {
                        return (key, nil)  // the provider failed: straight for now, and not cached
                    }
                }
                return true
            }
            for _ in 0..<RouteBook.parallel where start() {}
            for await (key, resolved) in group {
                if let resolved {
                    found[key] = resolved
                    fresh.append((key, resolved))
                }
                _ = start()
            }
        }
        for (i, leg) in legs.enumerated() where out[i] == nil {
            out[i] = found[keys[i]] ?? Resolved(path: [leg.from, leg.to], followsRoads: false)
        }
        if !fresh.isEmpty {
            let now = clock()
            let name = provider.name
            try await database.transaction { c in
                for (key, resolved) in fresh {
                    try LifelogStore.cacheRoute(key: key, geometry: Polyline.encode(resolved.path, precision: 6), followsRoads: resolved.followsRoads,
                                                provider: name, at: now, c)
                }
            }
        }
        return out.map { $0! }
    }
}
