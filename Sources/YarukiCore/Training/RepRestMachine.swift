import Foundation

/// The one-button set timer. In **training** the main button records the set and starts the
/// rest; in **rest** it stops the rest and goes back to training. Remaining rest is computed
/// from when the rest started and the clock passed in, never counted down tick by tick, so it is
/// right after the phone or tab slept. Reaching zero reports once and does not move on by itself.
/// The browser's copy (`web/js/training/machine.js`) follows the same rules; both are checked
/// against the vectors in `web/tests/vectors/rep-rest.json`, which the Swift tests write.
public struct RepRestMachine: Equatable, Sendable, Codable {
    public enum Phase: String, Codable, Sendable {
        case training, rest
    }

    public enum Event: Equatable, Sendable {
        /// The one big button.
        case main
        case increment
        case decrement
        /// Stops any rest, back to training with 0 reps; recorded sets stay.
        case reset
        /// 30, 60 or 90 seconds, for the rests that follow.
        case choosePreset(Int)
        /// ±15 s on the rest under way.
        case adjustRest(Int)
        /// The clock moved; reports the end of the rest once.
        case tick
        /// The screen goes away: the timer stops, and the machine takes no more events.
        case close
    }

    /// What the caller performs; the machine itself does no I/O.
    public enum Effect: String, Equatable, Sendable, Codable {
        case startTimer, stopTimer, playSound, vibrate, restFinished
    }

    public struct CompletedSet: Equatable, Sendable, Codable {
        public var reps: Int
        /// The rest chosen after this set, in seconds.
        public var restSeconds: Int
        public var completedAt: Date

        public init(reps: Int, restSeconds: Int, completedAt: Date) {
            self.reps = reps
            self.restSeconds = restSeconds
            self.completedAt = completedAt
        }
    }

    public static let presets = [30, 60, 90]
    public static let adjustStep = 15

    public private(set) var phase: Phase = .training
    public private(set) var reps = 0
    /// The preset the next rest takes.
    public private(set) var restPreset = 60
    /// The rest under way: when it began and how long it is (the preset plus adjustments).
    public private(set) var restStartedAt: Date?
    public private(set) var restLength = 0
    public private(set) var restFinished = false
    public private(set) var sets: [CompletedSet] = []
    public private(set) var closed = false

    public init(restPreset: Int = 60) {
        self.restPreset = RepRestMachine.presets.contains(restPreset) ? restPreset : 60
    }

    /// Seconds of rest left at `now`: never negative, and a clock that went backwards counts as
    /// no time passed.
    public func remaining(at now: Date) -> TimeInterval {
        guard phase == .rest, let start = restStartedAt else { return 0 }
        let elapsed = max(0, now.timeIntervalSince(start))
        return max(0, TimeInterval(restLength) - elapsed)
    }

    /// Whole seconds to show, rounded up so "1" shows until the very end.
    public func remainingSeconds(at now: Date) -> Int {
        Int(remaining(at: now).rounded(.up))
    }

    /// The main button's meaning right now.
    public var mainAction: String { phase == .training ? "startRest" : "nextSet" }

    @discardableResult
    public mutating func send(_ event: Event, at now: Date) -> [Effect] {
        guard !closed else { return [] }
        switch (phase, event) {
        case (.training, .main):
            sets.append(CompletedSet(reps: reps, restSeconds: restPreset, completedAt: now))
            reps = 0
            phase = .rest
            restStartedAt = now
            restLength = restPreset
            restFinished = false
            return [.startTimer]
        case (.rest, .main):
            return backToTraining()
        case (.training, .increment):
            reps += 1
            return []
        case (.training, .decrement):
            reps = max(0, reps - 1)
            return []
        case (.rest, .increment), (.rest, .decrement):
            // During the rest the count corrects the set just recorded ("it was 11, not 10").
            guard var last = sets.popLast() else { return [] }
            last.reps = max(0, last.reps + (event == .increment ? 1 : -1))
            sets.append(last)
            return []
        case (_, .reset):
            let effects = phase == .rest ? backToTraining() : []
            reps = 0
            return effects
        case let (_, .choosePreset(seconds)):
            if RepRestMachine.presets.contains(seconds) { restPreset = seconds }
            return []
        case let (.rest, .adjustRest(delta)):
            guard delta == RepRestMachine.adjustStep || delta == -RepRestMachine.adjustStep, let start = restStartedAt else { return [] }
            // Never below the time already rested: "-15" near the end just ends the rest.
            let elapsed = Int(max(0, now.timeIntervalSince(start)).rounded(.down))
            restLength = max(elapsed, restLength + delta)
            if remaining(at: now) > 0 { restFinished = false }
            return finishIfDue(now)
        case (.training, .adjustRest):
            return []
        case (.rest, .tick):
            return finishIfDue(now)
        case (.training, .tick):
            return []
        case (_, .close):
            closed = true
            return phase == .rest ? [.stopTimer] : []
        }
    }

    private mutating func backToTraining() -> [Effect] {
        phase = .training
        restStartedAt = nil
        restLength = 0
        restFinished = false
        return [.stopTimer]
    }

    private mutating func finishIfDue(_ now: Date) -> [Effect] {
        guard !restFinished, remaining(at: now) <= 0 else { return [] }
        restFinished = true
        return [.restFinished, .playSound, .vibrate]
    }
}
