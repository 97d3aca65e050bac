import Foundation
import YarukiHTTP

/// What the map pages draw on: the deployment's map settings, and the offline base map made
/// from its OpenStreetMap extract (public data, so no sign-in; cached by ETag).
struct MapRoutes {
    let map: MapData?
    let tileURL: String?
    let router: String

    struct MapReply: Encodable {
        /// South, west, north, east of the extract, when there is one.
        var bounds: [Double]?
        var baseURL: String?
        var tileURL: String?
        var credit: String?
        /// builtin, osrm or none: who shapes the playback's routes.
        var router: String
    }

    func add(to router: inout Router) {
        let routes = self
        router.get("/v1/map", RouteDoc("The map this server offers: the extract's bounds, the offline base map or a tile URL, and the credit line",
                                       tag: "lifelog", responseBody: OpenAPI.object(["bounds": .array(.number), "baseURL": .string, "tileURL": .string,
                                                                                     "credit": .string, "router": .string]))) { _ in
            let b = routes.map?.bounds
            return try .json(MapReply(bounds: b.map { [$0.south, $0.west, $0.north, $0.east] },
                                      baseURL: routes.map == nil || routes.tileURL != nil ? nil : "/v1/map/base", tileURL: routes.tileURL,
                                      credit: routes.map != nil || routes.tileURL != nil ? MapData.credit : nil, router: routes.router))
        }

        router.get("/v1/map/base", RouteDoc("The offline base map: roads by class, water, parks and coastline as encoded polylines",
                                            tag: "lifelog", responses: [200: "The drawing", 304: "Not changed", 404: "This server has no extract"],
                                            responseBody: OpenAPI.object(["bounds": .array(.number), "credit": .string, "areas": .array(.object),
                                                                          "lines": .array(.object)]))) { request in
            guard let map = routes.map else { throw HTTPError.notFound("This server has no map extract.") }
            var headers = HTTPHeaders([("ETag", map.etag), ("Cache-Control", "public, max-age=3600")])
            if request.headers["If-None-Match"] == map.etag { return Response(status: 304, headers: headers) }
            headers.add("Content-Type", "application/json")
            return Response(status: 200, headers: headers, body: .data(map.baseMap))
        }
    }
}
