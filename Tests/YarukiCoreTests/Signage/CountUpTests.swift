import Foundation
import Testing
@testable import YarukiCore

/// The wall's count-up: monotone, never past its target, smooth through retargets; written out
/// as vectors the browser's copy must replay.
@Suite struct CountUpTests {
    @Test func countsUpWithoutOvershootAndRetargetsFromTheScreen() {
        var c = CountUp(value: 1_000, at: 0)
        c.retarget(1_500, at: 0)  // small: eased all the way
        var last: Int64 = 1_000
        for ms in stride(from: 0, through: 2_100, by: 16) {
            let v = c.value(at: Double(ms) / 1000)
            #expect(v >= last && v <= 1_500)
            last = v
        }
        #expect(c.value(at: 2) == 1_500 && !c.isMoving(at: 2))
        // A large jump: linear to 333 short in one second, then eased.
        c.retarget(1_000_000, at: 10)
        #expect(c.value(at: 10.5) == 1_500 + (999_667 - 1_500) / 2)
        #expect(c.value(at: 11) == 999_667)
        #expect(c.value(at: 11.5) > 999_667 && c.value(at: 11.5) < 1_000_000 && c.value(at: 12) == 1_000_000)
        // Retargeting mid-flight starts from the figure on screen, not from the old start.
        c.retarget(2_000_000, at: 20)
        let onScreen = c.value(at: 20.4)
        c.retarget(2_500_000, at: 20.4)
        #expect(c.value(at: 20.4) == onScreen)
        // Counting down (a refund) rounds up, so it never undershoots either.
        var down = CountUp(value: 500, at: 0)
        down.retarget(100, at: 0)
        #expect((0...40).map { down.value(at: Double($0) / 20) }.allSatisfy { $0 >= 100 && $0 <= 500 })
        #expect(CountUp.easeOutExpo(1) == 1 && CountUp.easeOutExpo(0) == 0)
    }

    struct Sample: Codable { var at: Double; var value: Int64 }
    struct Step: Codable { var at: Double; var target: Int64 }
    struct Scenario: Codable { var name: String; var start: Int64; var retargets: [Step]; var samples: [Sample] }

    static func scenario(_ name: String, start: Int64, _ retargets: [(Double, Int64)]) -> Scenario {
        var c = CountUp(value: start, at: 0)
        var samples: [Sample] = []
        var pending = retargets
        let end = (retargets.last?.0 ?? 0) + 2.5
        for tick in 0...Int(end * 60) {  // every frame at 60 Hz
            let at = Double(tick) / 60
            while let next = pending.first, next.0 <= at {
                c.retarget(next.1, at: next.0)
                pending.removeFirst()
            }
            samples.append(Sample(at: at, value: c.value(at: at)))
        }
        return Scenario(name: name, start: start, retargets: retargets.map { Step(at: $0.0, target: $0.1) }, samples: samples)
    }

    static var scenarios: [Scenario] {
        [scenario("a small step", start: 0, [(0.1, 850)]),
         scenario("a big jump (smart easing)", start: 1_234, [(0, 1_234_567)]),
         scenario("updates faster than an animation lasts", start: 0, [(0, 10_000), (0.3, 12_500), (0.55, 30_000), (0.8, 30_250), (1.5, 31_000)]),
         scenario("a refund counts down", start: 50_000, [(0.2, 48_000), (1.0, 47_990)]),
         scenario("yen in the millions", start: 98_765_432, [(0, 99_100_000), (0.9, 99_100_480), (3.0, 101_000_000)])]
    }

    @Test func vectorsForTheBrowserAreUpToDate() throws {
        #expect(try BrowserVectors.isUpToDate(CountUpTests.scenarios, file: "count-up.json"), "web/tests/vectors/count-up.json was out of date and has been rewritten: commit it")
    }
}
