import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// The replay of a day, week or month, and its legs page by page; the map it is drawn on.
struct PlaybackRoutes: RouteCollection {
    let playback: PlaybackService
    let map: MapData?
    let tileURL: String?
    /// builtin, osrm or none: who shapes the playback's routes.
    let router: String

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "lifelog")
        let range: [Parameter] = [.words("range", LifelogRange.Kind.allCases.map(\.rawValue), "day, week or month (day when left out)"),
                                  .day("date", "A day of the range, in my time zone (today when left out)")]
        me.get("/v1/lifelog/playback", Doc("""
            The replay of my day, week or month: stops (records within a few tens of metres merged) and timed legs, the first ones routed; \
            legsURL gives the rest
            """, [200: "The plan", 400: "A bad range or date"], query: range), replay)
        me.get("/v1/lifelog/playback/legs", Doc("Routes for more legs of a replay, as the plan's legsURL gives; 409 when the records changed since the plan",
                                                [200: "The legs", 400: "A bad range, date, leg index or count", 409: "The plan is out of date",
                                                 422: "from is past the plan's last leg"],
                                                query: range + [.integer("from", 0...Int(Int32.max), "The first leg (0 when left out)"),
                                                                .integer("count", 1...PlaybackService.maxPage, "How many legs (64 when left out)"),
                                                                .text("version", FieldRule(), "The plan's version: a different one answers 409")]), legs)
        me.get("/v1/map/places", Doc("""
            Named places (cafés, shops, stations, parks, named buildings) and addresses near a point, nearest first, in my language \
            where the map names them so: a check-in's place without typing. Empty where the server has no extract or nothing is near.
            """, [200: "The places", 400: "A bad latitude, longitude or limit"],
            query: [Parameter(name: "latitude", type: "number", rule: .number(-90...90), required: true, description: "Where I am"),
                    Parameter(name: "longitude", type: "number", rule: .number(-180...180), required: true, description: "Where I am"),
                    .limit(default: 5, most: 20)]), places)
        // Public data: no sign-in, cached by ETag.
        let anyone = routes.open(tag: "lifelog")
        anyone.get("/v1/map", Doc("""
            The map this server offers: its regions (outline, name, when their data is from), the offline base map's tile URL and zooms or an \
            outside tile URL, and the credit line
            """), mapInfo)
        anyone.get("/v1/map/base/{z}/{x}/{y}", Doc("""
            A tile of the offline base map (the web's x/y/zoom scheme, at the zooms /v1/map gives): roads by class, water, parks, coastline \
            and their names as encoded polylines; empty where no region reaches
            """, [200: "The drawing", 304: "Not changed", 400: "z, x or y is not a whole number", 404: "Not a zoom the base map is cut at, or a tile outside the world"], reply: BaseMap.self),
            baseTile)
    }

    func replay(_ request: Request, _ me: Principal) async throws -> Reply<Replay> {
        Reply(try await playback.replay(PlaybackRoutes.asked(request), me))
    }

    func legs(_ request: Request, _ me: Principal) async throws -> Reply<ReplayLegs> {
        Reply(try await playback.legs(PlaybackRoutes.asked(request), from: request.value("from", as: Int.self) ?? 0,
                                      count: request.value("count", as: Int.self) ?? 64, version: request.queryItem("version"), me))
    }

    static func asked(_ request: Request) -> PlaybackService.Asked {
        .init(kind: request.value("range", as: LifelogRange.Kind.self), date: request.queryItem("date"))
    }

    func places(_ request: Request, _ me: Principal) async throws -> Reply<Items<PlaceSuggestion>> {
        guard let latitude = request.value("latitude", as: Double.self), let longitude = request.value("longitude", as: Double.self) else {
            throw Refusal.malformed("Where: latitude and longitude.", fields: [.init(field: "latitude", message: "is required with longitude")])
        }
        let language = try await me.account().locale.rawValue
        return Reply(Items(map?.suggestions(at: GeoPoint(latitude: latitude, longitude: longitude), limit: Paging.limit(request, default: 5),
                                            language: language) ?? []))
    }

    func mapInfo(_: Request, _: Visitor) async throws -> Reply<MapInfo> {
        let b = map?.bounds
        let base = map != nil && tileURL == nil
        return Reply(MapInfo(bounds: b.map { [$0.south, $0.west, $0.north, $0.east] }, baseURL: base ? "/v1/map/base/{z}/{x}/{y}" : nil,
                             baseZooms: base ? MapBuild.zooms : nil, tileURL: tileURL, credit: map != nil || tileURL != nil ? MapData.credit : nil,
                             router: router, regions: map?.info ?? []))
    }

    func baseTile(_ request: Request, _: Visitor) async throws -> Response {
        let (z, x, y) = (try request.parameter("z", as: Int.self), try request.parameter("x", as: Int.self), try request.parameter("y", as: Int.self))
        guard MapBuild.zooms.contains(z) else { throw HTTPError.notFound("The base map is cut at zooms \(MapBuild.zooms.map(String.init).joined(separator: ", ")).") }
        guard (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(y) else { throw HTTPError.notFound("No tile \(z)/\(x)/\(y) in the world.") }
        let data = try map?.tile(zoom: z, x: x, y: y)
            ?? JSONBytes.data(BaseMap(bounds: BaseTiles.bounds(z, x, y), credit: MapData.credit, areas: [], lines: [], labels: []))
        return EncodedJSON(data: data).response(to: request, cacheControl: "public, max-age=3600")
    }
}
