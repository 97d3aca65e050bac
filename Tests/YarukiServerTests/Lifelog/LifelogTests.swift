import Foundation
import YarukiAPI
import Testing
import YarukiCore
import YarukiTestSupport
@testable import YarukiServer

/// Lifelog records over HTTP: memos and check-ins under device ids, photos with their EXIF time
/// and place, voice notes, the timeline, and privacy.
@Suite(.serialized) struct LifelogTests {
    /// A small JPEG (or PNG) from ffmpeg, tagged by exiftool with `tags` (none: no EXIF at all);
    /// `heic`: that JPEG encoded as HEIC by libheif's heif-enc, its EXIF carried over as an iPhone's is.
    static func photo(_ tags: [String], png: Bool = false, heic: Bool = false) throws -> Data {
        let path = NSTemporaryDirectory() + "yaruki-lifelog-\(UUID().uuidString).\(png ? "png" : "jpg")"
        defer { unlink(path) }
        let made = try Command.run(["/usr/bin/ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=320x240", "-frames:v", "1", path])
        precondition(made.status == 0, "ffmpeg is needed for the lifelog tests")
        if !tags.isEmpty {
            let tagged = try Command.run(["/usr/bin/exiftool", "-q", "-overwrite_original"] + tags + [path])
            precondition(tagged.status == 0, "exiftool is needed for the lifelog tests (scripts/setup.sh test installs it)")
        }
        guard heic else { return FileManager.default.contents(atPath: path)! }
        let encoded = path + ".heic"
        defer { unlink(encoded) }
        let made2 = try Command.run(["/usr/bin/heif-enc", "-q", "60", "-o", encoded, path])
        precondition(made2.status == 0, "heif-enc is needed for the HEIC test (scripts/setup.sh test installs libheif-examples)")
        return FileManager.default.contents(atPath: encoded)!
    }

    /// A one-second tone as AAC in M4A, the way a phone records a voice note.
    static let voice: Data = {
        let path = NSTemporaryDirectory() + "yaruki-voice-\(UUID().uuidString).m4a"
        defer { unlink(path) }
        let made = try? Command.run(["/usr/bin/ffmpeg", "-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", path])
        precondition(made?.status == 0, "ffmpeg is needed for the voice tests")
        return FileManager.default.contents(atPath: path)!
    }()

    static func gps(_ lat: Double, _ lon: Double) -> [String] {
        ["-GPSLatitude=\(abs(lat))", "-GPSLatitudeRef=\(lat < 0 ? "S" : "N")", "-GPSLongitude=\(abs(lon))", "-GPSLongitudeRef=\(lon < 0 ? "W" : "E")"]
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var tags: [String]
        var png = false
        var heic = false
        /// What the upload's query says (the device's own values).
        var query = ""
        var occurredAt: String
        var latitude: Double
        var longitude: Double
        var altitude: Double?
        var description: String { name }
    }

