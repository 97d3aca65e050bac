import CZlib
import Foundation
import YarukiAPI
import YarukiCore

/// What Yaruki keeps of an OpenStreetMap extract: the ways it routes on or draws (roads, water,
/// coastline, parks; the outer ways of water and park multipolygons carry their relation's tags),
/// the positions of the nodes those use, and the named places and addresses a check-in may be at
/// (tagged nodes, and named ways at the middle of their nodes). Read from `.osm.pbf` (protocol buffers, zlib blobs) or `.osm` (XML).
struct OSMExtract: Sendable {
    var ways: [OSMWay] = []
    /// Node positions, sorted by id.
    var nodeIDs: [Int64] = []
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    var places: [NamedPlace] = []

    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    func position(_ id: Int64) -> GeoPoint? {
        var low = 0, high = nodeIDs.count
        while low < high {
            let mid = (low + high) / 2
            if nodeIDs[mid] < id { low = mid + 1 } else { high = mid }
        }
        guard low < nodeIDs.count, nodeIDs[low] == id else { return nil }
        return GeoPoint(latitude: latitudes[low], longitude: longitudes[low])
    }

    /// Ways worth keeping: routable or drawn.
    static func wanted(_ tags: [String: String]) -> Bool {
        if tags["highway"] != nil { return true }
        if let natural = tags["natural"], ["water", "coastline", "wood"].contains(natural) { return true }
        if tags["waterway"] == "riverbank" || tags["water"] != nil { return true }
        if let leisure = tags["leisure"], ["park", "garden", "pitch"].contains(leisure) { return true }
        if let landuse = tags["landuse"], ["grass", "forest", "meadow", "recreation_ground", "cemetery", "reservoir", "basin"].contains(landuse) { return true }
        return false
    }

    static func wantedArea(_ tags: [String: String]) -> Bool {
        tags["type"] == "multipolygon" && wanted(tags) && tags["highway"] == nil
    }

    /// The whole extract in memory: the reference `MapBuild`'s streamed passes are checked against
    /// (servers and `yaruki map build` read through `MapBuild`).
    static func read(path: String) throws -> OSMExtract {
        var all = OSMObjects()
        _ = try scan(path, want: .all) { block in
            all.nodes += block.nodes
            all.ways += block.ways
            all.relations += block.relations
            all.places += block.places
        }
        return collected(all)
    }

    /// What a map keeps of objects read whole.
    static func collected(_ all: OSMObjects) -> OSMExtract {
        var extract = OSMExtract()
        extract.collect(ways: all.ways, relations: all.relations, nodes: all.nodes, places: all.places)
        return extract
    }

    /// Reads an extract block by block (a `.osm.pbf` from disk a blob at a time; an `.osm` XML
    /// file whole, as one block), handing each block's wanted objects to `visit`. The newest
    /// edit it saw (the header's replication timestamp, or its ways' own), seconds since 1970.
    static func scan(_ path: String, want: Kinds, progress: (_ read: Int, _ total: Int) -> Void = { _, _ in },
                     _ visit: (inout OSMObjects) throws -> Void) throws -> Int64 {
        guard path.hasSuffix(".pbf") else {
            guard let data = FileManager.default.contents(atPath: path) else { throw ReadError(description: "cannot be read") }
            var objects = try readXML([UInt8](data))
            progress(data.count, data.count)
            try visit(&objects)
            return objects.newest
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw ReadError(description: "cannot be read") }
        defer { try? handle.close() }
        let total = Int((try? handle.seekToEnd()) ?? 0)
        try handle.seek(toOffset: 0)
        var position = 0
        var newest: Int64 = 0
        func read(_ count: Int) throws -> [UInt8] {
            let data = try handle.read(upToCount: count) ?? Data()
            guard data.count == count else { throw ReadError(description: "cut off at byte \(position + data.count)") }
            position += count
            return [UInt8](data)
        }
        while position < total {
            let length = try read(4)
            let headerLength = Int(length[0]) << 24 | Int(length[1]) << 16 | Int(length[2]) << 8 | Int(length[3])
            guard headerLength < 64 << 10 else { throw ReadError(description: "a blob header is cut off at byte \(position)") }
            let header = try read(headerLength)
            var type = "", size = 0
            var r = ProtoReader(header, 0, header.count)
            while let (field, wire) = try r.next() {
                switch (field, wire) {
                case (1, 2): type = String(decoding: try r.bytes(), as: UTF8.self)
                case (3, 0): size = Int(try r.varint())
                default: try r.skip(wire)
                }
            }
            guard size >= 0, size < 64 << 20, position + size <= total else { throw ReadError(description: "a blob is cut off at byte \(position)") }
            let blob = try read(size)
            let block = try OSMExtract.blob(blob, 0, blob.count)
            if type == "OSMHeader" {
                var h = ProtoReader(block, 0, block.count)
                while let (field, wire) = try h.next() {
                    if field == 32, wire == 0 { newest = max(newest, Int64(bitPattern: try h.varint())) } else { try h.skip(wire) }
                }
            } else if type == "OSMData" {
                var objects = OSMObjects()
                try primitiveBlock(block, &objects.nodes, &objects.ways, &objects.relations, &objects.places, want: want, newest: &objects.newest)
                newest = max(newest, objects.newest)
                try visit(&objects)
            }
            progress(position, total)
        }
        return newest
    }

