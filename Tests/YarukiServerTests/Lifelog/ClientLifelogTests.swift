import Foundation
import YarukiAPI
import Testing
import YarukiClient
import YarukiCore
import Synchronization
import YarukiTestSupport
@testable import YarukiServer

/// The lifelog through the SDK: write, upload with progress, the timeline, and a playback the
/// Core cursor can play.
@Suite(.serialized) struct ClientLifelogTests {
    @Test func aDayThroughTheSDKPlaysInTheCoreCursor() async throws {
        let running = try await RunningApp(.sqlite, clock: TestClock(PlaybackTests.clock))
        let url = URL(string: "http://127.0.0.1:\(running.port)")!
        let aino = YarukiClient(baseURL: url)
        try await aino.signUp(email: "sdk-aino@example.com", password: "correct horse battery", displayName: "Aino", timeZone: TimeZone(identifier: "Europe/Helsinki")!)
        func at(_ clock: String) -> OffsetDateTime { OffsetDateTime.parse("2026-11-28T\(clock):00+02:00")! }
        let memo = try await aino.writeLifelog(LifelogDraft(kind: .memo, occurredAt: at("08:00"), text: "Train in",
                                                            position: GeoPoint(latitude: 60.1712, longitude: 24.9413), accuracy: 9, source: .watch))
        #expect(memo.occurredAt.text == "2026-11-28T08:00:00+02:00" && memo.position?.accuracy == 9 && memo.source == .watch)
        try await aino.writeLifelog(LifelogDraft(kind: .checkin, occurredAt: at("09:00"), place: "Market Square",
                                                 position: GeoPoint(latitude: 60.1676, longitude: 24.9520), source: .phone))
        // A photo taken on the Esplanade, its EXIF saying where and when; progress reaches 1.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-photo-\(UUID().uuidString).jpg")
        try LifelogTests.photo(LifelogTests.gps(60.1675, 24.9470) + ["-DateTimeOriginal=2026:11:28 10:00:00", "-OffsetTimeOriginal=+02:00"]).write(to: file)
        let shares = Mutex<[Double]>([])
        let photo = try await aino.uploadLifelogPhoto(file: file, caption: "Espa in the snow", progress: { share in shares.withLock { $0.append(share) } })
        #expect(photo.occurredAt.text == "2026-11-28T10:00:00+02:00" && photo.photo != nil && photo.text == "Espa in the snow")
        #expect(shares.withLock { $0.last } == 1)
        let voiceFile = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-voice-\(UUID().uuidString).m4a")
        try LifelogTests.voice.write(to: voiceFile)
        let voice = try await aino.uploadVoiceNote(file: voiceFile, occurredAt: at("10:30"), position: GeoPoint(latitude: 60.1686, longitude: 24.9440),
                                                   transcript: "Remember oat milk")
        #expect(voice.voice?.type == "audio/mp4" && voice.text == "Remember oat milk")

        let day = try await aino.timeline(.day, date: "2026-11-28")
        #expect(try day.items.map { try $0.record?.value().kind } == [.memo, .checkin, .photo, .voice])
        let playback = try await aino.playback(.day, date: "2026-11-28")
        #expect(playback.stops.count == 4 && playback.legs.allSatisfy { $0.followsRoads == true })
        var cursor = PlaybackCursor(playback.timeline)
        cursor.jump(toStop: 2)
        #expect(cursor.position?.stop == 2 && cursor.position?.point == playback.stops[2].position)
        #expect(cursor.chapters.count == 3, "the memo, the photo's caption and the transcript")

        try await aino.deleteLifelogRecord(memo.id)
        await #expect {
            _ = try await aino.lifelogRecord(memo.id)
        } throws: { error in
            guard case let .problem(problem) = error as? YarukiClientError else { return false }
            return problem.status == 404
        }
    }
}
