import Foundation
import Testing
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

/// Places without typing, on the Helsinki extract: landmarks picked by hand are offered, in the
/// extract's own names, when someone stands at them; over HTTP in the person's language.
@Suite(.serialized) struct PlaceSuggestionTests {
    static let places: NamedPlaces = try! NamedPlaces(RouterTests.helsinki.0.places)

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

    /// A memo, photo or voice note made beside a named place is said to be there (the cathedral's
    /// steps; not at sea); a person's own place stands, an edit that leaves it out keeps it, an
    /// empty one removes it, and a check-in still needs one.
    @Test func newMemosAndPhotosAreNamedWhereAPlaceIsClose() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let token = try api.signUp("ella-named@example.com").access
        func put(_ id: UUID, _ body: [String: Any]) throws -> [String: Any] {
            let reply = try api.call("PUT", "/v1/lifelog/records/\(id.uuidString)", json: body, token: token)
            #expect([200, 201].contains(reply.status), "\(reply.text)")
            return try reply.json()
        }
        let steps: [String: Any] = ["latitude": 60.17045, "longitude": 24.95222]
        let memo = UUID()
        #expect(try put(memo, ["kind": "memo", "text": "Snow on the steps", "occurredAt": "2026-11-28T10:00:00+02:00", "position": steps])["place"] as? String
                == "Helsingin tuomiokirkko")
        // Edited by a device that knows nothing of places: the place stays. Emptied: gone.
        #expect(try put(memo, ["kind": "memo", "text": "Snow on the steps!", "occurredAt": "2026-11-28T10:00:00+02:00", "position": steps])["place"] as? String
                == "Helsingin tuomiokirkko")
        #expect(try put(memo, ["kind": "memo", "text": "Snow", "occurredAt": "2026-11-28T10:00:00+02:00", "position": steps, "place": ""])["place"] == nil)
        #expect(try put(memo, ["kind": "memo", "text": "Snow", "occurredAt": "2026-11-28T10:00:00+02:00", "position": steps])["place"] == nil,
                "removed stays removed")
        #expect(try put(UUID(), ["kind": "memo", "text": "Mine", "occurredAt": "2026-11-28T10:05:00+02:00", "position": steps, "place": "The big steps"])["place"]
                as? String == "The big steps")
        #expect(try put(UUID(), ["kind": "memo", "text": "At sea", "occurredAt": "2026-11-28T10:10:00+02:00",
                                 "position": ["latitude": 60.12, "longitude": 24.98]])["place"] == nil)
        #expect(try put(UUID(), ["kind": "memo", "text": "Nowhere", "occurredAt": "2026-11-28T10:15:00+02:00"])["place"] == nil)
        #expect(try api.call("PUT", "/v1/lifelog/records/\(UUID().uuidString)", json: ["kind": "checkin", "occurredAt": "2026-11-28T10:20:00+02:00",
                                                                                   "position": steps], token: token).status == 422)
        let photo = try CommunityTests.upload(running.port, token: token, try LifelogTests.photo([]),
                                              path: "/v1/lifelog/photos?source=phone&text=steps&latitude=60.17045&longitude=24.95222")
        #expect(photo.status == 201, "\(photo.text)")
        #expect(try photo.json()["place"] as? String == "Helsingin tuomiokirkko")
    }
}
