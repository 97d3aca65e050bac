import Foundation
import Testing
@testable import YarukiCore

/// The camera moves rarely: only when the marker leaves the inner box or the needed span
/// changes by more than a third; dragging stops following until "follow".
struct CameraDirectorTests {
    struct Step: Codable, Equatable {
        var action: String  // "update", "drag" or "follow"
        var marker: GeoPoint?
        var ahead: [GeoPoint]?
        /// The viewport moved to, if the camera moved.
        var moved: Viewport?
        var following: Bool
    }

    /// A walk east along a street at 60° N, a drag, a fast drive north, then "follow".
    static let steps: [Step] = {
        var director = CameraDirector()
        var steps: [Step] = []
        func update(_ lat: Double, _ lon: Double, ahead: [(Double, Double)]) {
            let marker = GeoPoint(latitude: lat, longitude: lon)
            let path = ahead.map { GeoPoint(latitude: $0.0, longitude: $0.1) }
            let moved = director.update(marker: marker, ahead: path)
            steps.append(Step(action: "update", marker: marker, ahead: path, moved: moved, following: director.following))
        }
        // Walking: 0.0002° of longitude (≈ 11 m) a tick, four ticks ahead.
        for i in 0..<40 {
            let lon = 24.94 + Double(i) * 0.0002
            update(60.17, lon, ahead: (1...4).map { (60.17, lon + Double($0) * 0.0002) })
        }
        director.userMoved()
        steps.append(Step(action: "drag", following: director.following))
        for i in 40..<44 { update(60.17, 24.94 + Double(i) * 0.0002, ahead: [(60.17, 24.94 + Double(i + 1) * 0.0002)]) }
        director.follow()
        steps.append(Step(action: "follow", following: director.following))
        // Driving north: 0.002° (≈ 220 m) a tick, the coming path long.
        for i in 0..<12 {
            let lat = 60.17 + Double(i) * 0.002
            update(lat, 24.948, ahead: (1...4).map { (lat + Double($0) * 0.002, 24.948) })
        }
        return steps
    }()

    @Test func theCameraMovesRarelyAndOnlyWhenItMust() throws {
        let updates = Self.steps.filter { $0.action == "update" }
        let moves = updates.filter { $0.moved != nil }
        #expect(updates.first?.moved != nil, "the first frame is chosen")
        // 44 walking updates: far fewer moves than ticks.
        let walking = Self.steps.prefix(40).filter { $0.moved != nil }.count
        #expect(walking >= 2 && walking <= 8, "\(walking) moves in 40 ticks")
        // Dragged: no move at all until "follow".
        let drag = try #require(Self.steps.firstIndex { $0.action == "drag" })
        #expect(Self.steps[drag...].prefix { $0.action != "follow" }.allSatisfy { $0.moved == nil && !$0.following })
        let follow = try #require(Self.steps.firstIndex { $0.action == "follow" })
        #expect(Self.steps[follow + 1].moved != nil, "following again frames the marker at once")
        // Every frame holds the marker inside, and spans what is coming.
        for step in moves {
            let v = step.moved!
            let (dx, dy) = CameraDirector.offset(from: v.center, to: step.marker!)
            #expect(abs(dx) <= v.span / 2 && abs(dy) <= v.span / 2)
            #expect(v.span >= CameraDirector.minimumSpan)
        }
        // Driving needs a wider view than walking.
        #expect((moves.last?.moved?.span ?? 0) > 2 * (moves.first?.moved?.span ?? .infinity))
        #expect(moves.count < updates.count / 2)
    }

    @Test func smallSpanChangesKeepTheView() {
        var director = CameraDirector()
        let here = GeoPoint(latitude: 60, longitude: 25)
        let first = director.update(marker: here, ahead: [GeoPoint(latitude: 60.002, longitude: 25)])
        #expect(first != nil)
        // 25 % longer ahead: stays. Twice as long: moves.
        #expect(director.update(marker: here, ahead: [GeoPoint(latitude: 60.0025, longitude: 25)]) == nil)
        #expect(director.update(marker: here, ahead: [GeoPoint(latitude: 60.004, longitude: 25)]) != nil)
    }

    @Test func theBrowsersTwinHasTheSameVectors() throws {
        #expect(try BrowserVectors.isUpToDate(Self.steps, file: "camera-director.json"), "web/tests/vectors/camera-director.json was out of date and has been rewritten: commit it")
    }
}
