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
/// café 30 m away says more than the house number beside it). Its columns lie in a `MapFile`
/// (sections named `p.…`), read in place.
public struct NamedPlaces: Sendable {
    let latitudes: Column<Double>
    let longitudes: Column<Double>
    let kinds: Column<UInt8>
    /// Each place's name, Japanese name and Korean name (empty when it has none): UTF-8 at
    /// `text[textFirst[3i + k] ..< textFirst[3i + k + 1]]`.
    let textFirst: Column<Int32>
    let text: Column<UInt8>
    let grid: CellIndex
    /// Degrees of latitude per cell (about 222 m).
    static let cell = 0.002
    static let languages = ["ja", "ko"]

    /// In memory (tests, and extracts read at start go through a map file too).
    public init(_ places: [NamedPlace]) throws {
        var writer = MapFileWriter()
        NamedPlaces.write(places, into: &writer)
        self = try NamedPlaces(file: MapFile(bytes: writer.finish(timestamp: 0)))
    }

    public init(file: MapFile) throws {
        latitudes = try file.column("p.lat")
        longitudes = try file.column("p.lon")
        kinds = try file.column("p.kind")
        textFirst = try file.column("p.text.first")
        text = try file.column("p.text")
        grid = try CellIndex(file: file, name: "p.grid")
        let n = latitudes.count
        guard longitudes.count == n, kinds.count == n, textFirst.count == 3 * n + 1, Int(textFirst.last ?? 0) == text.count,
              kinds.allSatisfy({ Int($0) < NamedPlace.Kind.allCases.count })
        else { throw MapFile.Failure(description: "\(file.source): its places' columns do not agree") }
    }

    /// Writes `places` as a map file's `p.…` sections, in the order given.
    public static func write(_ places: [NamedPlace], into writer: inout MapFileWriter) {
        var text: [UInt8] = [], textFirst: [Int32] = [0]
        for place in places {
            for value in [place.name] + languages.map({ place.names[$0] ?? "" }) {
                text += value.utf8
                textFirst.append(Int32(text.count))
            }
        }
        writer.add("p.lat", places.map(\.position.latitude))
        writer.add("p.lon", places.map(\.position.longitude))
        writer.add("p.kind", places.map { UInt8(NamedPlace.Kind.allCases.firstIndex(of: $0.kind)!) })
        writer.add("p.text.first", textFirst)
        writer.add("p.text", text)
        CellIndex.write(places.enumerated().map { (key(row($1.position.latitude), column($1.position)), Int32($0)) }, name: "p.grid", into: &writer)
    }

    public var count: Int { latitudes.count }

    func string(_ k: Int) -> String {
        String(decoding: text[Int(textFirst[k])..<Int(textFirst[k + 1])], as: UTF8.self)
    }

    public func place(_ i: Int) -> NamedPlace {
        var names: [String: String] = [:]
        for (k, language) in NamedPlaces.languages.enumerated() {
            let local = string(3 * i + 1 + k)
            if !local.isEmpty { names[language] = local }
        }
        return NamedPlace(name: string(3 * i), names: names, kind: NamedPlace.Kind.allCases[Int(kinds[i])],
                          position: GeoPoint(latitude: latitudes[i], longitude: longitudes[i]))
    }

    /// Every place, decoded (for tests and tools; a server asks `nearest`).
    public var all: [NamedPlace] { (0..<count).map(place) }

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
        var found: [(index: Int, kind: NamedPlace.Kind, distance: Double)] = []
        for r in (row - rings)...(row + rings) {
            for c in (column - rings)...(column + rings) {
                for item in grid.items(in: Self.key(r, c)) {
                    let at = Int(item)
                    let distance = Geo.distance(point, GeoPoint(latitude: latitudes[at], longitude: longitudes[at]))
                    if distance <= radius { found.append((at, NamedPlace.Kind.allCases[Int(kinds[at])], distance)) }
                }
            }
        }
        // An address counts as three times as far: a named place near it is the better answer.
        func rank(_ f: (index: Int, kind: NamedPlace.Kind, distance: Double)) -> Double { f.kind == .address ? f.distance * 3 + 15 : f.distance }
        let ranked = found.map { (found: $0, rank: rank($0), name: string(3 * $0.index)) }
            .sorted { $0.rank != $1.rank ? $0.rank < $1.rank : $0.name < $1.name }
        var seen = Set<String>()
        var out: [Found] = []
        for candidate in ranked where out.count < limit && seen.insert(candidate.name).inserted {
            out.append(Found(place: place(candidate.found.index), distance: candidate.found.distance))
        }
        return out
    }
}
