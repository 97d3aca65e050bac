import Foundation
import Testing
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// The document's own examples are requests the server takes: every operation's example body is
/// sent to it, as someone allowed to call it, and none is refused as malformed (400) or as
/// fields that do not fit together (422). A reader who copies an example gets an answer about
/// the world (created, not found, taken already), never about the example.
@Suite(.serialized) struct OpenAPIExampleTests {
    @Test func everyOperationsExampleIsARequestTheServerTakes() async throws {
        // The examples' dates are fixed (a break from 2026-12-07), so the app's clock is too: a
        // planned break cannot start in a week already begun.
        let clock = TestClock(try Date("2026-12-02T09:00:00+09:00", strategy: .iso8601))
        let running = try await RunningApp(.sqlite, clock: clock)
        let database = running.app.database
        try await DemoSeed.run(database, hasher: PasswordHasher(parameters: .cheapest))
        try await AccountAdmin.create(database, email: "root@example.com", displayName: "Root", password: "correct horse battery", role: .admin,
                                      hasher: PasswordHasher(parameters: .cheapest))
        let api = API(running)
        let root = try #require(try api.signIn("root@example.com").string("accessToken"))
        let key = try #require(try api.call("POST", "/v1/admin/api-keys", json: ["name": "Examples", "scopes": ["signage:write"]], token: root).string("key"))
        var tried = 0
        for endpoint in running.app.endpoints {
            guard let type = endpoint.body, endpoint.doc.upload.isEmpty else { continue }
            let body = String(decoding: try JSONCoding.encoder.encode(AnyExample(type)), as: UTF8.self)
            // Each call as a person of its own (an example may change or delete the account), an
            // admin where the route is an admin's or a coach's, a machine's key for sales.
            let token: String
            if endpoint.security.contains(.apiKey) {
                token = key
            } else if endpoint.pattern.hasPrefix("/v1/admin") || endpoint.pattern.hasPrefix("/v1/signage") || endpoint.pattern.hasPrefix("/v1/exercises")
                        || endpoint.pattern.hasPrefix("/v1/classes") {
                token = root
            } else {
                token = try api.signUp("example-\(UUID().uuidString.prefix(8))@example.com").access
            }
            let path = Self.filled(endpoint.pattern)
            let reply = try api.call(endpoint.method.rawValue, path, raw: body, token: token)
            tried += 1
            #expect(![400, 422].contains(reply.status) && reply.status < 500,
                    "\(endpoint.method.rawValue) \(endpoint.pattern): the example \(body.prefix(300)) got \(reply.status) \(reply.text.prefix(300))")
        }
        #expect(tried > 40)
    }

    /// Three places the document once disagreed with the server: a routine item's reps (the
    /// example sent both reps and seconds), an exercise's builtIn (required of a body that the
    /// server asks to leave it out), a class's online link (now in the detail alone).
    @Test func theDocumentSaysWhatTheServerDoes() async throws {
        let running = try await RunningApp(.sqlite)
        let document = try JSONCoding.decoder.decode(JSONValue.self, from: Data(try request(running.port, "/openapi.json").body))
        let schemas = try #require(document["components"]?["schemas"])
        func required(_ name: String) -> [String] {
            guard case let .array(list)? = schemas[name]?["required"] else { return [] }
            return list.compactMap { if case let .string(s) = $0 { s } else { nil } }
        }
        #expect(!required("Exercise").contains("builtIn") && schemas["Exercise"]?["properties"]?["builtIn"] != nil)
        #expect(schemas["RoutineItem"]?["properties"]?["reps"] != nil && schemas["RoutineItem"]?["properties"]?["seconds"] != nil)
        #expect(!required("RoutineItem").contains("reps") && !required("RoutineItem").contains("seconds"))
        #expect(schemas["ClassInfo"]?["properties"]?["onlineUrl"] == nil && schemas["ClassInfo"]?["properties"]?["online"] != nil)
        #expect(schemas["ClassDetail"]?["properties"]?["onlineUrl"] != nil)
    }

    /// An admin route is not there for anyone else: a member is answered 404 by every one, and the
    /// document says so of each (a fuzz run as a member holds the server to it).
    @Test func everyAdminRouteIs404ToAMemberAndSaysSo() async throws {
        let running = try await RunningApp(.sqlite)
        let (member, _, _) = try API(running).signUp("member-404@example.com")
        let document = try JSONCoding.decoder.decode(JSONValue.self, from: Data(try request(running.port, "/openapi.json").body))
        let admin = running.app.endpoints.filter { $0.hiddenFrom != nil }
        #expect(admin.count >= 15, "\(admin.count) admin routes")
        for endpoint in admin {
            let documented = document["paths"]?[endpoint.pattern]?[endpoint.method.rawValue.lowercased()]?["responses"]?["404"]
            #expect(documented != nil, "\(endpoint.method) \(endpoint.pattern) does not document its 404")
            let reply = try API(running).call(endpoint.method.rawValue, Self.filled(endpoint.pattern), json: [String: String](), token: member)
            #expect(reply.status == 404, "\(endpoint.method) \(endpoint.pattern): \(reply.status)")
        }
    }

    /// A path with its parameters given their documented shapes: ids the example ids, days a day.
    static func filled(_ pattern: String) -> String {
        if pattern.hasPrefix("/v1/exercises/{id}") { return pattern.replacingOccurrences(of: "{id}", with: Exercise.example.id) }
        return pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix("{") else { return String(segment) }
            switch segment {
            case "{date}", "{day}": return Example.day
            case "{zone}": return "workouts"
            case "{kind}": return "post"
            case "{paymentId}": return "yaruki-6f1d2c3a5b4e4d7f9a8b1c2d3e4f5a6b"
            case "{file}": return "nothing.ics"
            default: return Example.otherID.uuidString
            }
        }.joined(separator: "/")
    }
}

/// A model's example, encodable without knowing its type statically.
private struct AnyExample: Encodable {
    let type: any APIModel.Type
    init(_ type: any APIModel.Type) { self.type = type }
    func encode(to encoder: Encoder) throws { try type.example.encode(to: encoder) }
}