    /// Whether a way's tags may make a named place (it is then kept until its middle is known).
    static func mayBePlace(_ tags: [String: String]) -> Bool {
        (tags["name"] != nil || tags["addr:housenumber"] != nil) && NamedPlace.from(tags: tags, at: GeoPoint(latitude: 0, longitude: 0)) != nil
    }

    /// Keeps the positions of the nodes `ways` (and the places' ways) use, sorted by id.
    mutating func keepNodes(_ all: [(Int64, Double, Double)], placeWays: [OSMWay] = []) {
        var needed = Set<Int64>()
        for way in ways { needed.formUnion(way.refs) }
        for way in placeWays { needed.formUnion(way.refs) }
        var kept = all.filter { needed.contains($0.0) }
        kept.sort { $0.0 < $1.0 }
        nodeIDs = kept.map(\.0)
        latitudes = kept.map(\.1)
        longitudes = kept.map(\.2)
    }

    /// Keeps wanted ways, and untagged ways that are outer members of wanted areas (tagged as their area).
    mutating func keepWays(_ all: [OSMWay], members: [Int64: [String: String]]) {
        ways = all.compactMap { way in
            if OSMExtract.wanted(way.tags) { return way }
            if let tags = members[way.id] { return OSMWay(id: way.id, refs: way.refs, tags: tags) }
            return nil
        }
    }

    // MARK: PBF

    mutating func collect(ways: [OSMWay], relations: [(members: [(Int64, String)], tags: [String: String])], nodes: [(Int64, Double, Double)],
                          places nodePlaces: [NamedPlace] = []) {
        var members: [Int64: [String: String]] = [:]
        for relation in relations where OSMExtract.wantedArea(relation.tags) {
            var tags = relation.tags
            tags["type"] = nil
            let outer = relation.members.filter { $0.1 == "outer" || $0.1.isEmpty }.map(\.0)
            for id in outer { members[id] = tags }
        }
        keepWays(ways, members: members)
        let placeWays = ways.filter { OSMExtract.mayBePlace($0.tags) }
        keepNodes(nodes, placeWays: placeWays)
        places = nodePlaces
        for way in placeWays {
            // The middle of its nodes (a closed way's first is not counted twice).
            let refs = way.refs.count > 1 && way.refs.first == way.refs.last ? Array(way.refs.dropLast()) : way.refs
            let points = refs.compactMap(position)
            guard !points.isEmpty else { continue }
            let middle = GeoPoint(latitude: points.map(\.latitude).reduce(0, +) / Double(points.count),
                                  longitude: points.map(\.longitude).reduce(0, +) / Double(points.count))
            if let place = NamedPlace.from(tags: way.tags, at: middle) { places.append(place) }
        }
    }

