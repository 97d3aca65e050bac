import Foundation
import Testing
import YarukiJSON

/// The streaming JSON reader: the same tokens however the bytes are cut into chunks, every
/// escape JSON has, and a broken file refused with the line and byte where it breaks.
struct JSONReaderTests {
    static func tokens(_ text: String, chunk: Int? = nil) throws -> [JSONReader.Token] {
        let bytes = Array(text.utf8)
        var reader: JSONReader
        if let chunk {
            var at = 0
            reader = JSONReader {
                guard at < bytes.count else { return nil }
                defer { at += chunk }
                return Array(bytes[at..<min(at + chunk, bytes.count)])
            }
        } else {
            reader = JSONReader(bytes: bytes)
        }
        var out: [JSONReader.Token] = []
        while let token = try reader.next() { out.append(token) }
        return out
    }

    static func failure(_ text: String) -> JSONReader.Failure? {
        do { _ = try tokens(text, chunk: 3); return nil } catch let failure as JSONReader.Failure { return failure } catch { return nil }
    }

    @Test func readsEveryKindOfValueTheSameWhateverTheChunks() throws {
        let text = """
            {"locations": [{"latitudeE7": 356812362, "longitudeE7": 1397671248, "accuracy": 13.5, "timestamp": "2024-01-05T08:00:00.000Z"},
              {"a": [], "b": {}, "c": [true, false, null, -0.5e-3, 0, 12E2]}],
             "name": "Caf\\u00e9 \\"Kissa\\" \\\\ \\/ \\n\\t 서울 \\ud83c\\udfc3"}
            """
        let expected: [JSONReader.Token] = [
            .objectStart, .key("locations"), .arrayStart,
            .objectStart, .key("latitudeE7"), .number(356812362), .key("longitudeE7"), .number(1397671248), .key("accuracy"), .number(13.5),
            .key("timestamp"), .string("2024-01-05T08:00:00.000Z"), .objectEnd,
            .objectStart, .key("a"), .arrayStart, .arrayEnd, .key("b"), .objectStart, .objectEnd,
            .key("c"), .arrayStart, .bool(true), .bool(false), .null, .number(-0.0005), .number(0), .number(1200), .arrayEnd, .objectEnd,
            .arrayEnd, .key("name"), .string("Café \"Kissa\" \\ / \n\t 서울 🏃"), .objectEnd,
        ]
        #expect(try Self.tokens(text) == expected)
        for chunk in [1, 2, 7, 64] { #expect(try Self.tokens(text, chunk: chunk) == expected, "chunks of \(chunk)") }
        #expect(try Self.tokens("  42 \n") == [.number(42)])
        #expect(try Self.tokens("\"top\"") == [.string("top")])
    }

    @Test func aBrokenFileIsRefusedWithItsLineAndByte() {
        let cases: [(String, Int, Int, String)] = [
            ("{\"a\": 1,\n \"b\": 2,\n}", 3, 18, "trailing comma"),
            ("[1, 2,]", 1, 6, "trailing comma"),
            ("{\"a\" 1}", 1, 5, "expected ':'"),
            ("{\"a\": [1, 2", 1, 11, "ends inside an array"),
            ("[\"line\nbreak\"]", 1, 6, "control character"),
            ("[01]", 1, 3, "'01' is not a number"),
            ("[\"\\ud800x\"]", 1, 8, "lone surrogate"),
            ("{} {}", 1, 3, "more follows"),
            ("", 1, 0, "empty"),
            ("[1 2]", 1, 3, "expected ','"),
            ("{\"a\": tru}", 1, 9, "expected true"),
            ("[\"\\q\"]", 1, 3, "not an escape"),
            ("]", 1, 0, "expected a value"),
            ("[1]]", 1, 3, "more follows"),
            ("{\"a\": }", 1, 6, "expected a value"),
        ]
        for (text, line, offset, reason) in cases {
            let failure = Self.failure(text)
            #expect(failure?.line == line && failure?.offset == offset && failure?.reason.contains(reason) == true,
                    "\(text.debugDescription): \(String(describing: failure))")
        }
    }

    @Test func membersAndElementsReadWhatTheyAskForAndSkipTheRest() throws {
        var reader = JSONReader(bytes: Array("""
            {"skip": {"deep": [1, [2, {"x": 3}]]}, "points": [{"lat": 1.5, "lon": "2.5", "extra": [9]}, {"lat": 3, "lon": 4}], "after": true}
            """.utf8))
        #expect(try reader.next() == .objectStart)
        var points: [(Double, Double)] = []
        var after = false
        try reader.members { r, name in
            switch name {
            case "points":
                #expect(try r.next() == .arrayStart)
                try r.elements { r, token in
                    #expect(token == .objectStart)
                    var lat = 0.0, lon = 0.0
                    try r.members { r, name in
                        switch name {
                        case "lat": lat = try r.numberValue("lat") ?? 0
                        case "lon": lon = try r.numberValue("lon") ?? 0
                        default: return false
                        }
                        return true
                    }
                    points.append((lat, lon))
                }
                return true
            case "after":
                after = try r.next() == .bool(true)
                return true
            default: return false
            }
        }
        #expect(points.map(\.0) == [1.5, 3] && points.map(\.1) == [2.5, 4] && after)
        #expect(try reader.next() == nil && reader.depth == 0)
    }

    @Test func aLargeArrayStreamsInSmallChunks() throws {
        let n = 50_000
        let text = "[" + (0..<n).map { "{\"i\":\($0)}" }.joined(separator: ",") + "]"
        let bytes = Array(text.utf8)
        var at = 0
        var reader = JSONReader {
            guard at < bytes.count else { return nil }
            defer { at += 4096 }
            return Array(bytes[at..<min(at + 4096, bytes.count)])
        }
        #expect(try reader.next() == .arrayStart)
        var sum = 0.0
        try reader.elements { r, _ in
            try r.members { r, _ in sum += try r.numberValue("i") ?? 0; return true }
        }
        #expect(sum == Double(n * (n - 1) / 2) && reader.position == bytes.count)
    }
}
