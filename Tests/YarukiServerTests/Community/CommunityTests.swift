import Foundation
import YarukiAPI
import Testing
import YarukiTestSupport
@testable import YarukiServer

/// Posts, photos, comments, likes and blocks over HTTP.
@Suite(.serialized) struct CommunityTests {
    /// A 640×480 JPEG from ffmpeg, tagged by exiftool the way a phone tags one: GPS (home), camera,
    /// time, and an orientation saying "turn me 90°".
    static func phonePhoto() throws -> Data {
        let path = NSTemporaryDirectory() + "yaruki-photo-\(UUID().uuidString).jpg"
        defer { unlink(path) }
        let made = try Command.run(["/usr/bin/ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=640x480", "-frames:v", "1", path])
        precondition(made.status == 0, "ffmpeg is needed for the photo tests")
        let tagged = try Command.run(["/usr/bin/exiftool", "-q", "-overwrite_original", "-GPSLatitude=35.6586", "-GPSLatitudeRef=N",
                                      "-GPSLongitude=139.7454", "-GPSLongitudeRef=E", "-Make=Yaruki Phone", "-Model=Secret Model 9",
                                      "-DateTimeOriginal=2026:11:29 07:10:00", "-Orientation#=6", "-Artist=Mina at home", path])
        precondition(tagged.status == 0, "exiftool is needed for the photo tests (scripts/setup.sh test installs it)")
        return FileManager.default.contents(atPath: path)!
    }

    static func upload(_ port: Int, token: String?, _ data: Data, path: String = "/v1/photos") throws -> RawClient.Reply {
        let client = try RawClient(port: port, timeout: 20)
        var head = "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        head += "Content-Length: \(data.count)\r\nConnection: close\r\n\r\n"
        client.send(head)
        client.send([UInt8](data))
        return try client.readResponse()
    }

    /// What exiftool finds in a file: every tag, by name.
    static func tags(_ bytes: [UInt8]) throws -> [String: Any] {
        let path = NSTemporaryDirectory() + "yaruki-served-\(UUID().uuidString).jpg"
        defer { unlink(path) }
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let out = try Command.run(["/usr/bin/exiftool", "-j", "-a", "-G1", path])
        let list = try JSONSerialization.jsonObject(with: Data(out.output.utf8)) as? [[String: Any]]
        return list?.first ?? [:]
    }