    /// A blob's bytes: raw, or inflated with zlib.
    static func blob(_ b: [UInt8], _ start: Int, _ end: Int) throws -> [UInt8] {
        var r = ProtoReader(b, start, end)
        var raw: [UInt8]?
        var compressed: ArraySlice<UInt8>?
        var rawSize = 0
        while let (field, wire) = try r.next() {
            switch (field, wire) {
            case (1, 2): raw = Array(try r.bytes())
            case (2, 0): rawSize = Int(try r.varint())
            case (3, 2): compressed = try r.bytes()
            default: try r.skip(wire)
            }
        }
        if let raw { return raw }
        guard let compressed, rawSize > 0, rawSize <= 64 << 20 else { throw ReadError(description: "a blob is neither raw nor zlib (lzma and zstd are not read)") }
        var out = [UInt8](repeating: 0, count: rawSize)
        var length = uLongf(rawSize)
        let status = compressed.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                uncompress(target.baseAddress, &length, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(length) == rawSize else { throw ReadError(description: "a zlib blob does not inflate (zlib status \(status))") }
        return out
    }

    /// Which of a block's objects a reading wants (the others are passed over unread).
    struct Kinds: OptionSet {
        let rawValue: Int
        static let nodes = Kinds(rawValue: 1), ways = Kinds(rawValue: 2), relations = Kinds(rawValue: 4)
        static let all: Kinds = [.nodes, .ways, .relations]
    }

    static func primitiveBlock(_ b: [UInt8], _ nodes: inout [(Int64, Double, Double)], _ ways: inout [OSMWay],
                               _ relations: inout [(members: [(Int64, String)], tags: [String: String])], _ places: inout [NamedPlace],
                               want: Kinds = .all, newest: inout Int64) throws {
        var strings: [String] = []
        var groups: [(Int, Int)] = []
        var granularity = 100.0, latOffset = 0.0, lonOffset = 0.0, dateGranularity: Int64 = 1000
        var r = ProtoReader(b, 0, b.count)
        while let (field, wire) = try r.next() {
            switch (field, wire) {
            case (1, 2):
                var table = try r.message()
                while let (f, w) = try table.next() {
                    if f == 1, w == 2 { strings.append(String(decoding: try table.bytes(), as: UTF8.self)) } else { try table.skip(w) }
                }
            case (2, 2):
                let group = try r.message()
                groups.append((group.position, group.end))
            case (17, 0): granularity = Double(try r.varint())
            case (18, 0): dateGranularity = Int64(try r.varint())
            case (19, 0): latOffset = Double(Int64(bitPattern: try r.varint()))
            case (20, 0): lonOffset = Double(Int64(bitPattern: try r.varint()))
            default: try r.skip(wire)
            }
        }
        func lat(_ v: Int64) -> Double { (latOffset + granularity * Double(v)) * 1e-9 }
        func lon(_ v: Int64) -> Double { (lonOffset + granularity * Double(v)) * 1e-9 }
        func string(_ i: Int) -> String { i >= 0 && i < strings.count ? strings[i] : "" }
        for (start, end) in groups {
            var g = ProtoReader(b, start, end)
            while let (field, wire) = try g.next() {
                switch (field, wire) {
                case (1, 2) where want.contains(.nodes):  // a plain node
                    var n = try g.message()
                    var id: Int64 = 0, la: Int64 = 0, lo: Int64 = 0, keys: [Int64] = [], values: [Int64] = []
                    while let (f, w) = try n.next() {
                        switch (f, w) {
                        case (1, 0): id = ProtoReader.zigzag(try n.varint())
                        case (2, 2): keys = try n.packed()
                        case (3, 2): values = try n.packed()
                        case (8, 0): la = ProtoReader.zigzag(try n.varint())
                        case (9, 0): lo = ProtoReader.zigzag(try n.varint())
                        default: try n.skip(w)
                        }
                    }
                    nodes.append((id, lat(la), lon(lo)))
                    if !keys.isEmpty {
                        var tags: [String: String] = [:]
                        for k in 0..<min(keys.count, values.count) { tags[string(Int(keys[k]))] = string(Int(values[k])) }
                        if let place = NamedPlace.from(tags: tags, at: GeoPoint(latitude: lat(la), longitude: lon(lo))) { places.append(place) }
                    }
                case (2, 2) where want.contains(.nodes):  // dense nodes: delta-coded columns
                    var d = try g.message()
                    var ids: [Int64] = [], lats: [Int64] = [], lons: [Int64] = [], keysValues: [Int64] = []
                    while let (f, w) = try d.next() {
                        switch (f, w) {
                        case (1, 2): ids = try d.packedSigned(delta: true)
                        case (8, 2): lats = try d.packedSigned(delta: true)
                        case (9, 2): lons = try d.packedSigned(delta: true)
                        case (10, 2): keysValues = try d.packed()
                        default: try d.skip(w)
                        }
                    }
                    guard ids.count == lats.count, ids.count == lons.count else { throw ReadError(description: "dense nodes with uneven columns") }
                    for k in ids.indices { nodes.append((ids[k], lat(lats[k]), lon(lons[k]))) }
                    // Each node's tags: key and value string indices in turn, a 0 after each node's.
                    var at = 0
                    for k in ids.indices where at < keysValues.count {
                        var tags: [String: String] = [:]
                        while at < keysValues.count, keysValues[at] != 0 {
                            if at + 1 < keysValues.count { tags[string(Int(keysValues[at]))] = string(Int(keysValues[at + 1])) }
                            at += 2
                        }
                        at += 1
                        if !tags.isEmpty, let place = NamedPlace.from(tags: tags, at: GeoPoint(latitude: lat(lats[k]), longitude: lon(lons[k]))) {
                            places.append(place)
                        }
                    }
                case (3, 2) where want.contains(.ways):
                    var w = try g.message()
                    var id: Int64 = 0, keys: [Int64] = [], values: [Int64] = [], refs: [Int64] = []
                    while let (f, wt) = try w.next() {
                        switch (f, wt) {
                        case (1, 0): id = Int64(bitPattern: try w.varint())
                        case (2, 2): keys = try w.packed()
                        case (3, 2): values = try w.packed()
                        case (8, 2): refs = try w.packedSigned(delta: true)
                        case (4, 2):  // its version's info: when it was last edited
                            var info = try w.message()
                            while let (f, wi) = try info.next() {
                                if f == 2, wi == 0 { newest = max(newest, Int64(bitPattern: try info.varint()) * dateGranularity / 1000) } else { try info.skip(wi) }
                            }
                        default: try w.skip(wt)
                        }
                    }
                    var tags: [String: String] = [:]
                    for k in 0..<min(keys.count, values.count) { tags[string(Int(keys[k]))] = string(Int(values[k])) }
                    ways.append(OSMWay(id: id, refs: refs, tags: tags))
                case (4, 2) where want.contains(.relations):
                    var m = try g.message()
                    var keys: [Int64] = [], values: [Int64] = [], roles: [Int64] = [], ids: [Int64] = [], types: [Int64] = []
                    while let (f, wt) = try m.next() {
                        switch (f, wt) {
                        case (2, 2): keys = try m.packed()
                        case (3, 2): values = try m.packed()
                        case (8, 2): roles = try m.packed()
                        case (9, 2): ids = try m.packedSigned(delta: true)
                        case (10, 2): types = try m.packed()
                        default: try m.skip(wt)
                        }
                    }
                    var tags: [String: String] = [:]
                    for k in 0..<min(keys.count, values.count) { tags[string(Int(keys[k]))] = string(Int(values[k])) }
                    guard OSMExtract.wantedArea(tags) else { continue }
                    let members = (0..<min(ids.count, types.count, roles.count)).filter { types[$0] == 1 }.map { (ids[$0], string(Int(roles[$0]))) }
                    relations.append((members, tags))
                default: try g.skip(wire)
                }
            }
        }
    }

    // MARK: XML

    /// The OSM XML format: `<node id lat lon>`, `<way id><nd ref/><tag k v/></way>`,
    /// `<relation><member type ref role/><tag/></relation>`.
    static func readXML(_ b: [UInt8]) throws -> OSMObjects {
        var out = OSMObjects()
        var current: (kind: String, id: Int64, refs: [Int64], members: [(Int64, String)], tags: [String: String])?
        var nodeAt = GeoPoint(latitude: 0, longitude: 0)
        var scanner = XMLTagScanner(b)
        var sawRoot = false
        while let tag = try scanner.next() {
            switch tag.name {
            case "osm": sawRoot = true
            case "node":
                guard let id = tag["id"].flatMap({ Int64($0) }), let la = tag["lat"].flatMap(Double.init), let lo = tag["lon"].flatMap(Double.init) else {
                    throw ReadError(description: "a node without id, lat and lon near byte \(scanner.position)")
                }
                out.nodes.append((id, la, lo))
                nodeAt = GeoPoint(latitude: la, longitude: lo)
                if !tag.selfClosing { current = ("node", id, [], [], [:]) }
            case "way", "relation":
                guard let id = tag["id"].flatMap({ Int64($0) }) else { throw ReadError(description: "a \(tag.name) without id near byte \(scanner.position)") }
                current = (tag.name, id, [], [], [:])
                if tag.selfClosing { current = nil }
                if tag.name == "way", let edited = tag["timestamp"].flatMap({ try? Date($0, strategy: .iso8601) }) {
                    out.newest = max(out.newest, Int64(edited.timeIntervalSince1970))
                }
            case "nd": if let ref = tag["ref"].flatMap({ Int64($0) }) { current?.refs.append(ref) }
            case "member":
                if tag["type"] == "way", let ref = tag["ref"].flatMap({ Int64($0) }) { current?.members.append((ref, tag["role"] ?? "")) }
            case "tag": if let k = tag["k"], let v = tag["v"] { current?.tags[k] = v }
            case "/way":
                if let c = current { out.ways.append(OSMWay(id: c.id, refs: c.refs, tags: c.tags)) }
                current = nil
            case "/relation":
                if let c = current, OSMExtract.wantedArea(c.tags) { out.relations.append((c.members, c.tags)) }
                current = nil
            case "/node":
                if let c = current, let place = NamedPlace.from(tags: c.tags, at: nodeAt) { out.places.append(place) }
                current = nil
            default: break
            }
        }
        guard sawRoot else { throw ReadError(description: "not an OSM XML file (no <osm> element)") }
        return out
    }
}

/// The objects of part of an extract (a PBF block, or a whole XML file), and the newest edit among them.
struct OSMObjects {
    var nodes: [(Int64, Double, Double)] = []
    var ways: [OSMWay] = []
    var relations: [(members: [(Int64, String)], tags: [String: String])] = []
    /// Named places that are nodes.
    var places: [NamedPlace] = []
    var newest: Int64 = 0
}

/// Protocol buffer wire format, read in place.
struct ProtoReader {
    let b: [UInt8]
    var position: Int
    let end: Int