    /// Four hemispheres, with and without offsets; the person lives in Tokyo.
    static let cases: [Case] = [
        Case(name: "north-east, offset written", tags: gps(35.6586, 139.7454) + ["-GPSAltitude=40", "-GPSAltitudeRef#=0",
                                                                                "-DateTimeOriginal=2026:11:28 09:15:00", "-OffsetTimeOriginal=+09:00"],
             occurredAt: "2026-11-28T09:15:00+09:00", latitude: 35.6586, longitude: 139.7454, altitude: 40),
        Case(name: "south-west, offset written, below sea level", tags: gps(-22.9519, -43.2105) + ["-GPSAltitude=5", "-GPSAltitudeRef#=1",
                                                                                                  "-DateTimeOriginal=2026:11:28 18:40:30",
                                                                                                  "-OffsetTimeOriginal=-03:00"],
             occurredAt: "2026-11-28T18:40:30-03:00", latitude: -22.9519, longitude: -43.2105, altitude: -5),
        Case(name: "north-west, offset from the GPS clock", tags: gps(40.7484, -73.9857) + ["-DateTimeOriginal=2026:11:28 23:30:00",
                                                                                          "-GPSDateStamp=2026:11:29", "-GPSTimeStamp=04:30:00"],
             occurredAt: "2026-11-28T23:30:00-05:00", latitude: 40.7484, longitude: -73.9857),
        Case(name: "south-east, no offset: the device's", tags: gps(-33.8568, 151.2153) + ["-DateTimeOriginal=2026:11:28 07:05:00"],
             query: "occurredAt=2026-11-28T07:06:10%2B11:00", occurredAt: "2026-11-28T07:05:00+11:00", latitude: -33.8568, longitude: 151.2153),
        Case(name: "no offset anywhere: the person's zone", tags: ["-DateTimeOriginal=2026:11:27 12:00:00"],
             query: "latitude=60.1699&longitude=24.9384", occurredAt: "2026-11-27T12:00:00+09:00", latitude: 60.1699, longitude: 24.9384),
        Case(name: "PNG with an eXIf chunk", tags: gps(-41.2865, 174.7762) + ["-DateTimeOriginal=2026:11:28 10:00:00", "-OffsetTimeOriginal=+13:00"],
             png: true, occurredAt: "2026-11-28T10:00:00+13:00", latitude: -41.2865, longitude: 174.7762),
        Case(name: "HEIC, as an iPhone saves it", tags: gps(37.5665, 126.978) + ["-GPSAltitude=38", "-GPSAltitudeRef#=0",
                                                                                "-DateTimeOriginal=2026:11:28 19:20:00", "-OffsetTimeOriginal=+09:00"],
             heic: true, occurredAt: "2026-11-28T19:20:00+09:00", latitude: 37.5665, longitude: 126.978, altitude: 38),
        Case(name: "no EXIF: the device's values", tags: [], query: "occurredAt=2026-11-28T08:00:00%2B02:00&latitude=60.17&longitude=24.94&accuracy=12",
             occurredAt: "2026-11-28T08:00:00+02:00", latitude: 60.17, longitude: 24.94),
    ]

