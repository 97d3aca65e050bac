import Foundation
import Testing
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// `/openapi.json` stays true: every JSON reply a GET route gives, on a server holding the demo,
/// matches the schema the document names for it (schemas are made from the API types; this
/// checks they describe what the server really sends). A GET route added without being tried
/// here fails the test.
@Suite(.serialized) struct OpenAPIReplyTests {
    /// Checks `value` against a JSON Schema of the subset the document uses; returns what is wrong.
    static func problems(_ value: JSONValue, _ schema: JSONValue, _ document: JSONValue, at path: String = "$") -> [String] {
        if case let .string(ref)? = schema["$ref"] {
            let name = String(ref.dropFirst("#/components/schemas/".count))
            guard let target = document["components"]?["schemas"]?[name] else { return ["\(path): no schema \(name)"] }
            return problems(value, target, document, at: path)
        }
        var found: [String] = []
        if case let .array(words)? = schema["enum"], !words.contains(value) { found.append("\(path): \(value) is not one of \(words)") }
        switch (schema["type"], value) {
        case (.string("object")?, let .object(object)):
            if case let .array(required)? = schema["required"] {
                for case let .string(key) in required where object[key] == nil { found.append("\(path).\(key): required but absent") }
            }
            for (key, item) in object {
                if let inner = schema["properties"]?[key] {
                    found += problems(item, inner, document, at: "\(path).\(key)")
                } else if let extra = schema["additionalProperties"] {
                    found += problems(item, extra, document, at: "\(path).\(key)")
                } else if schema["properties"] != nil {
                    found.append("\(path).\(key): not in the schema")
                }
            }
        case (.string("array")?, let .array(items)):
            if let inner = schema["items"] {
                for (i, item) in items.enumerated() { found += problems(item, inner, document, at: "\(path)[\(i)]") }
            }
        case (.string("string")?, let .string(text)):
            if schema["format"] == "uuid", UUID(uuidString: text) == nil { found.append("\(path): not a UUID") }
            if schema["format"] == "date-time", OffsetDateTime.parse(text) == nil { found.append("\(path): not a date-time") }
        case (.string("integer")?, let .number(n)):
            if n != n.rounded() { found.append("\(path): \(n) is not an integer") }
        case (.string("number")?, .number), (.string("boolean")?, .bool):
            break
        case (nil, _):
            break
        case let (type?, _):
            found.append("\(path): \(value) is not of type \(type)")
        }
        return found
    }