    init(_ b: [UInt8], _ start: Int, _ end: Int) {
        self.b = b
        position = start
        self.end = end
    }

    static func zigzag(_ v: UInt64) -> Int64 { Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1) }

    mutating func next() throws -> (Int, Int)? {
        guard position < end else { return nil }
        let key = try varint()
        return (Int(key >> 3), Int(key & 7))
    }

    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end, shift < 64 else { throw OSMExtract.ReadError(description: "a protocol buffer varint is cut off") }
            let byte = b[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func bytes() throws -> ArraySlice<UInt8> {
        let length = Int(try varint())
        guard length >= 0, position + length <= end else { throw OSMExtract.ReadError(description: "a protocol buffer field runs past its message") }
        defer { position += length }
        return b[position..<(position + length)]
    }

    mutating func message() throws -> ProtoReader {
        let slice = try bytes()
        return ProtoReader(b, slice.startIndex, slice.endIndex)
    }

    mutating func packed() throws -> [Int64] {
        var inner = try message()
        var out: [Int64] = []
        while inner.position < inner.end { out.append(Int64(bitPattern: try inner.varint())) }
        return out
    }

    mutating func packedSigned(delta: Bool) throws -> [Int64] {
        var inner = try message()
        var out: [Int64] = []
        var running: Int64 = 0
        while inner.position < inner.end {
            let v = ProtoReader.zigzag(try inner.varint())
            running = delta ? running &+ v : v
            out.append(running)
        }
        return out
    }

    mutating func skip(_ wire: Int) throws {
        switch wire {
        case 0: _ = try varint()
        case 1: position += 8
        case 2: _ = try bytes()
        case 5: position += 4
        default: throw OSMExtract.ReadError(description: "protocol buffer wire type \(wire) is not known")
        }
        guard position <= end else { throw OSMExtract.ReadError(description: "a protocol buffer field runs past its message") }
    }
}

/// Start and end tags of an XML document with their attributes (entities decoded); text,
/// comments and declarations are passed over.
struct XMLTagScanner {
    struct Tag {
        var name: String
        var attributes: [String: String]
        var selfClosing: Bool
        subscript(_ key: String) -> String? { attributes[key] }
    }

