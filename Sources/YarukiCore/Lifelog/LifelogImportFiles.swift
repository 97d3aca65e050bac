import Foundation
import YarukiJSON

/// Lines of a stream, each without its line break (a `\r` before it dropped too), with their
/// numbers and byte offsets; a line longer than `maxLine` is an error naming it.
struct LineReader {
    let more: () throws -> [UInt8]?
    var pending: [UInt8] = []
    var ended = false
    var number = 0
    var offset = 0
    static let maxLine = 1 << 20

    init(_ more: @escaping () throws -> [UInt8]?) { self.more = more }

    /// The next line, its number (from 1) and the byte it starts at.
    mutating func next() throws -> (line: [UInt8], number: Int, offset: Int)? {
        while true {
            if let newline = pending.firstIndex(of: 10) {
                var line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                if line.last == 13 { line.removeLast() }
                number += 1
                defer { offset += newline + 1 }
                return (line, number, offset)
            }
            guard pending.count <= Self.maxLine else {
                throw LifelogImport.Failure(line: number + 1, offset: offset, reason: "a line longer than \(Self.maxLine) bytes")
            }
            if ended {
                guard !pending.isEmpty else { return nil }
                let line = pending
                pending = []
                number += 1
                defer { offset += line.count }
                return (line.last == 13 ? Array(line.dropLast()) : line, number, offset)
            }
            if let chunk = try more() { pending += chunk } else { ended = true }
        }
    }
}

/// OwnTracks recorder files (`.rec`): one line per message, `TIME<TAB>TOPIC-OR-*<TAB>{json}`.
/// Locations are fixes; a region's `enter` and the `leave` after it are a visit there (an
/// `enter` never left is a visit without an end).
enum OwnTracks {
    static func read(_ chunks: @escaping () throws -> [UInt8]?, emit: (LifelogImport.Item) throws -> Void) throws {
        var lines = LineReader(chunks)
        var entered: [String: (Date, GeoPoint)] = [:]
        var messages = 0
        while let (line, number, offset) = try lines.next() {
            guard !line.allSatisfy({ $0 == 32 || $0 == 9 }) else { continue }
            guard let brace = line.firstIndex(of: 123) else {
                throw LifelogImport.Failure(line: number, offset: offset, reason: "not an OwnTracks recorder line (no JSON message after the time and topic)")
            }
            var reader = JSONReader(bytes: Array(line[brace...]))
            var type: String?, lat: Double?, lon: Double?, tst: Double?, accuracy: Double?, altitude: Double?, event: String?, desc: String?
            do {
                guard try reader.next() == .objectStart else { throw reader.failure("expected an object") }
                try reader.members { r, name in
                    switch name {
                    case "_type": type = try r.stringValue(name)
                    case "lat": lat = try r.numberValue(name)
                    case "lon": lon = try r.numberValue(name)
                    case "tst": tst = try r.numberValue(name)
                    case "acc": accuracy = try r.numberValue(name)
                    case "alt": altitude = try r.numberValue(name)
                    case "event": event = try r.stringValue(name)
                    case "desc": desc = try r.stringValue(name)
                    default: return false
                    }
                    return true
                }
                guard try reader.next() == nil else { throw reader.failure("more follows the message") }
            } catch let failure as JSONReader.Failure {
                throw LifelogImport.Failure(line: number, offset: offset + brace + failure.offset, reason: failure.reason)
            }
            messages += 1
            guard let lat, let lon, let tst else { continue }  // cards, waypoints and commands carry no fix
            let position = GeoPoint(latitude: lat, longitude: lon)
            guard position.isValid else { throw LifelogImport.Failure(line: number, offset: offset + brace, reason: "\(lat), \(lon) is not a place on earth") }
            let at = Date(timeIntervalSince1970: tst)
            switch type {
            case "location":
                try emit(.point(LifelogImport.Point(at: at, position: position, altitude: altitude, accuracy: accuracy)))
            case "transition":
                let region = desc ?? ""
                if event == "enter" {
                    if let (start, place) = entered[region] { try emit(.visit(LifelogImport.Visit(start: start, end: nil, position: place, name: region.isEmpty ? nil : region))) }
                    entered[region] = (at, position)
                } else if event == "leave", let (start, place) = entered.removeValue(forKey: region), at >= start {
                    try emit(.visit(LifelogImport.Visit(start: start, end: at, position: place, name: region.isEmpty ? nil : region)))
                }
            default: continue
            }
        }
        for (region, (start, place)) in entered.sorted(by: { $0.value.0 < $1.value.0 }) {
            try emit(.visit(LifelogImport.Visit(start: start, end: nil, position: place, name: region.isEmpty ? nil : region)))
        }
        guard messages > 0 else { throw LifelogImport.Failure(line: nil, offset: 0, reason: "no OwnTracks message in the file") }
    }
}

