import Foundation
import Testing
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

/// Places without typing, on the Helsinki extract: landmarks picked by hand are offered, in the
/// extract's own names, when someone stands at them; over HTTP in the person's language.
@Suite(.serialized) struct PlaceSuggestionTests {
    static let places: NamedPlaces = NamedPlaces(RouterTests.helsinki.0.places)

    @Test func landmarksPickedByHandAreOfferedWhereTheyStand() throws {
        #expect(Self.places.count > 1000, "\(Self.places.count) places in central Helsinki")
        // Where each stands, and its name as the extract writes it.
        let cases: [(Double, Double, String, NamedPlace.Kind)] = [
            (60.1712, 24.9414, "Helsingin päärautatieasema", .station),
            (60.1703, 24.9443, "Ateneum", .sight),
            (60.1720, 24.9366, "Kiasma", .sight),
            (60.1704, 24.9522, "Helsingin tuomiokirkko", .amenity),
        ]
        for (lat, lon, name, kind) in cases {
            let found = Self.places.nearest(to: GeoPoint(latitude: lat, longitude: lon), limit: 5)
            let hit = found.first { $0.place.name == name }
            #expect(hit?.place.kind == kind && (hit?.distance ?? .infinity) < 50, "\(name): \(found.map { "\($0.place.name) \(Int($0.distance)) m" })")
        }
        let cathedral = try #require(Self.places.all.first { $0.name == "Helsingin tuomiokirkko" })
        #expect(cathedral.name(in: "ko") == "헬싱키 대성당" && cathedral.name(in: "ja") == "Helsingin tuomiokirkko", "name:ko where the map has it")
        #expect(Self.places.nearest(to: GeoPoint(latitude: 60.1, longitude: 25.5), limit: 5).isEmpty, "out at sea")
    }

    @Test func overHTTPInThePersonsLanguage() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let korean = try api.signUp("minseo-places@example.com", extra: ["locale": "ko"]).access
        let english = try api.signUp("ella-places@example.com").access
        func names(_ token: String, _ query: String = "latitude=60.1704&longitude=24.9522") throws -> [String] {
            let reply = try api.call("GET", "/v1/map/places?\(query)", token: token)
            #expect(reply.status == 200, "\(reply.text)")
            return (try reply.json()["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        #expect(try names(korean).first == "헬싱키 대성당")
        #expect(try names(english).first == "Helsingin tuomiokirkko")
        #expect(try names(english, "latitude=60.1704&longitude=24.9522&limit=2").count == 2)
        #expect(try names(english, "latitude=35.68&longitude=139.76").isEmpty, "off the map: nothing, not an error")
        #expect(try api.call("GET", "/v1/map/places?latitude=91&longitude=24.95", token: english).status == 400)
        #expect(try api.call("GET", "/v1/map/places?longitude=24.95", token: english).status == 400)
        #expect(try api.call("GET", "/v1/map/places?latitude=60.17&longitude=24.95").status == 401)
    }
}