    let b: [UInt8]
    var position = 0

    init(_ b: [UInt8]) { self.b = b }

    mutating func next() throws -> Tag? {
        while position < b.count {
            guard let open = b[position...].firstIndex(of: 60) else { return nil }  // '<'
            position = open + 1
            guard position < b.count else { return nil }
            if b[position] == 33 || b[position] == 63 {  // '!' or '?': comment, doctype, declaration
                if b[position...].starts(with: Array("!--".utf8)) {
                    guard let close = find(Array("-->".utf8), from: position) else { return nil }
                    position = close + 3
                } else {
                    guard let close = b[position...].firstIndex(of: 62) else { return nil }
                    position = close + 1
                }
                continue
            }
            var i = position
            while i < b.count, !XMLTagScanner.space(b[i]), b[i] != 62, b[i] != 47 || i == position { i += 1 }
            let name = String(decoding: b[position..<i], as: UTF8.self)
            var attributes: [String: String] = [:]
            while true {
                while i < b.count, XMLTagScanner.space(b[i]) { i += 1 }
                guard i < b.count else { throw OSMExtract.ReadError(description: "the tag <\(name)> is not closed") }
                if b[i] == 62 { position = i + 1; return Tag(name: name, attributes: attributes, selfClosing: false) }
                if b[i] == 47, i + 1 < b.count, b[i + 1] == 62 { position = i + 2; return Tag(name: name, attributes: attributes, selfClosing: true) }
                let keyStart = i
                while i < b.count, b[i] != 61, b[i] != 62, !XMLTagScanner.space(b[i]) { i += 1 }
                let key = String(decoding: b[keyStart..<i], as: UTF8.self)
                while i < b.count, XMLTagScanner.space(b[i]) { i += 1 }
                guard i + 1 < b.count, b[i] == 61 else { throw OSMExtract.ReadError(description: "the attribute \(key) of <\(name)> has no value") }
                i += 1
                while i < b.count, XMLTagScanner.space(b[i]) { i += 1 }
                guard i < b.count, b[i] == 34 || b[i] == 39 else { throw OSMExtract.ReadError(description: "the attribute \(key) of <\(name)> is not quoted") }
                let quote = b[i]
                guard let close = b[(i + 1)...].firstIndex(of: quote) else { throw OSMExtract.ReadError(description: "the attribute \(key) is not closed") }
                attributes[key] = XMLTagScanner.unescape(b[(i + 1)..<close])
                i = close + 1
            }
        }
        return nil
    }

    func find(_ needle: [UInt8], from: Int) -> Int? {
        var i = from
        while i + needle.count <= b.count {
            if b[i] == needle[0], Array(b[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }

    static func space(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }

    static func unescape(_ raw: ArraySlice<UInt8>) -> String {
        XMLEntities.decode(String(decoding: raw, as: UTF8.self))
    }
}
