import Foundation

/// The wall screen's count-up, as a pure function of time so Swift and the browser move alike
/// (shared vectors). Like countUp.js: easeOutExpo over two seconds; a large jump ("smart
/// easing") first runs linearly to 333 short of the target in half the time, then eases the
/// rest; a new target takes over from the value on screen, never restarting from an old start.
/// Values are whole minor units, rounded toward the start so the figure never overshoots.
public struct CountUp: Equatable, Sendable {
    public static let duration = 2.0
    public static let smartThreshold: Int64 = 999
    public static let smartAmount: Int64 = 333

    /// One segment: from `from` to `to`, from time `start` for `length` seconds, eased or linear.
    struct Segment: Equatable, Sendable {
        var from: Int64
        var to: Int64
        var start: Double
        var length: Double
        var eased: Bool
    }

    var segments: [Segment]
    public private(set) var target: Int64

    public init(value: Int64, at time: Double = 0) {
        segments = [Segment(from: value, to: value, start: time, length: 0, eased: true)]
        target = value
    }

    /// countUp.js's easeOutExpo: 1 − 2^(−10t), scaled so it reaches exactly 1 at t = 1.
    public static func easeOutExpo(_ t: Double) -> Double {
        t >= 1 ? 1 : (1 - pow(2, -10 * t)) * 1024 / 1023
    }

    /// The figure on screen at `time`.
    public func value(at time: Double) -> Int64 {
        for segment in segments where time < segment.start + segment.length {
            guard time > segment.start else { return segment.from }
            let t = (time - segment.start) / segment.length
            let progress = segment.eased ? CountUp.easeOutExpo(t) : t
            let exact = Double(segment.from) + Double(segment.to - segment.from) * min(1, progress)
            let step = segment.to >= segment.from ? exact.rounded(.down) : exact.rounded(.up)
            return segment.to >= segment.from ? min(Int64(step), segment.to) : max(Int64(step), segment.to)
        }
        return segments.last?.to ?? target
    }

    /// Whether the figure is still moving at `time`.
    public func isMoving(at time: Double) -> Bool {
        guard let last = segments.last else { return false }
        return time < last.start + last.length
    }

    /// Counts toward `newTarget` from what is on screen at `time`.
    public mutating func retarget(_ newTarget: Int64, at time: Double) {
        let from = value(at: time)
        target = newTarget
        let distance = newTarget - from
        if abs(distance) > CountUp.smartThreshold {
            let middle = newTarget - (distance > 0 ? CountUp.smartAmount : -CountUp.smartAmount)
            segments = [Segment(from: from, to: middle, start: time, length: CountUp.duration / 2, eased: false),
                        Segment(from: middle, to: newTarget, start: time + CountUp.duration / 2, length: CountUp.duration / 2, eased: true)]
        } else {
            segments = [Segment(from: from, to: newTarget, start: time, length: distance == 0 ? 0 : CountUp.duration, eased: true)]
        }
    }
}