    @Test func noServedCopyCarriesExif() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("exif@example.com")
        let original = try CommunityTests.phonePhoto()
        #expect(try CommunityTests.tags(Array(original)).keys.contains { $0.hasSuffix(":GPSLatitude") }, "the test photo does carry GPS")
        let reply = try CommunityTests.upload(running.port, token: token, original)
        #expect(reply.status == 201, "\(reply.text)")
        let photo = try reply.json()
        // Turned upright by its orientation tag: 640×480 shown as 480×640.
        #expect(photo["width"] as? Int == 480 && photo["height"] as? Int == 640)
        for key in ["url", "thumbnailURL"] {
            let served = try request(running.port, "GET", try #require(photo[key] as? String))
            #expect(served.status == 200 && served.headers["content-type"] == "image/jpeg")
            let tags = try CommunityTests.tags(served.body)
            let leaked = tags.keys.filter { key in
                ["EXIF", "IFD0", "ExifIFD", "GPS", "XMP", "IPTC", "ICC_Profile", "MakerNotes"].contains { key.hasPrefix($0 + ":") }
            }
            #expect(leaked.isEmpty, "\(key) still carries \(leaked)")
            #expect(!served.body.contains(Array("Exif".utf8)) && !served.text.contains("Secret Model") && !served.text.contains("35.65"))
        }
        // Every file the store kept is just as clean: nothing holds the original.
        let root = running.app.settings.dataDirectory + "/media"
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".jpg") }
        #expect(files.count == 2)
        for file in files {
            let bytes = [UInt8](FileManager.default.contents(atPath: root + "/" + file) ?? Data())
            #expect(!bytes.contains(Array("Exif".utf8)) && !String(decoding: bytes, as: UTF8.self).contains("Secret Model"))
        }
    }

    @Test func otherImageKindsAndBadUploads() async throws {
        let running = try await RunningApp(.sqlite, arguments: ["--max-photo", "200000"])
        let api = API(running)
        let (token, _, _) = try api.signUp("kinds@example.com")
        for (codec, ext) in [("png", "png"), ("libwebp", "webp")] {
            let path = NSTemporaryDirectory() + "yaruki-kind-\(UUID().uuidString).\(ext)"
            defer { unlink(path) }
            #expect(try Command.run(["/usr/bin/ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240", "-frames:v", "1",
                                     "-c:v", codec, path]).status == 0)
            let reply = try CommunityTests.upload(running.port, token: token, FileManager.default.contents(atPath: path)!)
            let width = try reply.json()["width"] as? Int
            #expect(reply.status == 201 && width == 320, "\(ext): \(reply.text)")
        }
        #expect(try CommunityTests.upload(running.port, token: token, Data("just some text, not a picture".utf8)).status == 415)
        // JPEG's magic number with nothing after it.
        let broken = try CommunityTests.upload(running.port, token: token, Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 200)))
        #expect(broken.status == 400 && broken.text.contains("body"), "\(broken.text)")
        let big = try CommunityTests.upload(running.port, token: token, Data([0xFF, 0xD8, 0xFF]) + Data(count: 300_000))
        #expect(big.status == 413)
        #expect(try CommunityTests.upload(running.port, token: nil, try CommunityTests.phonePhoto()).status == 401)
        let count = try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM photos")?.int("n") }
        #expect(count == 2)
        let uploads = (try? FileManager.default.contentsOfDirectory(atPath: running.app.settings.dataDirectory + "/uploads")) ?? []
        #expect(uploads.isEmpty, "no upload file is left behind: \(uploads)")
        #expect(PhotoFiles.sniff(Array("\0\0\0\u{18}ftypheic\0\0\0\0".utf8)) == .heic)
        #expect(PhotoFiles.sniff(Array("\0\0\0\u{18}ftypisom\0\0\0\0".utf8)) == nil)
    }

    @Test(arguments: Engine.allCases)
    func postsFollowTheBoardsRulesAndStayTheirAuthors(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (aki, _, akiID) = try api.signUp("aki-post@example.com", name: "Aki")
        let (bo, _, boID) = try api.signUp("bo-post@example.com", name: "Bo")
        let photo = try #require(try CommunityTests.upload(running.port, token: aki, try CommunityTests.phonePhoto()).string("id"))

        // Bad input: each names its field (400 outside its rules, 404 naming what is not mine, 422
        // against the board's rules), and nothing is stored.
        let photos = (0..<11).map { _ in UUID().uuidString }
        for (body, field, status) in [(["board": "done", "body": "legs", "photoIds": photos], "photoIds", 400),
                                      (["board": "talk", "body": String(repeating: "あ", count: 6_000)], "body", 400),
                                      (["board": "talk", "body": "nul\u{0}"], "body", 400),
                                      (["board": "done", "body": "no picture"], "photoIds", 422),
                                      (["board": "feedback", "body": "form check?"], "photoIds", 422),
                                      (["board": "talk", "body": "   "], "body", 422),
                                      (["board": "gossip", "body": "hi"], "board", 400),
                                      (["board": "done", "photoIds": [UUID().uuidString]], "photoIds[0]", 404)] as [([String: Any], String, Int)] {
            let reply = try api.call("POST", "/v1/posts", json: body, token: aki)
            #expect(reply.status == status && TrainingTests.fields(reply).contains(field), "\(field): \(reply.text)")
        }
        // Someone else's photo cannot be attached: as if it were not there.
        let stolen = try api.call("POST", "/v1/posts", json: ["board": "done", "photoIds": [photo]], token: bo)
        #expect(stolen.status == 404 && TrainingTests.fields(stolen) == ["photoIds[0]"])
        #expect(try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM posts")?.int("n") } == 0)

        let posted = try api.call("POST", "/v1/posts", json: ["board": "done", "body": "  Legs day done.  ", "photoIds": [photo]], token: aki)
        #expect(posted.status == 201, "\(posted.text)")
        let post = try posted.json()
        let id = try #require(post["id"] as? String)
        #expect(post["body"] as? String == "Legs day done." && (post["photos"] as? [Any])?.count == 1 && post["mine"] as? Bool == true)
        // The same photo cannot go on a second post.
        #expect(try api.call("POST", "/v1/posts", json: ["board": "done", "photoIds": [photo]], token: aki).status == 404)

        // Another person cannot change or delete it: 404, as if it were not there.
        #expect(try api.call("PUT", "/v1/posts/\(id)", json: ["board": "talk", "body": "mine now"], token: bo).status == 404)
        #expect(try api.call("DELETE", "/v1/posts/\(id)", token: bo).status == 404)
        let edited = try api.call("PUT", "/v1/posts/\(id)", json: ["board": "talk", "body": "Legs day, and a walk."], token: aki)
        let editedPost = try edited.json()
        #expect(edited.status == 200 && editedPost["body"] as? String == "Legs day, and a walk.")
        #expect((editedPost["photos"] as? [Any])?.isEmpty == true, "photos left out of an edit are gone")

        // Comments: Bo writes one, Aki (the post's author) may delete it, a third person may not.
        let (sol, _, _) = try api.signUp("sol-post@example.com", name: "Sol")
        let comment = try #require(try api.call("POST", "/v1/posts/\(id)/comments", json: ["body": "Nice!"], token: bo).string("id"))
        #expect(try api.call("POST", "/v1/posts/\(id)/comments", json: ["body": "  "], token: bo).status == 400)
        #expect(try api.call("DELETE", "/v1/comments/\(comment)", token: sol).status == 404)
        let second = try #require(try api.call("POST", "/v1/posts/\(id)/comments", json: ["body": "Mine to keep"], token: bo).string("id"))
        #expect(try api.call("DELETE", "/v1/comments/\(comment)", token: aki).status == 204)
        let thread = try #require(try api.call("GET", "/v1/posts/\(id)/comments", token: sol).json()["items"] as? [[String: Any]])
        #expect(thread.map { $0["id"] as? String } == [second])
        #expect(try api.call("GET", "/v1/posts/\(id)", token: sol).json()["commentCount"] as? Int == 1)

        // Blocking: neither sees the other's posts or comments.
        #expect(try api.call("PUT", "/v1/blocks/\(akiID)", token: bo).status == 204)
        #expect((try api.call("GET", "/v1/posts", token: bo).json()["items"] as? [Any])?.isEmpty == true)
        #expect(try api.call("GET", "/v1/posts/\(id)", token: bo).status == 404)
        _ = try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Bo here"], token: bo)
        let akiFeed = try #require(try api.call("GET", "/v1/posts", token: aki).json()["items"] as? [[String: Any]])
        #expect(akiFeed.allSatisfy { ($0["author"] as? [String: Any])?["id"] as? String != boID.uppercased() && ($0["author"] as? [String: Any])?["displayName"] as? String != "Bo" })
        #expect((try api.call("GET", "/v1/posts/\(id)/comments", token: aki).json()["items"] as? [Any])?.isEmpty == true)
        #expect(try api.call("DELETE", "/v1/blocks/\(akiID)", token: bo).status == 204)
        #expect(try api.call("GET", "/v1/posts/\(id)", token: bo).status == 200)

        #expect(try api.call("DELETE", "/v1/posts/\(id)", token: aki).status == 204)
        #expect(try api.call("GET", "/v1/posts/\(id)", token: aki).status == 404)
        _ = akiID
    }

    @Test(arguments: Engine.allCases)
    func aHundredLikesAtOnceCountOnce(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (aki, _, _) = try api.signUp("aki-like@example.com")
        let (bo, _, _) = try api.signUp("bo-like@example.com")
        let id = try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "Like me"], token: aki).string("id"))
        let port = running.port
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<100 {
                group.addTask { (try? API(port: port).call("PUT", "/v1/posts/\(id)/like", token: bo).status) ?? 0 }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == 200 }, "\(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")
        let post = try api.call("GET", "/v1/posts/\(id)", token: bo).json()
        #expect(post["likeCount"] as? Int == 1 && post["likedByMe"] as? Bool == true)
        #expect(try api.call("GET", "/v1/posts/\(id)", token: aki).json()["likedByMe"] as? Bool == false)
        #expect(try api.call("DELETE", "/v1/posts/\(id)/like", token: bo).json()["likeCount"] as? Int == 0)
        #expect(try api.call("DELETE", "/v1/posts/\(id)/like", token: bo).json()["likeCount"] as? Int == 0)
    }

    /// A page's posts come with their photos from the same statement as the posts: each post its
    /// own, in the order they were put on it, on every page, whatever the post beyond the page has.
    @Test(arguments: Engine.allCases)
    func eachPostOnAPageCarriesItsOwnPhotosInOrder(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-11-30T09:00:00Z", strategy: .iso8601))
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (aki, _, _) = try api.signUp("aki-photos@example.com")
        let picture = try CommunityTests.phonePhoto()
        let photos = try (0..<5).map { _ in try #require(try CommunityTests.upload(running.port, token: aki, picture).string("id")) }
        var posts: [(id: String, photos: [String])] = []
        for (board, attached) in [("done", [photos[2], photos[0], photos[1]]), ("talk", []), ("done", [photos[4], photos[3]]), ("talk", [])] {
            clock.advance(1)
            let posted = try api.call("POST", "/v1/posts", json: ["board": board, "body": "with \(attached.count)", "photoIds": attached], token: aki)
            posts.insert((try #require(posted.string("id")), attached), at: 0)
        }
        func ids(_ item: [String: Any]) -> [String] { (item["photos"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? String)?.uppercased() } }
        for limit in [1, 2, 3, 4, 20] {
            var seen: [(id: String, photos: [String])] = []
            var cursor: String?
            repeat {
                let reply = try api.call("GET", "/v1/posts?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? ""), token: aki).json()
                seen += (reply["items"] as? [[String: Any]] ?? []).map { (($0["id"] as? String) ?? "", ids($0)) }
                cursor = reply["nextCursor"] as? String
            } while cursor != nil
            #expect(seen.map(\.id) == posts.map(\.id) && seen.map(\.photos) == posts.map { $0.photos.map { $0.uppercased() } }, "limit \(limit): \(seen)")
        }
        // A board narrows the posts, not their photos.
        let done = try #require(try api.call("GET", "/v1/posts?board=done", token: aki).json()["items"] as? [[String: Any]])
        #expect(done.map(ids) == [[photos[4], photos[3]], [photos[2], photos[0], photos[1]]].map { $0.map { $0.uppercased() } })
    }

    @Test(arguments: Engine.allCases)
    func pagesNeitherRepeatNorSkipWhilePostsArrive(engine: Engine) async throws {
        let clock = TestClock(try Date("2026-11-30T09:00:00Z", strategy: .iso8601))
        let running = try await RunningApp(engine, clock: clock)
        let api = API(running)
        let (aki, _, _) = try api.signUp("aki-page@example.com")
        var made: [String] = []
        for i in 0..<25 {
            // Some share a millisecond: the id breaks the tie.
            if i % 3 == 0 { clock.advance(1) }
            made.append(try #require(try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "post \(i)"], token: aki).string("id")))
        }
        var seen: [String] = []
        var cursor: String? = nil
        var pages = 0
        repeat {
            let reply = try api.call("GET", "/v1/posts?board=talk&limit=7" + (cursor.map { "&cursor=\($0)" } ?? ""), token: aki).json()
            seen += (reply["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            cursor = reply["nextCursor"] as? String
            pages += 1
            // New posts keep arriving between pages; they belong above the first page.
            clock.advance(1)
            _ = try api.call("POST", "/v1/posts", json: ["board": "talk", "body": "late \(pages)"], token: aki)
        } while cursor != nil
        #expect(pages == 4)
        // Every post once (posts made within one millisecond are ordered by id among themselves).
        #expect(seen.count == made.count && Set(seen) == Set(made), "no repeats, no gaps, none of the late ones")
        #expect(seen.first == made.last, "the newest first (it has its millisecond to itself)")
        #expect(try api.call("GET", "/v1/posts?cursor=nonsense", token: aki).status == 400)
        #expect(try api.call("GET", "/v1/posts?limit=500", token: aki).status == 400)
        #expect(try api.call("GET", "/v1/posts?board=gossip", token: aki).status == 400)
    }
}