/// GPX 1.1 as it streams past: each track segment's timed points are a path (a segment longer
/// than a path may hold is cut), a lone timed point is a fix, and a waypoint with a time is a
/// visit under its name. Points without a time cannot be placed on a day and are left out.
enum GPXReader {
    static func read(_ chunks: @escaping () throws -> [UInt8]?, emit: (LifelogImport.Item) throws -> Void) throws {
        var scanner = XMLScanner(chunks)
        var segment: [LifelogImport.Point] = []
        var current: (position: GeoPoint, waypoint: Bool)?
        var time: Date?, elevation: Double?, name: String?
        var text = ""
        var sawRoot = false
        func flush() throws {
            if segment.count >= 2 {
                var start = 0
                while start < segment.count - 1 {
                    let end = min(segment.count, start + LifelogImport.maxPathPoints)
                    try emit(.path(Array(segment[start..<end])))
                    start = end - 1
                }
            } else if let only = segment.first {
                try emit(.point(only))
            }
            segment = []
        }
        while let event = try scanner.next() {
            switch event {
            case let .open(tag, attributes):
                if !sawRoot {
                    guard tag == "gpx" else { throw LifelogImport.Failure(line: scanner.line, offset: scanner.offset, reason: "this XML is not GPX: it starts with <\(tag)>") }
                    sawRoot = true
                }
                text = ""
                switch tag {
                case "trkpt", "wpt", "rtept":
                    guard let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init),
                          GeoPoint(latitude: lat, longitude: lon).isValid else {
                        throw LifelogImport.Failure(line: scanner.line, offset: scanner.offset, reason: "<\(tag)> has no valid lat and lon")
                    }
                    current = (GeoPoint(latitude: lat, longitude: lon), tag == "wpt")
                    (time, elevation, name) = (nil, nil, nil)
                case "trkseg": try flush()
                default: break
                }
            case let .text(chunk):
                text += chunk
            case let .close(tag):
                let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
                text = ""
                switch tag {
                case "time" where current != nil:
                    guard let at = LifelogImport.time(value) else {
                        throw LifelogImport.Failure(line: scanner.line, offset: scanner.offset, reason: "<time>\(value.prefix(40))</time> is not a time")
                    }
                    time = at.0
                case "ele" where current != nil: elevation = Double(value)
                case "name" where current != nil: name = value.isEmpty ? nil : value
                case "trkpt", "rtept":
                    if let (position, _) = current, let time { segment.append(LifelogImport.Point(at: time, position: position, altitude: elevation)) }
                    current = nil
                case "wpt":
                    if let (position, _) = current, let time { try emit(.visit(LifelogImport.Visit(start: time, end: nil, position: position, name: name))) }
                    current = nil
                case "trkseg", "trk", "rte": try flush()
                default: break
                }
            }
        }
        guard sawRoot else { throw LifelogImport.Failure(line: nil, offset: 0, reason: "there is no GPX here: the file is empty") }
        guard scanner.closedRoot else { throw LifelogImport.Failure(line: scanner.line, offset: scanner.offset, reason: "the file ends before </gpx>: it looks cut short") }
        try flush()
    }
}

/// A small XML pull scanner for files like GPX: elements (local names, prefixes dropped) with
/// their attributes, and text; comments, declarations, processing instructions and CDATA's
/// markers are passed over. Elements must nest; a broken one names its line and byte.
struct XMLScanner {
    enum Event: Equatable { case open(String, [String: String]), text(String), close(String) }

    let more: () throws -> [UInt8]?
    var buffer: [UInt8] = []
    var at = 0
    var consumed = 0
    var ended = false
    var stack: [String] = []
    var pendingClose: String?
    var closedRoot = false
    private(set) var line = 1
    private var lineNow = 1
    private(set) var offset = 0
    static let maxMarkup = 1 << 20

    init(_ more: @escaping () throws -> [UInt8]?) { self.more = more }

    private func fail(_ reason: String) -> LifelogImport.Failure { LifelogImport.Failure(line: line, offset: offset, reason: reason) }

    /// Makes at least `n` bytes from `at` available if the stream has them.
    private mutating func fill(_ n: Int) throws -> Bool {
        while buffer.count - at < n {
            if ended { return false }
            guard let chunk = try more() else { ended = true; return buffer.count - at >= n }
            consumed += at
            buffer = Array(buffer[at...]) + chunk
            at = 0
        }
        return true
    }

