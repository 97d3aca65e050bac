import Foundation

/// What a board celebrates: every so much sold, its goal, and a day that beats every earlier day
/// of the board (on its own clock).
public struct BoardMilestones: Codable, Equatable, Sendable {
    /// Every this many minor units (¥1,000,000: 1000000); none when nil.
    public var every: Int64?
    public var goal: Bool
    public var recordDay: Bool

    public init(every: Int64? = nil, goal: Bool = false, recordDay: Bool = false) {
        self.every = every
        self.goal = goal
        self.recordDay = recordDay
    }

    /// At most this many "every" milestones from one update (a burst past several): the highest.
    public static let mostAtOnce = 3

    /// The milestones crossed from one state of a board to the next, in the order they were
    /// reached (lower amounts first, then the goal, then a record day).
    public func crossed(from old: BoardTotals, to next: BoardTotals) -> [Milestone] {
        var out: [Milestone] = []
        if let every, every > 0, next.total > old.total {
            let first = max(1, old.total / every + 1), last = next.total / every
            if first <= last {
                for k in max(first, last - Int64(Self.mostAtOnce) + 1)...last {
                    out.append(Milestone(key: "every-\(k * every)", kind: .every, amount: k * every))
                }
            }
        }
        if goal, let target = next.board.goal, old.total < target, next.total >= target {
            out.append(Milestone(key: "goal", kind: .goal, amount: target))
        }
        if recordDay {
            let zone = TimeZone(identifier: next.board.timeZone) ?? .gmt
            let before = old.dailyTotals(zone), after = next.dailyTotals(zone)
            if let today = after.last, today.total > 0 {
                let best = after.dropLast().map(\.total).max() ?? 0
                let was = before.last(where: { $0.day == today.day })?.total ?? 0
                if best > 0, was <= best, today.total > best {
                    out.append(Milestone(key: "record-\(today.day)", kind: .record, amount: today.total))
                }
            }
        }
        return out
    }
}

/// A milestone a board reached.
public struct Milestone: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable { case every, goal, record }

    /// Unique on its board: `every-1000000`, `goal`, `record-2026-12-04`.
    public var key: String
    public var kind: Kind
    public var amount: Int64
    /// When it was reached (set when stored).
    public var reachedAt: Date?

    public init(key: String, kind: Kind, amount: Int64, reachedAt: Date? = nil) {
        self.key = key
        self.kind = kind
        self.amount = amount
        self.reachedAt = reachedAt
    }
}

extension BoardTotals {
    /// The board's days on its clock with what each sold, up to the one holding `at` (from the hours).
    public func dailyTotals(_ zone: TimeZone) -> [(day: String, total: Int64)] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var days: [(day: String, total: Int64)] = []
        for hour in hours where hour.start <= at {
            let c = calendar.dateComponents([.year, .month, .day], from: hour.start)
            let day = String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
            if days.last?.day == day { days[days.count - 1].total += hour.amount } else { days.append((day, hour.amount)) }
        }
        return days
    }
}
