import Foundation

/// How a board's day stands, in the board's time zone: today's sales so far beside the same
/// wall-clock time yesterday and on the same weekday a week ago, each day's cumulative line by
/// quarter hour, and where today will end at this pace and the usual shape of a day.
///
/// "The same time" is the same time on the clock (14:00 yesterday beside 14:00 today), so across
/// a change of daylight saving time the two instants are 23 or 25 hours apart; a day is from
/// local midnight to local midnight (23, 24 or 25 hours). Sales are known by the quarter hour, so
/// the quarter hour in progress on a reference day counts by the share of it that has passed.
public struct SalesPace: Codable, Equatable, Sendable {
    /// A point of a day's cumulative line: minutes on the local clock since midnight (1440 at
    /// the day's end; a repeated hour after clocks go back repeats its minutes), and the sales
    /// up to then.
    public struct Point: Codable, Equatable, Sendable {
        public var minute: Int
        public var amount: Int64

        public init(minute: Int, amount: Int64) {
            self.minute = minute
            self.amount = amount
        }
    }

    /// The local day, `2026-12-04`.
    public var day: String
    public var timeZone: String
    /// Today so far: each quarter hour's end, and the last point now.
    public var today: [Point]
    /// Yesterday and a week ago, whole.
    public var yesterday: [Point]
    public var lastWeek: [Point]
    public var todayTotal: Int64
    public var yesterdayAtThisTime: Int64
    public var lastWeekAtThisTime: Int64
    /// Where today ends at this pace.
    public var projection: Int64
    /// The board's total at its end at this pace (nil without a goal), and whether it makes the goal.
    public var projectedTotal: Int64?
    public var goalMet: Bool?

    public init(day: String, timeZone: String, today: [Point], yesterday: [Point], lastWeek: [Point], todayTotal: Int64, yesterdayAtThisTime: Int64,
                lastWeekAtThisTime: Int64, projection: Int64, projectedTotal: Int64?, goalMet: Bool?) {
        self.day = day
        self.timeZone = timeZone
        self.today = today
        self.yesterday = yesterday
        self.lastWeek = lastWeek
        self.todayTotal = todayTotal
        self.yesterdayAtThisTime = yesterdayAtThisTime
        self.lastWeekAtThisTime = lastWeekAtThisTime
        self.projection = projection
        self.projectedTotal = projectedTotal
        self.goalMet = goalMet
    }

    /// Where the sums the pace needs begin: local midnight a week before today.
    public static func since(_ now: Date, zone: TimeZone) -> Date {
        let calendar = calendar(zone)
        return calendar.startOfDay(for: calendar.date(byAdding: .day, value: -7, to: now)!)
    }

