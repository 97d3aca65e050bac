import Foundation
import Testing
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// An online class's link is what people pay for: the API gives it to the coach, admins and
/// holders of a paid seat, in the class's detail only, and never to anyone else in any reply.
@Suite struct ClassLinkTests {
    static let link = "https://meet.example.com/kettlebell-secret-room"
    /// What no reply may contain, however its slashes are escaped.
    static let secret = "kettlebell-secret-room"

    @Test(arguments: Engine.allCases)
    func theLinkGoesOnlyToTheCoachAdminsAndPaidSeats(engine: Engine) async throws {
        let f = try await ClassFixture(engine)
        let (stranger, _) = try f.member("Stranger")
        let (mina, _) = try f.member("Mina")
        let (ren, _) = try f.member("Ren")
        let adminEmail = "admin-\(UUID().uuidString.prefix(8))@example.com"
        try await AccountAdmin.create(f.database, email: adminEmail, displayName: "Yui", password: "admin password 1", role: .admin)
        let admin = try #require(try f.api.signIn(adminEmail, password: "admin password 1").string("accessToken"))

        let start = ISO8601DateFormatter().string(from: f.clock.now.addingTimeInterval(3 * 86_400))
        let made = try f.api.call("POST", "/v1/classes", json: ["title": "Online mobility", "startsAt": start, "durationMinutes": 45, "capacity": 5,
                                                                "price": 20_000, "currency": "KRW", "onlineUrl": Self.link], token: f.coach)
        #expect(made.status == 201, "\(made.text)")
        #expect(!made.text.contains(Self.secret), "the list a coach gets back is a list, not the detail")
        let classID = try #require((try made.json()["items"] as? [[String: Any]])?.first?["id"] as? String)
        let month = String(start.prefix(7))

        func detail(_ token: String) throws -> [String: Any] { try f.api.call("GET", "/v1/classes/\(classID)", token: token).json() }
        func texts(_ token: String) throws -> [String] {
            try ["/v1/classes?month=\(month)", "/v1/me/classes", "/v1/notifications"].map { path in
                let reply = try f.api.call("GET", path, token: token)
                #expect(reply.status == 200, "\(path): \(reply.text)")
                return reply.text
            }
        }
        // A stranger who just signed up learns the class is online, not where.
        let seen = try detail(stranger)
        #expect(seen["onlineUrl"] == nil)
        #expect((seen["item"] as? [String: Any])?["online"] as? Bool == true)
        #expect((seen["item"] as? [String: Any])?["onlineUrl"] == nil)
        for text in try texts(stranger) { #expect(!text.contains(Self.secret)) }
        // The coach and admins see it in the detail, and the month never carries it.
        #expect(try detail(f.coach)["onlineUrl"] as? String == Self.link)
        #expect(try detail(admin)["onlineUrl"] as? String == Self.link)
        for text in try texts(f.coach) + texts(admin) { #expect(!text.contains(Self.secret)) }

        // An order not yet paid holds no seat: no link.
        let minaOrder = try f.order(classID, mina)
        #expect(try detail(mina)["onlineUrl"] == nil)
        // Paid: the link, in the detail only.
        #expect(try f.pay(minaOrder, mina).status == 200)
        #expect(try f.confirm(minaOrder, mina)["state"] as? String == "paid")
        #expect(try detail(mina)["onlineUrl"] as? String == Self.link)
        for text in try texts(mina) { #expect(!text.contains(Self.secret), "my classes, the month and notifications never carry it") }

        // A member whose seat was refunded loses it again.
        let renOrder = try f.order(classID, ren)
        try f.pay(renOrder, ren)
        #expect(try f.confirm(renOrder, ren)["state"] as? String == "paid")
        #expect(try detail(ren)["onlineUrl"] as? String == Self.link)
        let cancelled = try f.api.call("POST", "/v1/orders/\(renOrder["id"] as! String)/cancel", token: ren)
        #expect(cancelled.status == 200, "\(cancelled.text)")
        #expect(try detail(ren)["onlineUrl"] == nil)
        for text in try texts(ren) { #expect(!text.contains(Self.secret)) }

        // A member's export holds their orders without the link; the coach's holds their own class with it.
        #expect(try Self.export(f, ren).contains { $0.value.contains(Self.secret) } == false)
        #expect(try Self.export(f, mina).contains { $0.value.contains(Self.secret) } == false)
        let coachExport = try Self.export(f, f.coach)
        #expect(coachExport.first { $0.key.hasSuffix("classes/taught.json") }?.value.contains(Self.secret) == true)
        // The sync feeds carry no class at all.
        for zone in ["workouts", "lifelog", "routines"] {
            let reply = try f.api.call("GET", "/v1/sync/\(zone)/changes", token: mina)
            #expect(reply.status == 200 && !reply.text.contains(Self.secret), "\(zone)")
        }
    }

    /// The person's export, its JSON files by name.
    static func export(_ f: ClassFixture, _ token: String) throws -> [String: String] {
        try exportedFiles(port: f.running.port, token: token)
    }
}
