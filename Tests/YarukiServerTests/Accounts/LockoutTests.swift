import Foundation
import YarukiAPI
import Testing
import YarukiHTTP
import YarukiTestSupport
@testable import YarukiServer

/// Strangers guessing a password from many networks hold back other strangers, never the owner:
/// a device or network the owner signed in from before still gets in, and a mailed sign-in link
/// gets them in from anywhere. IPv6 is counted by /64, one subscriber's line.
@Suite struct LockoutTests {
    static let password = "correct horse battery"

    static func login(_ api: API, _ email: String, password: String = LockoutTests.password, from network: String,
                      device: String? = nil) throws -> RawClient.Reply {
        var body: [String: Any] = ["email": email, "password": password]
        if let device { body["deviceToken"] = device }
        return try api.call("POST", "/v1/auth/login", json: body, headers: ["X-Forwarded-For": network])
    }

    @Test(arguments: Engine.allCases)
    func tenNetworksOfGuessesLockStrangersOutButNeverTheOwner(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let email = "owner-\(UUID().uuidString.prefix(6))@example.com"
        let home = "198.51.100.4"
        let made = try api.call("POST", "/v1/auth/signup", json: ["email": email, "password": Self.password, "displayName": "Owner"],
                                headers: ["X-Forwarded-For": home])
        #expect(made.status == 201)
        let device = try #require(made.string("deviceToken"))
        #expect(device.count == 43)
        // Ten networks, five wrong guesses each: fifty, the account's ceiling.
        for i in 0..<10 {
            for _ in 0..<5 { #expect(try Self.login(api, email, password: "wrong guess", from: "203.0.113.\(10 + i)").status == 401) }
        }
        // A stranger's eleventh network (even with the right password) is held back…
        let stranger = try Self.login(api, email, from: "192.0.2.77")
        #expect(stranger.status == 429 && Int(stranger.headers["retry-after"] ?? "") ?? 0 > 0)
        #expect(stranger.text.contains("sign-in link"), "the refusal says the way in")
        // …the owner at home gets in, and so does the owner's phone on a new network.
        #expect(try Self.login(api, email, from: home).status == 200)
        let phone = try Self.login(api, email, from: "192.0.2.88", device: device)
        #expect(phone.status == 200, "\(phone.text)")
        #expect(phone.string("deviceToken") == device, "the device keeps its token")
        // A made-up device token is no device of the owner's.
        #expect(try Self.login(api, email, from: "192.0.2.89", device: String(repeating: "A", count: 43)).status == 429)

        // From a new laptop on a new network: a mailed link signs in, and makes that laptop the owner's.
        let laptop = "192.0.2.99"
        let asked = try api.call("POST", "/v1/auth/link", json: ["email": email], headers: ["X-Forwarded-For": laptop])
        #expect(asked.status == 202)
        #expect(try api.call("POST", "/v1/auth/link", json: ["email": "nobody-\(UUID().uuidString.prefix(6))@example.com"],
                             headers: ["X-Forwarded-For": laptop]).text == asked.text, "the same answer for an address nobody has")
        let mail = try #require(try await running.mailbox.wait(for: email, count: 2).first { $0.token(for: "signin-link") != nil })
        #expect(mail.subject == "Your Yaruki sign-in link")
        let token = try #require(mail.token(for: "signin-link"))
        let signedIn = try api.call("POST", "/v1/auth/link/finish", json: ["token": token, "device": "Laptop"], headers: ["X-Forwarded-For": laptop])
        #expect(signedIn.status == 200, "\(signedIn.text)")
        let laptopDevice = try #require(signedIn.string("deviceToken"))
        #expect((try signedIn.json()["user"] as? [String: Any])?["emailVerified"] as? Bool == true, "the mailbox proved the address")
        let again = try api.call("POST", "/v1/auth/link/finish", json: ["token": token], headers: ["X-Forwarded-For": laptop])
        #expect(again.status == 410, "a link signs in once")
        // The laptop's password sign-ins now pass, on any network.
        #expect(try Self.login(api, email, from: "192.0.2.100", device: laptopDevice).status == 200)
        // Strangers are still held back.
        #expect(try Self.login(api, email, from: "192.0.2.101").status == 429)
    }

    @Test func browsersKeepTheirDeviceTokenInAnHttpOnlyCookie() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let email = "cookie-\(UUID().uuidString.prefix(6))@example.com"
        let made = try api.call("POST", "/v1/auth/signup", json: ["email": email, "password": Self.password, "displayName": "C", "useCookie": true])
        #expect(made.status == 201 && made.string("deviceToken") == nil)
        // Set-Cookie lines arrive joined with ", " (no cookie here holds one).
        let cookies = (made.headers["set-cookie"] ?? "").components(separatedBy: ", ")
        #expect(cookies.contains { $0.hasPrefix("yaruki_refresh=") })
        let device = try #require(cookies.first { $0.hasPrefix("yaruki_device=") })
        #expect(device.contains("HttpOnly") && device.contains("SameSite=Strict") && device.contains("Path=/v1/auth"))
        let token = String(device.dropFirst("yaruki_device=".count).prefix { $0 != ";" })
        for i in 0..<10 {
            for _ in 0..<5 { _ = try Self.login(api, email, password: "wrong guess", from: "203.0.113.\(60 + i)") }
        }
        let back = try api.call("POST", "/v1/auth/login", json: ["email": email, "password": Self.password, "useCookie": true],
                                headers: ["X-Forwarded-For": "192.0.2.5", "Cookie": "yaruki_device=\(token)"])
        #expect(back.status == 200, "\(back.text)")
    }

    /// One subscriber's IPv6 line is a /64: its addresses count together.
    @Test func ipv6IsCountedByItsSlash64() async throws {
        let running = try await RunningApp(.sqlite, arguments: ["--signups-per-hour", "10"])
        let api = API(running)
        var statuses: [Int] = []
        for i in 1...15 {
            let reply = try api.call("POST", "/v1/auth/signup", json: ["email": "v6-\(i)-\(UUID().uuidString.prefix(4))@example.com",
                                                                       "password": Self.password, "displayName": "Six"],
                                     headers: ["X-Forwarded-For": "2001:db8:1:2::\(String(i, radix: 16))"])
            statuses.append(reply.status)
        }
        #expect(statuses.filter { $0 == 201 }.count == 10 && statuses.suffix(5).allSatisfy { $0 == 429 }, "\(statuses)")
        let neighbour = try api.call("POST", "/v1/auth/signup", json: ["email": "v6-next@example.com", "password": Self.password, "displayName": "Next"],
                                     headers: ["X-Forwarded-For": "2001:db8:1:3::1"])
        #expect(neighbour.status == 201, "another /64 is another line")
        #expect(AddressRange.network(of: "2001:db8:1:2:aaaa:bbbb:cccc:dddd") == "2001:db8:1:2::/64")
        #expect(AddressRange.network(of: "2001:0DB8:0001:0002::1") == "2001:db8:1:2::/64")
        #expect(AddressRange.network(of: "::ffff:203.0.113.9") == "203.0.113.9")
        #expect(AddressRange.network(of: "203.0.113.9") == "203.0.113.9")
    }
}
