import Foundation
import Testing
@testable import YarukiCore

/// Places from a map's tags, and the nearest ones to a point: named places before an address
/// beside them, one per name, nothing beyond the radius, the person's language where the map has it.
struct NamedPlacesTests {
    @Test func tagsMakePlacesOfAKindOrAnAddressOrNothing() {
        let here = GeoPoint(latitude: 60.17, longitude: 24.94)
        #expect(NamedPlace.from(tags: ["amenity": "cafe", "name": "Café Regatta", "name:ja": "カフェ・レガッタ"], at: here)
                == NamedPlace(name: "Café Regatta", names: ["ja": "カフェ・レガッタ"], kind: .cafe, position: here))
        #expect(NamedPlace.from(tags: ["railway": "station", "name": "Helsinki"], at: here)?.kind == .station)
        #expect(NamedPlace.from(tags: ["shop": "supermarket", "name": "K-Market"], at: here)?.kind == .shop)
        #expect(NamedPlace.from(tags: ["leisure": "fitness_centre", "name": "Elixia"], at: here)?.kind == .gym)
        #expect(NamedPlace.from(tags: ["addr:street": "Mannerheimintie", "addr:housenumber": "5"], at: here)
                == NamedPlace(name: "Mannerheimintie 5", kind: .address, position: here))
        #expect(NamedPlace.from(tags: ["amenity": "bench", "name": "A bench"], at: here) == nil, "not a place to be at")
        #expect(NamedPlace.from(tags: ["highway": "residential", "name": "Fredrikinkatu"], at: here) == nil, "a street is not a place")
        #expect(NamedPlace.from(tags: ["amenity": "cafe"], at: here) == nil)
    }

    @Test func theNearestComeFirstNamedBeforeAnAddressBesideThem() throws {
        let origin = GeoPoint(latitude: 60.1700, longitude: 24.9400)
        func east(_ metres: Double) -> GeoPoint { GeoPoint(latitude: 60.17, longitude: 24.94 + metres / (111_320 * cos(60.17 * .pi / 180))) }
        let index = try NamedPlaces([
            NamedPlace(name: "Far café", kind: .cafe, position: east(400)),
            NamedPlace(name: "Kauppatori 1", kind: .address, position: east(5)),
            NamedPlace(name: "Kahvila", names: ["ja": "カフェ"], kind: .cafe, position: east(30)),
            NamedPlace(name: "Asema", kind: .station, position: east(120)),
            NamedPlace(name: "Asema", kind: .building, position: east(125)),
            NamedPlace(name: "North", kind: .shop, position: GeoPoint(latitude: 60.1718, longitude: 24.94)),
        ])
        let found = index.nearest(to: origin, limit: 10)
        #expect(found.map(\.place.name) == ["Kahvila", "Kauppatori 1", "Asema", "North"], "\(found.map(\.place.name))")
        #expect(abs(found[0].distance - 30) < 0.5 && found.allSatisfy { $0.distance <= 250 })
        #expect(found[0].place.name(in: "ja") == "カフェ" && found[0].place.name(in: "ko") == "Kahvila")
        #expect(index.nearest(to: origin, limit: 2).count == 2)
        #expect(index.nearest(to: GeoPoint(latitude: 35.68, longitude: 139.76), limit: 5).isEmpty)
        // Across the antimeridian's neighbour cells and at high latitude the rings still find what is near.
        let north = try NamedPlaces([NamedPlace(name: "Longyearbyen", kind: .building, position: GeoPoint(latitude: 78.2232, longitude: 15.6267))])
        #expect(north.nearest(to: GeoPoint(latitude: 78.2232, longitude: 15.6300), limit: 1).first?.place.name == "Longyearbyen")
    }
}
