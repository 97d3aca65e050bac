import Foundation

/// A place with a name on the map (a café, a shop, a station, a park, a named building) or an
/// address, where a check-in may be: read from the map's extract.
public struct NamedPlace: Equatable, Sendable {
    public enum Kind: String, Codable, CaseIterable, Sendable {
        case station, cafe, restaurant, bar, shop, gym, park, sight, amenity, building, address
    }

    /// The name as the map writes it (`name`), and in other languages where it has them (`name:ja`, `name:ko`).
    public var name: String
    public var names: [String: String]
    public var kind: Kind
    public var position: GeoPoint

    public init(name: String, names: [String: String] = [:], kind: Kind, position: GeoPoint) {
        self.name = name
        self.names = names
        self.kind = kind
        self.position = position
    }

    /// What a map object's tags make of it: a named place of a kind, an address, or nothing.
    public static func from(tags: [String: String], at position: GeoPoint) -> NamedPlace? {
        let name = tags["name"].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        guard let name else {
            // An address alone (a house number on a street) names where someone was too.
            guard let street = tags["addr:street"], let number = tags["addr:housenumber"] else { return nil }
            return NamedPlace(name: "\(street) \(number)", kind: .address, position: position)
        }
        guard let kind = kind(tags) else { return nil }
        var names: [String: String] = [:]
        for language in ["ja", "ko"] {
            if let local = tags["name:\(language)"], !local.isEmpty { names[language] = local }
        }
        return NamedPlace(name: name, names: names, kind: kind, position: position)
    }

    static func kind(_ t: [String: String]) -> Kind? {
        if ["station", "halt"].contains(t["railway"] ?? "") || t["public_transport"] == "station" || t["amenity"] == "bus_station" { return .station }
        if let amenity = t["amenity"] {
            switch amenity {
            case "cafe": return .cafe
            case "restaurant", "fast_food", "food_court", "ice_cream": return .restaurant
            case "bar", "pub", "biergarten", "nightclub": return .bar
            case "parking", "parking_space", "bicycle_parking", "waste_basket", "bench", "toilets", "recycling", "vending_machine": return nil
            default: return .amenity
            }
        }
        if t["shop"] != nil { return .shop }
        if ["fitness_centre", "sports_centre", "swimming_pool", "fitness_station"].contains(t["leisure"] ?? "") { return .gym }
        if ["park", "garden", "nature_reserve", "playground"].contains(t["leisure"] ?? "") { return .park }
        if t["tourism"] != nil || t["historic"] != nil { return .sight }
        if t["building"] != nil || t["office"] != nil { return .building }
        return nil
    }

    /// The name in `language` when the map has one, else its own.
    public func name(in language: String) -> String { names[language] ?? name }
}

/// Named places found by where they are: a grid of cells about 200 m across, searched outward
/// from a point's cell. Nearer first; an address only where no named place is as near (a
/// café 30 m away says more than the house number beside it).
public struct NamedPlaces: Sendable {
    public let places: [NamedPlace]
    private let cells: [Int64: [Int32]]
    /// Degrees of latitude per cell (about 222 m).
    static let cell = 0.002

    public init(_ places: [NamedPlace]) {
        self.places = places
        var cells: [Int64: [Int32]] = [:]
        for (i, p) in places.enumerated() { cells[Self.key(Self.row(p.position.latitude), Self.column(p.position)), default: []].append(Int32(i)) }
        self.cells = cells
    }

    static func row(_ latitude: Double) -> Int { Int((latitude / cell).rounded(.down)) }
    /// Columns as wide as rows at the cell's latitude, so a ring of cells covers a circle.
    static func column(_ p: GeoPoint) -> Int {
        Int((p.longitude * max(0.1, cos(p.latitude * .pi / 180)) / cell).rounded(.down))
    }
    static func key(_ row: Int, _ column: Int) -> Int64 { Int64(row) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: column))) }

    public struct Found: Equatable, Sendable {
        public var place: NamedPlace
        /// Metres from the point asked about.
        public var distance: Double
    }

    /// Up to `limit` places within `radius` metres of `point`, nearest first (addresses after
    /// named places unless they are much nearer), one per name.
    public func nearest(to point: GeoPoint, limit: Int, radius: Double = 250) -> [Found] {
        let rings = Int((radius / (Self.cell * 111_000)).rounded(.up))
        let (row, column) = (Self.row(point.latitude), Self.column(point))
        var found: [Found] = []
        for r in (row - rings)...(row + rings) {
            for c in (column - rings)...(column + rings) {
                for i in cells[Self.key(r, c)] ?? [] {
                    let place = places[Int(i)]
                    let distance = Geo.distance(point, place.position)
                    if distance <= radius { found.append(Found(place: place, distance: distance)) }
                }
            }
        }
        // An address counts as three times as far: a named place near it is the better answer.
        func rank(_ f: Found) -> Double { f.place.kind == .address ? f.distance * 3 + 15 : f.distance }
        found.sort { rank($0) != rank($1) ? rank($0) < rank($1) : $0.place.name < $1.place.name }
        var seen = Set<String>()
        return Array(found.filter { seen.insert($0.place.name).inserted }.prefix(limit))
    }
}