    private mutating func advance(_ n: Int) {
        for b in buffer[at..<(at + n)] where b == 10 { lineNow += 1 }
        at += n
    }

    /// The bytes up to (not including) `terminator`, taken along with it; nil at the end of the stream.
    private mutating func until(_ terminator: [UInt8]) throws -> [UInt8]? {
        var searched = 0
        while true {
            let window = buffer[(at + searched)...]
            if let found = Self.find(terminator, in: window) {
                let body = Array(buffer[at..<found])
                advance(found - at + terminator.count)
                return body
            }
            searched = max(0, buffer.count - at - terminator.count + 1)
            guard searched <= Self.maxMarkup else { throw fail("markup longer than \(Self.maxMarkup) bytes") }
            guard try fill(buffer.count - at + 1) else { return nil }
        }
    }

    static func find(_ needle: [UInt8], in hay: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first, hay.count >= needle.count else { return nil }
        var i = hay.startIndex
        while i <= hay.endIndex - needle.count {
            if hay[i] == first && hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    mutating func next() throws -> Event? {
        if let tag = pendingClose {
            pendingClose = nil
            return close(tag)
        }
        while true {
            line = lineNow
            offset = consumed + at
            guard try fill(1) else {
                if !stack.isEmpty { throw fail("the file ends inside <\(stack.last ?? "")>: it looks cut short") }
                return nil
            }
            if buffer[at] != 60 {  // text up to the next '<'
                guard let body = try until([60]) else {
                    let rest = Array(buffer[at...])
                    advance(rest.count)
                    if rest.allSatisfy({ $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }) { continue }
                    throw fail("text after the end of the document")
                }
                at -= 1  // leave the '<' for the markup
                if stack.isEmpty { continue }
                return .text(XMLEntities.decode(String(decoding: body, as: UTF8.self)))
            }
            _ = try fill(9)
            let head = Array(buffer[at..<min(buffer.count, at + 9)])
            if head.starts(with: Array("<!--".utf8)) {
                advance(4)
                guard try until(Array("-->".utf8)) != nil else { throw fail("a comment that never ends") }
                continue
            }
            if head.starts(with: Array("<![CDATA[".utf8)) {
                advance(9)
                guard let body = try until(Array("]]>".utf8)) else { throw fail("CDATA that never ends") }
                return .text(String(decoding: body, as: UTF8.self))
            }
            if head.starts(with: Array("<?".utf8)) || head.starts(with: Array("<!".utf8)) {
                advance(2)
                guard try until([62]) != nil else { throw fail("a declaration that never ends") }
                continue
            }
            advance(1)
            guard let markup = try until([62]) else { throw fail("a tag that never ends") }
            return try tag(markup)
        }
    }

    private mutating func close(_ tag: String) -> Event {
        stack.removeLast()
        if stack.isEmpty { closedRoot = true }
        return .close(tag)
    }

    private static func local(_ name: Substring) -> String {
        String(name.split(separator: ":").last ?? name)
    }

    private mutating func tag(_ markup: [UInt8]) throws -> Event {
        var text = Substring(String(decoding: markup, as: UTF8.self))
        if text.first == "/" {
            let name = Self.local(text.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)[...])
            guard stack.last == name else {
                throw fail(stack.isEmpty ? "</\(name)> closes nothing open" : "</\(name)> closes <\(stack.last ?? "")>")
            }
            return close(name)
        }
        guard !closedRoot else { throw fail("another element after the end of the document") }
        let selfClosing = text.last == "/"
        if selfClosing { text = text.dropLast() }
        let nameEnd = text.firstIndex { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" } ?? text.endIndex
        let name = Self.local(text[..<nameEnd])
        guard !name.isEmpty else { throw fail("a tag without a name") }
        var attributes: [String: String] = [:]
        var rest = text[nameEnd...]
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { break }
            guard let equals = rest.firstIndex(of: "=") else { throw fail("an attribute without a value in <\(name)>") }
            let key = Self.local(rest[..<equals].trimmingCharacters(in: .whitespaces)[...])
            rest = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "\"" || quote == "'" else { throw fail("the attribute \(key) of <\(name)> is not quoted") }
            rest = rest.dropFirst()
            guard let closing = rest.firstIndex(of: quote) else { throw fail("the attribute \(key) of <\(name)> never ends") }
            attributes[key] = XMLEntities.decode(String(rest[..<closing]))
            rest = rest[rest.index(after: closing)...]
        }
        stack.append(name)
        if selfClosing { pendingClose = name }
        return .open(name, attributes)
    }
}