    @Test(arguments: cases) func photoTimeAndPlaceComeFromExif(_ c: Case) async throws {
        let bytes = try Self.photo(c.tags, png: c.png, heic: c.heic)
        // The reader alone: HEIC's EXIF comes through libvips (its ISO BMFF boxes are not read by hand).
        let file = NSTemporaryDirectory() + "yaruki-exif-\(UUID().uuidString)"
        try bytes.write(to: URL(fileURLWithPath: file))
        defer { unlink(file) }
        let metadata = PhotoFiles.metadata(file)
        #expect(c.heic == (PhotoMetadata.read([UInt8](bytes)) == nil) || c.tags.isEmpty)
        if c.tags.contains(where: { $0.hasPrefix("-GPSLatitude=") }) {
            let position = try #require(metadata?.position)
            #expect(abs(position.latitude - c.latitude) < 1e-6 && abs(position.longitude - c.longitude) < 1e-6)
            #expect(metadata?.altitude == c.altitude)
        }
        // Through the API, against the device's values.
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("exif-\(UUID().uuidString.prefix(6))@example.com")
        let reply = try CommunityTests.upload(running.port, token: token, bytes, path: "/v1/lifelog/photos?source=phone&text=view" + (c.query.isEmpty ? "" : "&" + c.query))
        #expect(reply.status == 201, "\(reply.text)")
        let record = try reply.json()
        #expect(record["kind"] as? String == "photo" && record["text"] as? String == "view" && record["source"] as? String == "phone")
        #expect(record["occurredAt"] as? String == c.occurredAt)
        let position = try #require(record["position"] as? [String: Any])
        #expect(abs((position["latitude"] as? Double ?? 0) - c.latitude) < 1e-6)
        #expect(abs((position["longitude"] as? Double ?? 0) - c.longitude) < 1e-6)
        #expect(position["altitude"] as? Double == c.altitude)
        // The served copies carry none of it.
        let photo = try #require(record["photo"] as? [String: Any])
        let served = try request(running.port, "GET", try #require(photo["url"] as? String))
        #expect(served.status == 200)
        let tags = try CommunityTests.tags(served.body)
        #expect(!tags.keys.contains { $0.contains("GPS") || $0.hasSuffix(":DateTimeOriginal") })
    }

    @Test func readerSurvivesBrokenFiles() throws {
        let good = [UInt8](try Self.photo(Self.gps(35, 139) + ["-DateTimeOriginal=2026:11:28 09:15:00"]))
        // Every truncation and a run of corrupted bytes: never a crash, never a wrong place.
        for cut in stride(from: 0, to: min(good.count, 4000), by: 7) {
            if let p = PhotoMetadata.read(Array(good.prefix(cut)))?.position { #expect(abs(p.latitude - 35) < 1e-9) }
        }
        var random = SeededRandom(seed: 8)
        for _ in 0..<300 {
            var bytes = good
            for _ in 0..<8 { bytes[Int(random.next() % UInt64(min(bytes.count, 2000)))] = UInt8(truncatingIfNeeded: random.next()) }
            _ = PhotoMetadata.read(bytes)
        }
        #expect(PhotoMetadata.read([]) == nil && PhotoMetadata.read([0xFF, 0xD8, 0xFF]) == nil)
        // An EXIF block as libheif hands it over (a four-byte offset, then Exif\0\0 and TIFF), cut anywhere or lying about its offset.
        let tiff = try #require(PhotoMetadata.tiffBlock(good))
        let block: [UInt8] = [0, 0, 0, 0] + Array("Exif".utf8) + [0, 0] + Array(tiff)
        #expect(PhotoMetadata.read(exifBlock: block)?.position.map { abs($0.latitude - 35) < 1e-9 } == true)
        #expect(PhotoMetadata.read(exifBlock: Array(tiff))?.position != nil)
        for cut in 0..<min(block.count, 600) { _ = PhotoMetadata.read(exifBlock: Array(block.prefix(cut))) }
        #expect(PhotoMetadata.read(exifBlock: [0x7F, 0xFF, 0xFF, 0xFF] + block) == nil && PhotoMetadata.read(exifBlock: [0xFF, 0xFF, 0xFF, 0xFF]) == nil)
    }

    /// A server whose clock reads 2026-11-30T00:53Z, and its API.
    static func atNovember30(_ engine: Engine) async throws -> (RunningApp, API, TestClock) {
        let clock = TestClock(Date(timeIntervalSince1970: 1_796_000_000))
        let running = try await RunningApp(engine, clock: clock)
        return (running, API(running), clock)
    }

    @Test(arguments: Engine.allCases) func recordsAreWrittenChangedAndPrivate(_ engine: Engine) async throws {
        let (running, api, _) = try await Self.atNovember30(engine)
        let (mina, _, _) = try api.signUp("mina@example.com")
        let (bo, _, _) = try api.signUp("bo@example.com")
        let id = UUID().uuidString.lowercased()
        let memo: [String: Any] = ["kind": "memo", "occurredAt": "2026-11-29T09:12:30+02:00", "text": "Coffee by the sea",
                                   "position": ["latitude": 60.1675, "longitude": 24.9525, "accuracy": 8], "source": "watch"]
        let made = try api.call("PUT", "/v1/lifelog/records/\(id)", json: memo, token: mina)
        #expect(made.status == 201, "\(made.text)")
        #expect(made.string("occurredAt") == "2026-11-29T09:12:30+02:00" && made.string("day") == "2026-11-29")
        #expect(made.string("source") == "watch")
        // The same write again (a retry or a sync) changes nothing but answers 200.
        #expect(try api.call("PUT", "/v1/lifelog/records/\(id)", json: memo, token: mina).status == 200)
        var changed = memo
        changed["text"] = "Coffee by the sea, then a swim"
        #expect(try api.call("PUT", "/v1/lifelog/records/\(id)", json: changed, token: mina).string("text") == "Coffee by the sea, then a swim")
        // Bo cannot see, change or delete it: it does not exist for him.
        #expect(try api.call("GET", "/v1/lifelog/records/\(id)", token: bo).status == 404)
        #expect(try api.call("PUT", "/v1/lifelog/records/\(id)", json: memo, token: bo).status == 404)
        #expect(try api.call("DELETE", "/v1/lifelog/records/\(id)", token: bo).status == 404)
        #expect(try api.call("GET", "/v1/lifelog/records/\(id)", token: mina).string("text") == "Coffee by the sea, then a swim")
        #expect(try api.call("GET", "/v1/lifelog/records/\(id)").status == 401)

        // Bad input names its fields and stores nothing.
        // Bad input names its fields and stores nothing: 400 outside a field's rules, 422 for
        // fields that do not fit together (or with the clock).
        let bad: [([String: Any], Set<String>, Int)] = [
            (["kind": "diary", "occurredAt": "2026-11-29T09:00:00Z"], ["kind"], 400),
            (["kind": "memo", "occurredAt": "2026-11-29T09:00:00Z", "text": "  "], ["text"], 422),
            (["kind": "checkin", "occurredAt": "2026-11-29T09:00:00Z"], ["place", "position"], 422),
            (["kind": "checkin", "occurredAt": "2026-11-29T09:00:00Z", "place": "Pier", "position": ["latitude": 91, "longitude": 200]],
             ["position.latitude", "position.longitude"], 400),
            (["kind": "memo", "occurredAt": "2026-12-03T09:00:00Z", "text": "future"], ["occurredAt"], 422),
            (["kind": "memo", "occurredAt": "yesterday", "text": "x"], ["occurredAt"], 400),
            (["kind": "memo", "occurredAt": "2026-11-29T09:00:00+15:00", "text": "x"], ["occurredAt"], 400),
            (["kind": "memo", "occurredAt": "2026-11-29T09:00:00Z", "text": "x", "source": "fax"], ["source"], 400),
            (["kind": "photo", "occurredAt": "2026-11-29T09:00:00Z"], ["kind"], 422),
            (["kind": "memo", "occurredAt": "2026-11-29T09:00:00Z", "text": String(repeating: "a", count: 10_001)], ["text"], 400),
        ]
        for (body, fields, status) in bad {
            let reply = try api.call("PUT", "/v1/lifelog/records/\(UUID().uuidString)", json: body, token: mina)
            #expect(reply.status == status && Set(TrainingTests.fields(reply)) == fields, "\(body): \(reply.text)")
        }
        // A memo cannot become a check-in.
        var checkin = memo
        checkin["kind"] = "checkin"
        checkin["place"] = "Kauppatori"
        #expect(TrainingTests.fields(try api.call("PUT", "/v1/lifelog/records/\(id)", json: checkin, token: mina)) == ["kind"])
        let count = try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM lifelog_records")?.int("n") }
        #expect(count == 1)

        #expect(try api.call("DELETE", "/v1/lifelog/records/\(id)", token: mina).status == 204)
        #expect(try api.call("GET", "/v1/lifelog/records/\(id)", token: mina).status == 404)
    }

    /// Search finds my records by their words or place in any case, across days, newest first,
    /// page by page; what I typed is matched as typed (no wildcards), and never someone else's.
    @Test(arguments: Engine.allCases) func searchFindsMyRecordsByWordsOrPlace(_ engine: Engine) async throws {
        let (_, api, _) = try await Self.atNovember30(engine)
        let (mina, _, _) = try api.signUp("mina-search@example.com")
        let (bo, _, _) = try api.signUp("bo-search@example.com")
        func put(_ token: String, _ body: [String: Any]) throws -> String {
            let id = UUID().uuidString.lowercased()
            let reply = try api.call("PUT", "/v1/lifelog/records/\(id)", json: body, token: token)
            #expect(reply.status == 201, "\(reply.text)")
            return id
        }
        let old = try put(mina, ["kind": "memo", "occurredAt": "2025-06-01T08:00:00+09:00", "text": "Swim at the HARBOUR"])
        let checkin = try put(mina, ["kind": "checkin", "occurredAt": "2026-11-20T18:00:00+09:00", "place": "Harbour café",
                                     "position": ["latitude": 35.6, "longitude": 139.7]])
        _ = try put(mina, ["kind": "memo", "occurredAt": "2026-11-28T07:00:00+09:00", "text": "Squats, 100% effort"])
        _ = try put(bo, ["kind": "memo", "occurredAt": "2026-11-29T07:00:00+09:00", "text": "harbour run"])
        func ids(_ reply: RawClient.Reply) throws -> [String] {
            (try reply.json()["items"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? String)?.lowercased() }
        }
        #expect(try ids(try api.call("GET", "/v1/lifelog/search?q=harbour", token: mina)) == [checkin, old], "newest first, text and place, mine only")
        let first = try api.call("GET", "/v1/lifelog/search?q=Harbour&limit=1", token: mina).json()
        #expect((first["items"] as? [[String: Any]])?.count == 1)
        let cursor = try #require(first["nextCursor"] as? String)
        let rest = try api.call("GET", "/v1/lifelog/search?q=Harbour&limit=1&cursor=\(cursor)", token: mina)
        #expect(try ids(rest) == [old] && (try rest.json()["nextCursor"]) == nil)
        #expect(try ids(try api.call("GET", "/v1/lifelog/search?q=100%25", token: mina)).count == 1, "a % is a percent sign")
        #expect(try ids(try api.call("GET", "/v1/lifelog/search?q=1_0", token: mina)).isEmpty, "an underscore is an underscore")
        #expect(try ids(try api.call("GET", "/v1/lifelog/search?q=harbour", token: bo)).count == 1)
        #expect(try api.call("GET", "/v1/lifelog/search?q=%20%20", token: mina).status == 400)
        #expect(try api.call("GET", "/v1/lifelog/search", token: mina).status == 400)
        #expect(try api.call("GET", "/v1/lifelog/search?q=harbour").status == 401)
    }

    /// On this day: the same date in each of the ten years before, newest first, mine only; a
    /// 29 February looks back to leap years alone.
    @Test(arguments: Engine.allCases) func onThisDayLooksBackTenYears(_ engine: Engine) async throws {
        let (_, api, _) = try await Self.atNovember30(engine)
        let (mina, _, _) = try api.signUp("mina-past@example.com")
        let (bo, _, _) = try api.signUp("bo-past@example.com")
        func memo(_ token: String, _ at: String, _ text: String) throws {
            let reply = try api.call("PUT", "/v1/lifelog/records/\(UUID().uuidString)", json: ["kind": "memo", "occurredAt": at, "text": text], token: token)
            #expect(reply.status == 201, "\(reply.text)")
        }
        // Mina's days are Tokyo's: 2025-11-30T23:30+09:00 is still the 30th there (14:30 UTC).
        try memo(mina, "2025-11-30T07:00:00+09:00", "a year ago, morning")
        try memo(mina, "2025-11-30T23:30:00+09:00", "a year ago, evening")
        try memo(mina, "2025-11-30T23:30:00Z", "a year ago in UTC, the 1st in Tokyo")
        try memo(mina, "2024-11-30T12:00:00+09:00", "two years ago")
        try memo(mina, "2016-11-30T12:00:00+09:00", "ten years ago")
        try memo(mina, "2015-11-30T12:00:00+09:00", "eleven years ago")
        try memo(mina, "2025-11-29T12:00:00+09:00", "the day before")
        try memo(mina, "2024-02-29T12:00:00+09:00", "a leap day")
        try memo(bo, "2025-11-30T12:00:00Z", "someone else's")
        func texts(_ query: String, _ token: String) throws -> [String] {
            (try api.call("GET", "/v1/lifelog/on-this-day\(query)", token: token).json()["items"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        }
        #expect(try texts("", mina) == ["a year ago, evening", "a year ago, morning", "two years ago", "ten years ago"])
        #expect(try texts("?date=2028-02-29", mina) == ["a leap day"])
        #expect(try texts("", bo) == ["someone else's"])
        #expect(try api.call("GET", "/v1/lifelog/on-this-day?date=2026-02-30", token: mina).status == 400)
    }

    @Test(arguments: Engine.allCases)
    func voiceNotesPlayForTheirOwnerOnly(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let (mina, _, _) = try api.signUp("voice@example.com")
        let (bo, _, _) = try api.signUp("bo-voice@example.com")
        let id = UUID().uuidString.lowercased()
        let path = "/v1/lifelog/voice?id=\(id)&occurredAt=2026-11-29T10:00:00%2B02:00&latitude=60.17&longitude=24.95&text=buy%20oats"
        let reply = try CommunityTests.upload(running.port, token: mina, Self.voice, path: path)
        #expect(reply.status == 201, "\(reply.text)")
        let voice = try #require(try reply.json()["voice"] as? [String: Any])
        #expect(voice["type"] as? String == "audio/mp4" && voice["size"] as? Int == Self.voice.count)
        #expect((900...1200).contains(voice["durationMs"] as? Int ?? 0))
        #expect(reply.string("text") == "buy oats")
        let url = try #require(voice["url"] as? String)
        let played = try request(running.port, "GET", url)
        #expect(played.status == 200 && played.body == [UInt8](Self.voice) && played.headers["content-type"] == "audio/mp4")
        #expect(try request(running.port, "GET", url.replacingOccurrences(of: "sig=", with: "sig=x")).status == 401)
        #expect(try api.call("GET", "/v1/lifelog/records/\(id)/audio", token: bo).status == 404)
        // The same id again is the same record (a retry), the file stored once.
        let again = try CommunityTests.upload(running.port, token: mina, Self.voice, path: path)
        #expect(again.status == 200 && again.string("id")?.lowercased() == id)
        // Someone else's id is not there for Bo.
        #expect(try CommunityTests.upload(running.port, token: bo, Self.voice, path: path).status == 404)
        // A video is not a voice note, a photo is not audio; nothing is stored for either.
        #expect(try CommunityTests.upload(running.port, token: mina, ProofTests.video, path: "/v1/lifelog/voice").status == 415)
        #expect(try CommunityTests.upload(running.port, token: mina, try Self.photo([]), path: "/v1/lifelog/voice").status == 415)
        #expect(try CommunityTests.upload(running.port, token: mina, Self.voice, path: "/v1/lifelog/photos").status == 415)
        let before = ProofTests.files(running).count
        #expect(before == 1, "one audio file: \(ProofTests.files(running))")
        #expect(try api.call("DELETE", "/v1/lifelog/records/\(id)", token: mina).status == 204)
        #expect(ProofTests.files(running).isEmpty, "the audio goes with its record")
        // Deleting the account takes its records and their files.
        #expect(try CommunityTests.upload(running.port, token: mina, Self.voice, path: "/v1/lifelog/voice").status == 201)
        #expect(try CommunityTests.upload(running.port, token: mina, try Self.photo([]), path: "/v1/lifelog/photos").status == 201)
        #expect(ProofTests.files(running).count == 3, "the audio and the photo's two copies")
        let deleted = try api.call("DELETE", "/v1/me", json: ["password": "correct horse battery"], token: mina)
        #expect(deleted.status == 200, "\(deleted.text)")
        let removed = try #require(try deleted.json()["deleted"] as? [String: Int])
        #expect(removed["lifelogRecords"] == 2 && removed["mediaFiles"] == 1 && removed["photoFiles"] == 1)
        #expect(ProofTests.files(running).isEmpty)
    }

    @Test(arguments: Engine.allCases)
    func uploadsHaveLimitsAndCheckTheirFields(engine: Engine) async throws {
        let running = try await RunningApp(engine, arguments: ["--max-voice", "4096"])
        let api = API(running)
        let (token, _, _) = try api.signUp("limits@example.com")
        #expect(try CommunityTests.upload(running.port, token: token, Data(count: 8192) + Self.voice, path: "/v1/lifelog/voice").status == 413)
        let bad = try CommunityTests.upload(running.port, token: token, try Self.photo([]),
                                            path: "/v1/lifelog/photos?id=nope&latitude=100&source=fax&occurredAt=soon")
        #expect(bad.status == 400 && Set(TrainingTests.fields(bad)) == ["id", "latitude", "source", "occurredAt"], "\(bad.text)")
        let far = try CommunityTests.upload(running.port, token: token, try Self.photo([]), path: "/v1/lifelog/photos?latitude=100&longitude=20")
        #expect(far.status == 400 && TrainingTests.fields(far) == ["latitude"])
        let half = try CommunityTests.upload(running.port, token: token, try Self.photo([]), path: "/v1/lifelog/photos?latitude=60")
        #expect(half.status == 422 && TrainingTests.fields(half) == ["longitude"], "\(half.text)")
        #expect(try CommunityTests.upload(running.port, token: nil, try Self.photo([]), path: "/v1/lifelog/photos").status == 401)
        #expect(ProofTests.files(running).isEmpty, "nothing stored for a refused upload")
        let count = try await running.app.database.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM lifelog_records")?.int("n") }
        #expect(count == 0)
    }

    /// A timeline sends each record's stored JSON, its photo and voice note written in: the very
    /// bytes the record's own reply (made from its columns) has, for every kind, after a change,
    /// and for records whose JSON is missing or older than their last change until the start writes it.
    @Test(arguments: Engine.allCases) func aTimelineSendsEachRecordAsItsOwnReplyWritesIt(_ engine: Engine) async throws {
        let (running, api, _) = try await Self.atNovember30(engine)
        let (mina, _, _) = try api.signUp("written@example.com", extra: ["timeZone": "Europe/Helsinki"])
        var ids: [String] = []
        func put(_ body: [String: Any], id: String = UUID().uuidString.lowercased()) throws {
            let reply = try api.call("PUT", "/v1/lifelog/records/\(id)", json: body, token: mina)
            #expect(reply.status == 201 || reply.status == 200, "\(reply.text)")
            if !ids.contains(id) { ids.append(id) }
        }
        let memo = UUID().uuidString.lowercased()
        try put(["kind": "memo", "occurredAt": "2026-11-28T08:00:00+02:00", "text": "first"], id: memo)
        // Changed: its JSON is written again, with the new text and time of change.
        try put(["kind": "memo", "occurredAt": "2026-11-28T08:00:00+02:00",
                 "text": "He wrote \"occurredAt\":\"2026\" in a memo,\n\ttabs, ✓ 한국어 \u{1F3CB} and \\ too", "source": "watch"], id: memo)
        try put(["kind": "checkin", "occurredAt": "2026-11-28T12:30:00+02:00", "place": "Oodi \"library\"",
                 "position": ["latitude": 60.1738, "longitude": 24.938, "altitude": 12.5, "accuracy": 8], "source": "phone"])
        for (kind, body, query) in [("photos", try Self.photo(Self.gps(60.17, 24.95)), "&text=view"), ("voice", Self.voice, "")] {
            let id = UUID().uuidString.lowercased()
            let reply = try CommunityTests.upload(running.port, token: mina, body,
                                                  path: "/v1/lifelog/\(kind)?id=\(id)&occurredAt=2026-11-28T1\(ids.count):00:00%2B02:00\(query)")
            #expect(reply.status == 201, "\(reply.text)")
            ids.append(id)
        }
        func records() throws -> [String] {
            try ids.map { id in
                let reply = try api.call("GET", "/v1/lifelog/records/\(id)", token: mina)
                #expect(reply.status == 200)
                return reply.text
            }
        }
        var asked = 0
        func day() throws -> String {
            asked += 1  // a new query string: the reply is made, not kept
            return try api.call("GET", "/v1/lifelog/timeline?range=day&date=2026-11-28&n=\(asked)", token: mina).text
        }
        let own = try records()
        #expect(own.count == 4 && own.contains { $0.contains(#""photo":{"#) } && own.contains { $0.contains(#""voice":{"#) })
        let text = try day()
        for record in own { #expect(text.contains(#""record":"# + record), "\(record) in \(text)") }
        #expect(text.components(separatedBy: #""type":"record""#).count == 5)

        // Missing (written before it was kept) or older than the record (changed by an older node).
        try await running.app.database.transaction { c in
            try c.execute("UPDATE lifelog_records SET wire = NULL WHERE id = ?", UUID(uuidString: ids[0])!)
            try c.execute("UPDATE lifelog_records SET wire = '{}', wire_at = wire_at - 1 WHERE id = ?", UUID(uuidString: ids[2])!)
        }
        #expect(try day() == text)
        let unwritten = "SELECT COUNT(*) AS n FROM lifelog_records WHERE wire IS NULL OR wire_at <> updated_at"
        #expect(try await running.app.database.read { c in try c.queryOne(unwritten)?.int("n") } == 2)
        try await LifelogArea.prepare(running.app.database)
        #expect(try await running.app.database.read { c in try c.queryOne(unwritten)?.int("n") } == 0)
        #expect(try day() == text && (try records()) == own)
    }

    @Test(arguments: Engine.allCases) func timelineMergesEverySourceInTimeOrder(_ engine: Engine) async throws {
        let (_, api, _) = try await Self.atNovember30(engine)
        let (mina, _, _) = try api.signUp("time@example.com", extra: ["timeZone": "Europe/Helsinki"])
        let (bo, _, _) = try api.signUp("other@example.com", extra: ["timeZone": "Europe/Helsinki"])
        func put(_ token: String, _ body: [String: Any]) throws {
            #expect(try api.call("PUT", "/v1/lifelog/records/\(UUID().uuidString)", json: body, token: token).status == 201)
        }
        try put(mina, ["kind": "memo", "occurredAt": "2026-11-27T08:00:00+02:00", "text": "Friday"])
        try put(mina, ["kind": "checkin", "occurredAt": "2026-11-28T12:30:00+02:00", "place": "Oodi",
                       "position": ["latitude": 60.1738, "longitude": 24.9380]])
        try put(mina, ["kind": "memo", "occurredAt": "2026-11-28T09:00:00+02:00", "text": "Saturday morning"])
        try put(mina, ["kind": "memo", "occurredAt": "2026-11-28T23:59:59+02:00", "text": "Late"])
        try put(mina, ["kind": "memo", "occurredAt": "2026-11-28T10:00:00+02:00", "text": "As the workout starts"])  // a tie: after it
        try put(mina, ["kind": "memo", "occurredAt": "2026-11-29T00:00:00+02:00", "text": "Sunday"])
        try put(bo, ["kind": "memo", "occurredAt": "2026-11-28T10:00:00+02:00", "text": "Bo's"])
        let workout: [String: Any] = ["startedAt": "2026-11-28T08:00:00Z", "endedAt": "2026-11-28T08:30:00Z",
                                      "exercises": [["exerciseId": "squat", "sets": [["reps": 10]]]]]
        #expect(try api.call("PUT", "/v1/workouts/\(UUID().uuidString)", json: workout, token: mina).status == 201)

        let day = try api.call("GET", "/v1/lifelog/timeline?range=day&date=2026-11-28", token: mina)
        #expect(day.status == 200, "\(day.text)")
        let json = try day.json()
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.map { $0["type"] as? String } == ["record", "workout", "record", "record", "record"])
        #expect(items.map { $0["at"] as? String } == ["2026-11-28T09:00:00+02:00", "2026-11-28T10:00:00+02:00", "2026-11-28T10:00:00+02:00",
                                                     "2026-11-28T12:30:00+02:00", "2026-11-28T23:59:59+02:00"])
        #expect(json["previous"] as? String == "2026-11-27" && json["next"] as? String == "2026-11-29" && json["timeZone"] as? String == "Europe/Helsinki")

        let week = try api.call("GET", "/v1/lifelog/timeline?range=week&date=2026-11-28", token: mina).json()
        #expect(week["first"] as? String == "2026-11-23" && week["last"] as? String == "2026-11-29")
        #expect((week["items"] as? [Any])?.count == 7)
        let month = try api.call("GET", "/v1/lifelog/timeline?range=month&date=2026-11-28", token: mina).json()
        #expect(month["first"] as? String == "2026-11-01" && month["last"] as? String == "2026-11-30" && month["previous"] as? String == "2026-10-01")
        #expect((month["items"] as? [Any])?.count == 7)
        #expect((try api.call("GET", "/v1/lifelog/timeline?range=month&date=2026-10-28", token: mina).json()["items"] as? [Any])?.isEmpty == true)
        let empty = try api.call("GET", "/v1/lifelog/timeline?range=week&date=2026-11-28", token: bo).json()
        #expect((empty["items"] as? [Any])?.count == 1)
        let bad = try api.call("GET", "/v1/lifelog/timeline?range=year&date=2026-02-30", token: mina)
        #expect(bad.status == 400 && Set(TrainingTests.fields(bad)) == ["range", "date"])
        #expect(TrainingTests.fields(try api.call("GET", "/v1/lifelog/timeline?range=day&date=2026-02-30", token: mina)) == ["date"])
    }
}
