import Foundation
import Testing
@testable import YarukiCore

/// The set timer's rules: every state against every event, then whole sessions, which are also
/// written as test vectors for the browser's copy of the machine.
@Suite struct RepRestMachineTests {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)
    typealias M = RepRestMachine

    static let allEvents: [M.Event] = [.main, .increment, .decrement, .reset, .choosePreset(30), .choosePreset(45), .adjustRest(15),
                                       .adjustRest(-15), .adjustRest(7), .tick, .close]

    /// The states worth telling apart: fresh training, training with reps, resting, rest at zero
    /// (reported), closed.
    static func states() -> [(String, M)] {
        var fresh = M()
        var counted = M(); counted.send(.increment, at: t0); counted.send(.increment, at: t0)
        var resting = counted; resting.send(.main, at: t0)
        var atZero = resting; atZero.send(.tick, at: t0 + 61)
        var closed = resting; closed.send(.close, at: t0 + 1)
        _ = fresh.send(.tick, at: t0)
        return [("training", fresh), ("training with reps", counted), ("rest", resting), ("rest at zero", atZero), ("closed", closed)]
    }

    @Test func everyStateAgainstEveryEvent() {
        for (name, state) in Self.states() {
            for event in Self.allEvents {
                var m = state
                let now = Self.t0 + 5
                let effects = m.send(event, at: now)
                let context = "\(name) + \(event)"
                if state.closed {
                    #expect(effects.isEmpty && m == state, "\(context): a closed machine ignores everything")
                    continue
                }
                switch (state.phase, event) {
                case (.training, .main):
                    #expect(effects == [.startTimer], "\(context)")
                    #expect(m.phase == .rest && m.reps == 0 && m.sets.last == .init(reps: state.reps, restSeconds: 60, completedAt: now))
                    #expect(m.remaining(at: now) == 60)
                case (.rest, .main):
                    #expect(effects == [.stopTimer] && m.phase == .training && m.sets == state.sets, "\(context)")
                case (.training, .increment):
                    #expect(effects.isEmpty && m.reps == state.reps + 1, "\(context)")
                case (.training, .decrement):
                    #expect(effects.isEmpty && m.reps == max(0, state.reps - 1), "\(context)")
                case (.rest, .increment):
                    #expect(effects.isEmpty && m.sets.last?.reps == state.sets.last!.reps + 1 && m.phase == .rest, "\(context)")
                case (.rest, .decrement):
                    #expect(effects.isEmpty && m.sets.last?.reps == state.sets.last!.reps - 1, "\(context)")
                case (_, .reset):
                    #expect(effects == (state.phase == .rest ? [.stopTimer] : []), "\(context)")
                    #expect(m.phase == .training && m.reps == 0 && m.sets == state.sets)
                case (_, .choosePreset(30)):
                    #expect(effects.isEmpty && m.restPreset == 30 && m.restLength == state.restLength, "\(context): for the next rest")
                case (_, .choosePreset):
                    #expect(effects.isEmpty && m == state, "\(context): only 30, 60 and 90 exist")
                case (.rest, .adjustRest(15)):
                    #expect(m.restLength == state.restLength + 15, "\(context)")
                    #expect(effects.isEmpty && !m.restFinished, "\(context): more rest takes back the zero")
                case (.rest, .adjustRest(-15)):
                    #expect(m.restLength == state.restLength - 15 && effects.isEmpty, "\(context)")
                case (_, .adjustRest):
                    #expect(effects.isEmpty && m == state, "\(context)")
                case (.rest, .tick):
                    #expect(effects.isEmpty && m == state, "\(context): 55 s left, or zero already reported")
                case (.training, .tick):
                    #expect(effects.isEmpty && m == state, "\(context)")
                case (_, .close):
                    #expect(effects == (state.phase == .rest ? [.stopTimer] : []) && m.closed, "\(context)")
                }
            }
        }
    }

    @Test func zeroIsReportedExactlyOnceAndNothingMovesOnByItself() {
        var m = M()
        m.send(.main, at: Self.t0)
        #expect(m.send(.tick, at: Self.t0 + 59.5).isEmpty)
        #expect(m.remainingSeconds(at: Self.t0 + 59.5) == 1)
        #expect(m.send(.tick, at: Self.t0 + 60) == [.restFinished, .playSound, .vibrate])
        #expect(m.send(.tick, at: Self.t0 + 61).isEmpty)
        #expect(m.send(.tick, at: Self.t0 + 3600).isEmpty)
        #expect(m.phase == .rest && m.remaining(at: Self.t0 + 3600) == 0)
        // A tap at zero goes back to training like any other.
        #expect(m.send(.main, at: Self.t0 + 3601) == [.stopTimer] && m.phase == .training)
    }

    @Test func clockJumpsAreHarmless() {
        var m = M()
        m.send(.main, at: Self.t0)
        // The tab slept for ten minutes: the first tick after waking reports the end at once.
        #expect(m.send(.tick, at: Self.t0 + 600) == [.restFinished, .playSound, .vibrate])
        var back = M()
        back.send(.main, at: Self.t0)
        // The clock went backwards: no time counts as rested, and nothing fires.
        #expect(back.remaining(at: Self.t0 - 30) == 60)
        #expect(back.send(.tick, at: Self.t0 - 30).isEmpty)
    }

    @Test func adjustingBelowTheTimeRestedEndsTheRest() {
        var m = M()
        m.send(.main, at: Self.t0)
        #expect(m.send(.adjustRest(-15), at: Self.t0 + 50) == [.restFinished, .playSound, .vibrate])
        #expect(m.restLength == 50 && m.remaining(at: Self.t0 + 50) == 0)
        // +15 after zero gives fifteen more seconds and a new end to report.
        #expect(m.send(.adjustRest(15), at: Self.t0 + 52).isEmpty)
        #expect(m.remaining(at: Self.t0 + 52) == 13)
        #expect(m.send(.tick, at: Self.t0 + 65) == [.restFinished, .playSound, .vibrate])
    }

    @Test func doubleResetAndRepsNeverBelowZero() {
        var m = M()
        m.send(.decrement, at: Self.t0)
        #expect(m.reps == 0)
        m.send(.increment, at: Self.t0)
        m.send(.main, at: Self.t0)
        #expect(m.send(.reset, at: Self.t0 + 1) == [.stopTimer])
        #expect(m.send(.reset, at: Self.t0 + 2).isEmpty)
        #expect(m.phase == .training && m.reps == 0 && m.sets.count == 1)
    }

    // MARK: vectors for the browser

    struct Step: Codable {
        var at: Double
        var event: String
        var value: Int?
        var effects: [String]
        var phase: String
        var reps: Int
        var restPreset: Int
        var remaining: Int
        var sets: [[Int]]
        var closed: Bool
    }

    struct Scenario: Codable {
        var name: String
        var start: Double
        var steps: [Step]
    }

    static func scenario(_ name: String, _ script: [(Double, M.Event)]) -> Scenario {
        var m = M()
        var steps: [Step] = []
        for (offset, event) in script {
            let now = t0 + offset
            let effects = m.send(event, at: now)
            let (label, value): (String, Int?) = switch event {
            case .main: ("main", nil)
            case .increment: ("increment", nil)
            case .decrement: ("decrement", nil)
            case .reset: ("reset", nil)
            case let .choosePreset(s): ("choosePreset", s)
            case let .adjustRest(d): ("adjustRest", d)
            case .tick: ("tick", nil)
            case .close: ("close", nil)
            }
            steps.append(Step(at: offset, event: label, value: value, effects: effects.map(\.rawValue), phase: m.phase.rawValue,
                              reps: m.reps, restPreset: m.restPreset, remaining: m.remainingSeconds(at: now),
                              sets: m.sets.map { [$0.reps, $0.restSeconds] }, closed: m.closed))
        }
        return Scenario(name: name, start: t0.timeIntervalSince1970, steps: steps)
    }

    static var scenarios: [Scenario] {
        var list = [
            scenario("a workout of three sets", [(0, .increment), (1, .increment), (2, .increment), (3, .main), (30, .tick), (63, .tick),
                                                 (64, .main), (65, .increment), (66, .choosePreset(30)), (67, .main), (80, .tick),
                                                 (97, .tick), (98, .tick), (99, .main), (100, .increment), (101, .main), (102, .close)]),
            scenario("rest adjusted both ways", [(0, .main), (10, .adjustRest(15)), (20, .adjustRest(-15)), (40, .adjustRest(-15)),
                                                 (44, .tick), (45, .tick), (46, .adjustRest(15)), (60, .tick), (61, .tick), (62, .main)]),
            scenario("taps at zero and double resets", [(0, .increment), (0.5, .main), (60, .tick), (60.2, .main), (61, .reset),
                                                        (62, .reset), (63, .decrement), (64, .main), (70, .reset), (71, .tick)]),
            scenario("clock jumps", [(0, .main), (-40, .tick), (-40, .increment), (900, .tick), (901, .tick), (902, .main)]),
            scenario("corrections during rest", [(0, .increment), (1, .main), (2, .increment), (3, .increment), (4, .decrement),
                                                 (5, .choosePreset(90)), (6, .choosePreset(45)), (7, .main), (8, .main), (9, .tick)]),
            scenario("closed ignores everything", [(0, .main), (1, .close), (2, .main), (70, .tick), (71, .reset), (72, .close)]),
        ]
        // Every state against every event, as one-step scenarios from a scripted prefix.
        let prefixes: [(String, [(Double, M.Event)])] = [("training", []), ("training with reps", [(0, .increment), (0, .increment)]),
                                                         ("rest", [(0, .increment), (0, .main)]),
                                                         ("rest at zero", [(0, .main), (61, .tick)])]
        for (name, prefix) in prefixes {
            for event in allEvents {
                list.append(scenario("\(name) + \(event)", prefix + [(65, event)]))
            }
        }
        return list
    }

    /// The vectors are committed beside the JS tests; a change to the rules that is not written
    /// out fails here (and rewrites the file, to be committed).
    @Test func vectorsForTheBrowserAreUpToDate() throws {
        #expect(try BrowserVectors.isUpToDate(Self.scenarios, file: "rep-rest.json"), "web/tests/vectors/rep-rest.json was out of date and has been rewritten: commit it")
    }
}