    static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    /// The pace at `now` from quarter-hour sums (`bucket` start in ms → amount) of the sales
    /// that count (every channel together; from `since` on), with the board's total, goal and end.
    public static func at(_ now: Date, zone: TimeZone, sums: [Int64: Int64], boardTotal: Int64, goal: Int64?, boardEnd: Date) -> SalesPace {
        let calendar = calendar(zone)
        let quarter = SalesBucket.seconds * 1000
        func ms(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        func minute(_ date: Date, dayStart: Date) -> Int {
            let c = calendar.dateComponents([.hour, .minute], from: date)
            return date >= calendar.date(byAdding: .day, value: 1, to: dayStart)! ? 1440 : (c.hour ?? 0) * 60 + (c.minute ?? 0)
        }
        /// The day's line from its midnight to `until` (its end when nil).
        func line(_ dayStart: Date, until: Date?) -> [Point] {
            let end = calendar.date(byAdding: .day, value: 1, to: dayStart)!
            let stop = min(ms(until ?? end), ms(end))
            var points: [Point] = []
            var sum: Int64 = 0
            var at = SalesBucket.start(of: dayStart)
            while at + quarter <= stop {
                sum += sums[at] ?? 0
                at += quarter
                points.append(Point(minute: minute(Date(timeIntervalSince1970: Double(at) / 1000), dayStart: dayStart), amount: sum))
            }
            if let until, at < stop {
                // Today's quarter hour in progress: its sales so far are all before now.
                sum += sums[at] ?? 0
                points.append(Point(minute: minute(until, dayStart: dayStart), amount: sum))
            }
            return points
        }
        /// A reference day's sales up to `instant`: its whole quarter hours, and the share of the one in progress.
        func upTo(_ instant: Date, dayStart: Date) -> Int64 {
            let stop = ms(instant)
            var sum: Int64 = 0
            var at = SalesBucket.start(of: dayStart)
            while at + quarter <= stop {
                sum += sums[at] ?? 0
                at += quarter
            }
            if at < stop { sum += (sums[at] ?? 0) * (stop - at) / quarter }
            return sum
        }
        let todayStart = calendar.startOfDay(for: now)
        let todayEnd = calendar.date(byAdding: .day, value: 1, to: todayStart)!
        let today = line(todayStart, until: now)
        let todayTotal = today.last?.amount ?? 0
        var references: [(atThisTime: Int64, whole: Int64, line: [Point])] = []
        for back in [1, 7] {
            let then = calendar.date(byAdding: .day, value: -back, to: now)!
            let start = calendar.startOfDay(for: then)
            let whole = line(start, until: nil)
            references.append((upTo(then, dayStart: start), whole.last?.amount ?? 0, whole))
        }
        // The usual share of a day done by now, from the reference days that sold; else the share of the day's hours gone.
        let shares = references.filter { $0.whole > 0 && $0.atThisTime > 0 }.map { Double($0.atThisTime) / Double($0.whole) }
        let elapsed = now.timeIntervalSince(todayStart) / todayEnd.timeIntervalSince(todayStart)
        let share = shares.isEmpty ? elapsed : shares.reduce(0, +) / Double(shares.count)
        let projection = share >= 0.05 ? max(todayTotal, Int64((Double(todayTotal) / min(1, share)).rounded())) : max(todayTotal, references.map(\.whole).max() ?? 0)
        var projectedTotal: Int64?
        var goalMet: Bool?
        if let goal {
            if now >= boardEnd {
                projectedTotal = boardTotal
            } else {
                // The rest of today (as much of it as the board still runs), then whole days like the usual one.
                let todayLeft = max(0, min(boardEnd, todayEnd).timeIntervalSince(now)) / max(1, todayEnd.timeIntervalSince(now))
                let usualDay = references.map(\.whole).filter { $0 > 0 }
                let daily = usualDay.isEmpty ? Double(projection) : Double(usualDay.reduce(0, +)) / Double(usualDay.count)
                let daysAfter = max(0, boardEnd.timeIntervalSince(todayEnd)) / 86_400
                projectedTotal = boardTotal + Int64((Double(projection - todayTotal) * todayLeft + daily * daysAfter).rounded())
            }
            goalMet = projectedTotal! >= goal
        }
        let day = calendar.dateComponents([.year, .month, .day], from: now)
        return SalesPace(day: String(format: "%04d-%02d-%02d", day.year!, day.month!, day.day!), timeZone: zone.ianaName, today: today,
                         yesterday: references[0].line, lastWeek: references[1].line, todayTotal: todayTotal,
                         yesterdayAtThisTime: references[0].atThisTime, lastWeekAtThisTime: references[1].atThisTime, projection: projection,
                         projectedTotal: projectedTotal, goalMet: goalMet)
    }
}

/// What moved in a board's pace since the state a screen holds (the same day): the figures,
/// today's line from the first point that changed, and a reference day's line whole when a late
/// sale changed it.
public struct PaceChange: Codable, Equatable, Sendable {
    public var todayTotal: Int64
    public var yesterdayAtThisTime: Int64
    public var lastWeekAtThisTime: Int64
    public var projection: Int64
    public var projectedTotal: Int64?
    public var goalMet: Bool?
    /// Today's points before this index stay; from it on they are `today`.
    public var todayFrom: Int
    public var today: [SalesPace.Point]
    public var yesterday: [SalesPace.Point]?
    public var lastWeek: [SalesPace.Point]?

    public init(todayTotal: Int64, yesterdayAtThisTime: Int64, lastWeekAtThisTime: Int64, projection: Int64, projectedTotal: Int64?, goalMet: Bool?,
                todayFrom: Int, today: [SalesPace.Point], yesterday: [SalesPace.Point]?, lastWeek: [SalesPace.Point]?) {
        self.todayTotal = todayTotal
        self.yesterdayAtThisTime = yesterdayAtThisTime
        self.lastWeekAtThisTime = lastWeekAtThisTime
        self.projection = projection
        self.projectedTotal = projectedTotal
        self.goalMet = goalMet
        self.todayFrom = todayFrom
        self.today = today
        self.yesterday = yesterday
        self.lastWeek = lastWeek
    }
}

extension SalesPace {
    /// What moved from `self` to `next` (nil when nothing did). Of another day: not a change (the whole state goes).
    public func change(to next: SalesPace) -> PaceChange? {
        guard next != self, next.day == day, next.timeZone == timeZone else { return nil }
        let from = zip(today, next.today).prefix { $0 == $1 }.count
        return PaceChange(todayTotal: next.todayTotal, yesterdayAtThisTime: next.yesterdayAtThisTime, lastWeekAtThisTime: next.lastWeekAtThisTime,
                          projection: next.projection, projectedTotal: next.projectedTotal, goalMet: next.goalMet, todayFrom: from,
                          today: Array(next.today[from...]), yesterday: next.yesterday == yesterday ? nil : next.yesterday,
                          lastWeek: next.lastWeek == lastWeek ? nil : next.lastWeek)
    }

    public mutating func apply(_ change: PaceChange) {
        todayTotal = change.todayTotal
        yesterdayAtThisTime = change.yesterdayAtThisTime
        lastWeekAtThisTime = change.lastWeekAtThisTime
        projection = change.projection
        projectedTotal = change.projectedTotal
        goalMet = change.goalMet
        today = Array(today.prefix(change.todayFrom)) + change.today
        if let line = change.yesterday { yesterday = line }
        if let line = change.lastWeek { lastWeek = line }
    }
}