    @Test func everyJSONReplyMatchesItsSchema() async throws {
        let running = try await RunningApp(.sqlite)
        let database = running.app.database
        try await DemoSeed.run(database, hasher: PasswordHasher(parameters: .cheapest))
        try await AccountAdmin.create(database, email: "root@example.com", displayName: "Root", password: "correct horse battery", role: .admin,
                                      hasher: PasswordHasher(parameters: .cheapest))
        let api = API(running)
        func token(_ email: String, _ password: String) throws -> String {
            try #require(try api.signIn(email, password: password).string("accessToken"))
        }
        let mina = try token("mina@yaruki.example", "yaruki-demo-mina")
        // The demo's proofs and health days are dated back from today, so the range is too (a
        // range of 2026 alone would list nothing once 2027 began).
        let day = { (offset: Double) in String(ISO8601DateFormatter().string(from: Date().addingTimeInterval(offset * 86_400)).prefix(10)) }
        let recent = "from=\(day(-300))&to=\(day(1))"
        let aino = try token("aino@yaruki.example", "yaruki-demo-aino")
        let root = try token("root@example.com", "correct horse battery")
        let coach = try token("coach@yaruki.example", "yaruki-demo-coach")
        func first(_ path: String, _ token: String, _ key: String = "items") throws -> String {
            let items = try api.call("GET", path, token: token).json()[key] as? [[String: Any]]
            return try #require(items?.first?["id"] as? String, "\(path) lists nothing")
        }
        let group = try first("/v1/groups", mina)
        let post = try first("/v1/posts", mina)
        let routine = try first("/v1/routines", mina)
        let workout = try first("/v1/workouts", mina)
        let proof = try first("/v1/proofs?\(recent)", mina)
        #expect(try api.call("POST", "/v1/me/pauses", json: ["weeks": 2, "reason": "planned"], token: mina).status == 201)
        _ = try api.call("POST", "/v1/signage/boards", json: ["title": "Test", "currency": "JPY", "startsAt": "2026-11-30T00:00:00Z",
                                                              "endsAt": "2026-12-01T00:00:00Z"], token: root)
        let board = try first("/v1/signage/boards", root)
        #expect(try api.call("POST", "/v1/signage/playlists", json: ["title": "Floor", "boards": [board], "seconds": 20, "layout": "split"], token: root).status == 201)
        let playlist = try first("/v1/signage/playlists", root)
        // A dead letter, as a Kafka reader would note one (this server reads no topic).
        try await running.app.database.transaction { c in
            try KafkaSalesStore.add([.init(id: UUID(), topic: "sales", partition: 1, offset: 7, raw: "{not json", bytes: 9, reason: "is not JSON",
                                           receivedAt: Date())], c)
        }
        // Ten days back: the demo's month of records lies before today, whatever day of the month today is.
        let tenDaysAgo = String(ISO8601DateFormatter().string(from: Date().addingTimeInterval(-10 * 86_400)).prefix(10))
        let record = try #require((try api.call("GET", "/v1/lifelog/timeline?range=week&date=\(tenDaysAgo)", token: aino).json()["items"] as? [[String: Any]])?
            .compactMap { ($0["record"] as? [String: Any])?["id"] as? String }.first)
        let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        let healthImport = try #require((try api.call("GET", "/v1/health/imports", token: mina).json()["items"] as? [[String: Any]])?.first?["id"] as? String)
        let booked = try #require((try api.call("GET", "/v1/me/classes", token: mina).json()["items"] as? [[String: Any]])?.first)
        let bookedClass = try #require((booked["item"] as? [String: Any])?["id"] as? String)
        let order = try #require((booked["order"] as? [String: Any])?["id"] as? String)
        #expect(try api.call("POST", "/v1/training/session", json: ["routineId": routine], token: mina).status == 201)
        let gpx = "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"60.17\" lon=\"24.94\"><time>2024-03-04T07:00:00Z</time></trkpt>"
            + "<trkpt lat=\"60.171\" lon=\"24.941\"><time>2024-03-04T07:01:00Z</time></trkpt></trkseg></trk></gpx>"
        let lifelogImport = try #require(try CommunityTests.upload(running.port, token: aino, Data(gpx.utf8), path: "/v1/lifelog/imports?name=run.gpx").string("id"))
        #expect(await eventuallyAsync(timeout: 20) {
            (try? api.call("GET", "/v1/lifelog/imports/\(lifelogImport)", token: aino).json()["state"] as? String) == "ready"
        }, "so its preview is in the reply checked")
        let calls: [(String, String?)] = [
            ("/healthz", nil), ("/v1/meta", nil), ("/.well-known/jwks.json", nil), ("/v1/exercises", nil), ("/v1/exercises/squat", nil),
            ("/v1/map", nil), ("/v1/map/base/15/18654/9484", nil), ("/v1/map/base/11/1165/592", nil), ("/openapi.json", nil),
            ("/v1/me", mina), ("/v1/me/storage", mina), ("/v1/sessions", mina), ("/v1/workouts", mina), ("/v1/workouts/\(workout)", mina), ("/v1/me/quota", mina), ("/v1/me/pauses", mina), ("/v1/groups/\(group)/challenges", mina), ("/v1/groups/\(group)/feed", mina), ("/v1/lifelog/imports", aino), ("/v1/map/places?latitude=60.1704&longitude=24.9522", aino), ("/v1/lifelog/imports/\(lifelogImport)", aino),
            ("/v1/groups", mina), ("/v1/groups/\(group)", mina), ("/v1/groups/\(group)/standings", mina),
            ("/v1/proofs?\(recent)", mina), ("/v1/proofs/\(proof)", mina), ("/v1/calendar", mina),
            ("/v1/calendar/\(today)", mina), ("/v1/me/calendar-feed", mina), ("/v1/posts", mina), ("/v1/posts/\(post)", mina),
            ("/v1/posts/\(post)/comments", mina), ("/v1/routines", mina), ("/v1/routines/mine", mina), ("/v1/routines/\(routine)", mina),
            ("/v1/notifications", mina), ("/v1/blocks", mina), ("/v1/training/session", mina), ("/v1/training/progress?exercise=squat", mina), ("/v1/training/weeks?count=8", mina),
            ("/v1/lifelog/timeline?range=week", aino), ("/v1/lifelog/records/\(record)", aino), ("/v1/lifelog/playback?range=week", aino),
            ("/v1/lifelog/playback/legs?range=week&count=3", aino), ("/v1/lifelog/search?q=a", aino), ("/v1/lifelog/on-this-day", aino),
            ("/v1/health/days?\(recent)", mina), ("/v1/me/health-goals", mina), ("/v1/health/imports", mina),
            ("/v1/health/imports/\(healthImport)", mina),
            ("/v1/classes", mina), ("/v1/classes?month=\(ClassSeriesRule.month(after: String(today.prefix(7))))", mina), ("/v1/classes/\(bookedClass)", mina),
            ("/v1/classes/\(bookedClass)", coach), ("/v1/orders/\(order)", mina), ("/v1/me/classes", mina), ("/v1/me/teaching", coach), ("/v1/me/exercises", mina), ("/v1/me/body", mina), ("/v1/me/body/photos", mina), ("/v1/me/imports/names", mina),
            ("/v1/sync/lifelog/changes?limit=20", aino), ("/v1/me/mutes", mina), ("/v1/me/cheers/today", mina), ("/v1/sync/workouts/changes?limit=5", mina), ("/v1/sync/routines/changes", mina),
            ("/v1/admin/users", root), ("/v1/admin/reports", root), ("/v1/admin/api-keys", root), ("/v1/signage/boards", root),
            ("/v1/signage/boards/\(board)", root), ("/v1/signage/playlists", root), ("/v1/signage/playlists/\(playlist)", root), ("/v1/admin/signage/kafka", root), ("/v1/admin/signage/dead-letters", root),
            ("/v1/push/key", nil), ("/v1/me/push-subscriptions", mina), ("/v1/me/notification-settings", mina),
        ]
        let device = try api.call("POST", "/v1/me/push-subscriptions", json: [
            "endpoint": "https://fcm.googleapis.com/fcm/send/reply-schema", "device": "Pixel 8, Chrome",
            "keys": ["p256dh": PushKeys.example.p256dh, "auth": PushKeys.example.auth]], token: mina)
        #expect(device.status == 201, "\(device.text)")
        let document = try JSONCoding.decoder.decode(JSONValue.self, from: Data(try request(running.port, "/openapi.json").body))
        var tried = Set<String>()
        for (path, token) in calls {
            let reply = try api.call("GET", path, token: token)
            #expect(reply.status == 200, "\(path): \(reply.status) \(reply.text.prefix(200))")
            let endpoint = try #require(running.app.endpoints.first { $0.method == .get && Self.matches($0.pattern, path) }, "\(path) has no route")
            tried.insert(endpoint.pattern)
            guard path != "/openapi.json" else { continue }
            let schema = try #require(document["paths"]?[endpoint.pattern]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"],
                                      "\(path) documents no schema")
            let value = try JSONCoding.decoder.decode(JSONValue.self, from: Data(reply.body))
            let found = Self.problems(value, schema, document)
            #expect(found.isEmpty, "\(path): \(found.prefix(5))")
            // The reply was written by JSONBytes: Foundation's encoder writes the same bytes for the same value.
            if let type = endpoint.reply {
                let again = try Self.reencoded(type, reply.body)
                #expect(again == reply.body, "\(path): JSONBytes wrote \(reply.text.prefix(300)), the encoder \(String(decoding: again, as: UTF8.self).prefix(300))")
            }
        }
        let jsonGets = Set(running.app.endpoints.filter { $0.method == .get && $0.doc.produces == "application/json" }.map(\.pattern))
        #expect(jsonGets.subtracting(tried).isEmpty, "GET routes no reply was checked for: \(jsonGets.subtracting(tried).sorted())")
    }

    static func reencoded<M: APIModel>(_ type: M.Type, _ body: [UInt8]) throws -> [UInt8] {
        Array(try JSONCoding.encoder.encode(try JSONCoding.decoder.decode(M.self, from: Data(body))))
    }

    static func sameBytes<M: APIModel>(_ type: M.Type) throws -> Bool {
        try JSONBytes.encode(M.example) == Array(try JSONCoding.encoder.encode(M.example))
    }

    /// Every request and reply type of the document: its example written by `JSONBytes` is the encoder's bytes.
    @Test func everyWireTypeIsWrittenAsTheEncoderWritesIt() async throws {
        let running = try await RunningApp(.sqlite)
        var types = 0
        for endpoint in running.app.endpoints {
            for type in [endpoint.body, endpoint.reply].compactMap({ $0 }) {
                types += 1
                #expect(try Self.sameBytes(type), "\(type) at \(endpoint.method) \(endpoint.pattern)")
            }
        }
        #expect(types > 100)
    }

    static func matches(_ pattern: String, _ path: String) -> Bool {
        let a = pattern.split(separator: "/"), b = path.split(separator: "?")[0].split(separator: "/")
        return a.count == b.count && zip(a, b).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
    }
}
