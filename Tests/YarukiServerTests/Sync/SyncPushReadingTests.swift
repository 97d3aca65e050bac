import Foundation
import Testing
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON
import YarukiTestSupport
@testable import YarukiServer

/// A push is read by a reader of its own (`SyncPush.read`), which must give exactly what
/// `JSONDecoder` gives for every body it takes, and leave every other body to `JSONDecoder`.
@Suite struct SyncPushReadingTests {
    static let texts = ["", "memo", "quote \" and backslash \\ and slash /", "line\nbreak\ttab", "日本語のメモ", "한국어 메모", "emoji 🏋️‍♀️",
                        "control \u{01}\u{1F}", "é (precomposed) and e\u{301} (combining)", String(repeating: "long ", count: 200)]
    static let numbers: [Double] = [0, 1, -1, 0.5, 1.5, -2.25, 1e-7, 123_456_789.125, 1e20, 3.141592653589793, 60.1699, 24.9384, 2_147_483_647]

    static func value(_ random: inout SeededRandom, depth: Int) -> JSONValue {
        switch Int(random.next() % (depth > 2 ? 4 : 6)) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .number(numbers[Int(random.next() % UInt64(numbers.count))])
        case 3: return .string(texts[Int(random.next() % UInt64(texts.count))])
        case 4: return .array((0..<Int(random.next() % 4)).map { _ in value(&random, depth: depth + 1) })
        default: return object(&random, depth: depth + 1)
        }
    }

    static func object(_ random: inout SeededRandom, depth: Int) -> JSONValue {
        let keys = ["kind", "text", "occurredAt", "place", "position", "latitude", "longitude", "tags", "名前", "a\"b"]
        var members: [String: JSONValue] = [:]
        for _ in 0..<Int(random.next() % 6) { members[keys[Int(random.next() % UInt64(keys.count))]] = value(&random, depth: depth) }
        return .object(members)
    }

    static func push(_ random: inout SeededRandom) -> SyncPush {
        func maybe<T>(_ make: () -> T) -> T? { random.next() % 3 == 0 ? nil : make() }
        let records = (0..<(1 + Int(random.next() % 20))).map { _ in
            SyncPushRecord(id: UUID(), type: ["lifelogRecord", "workout", "routine", "not a type"][Int(random.next() % 4)],
                           baseVersion: maybe { Int64(random.next() % UInt64(Int32.max)) },
                           changeId: maybe { texts[Int(random.next() % UInt64(texts.count))] },
                           fields: maybe { object(&random, depth: 0) }, deleted: maybe { random.next() % 2 == 0 },
                           modifiedAt: maybe { Date(timeIntervalSince1970: Double(1_700_000_000 + random.next() % 100_000_000)) },
                           device: maybe { texts[Int(random.next() % UInt64(texts.count))] })
        }
        return SyncPush(records: records, atomic: maybe { random.next() % 2 == 0 }, since: maybe { ["", "bGlmZWxvZzo0Mg"][Int(random.next() % 2)] })
    }

    @Test func everyPushReadsAsJSONDecoderReadsIt() throws {
        var random = SeededRandom(seed: 35)
        for _ in 0..<400 {
            let push = Self.push(&random)
            for body in try JSONBodies.of(push) {
                let read = try #require(try SyncPush.read(json: body), "the reader took \(String(decoding: body, as: UTF8.self).prefix(300))")
                #expect(read == (try JSONCoding.decoder.decode(SyncPush.self, from: body)))
            }
        }
        // What the encoder never writes but a device may send: nulls, members it does not know, fractions of seconds, offsets.
        let body = Data("""
            {"since": null, "extra": {"nested": [1, 2, {"x": null}]}, "records": [{"id": "8f6b3c1e-2f4a-4c55-9d51-1b7e9d1f0a11", "type": "lifelogRecord",
             "baseVersion": null, "changeId": null, "fields": null, "deleted": null, "modifiedAt": "2026-11-30T08:15:00.250+09:00", "device": null, "unknown": true},
             {"id": "8f6b3c1e-2f4a-4c55-9d51-1b7e9d1f0a12", "type": "workout", "fields": {"n": 1.0, "e": 2E3, "z": -0, "u": "\\u00e9\\ud83d\\ude00"}}],
             "atomic": true}
            """.utf8)
        let read = try #require(try SyncPush.read(json: body))
        #expect(read == (try JSONCoding.decoder.decode(SyncPush.self, from: body)))
        #expect(read.records[0].modifiedAt?.timeIntervalSince1970 == 1_795_994_100.25 && read.records[1].fields?["u"] == "é😀")
    }

    /// Anything unusual is left to `JSONDecoder`, which names what is wrong.
    @Test func anUnusualPushIsLeftToJSONDecoder() throws {
        let record = #""id": "8f6b3c1e-2f4a-4c55-9d51-1b7e9d1f0a11", "type": "lifelogRecord""#
        let unusual = [
            #"{"records": [{\#(record), "type": "workout"}]}"#,  // a member twice
            #"{"records": [{\#(record), "fields": {"a": 1, "a": 2}}]}"#,
            #"{"records": [{"id": 5, "type": "lifelogRecord"}]}"#,
            #"{"records": [{"type": "lifelogRecord"}]}"#,
            #"{"records": [{\#(record), "baseVersion": 1.5}]}"#,
            #"{"records": [{\#(record), "baseVersion": "1"}]}"#,
            #"{"records": [{\#(record), "modifiedAt": "yesterday"}]}"#,
            #"{"records": [{\#(record), "deleted": "yes"}]}"#,
            #"{"records": null}"#, #"{"atomic": true}"#, #"{"records": [1]}"#, #"[]"#, #"{"records": []} trailing"#, #"{"records": [{\#(record)}"#,
        ].map { Data($0.utf8) } + [Data(#"{"records": [{"id": "8f6b3c1e-2f4a-4c55-9d51-1b7e9d1f0a11", "type": "\#u{FF}"}]}"#.utf8.map { $0 == 0xC3 ? 0xFF : $0 })]
        for body in unusual {
            #expect(try SyncPush.read(json: body) == nil, "\(String(decoding: body, as: UTF8.self))")
        }
        // And the request's error is JSONDecoder's, naming the field.
        let request = Request(method: .post, target: "/v1/sync/lifelog/push", headers: HTTPHeaders([("Content-Type", "application/json")]), body: unusual[2])
        let error = try #require(throws: HTTPError.self) { try request.decode(SyncPush.self) }
        #expect(error.status == 400 && error.errors?.first?.field == "records[0].id")
        // An id that is not a UUID's 36 characters is refused outright, at its place: JSONDecoder
        // (through Foundation's parser) would take a space, a dash or a sign for a digit.
        let good = #"{"id": "8f6b3c1e-2f4a-4c55-9d51-1b7e9d1f0a11", "type": "lifelogRecord"}"#
        for id in ["not a uuid", "8f6b3c1e-2f4a-4c55-9d51-1b7e9d1f0a 1", "8f6b3c1e-2f4a-4c55-9d51-1b7e9d1f0-11", "+f6b3c1e-2f4a-4c55-9d51-1b7e9d1f0a11"] {
            let body = Data(#"{"records": [\#(good), {"id": "\#(id)", "type": "lifelogRecord"}]}"#.utf8)
            #expect(throws: JSONReader.Invalid(field: "records[1].id", message: JSONReader.uuidMessage)) { try SyncPush.read(json: body) }
            let request = Request(method: .post, target: "/v1/sync/lifelog/push", headers: HTTPHeaders([("Content-Type", "application/json")]), body: body)
            let error = try #require(throws: HTTPError.self) { try request.decode(SyncPush.self) }
            #expect(error.status == 400 && error.errors?.first?.field == "records[1].id", "\(id)")
        }
    }
}
