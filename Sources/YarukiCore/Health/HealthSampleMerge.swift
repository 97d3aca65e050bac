import Foundation

/// A sample's share of one local day, ready to be merged with the other sources' pieces of the
/// same metric and day.
public struct HealthPiece: Sendable, Equatable {
    public var metric: HealthMetric
    public var day: Int
    public var start: Int64
    public var end: Int64
    public var value: Double
    /// The source's priority (lower wins), unique per source.
    public var rank: Int
    public var source: Int

    public init(metric: HealthMetric, day: Int, start: Int64, end: Int64, value: Double, rank: Int, source: Int) {
        self.metric = metric
        self.day = day
        self.start = start
        self.end = end
        self.value = value
        self.rank = rank
        self.source = source
    }
}

/// Local days of a time zone, in seconds since 1970, remembered one at a time: samples arrive
/// in runs from the same day, so the zone is asked once per day, not once per sample.
public struct HealthDayClock {
    public let timeZone: TimeZone
    private var current: (day: Int, start: Int64, end: Int64) = (0, 1, 0)

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// The local day holding `t`, with its first and after-last second.
    public mutating func day(of t: Int64) -> (day: Int, start: Int64, end: Int64) {
        if current.start <= t, t < current.end { return current }
        let offset = Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))))
        let day = Int(((t + offset) - ((t + offset) % 86_400 + 86_400) % 86_400) / 86_400)
        func midnight(_ n: Int) -> Int64 {
            let guess = Int64(n) * 86_400 - offset
            return Int64(n) * 86_400 - Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(guess))))
        }
        let start = min(midnight(day), t), end = max(midnight(day + 1), t + 1)
        current = (day, start, end)
        return current
    }

    /// A sample cut at each local midnight it crosses, its value shared in proportion to time.
    public mutating func split(_ sample: HealthSample, _ take: (HealthPiece) throws -> Void) rethrows {
        let span = sample.end - sample.start
        var from = sample.start
        repeat {
            let day = day(of: from)
            let to = min(sample.end, day.end)
            let share = span == 0 ? sample.value : sample.value * Double(to - from) / Double(span)
            try take(HealthPiece(metric: sample.metric, day: day.day, start: from, end: to, value: share, rank: sample.priority, source: sample.source))
            from = max(to, from + 1)
        } while from < sample.end
    }
}

/// One metric's day from every source's samples, counted once. Where samples of several
/// sources overlap, each moment is taken from the highest-priority source covering it (a share
/// of each sample in proportion to the time it covers), as Apple Health does; samples that do
/// not overlap add up; a record that appears twice counts once. One sweep over the samples'
/// edges, keeping per source how many of its samples cover the moment and their summed rate, so
/// a day's cost grows with its samples times its sources, never with the square of its samples.
public enum HealthSampleMerge {
    /// The total of `pieces` (one metric, one day) and the sources that contributed to it.
    public static func total(_ input: [HealthPiece]) -> (value: Double, sources: Set<Int>) {
        guard !input.isEmpty else { return (0, []) }
        var pieces = input.sorted { ($0.start, $0.end, $0.rank, $0.value) < ($1.start, $1.end, $1.rank, $1.value) }
        var unique: [HealthPiece] = []
        unique.reserveCapacity(pieces.count)
        for piece in pieces where unique.last.map({ $0.start != piece.start || $0.end != piece.end || $0.rank != piece.rank || $0.value != piece.value }) ?? true {
            unique.append(piece)
        }
        pieces = unique
        if pieces.allSatisfy({ $0.rank == pieces[0].rank }) {
            return (pieces.reduce(0) { $0 + $1.value }, [pieces[0].source])
        }
        let spans = pieces.filter { $0.end > $0.start }
        let points = pieces.filter { $0.end == $0.start }
        // Ranks are unique per source: index them, lowest (winning) first.
        let ranks = Array(Set(pieces.map(\.rank))).sorted()
        var slot: [Int: Int] = [:]
        for (i, rank) in ranks.enumerated() { slot[rank] = i }
        var sourceOf = [Int](repeating: 0, count: ranks.count)
        for piece in pieces { sourceOf[slot[piece.rank]!] = piece.source }
        var covering = [Int](repeating: 0, count: ranks.count)
        var rate = [Double](repeating: 0, count: ranks.count)
        let starts = spans.indices.sorted { spans[$0].start < spans[$1].start }
        let ends = spans.indices.sorted { spans[$0].end < spans[$1].end }
        let edges = Array(Set(spans.flatMap { [$0.start, $0.end] })).sorted()
        var total = 0.0
        var sources = Set<Int>()
        var nextStart = 0, nextEnd = 0, nextPoint = 0
        /// The winning slot among the sources covering the moment, if any.
        func best() -> Int? { covering.firstIndex { $0 > 0 } }
        /// An instant's sample counts unless a higher-priority source covers that instant.
        func count(_ point: HealthPiece, winner: Int?) {
            if let winner, ranks[winner] < point.rank { return }
            total += point.value
            sources.insert(point.source)
        }
        for k in 0..<edges.count {
            let from = edges[k]
            // Points before this edge fall in the interval before it (or before every span).
            while nextPoint < points.count, points[nextPoint].start < from {
                count(points[nextPoint], winner: k == 0 ? nil : best())
                nextPoint += 1
            }
            while nextEnd < ends.count, spans[ends[nextEnd]].end <= from {
                let piece = spans[ends[nextEnd]], s = slot[piece.rank]!
                covering[s] -= 1
                rate[s] = covering[s] == 0 ? 0 : rate[s] - piece.value / Double(piece.end - piece.start)
                nextEnd += 1
            }
            while nextStart < starts.count, spans[starts[nextStart]].start <= from {
                let piece = spans[starts[nextStart]], s = slot[piece.rank]!
                covering[s] += 1
                rate[s] += piece.value / Double(piece.end - piece.start)
                nextStart += 1
            }
            guard k + 1 < edges.count, let winner = best() else { continue }
            total += rate[winner] * Double(edges[k + 1] - from)
            sources.insert(sourceOf[winner])
        }
        // Points at or after the last edge: no span covers them.
        while nextPoint < points.count {
            count(points[nextPoint], winner: nil)
            nextPoint += 1
        }
        return (total, sources)
    }
}
