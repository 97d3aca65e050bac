import Foundation
import YarukiCore
import YarukiAPI
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// Proof videos: stored by content, typed by their bytes, limited, and seen by their owner only.
@Suite(.serialized) struct ProofTests {
    /// A one-second test-pattern MP4 made with ffmpeg (the test machines install it).
    static let video: Data = {
        let path = NSTemporaryDirectory() + "yaruki-proof-\(UUID().uuidString).mp4"
        let result = try? Command.run(["/usr/bin/ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10",
                                       "-pix_fmt", "yuv420p", path])
        precondition(result?.status == 0, "ffmpeg is needed for the proof tests (scripts/setup.sh test installs it)")
        return FileManager.default.contents(atPath: path)!
    }()

    /// The test video made a file of its own: an MP4 `free` box at its end (which players skip)
    /// holds random bytes, so each has its own SHA-256 (one file proves one day).
    static func distinct() -> Data {
        let payload = Data(UUID().uuidString.utf8)
        var size = UInt32(8 + payload.count).bigEndian
        return video + Data(bytes: &size, count: 4) + Data("free".utf8) + payload
    }

    /// Media made by ffmpeg from lavfi sources, written to standard output when `piped` (so the
    /// container has no duration, as a phone's MediaRecorder WebM has none).
    static func made(_ arguments: [String], ext: String, piped: Bool = false) throws -> Data {
        let path = NSTemporaryDirectory() + "yaruki-media-\(UUID().uuidString).\(ext)"
        defer { unlink(path) }
        let command = ["/usr/bin/ffmpeg", "-v", "error", "-y"] + arguments
        if piped {
            let result = try Command.run(["/bin/sh", "-c", command.joined(separator: " ") + " pipe:1 > " + path])
            try #require(result.status == 0)
        } else {
            try #require(try Command.run(command + [path]).status == 0)
        }
        return try #require(FileManager.default.contents(atPath: path))
    }

    static func upload(_ port: Int, token: String?, _ data: Data, query: String = "") throws -> RawClient.Reply {
        let client = try RawClient(port: port, timeout: 20)
        var head = "POST /v1/proofs\(query.isEmpty ? "" : "?" + query) HTTP/1.1\r\nHost: x\r\nContent-Type: video/mp4\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        head += "Content-Length: \(data.count)\r\nConnection: close\r\n\r\n"
        client.send(head)
        client.send([UInt8](data))
        return try client.readResponse()
    }

    /// Files under the data folder's media and uploads, whatever the folder layout.
    static func files(_ running: RunningApp) -> [String] {
        ["media", "uploads"].flatMap { folder -> [String] in
            let root = running.app.settings.dataDirectory + "/" + folder
            return (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { name in
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory)
                return !isDirectory.boolValue
            }
        }
    }

    @Test func uploadPlayWithRangeAndThumbnail() async throws {
        // A proof recorded more than 7 days before its upload is refused: the day after, on the
        // app's own clock, not the machine's.
        let clock = TestClock(try Date("2026-11-30T09:00:00+09:00", strategy: .iso8601))
        let running = try await RunningApp(.sqlite, clock: clock)
        let api = API(running)
        let (token, _, _) = try api.signUp("vid@example.com")
        let reply = try Self.upload(running.port, token: token, Self.video, query: "exerciseId=squat&recordedAt=2026-11-29T23:59:00%2B09:00")
        #expect(reply.status == 201, "\(reply.text)")
        let proof = try reply.json()
        #expect(proof["type"] as? String == "video/mp4" && proof["size"] as? Int == Self.video.count)
        #expect((900...1100).contains(proof["durationMs"] as? Int ?? 0))
        #expect(proof["exerciseId"] as? String == "squat")
        let id = try #require(proof["id"] as? String)
        let video = try #require(proof["videoURL"] as? String)
        let full = try request(running.port, "GET", video)
        #expect(full.status == 200 && full.body == [UInt8](Self.video) && full.headers["content-type"] == "video/mp4")
        let part = try request(running.port, "GET", video, headers: ["Range": "bytes=10-19"])
        #expect(part.status == 206 && part.body == [UInt8](Self.video[10..<20]))
        #expect(try request(running.port, "GET", video, headers: ["Range": "bytes=99999999-"]).status == 416)
        let thumbnail = try request(running.port, "GET", try #require(proof["thumbnailURL"] as? String))
        #expect(thumbnail.status == 200 && thumbnail.body.prefix(2) == [0xFF, 0xD8])
        #expect(try api.call("GET", "/v1/proofs/\(id)", token: token).string("id") == id)
        let listed = try api.call("GET", "/v1/proofs?from=2026-11-29&to=2026-11-29", token: token).json()["items"] as? [[String: Any]]
        #expect(listed?.count == 1, "filed under the day it was recorded, in the person's time zone")
    }

    /// Every proof and media endpoint: owner 200, another signed-in person 404, nobody 401.
    @Test func privacyMatrix() async throws {
        let clock = TestClock()
        let running = try await RunningApp(.sqlite, clock: clock)
        let api = API(running)
        let (owner, _, _) = try api.signUp("own@example.com")
        let (member, _, _) = try api.signUp("member@example.com")
        // In the same group: members see each other's counts, never each other's videos.
        let code = try #require(try api.call("POST", "/v1/groups", json: ["name": "Crew"], token: owner).string("inviteCode"))
        #expect(try api.call("POST", "/v1/groups/join", json: ["code": code], token: member).status == 200)
        let (stranger, _, _) = try api.signUp("stranger@example.com")
        let proof = try Self.upload(running.port, token: owner, Self.video).json()
        let id = try #require(proof["id"] as? String)
        let endpoints = ["/v1/proofs/\(id)", "/v1/proofs/\(id)/video", "/v1/proofs/\(id)/thumbnail"]
        for path in endpoints {
            #expect(try api.call("GET", path, token: owner).status == 200, "owner \(path)")
            #expect(try api.call("GET", path, token: member).status == 404, "group member \(path)")
            #expect(try api.call("GET", path, token: stranger).status == 404, "stranger \(path)")
            #expect(try api.call("GET", path).status == 401, "nobody \(path)")
        }
        #expect((try api.call("GET", "/v1/proofs", token: member).json()["items"] as? [Any])?.isEmpty == true)
        // Signed links work without a token, only as signed, only for a while.
        let link = try #require(proof["videoURL"] as? String)
        #expect(try request(running.port, "GET", link).status == 200)
        #expect(try request(running.port, "GET", link.replacingOccurrences(of: "sig=", with: "sig=x")).status == 401)
        let thumbnailLink = try #require(proof["thumbnailURL"] as? String)
        let swapped = link.replacingOccurrences(of: "/video?", with: "/thumbnail?")
        #expect(try request(running.port, "GET", swapped).status == 401, "a video link does not open the thumbnail")
        #expect(try request(running.port, "GET", thumbnailLink).status == 200)
        clock.advance(601)
        #expect(try request(running.port, "GET", link).problemType == "/problems/link-expired")
        #expect(try api.call("DELETE", "/v1/proofs/\(id)", token: member).status == 404)
        #expect(try api.call("DELETE", "/v1/proofs/\(id)", token: stranger).status == 404)
        #expect(try api.call("DELETE", "/v1/proofs/\(id)").status == 401)
        #expect(try api.call("DELETE", "/v1/proofs/\(id)", token: owner).status == 204)
        #expect(try api.call("GET", "/v1/proofs/\(id)", token: owner).status == 404)
    }

    @Test func wrongTypesAndBadFieldsStoreNothing() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("type@example.com")
        let text = try Self.upload(running.port, token: token, Data(String(repeating: "not a video ", count: 1000).utf8))
        #expect(text.status == 415)
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]); png.append(Data(count: 100))
        #expect(try Self.upload(running.port, token: token, png).status == 415)
        let unknown = try Self.upload(running.port, token: token, Self.video, query: "exerciseId=levitation")
        #expect(unknown.status == 404 && unknown.text.contains("exerciseId"))
        let old = try Self.upload(running.port, token: token, Self.video, query: "recordedAt=2020-01-01T00:00:00Z")
        #expect(old.status == 422 && old.text.contains("recordedAt"))
        #expect(try Self.upload(running.port, token: token, Self.video, query: "workoutId=\(UUID().uuidString)").status == 404)
        #expect(try Self.upload(running.port, token: token, Self.video, query: "workoutId=nope").status == 400)
        #expect(try Self.upload(running.port, token: token, Data()).status == 415)
        #expect(await eventually(timeout: 5) { Self.files(running).isEmpty }, "\(Self.files(running))")
        // A recording time in the future is filed at the upload time.
        let future = try Self.upload(running.port, token: token, Self.video, query: "recordedAt=2099-01-01T00:00:00Z").json()
        #expect(future["recordedAt"] as? String == future["uploadedAt"] as? String)
    }

    /// A header with anything after it, a clip under a second, or sound alone is no proof: 415,
    /// nothing kept, nothing counted toward the week.
    @Test func fakeShortAndSilentPicturelessProofsAreRefused() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("fake@example.com")
        let ftyp = Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8))
        #expect(ftyp.count == 24)
        var html = ftyp
        html.append(Data("<html><body><script>alert(1)</script></body></html>".utf8))
        let short = try Self.made(["-f", "lavfi", "-i", "testsrc=duration=0.5:size=160x120:rate=10", "-pix_fmt", "yuv420p", "-f", "mp4"], ext: "mp4")
        let sound = try Self.made(["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:a", "aac", "-f", "mp4"], ext: "mp4")
        // Its index first (faststart), then frames zeroed: ffprobe reads it, no frame decodes.
        var damaged = try Self.made(["-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10", "-pix_fmt", "yuv420p",
                                     "-movflags", "+faststart", "-f", "mp4"], ext: "mp4")
        let frames = try #require(damaged.range(of: Data("mdat".utf8))).upperBound
        damaged.replaceSubrange(frames..<damaged.count, with: Data(count: damaged.count - frames))
        for (name, data, words) in [("header only", ftyp, "cannot be read"), ("header and HTML", html, "cannot be read"),
                                    ("half a second", short, "at least 1 second"), ("sound alone", sound, "no video"),
                                    ("frames zeroed", damaged, "decoded")] {
            let reply = try Self.upload(running.port, token: token, data)
            #expect(reply.status == 415, "\(name): \(reply.status) \(reply.text)")
            #expect(reply.text.contains(words), "\(name): \(reply.text)")
        }
        #expect(await eventually(timeout: 5) { Self.files(running).isEmpty }, "\(Self.files(running))")
        #expect((try api.call("GET", "/v1/proofs", token: token).json()["items"] as? [Any])?.isEmpty == true)
        let week = try #require(try api.call("GET", "/v1/me/quota", token: token).json()["week"] as? [String: Any])
        #expect(week["done"] as? Int == 0)
    }

    /// A live WebM (what MediaRecorder writes) has no duration in its header: its packets tell it.
    @Test func aLiveWebMIsTimedByItsPackets() async throws {
        let running = try await RunningApp(.sqlite)
        let (token, _, _) = try API(running).signUp("live@example.com")
        let live = try Self.made(["-f", "lavfi", "-i", "testsrc=duration=2:size=160x120:rate=10", "-c:v", "libvpx", "-f", "webm"],
                                 ext: "webm", piped: true)
        let reply = try Self.upload(running.port, token: token, live)
        #expect(reply.status == 201, "\(reply.text)")
        let duration = try #require(try reply.json()["durationMs"] as? Int)
        #expect((1900...2100).contains(duration))
    }

    @Test func limitsAnonymousUploadsAndInterruptedOnes() async throws {
        let running = try await RunningApp(.sqlite, arguments: ["--max-upload", "4096"])
        let api = API(running)
        let (token, _, _) = try api.signUp("big@example.com")
        #expect(Self.video.count > 4096)
        #expect(try Self.upload(running.port, token: token, Self.video).status == 413)
        // Without a token a large body is not even written: the small JSON limit answers.
        #expect(try Self.upload(running.port, token: nil, Data(count: 2 << 20)).status == 413)
        #expect(try Self.upload(running.port, token: nil, Data(count: 100)).status == 401)
        // A client that goes away mid-upload leaves nothing.
        do {
            let client = try RawClient(port: running.port)
            client.send("POST /v1/proofs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Length: 4000\r\n\r\n")
            client.send([UInt8](Self.video.prefix(2000)))
            #expect(await eventually(timeout: 5) { Self.files(running).count == 1 })
        }
        #expect(await eventually(timeout: 5) { Self.files(running).isEmpty }, "\(Self.files(running))")
    }

    /// One file proves one day: the same file sent again for the same day is the same proof
    /// (a retry), for another day or by someone else it is refused; deleting frees it.
    @Test(arguments: Engine.allCases)
    func oneFileProvesOneDay(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (token, _, _) = try api.signUp("twice-\(UUID().uuidString.prefix(6))@example.com")
        let (other, _, _) = try api.signUp("friend-\(UUID().uuidString.prefix(6))@example.com")
        let first = try Self.upload(running.port, token: token, Self.video)
        #expect(first.status == 201)
        let again = try Self.upload(running.port, token: token, Self.video)
        #expect(again.status == 200 && again.string("id") == first.string("id"), "a retry is the same proof")
        #expect(Self.files(running).count == 2, "one video and one thumbnail: \(Self.files(running))")
        let yesterday = ISO8601DateFormatter().string(from: Date().addingTimeInterval(-86_400)).replacingOccurrences(of: "+", with: "%2B")
        let backdated = try Self.upload(running.port, token: token, Self.video, query: "recordedAt=\(yesterday)")
        #expect(backdated.status == 409 && backdated.problemType == "/problems/video-used" && backdated.text.contains("already proves"), "\(backdated.text)")
        let shared = try Self.upload(running.port, token: other, Self.video)
        #expect(shared.status == 409 && shared.text.contains("someone's proof"), "\(shared.text)")
        // Nothing more was filed: the one proof stands.
        let id = try #require(first.string("id"))
        #expect(try api.call("DELETE", "/v1/proofs/\(id)", token: token).status == 204)
        #expect(Self.files(running).isEmpty)
        #expect(try Self.upload(running.port, token: other, Self.video).status == 201, "freed, it may prove someone's day")
    }

    /// The day a video proves is the one its camera wrote into it, whatever the app says; an
    /// older one than a week is refused; and a day proved only late shows as such to the group.
    @Test func aVideoProvesTheDayItsCameraSaysAndTheGroupSeesLateOnes() async throws {
        // A Thursday: two days ago is in the same week, whatever day the tests run.
        let clock = TestClock(try Date("2026-11-26T12:00:00Z", strategy: .iso8601))
        let running = try await RunningApp(.sqlite, clock: clock)
        let api = API(running)
        let (token, _, id) = try api.signUp("camera-\(UUID().uuidString.prefix(6))@example.com", extra: ["timeZone": "UTC"])
        let code = try #require(try api.call("POST", "/v1/groups", json: ["name": "Crew"], token: token).string("inviteCode"))
        _ = code
        let group = try #require(try api.call("GET", "/v1/groups", token: token).json()["items"].flatMap { ($0 as? [[String: Any]])?.first?["id"] as? String })
        let calendar = PersonalCalendar(timeZone: TimeZone(identifier: "UTC")!, weekStart: .monday)
        let twoDaysAgo = clock.now.addingTimeInterval(-2 * 86_400)
        let stamp = ISO8601DateFormatter().string(from: twoDaysAgo)
        func tagged(_ when: String) throws -> Data {
            try Self.made(["-f", "lavfi", "-i", "testsrc=duration=1:size=160x120:rate=10", "-pix_fmt", "yuv420p", "-metadata", "creation_time=\(when)"], ext: "mp4")
        }
        // The app says "now"; the camera says two days ago: the camera wins.
        let reply = try Self.upload(running.port, token: token, try tagged(stamp), query: "recordedAt=\(ISO8601DateFormatter().string(from: clock.now))")
        #expect(reply.status == 201, "\(reply.text)")
        #expect(reply.string("recordedDay") == calendar.day(of: twoDaysAgo))
        // A week and more: refused, with the day it says.
        let old = try Self.upload(running.port, token: token, try tagged(ISO8601DateFormatter().string(from: clock.now.addingTimeInterval(-9 * 86_400))))
        #expect(old.status == 422 && old.text.contains("more than 7 days"), "\(old.text)")
        // The group sees the day as proved late; today's on-time proof is not.
        #expect(try Self.upload(running.port, token: token, Self.distinct()).status == 201)
        let standings = try api.call("GET", "/v1/groups/\(group)/standings?date=\(calendar.day(of: clock.now))", token: token).json()
        let me = try #require((standings["members"] as? [[String: Any]])?.first { ($0["id"] as? String)?.lowercased() == id.lowercased() })
        let days = me["days"] as? [String] ?? []
        let late = me["backdated"] as? [String] ?? []
        #expect(days.contains(calendar.day(of: clock.now)) && !late.contains(calendar.day(of: clock.now)))
        #expect(days.contains(calendar.day(of: twoDaysAgo)) && late == [calendar.day(of: twoDaysAgo)], "\(me)")
    }

    @Test func deletingTheAccountRemovesItsVideos() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("gone@example.com")
        // Deleting the account removes its videos too.
        _ = try Self.upload(running.port, token: token, Self.video)
        let deleted = try api.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: token)
        #expect((try deleted.json()["deleted"] as? [String: Int])?["mediaFiles"] == 1)
        #expect(Self.files(running).isEmpty)
    }
}
