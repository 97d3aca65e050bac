import Foundation

/// Days and weeks as a person lives them: in their time zone, weeks starting on their chosen day.
/// A day is named by its date ("2026-11-29"), a week by the date of its first day.
public struct PersonalCalendar: Sendable {
    public let timeZone: TimeZone
    public let weekStart: WeekStart
    private let calendar: Calendar

    public init(timeZone: TimeZone, weekStart: WeekStart) {
        self.timeZone = timeZone
        self.weekStart = weekStart
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = weekStart == .monday ? 2 : 1
        self.calendar = calendar
    }

    /// The local date of an instant.
    public func day(of instant: Date) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: instant)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    /// The instant a local date begins (midnight, or the first moment after a DST gap).
    public func start(ofDay day: String) -> Date? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard day.count == 10, parts.count == 3,
              let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
              self.day(of: date) == day else { return nil }
        return calendar.startOfDay(for: date)
    }

    /// The first day of the week that holds `day`.
    public func week(of day: String) -> String? {
        guard let start = start(ofDay: day) else { return nil }
        let weekday = calendar.component(.weekday, from: start)
        let back = (weekday - calendar.firstWeekday + 7) % 7
        return self.day(of: calendar.date(byAdding: .day, value: -back, to: start)!)
    }

    public func week(of instant: Date) -> String { week(of: day(of: instant))! }

    /// The seven dates of the week that starts on `week`.
    public func days(ofWeek week: String) -> [String] {
        guard let start = start(ofDay: week) else { return [] }
        return (0..<7).map { day(of: calendar.date(byAdding: .day, value: $0, to: start)!.addingTimeInterval(3600 * 2)) }
    }

    /// The instants a week covers, [start, end): 167, 168 or 169 hours across a DST change.
    public func interval(ofWeek week: String) -> (start: Date, end: Date)? {
        guard let start = start(ofDay: week), let next = calendar.date(byAdding: .day, value: 7, to: start) else { return nil }
        return (start, calendar.startOfDay(for: next.addingTimeInterval(3600 * 2)))
    }

    /// The week after `week`.
    public func week(after week: String) -> String? {
        guard let interval = interval(ofWeek: week) else { return nil }
        return day(of: interval.end)
    }

    public func week(before week: String) -> String? {
        guard let start = start(ofDay: week) else { return nil }
        return self.week(of: day(of: start.addingTimeInterval(-3600 * 12)))
    }
}

/// Local dates as day numbers (days since 1970-01-01), for counting many of them quickly. The
/// weekday of a date does not depend on any time zone, so weeks of dates need no calendar.
public enum DayNumber {
    /// "2026-11-29" → 20_786; nil for anything else.
    public static func of(_ day: String) -> Int? {
        let u = Array(day.utf8)
        guard u.count == 10, u[4] == 45, u[7] == 45 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var n = 0
            for i in range { guard u[i] >= 48 && u[i] <= 57 else { return nil }; n = n * 10 + Int(u[i] - 48) }
            return n
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10), (1...12).contains(m), (1...31).contains(d) else { return nil }
        // Howard Hinnant's days_from_civil.
        let year = m <= 2 ? y - 1 : y
        let era = (year >= 0 ? year : year - 399) / 400
        let yoe = year - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// 20_786 → "2026-11-29".
    public static func day(_ n: Int) -> String {
        let z = n + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        // Built by hand: String(format:) showed up in profiles of the group page.
        func digits(_ value: Int, _ width: Int) -> [UInt8] {
            var out = [UInt8](repeating: 48, count: width)
            var v = value
            for i in stride(from: width - 1, through: 0, by: -1) {
                out[i] = UInt8(48 + v % 10)
                v /= 10
            }
            return out
        }
        return String(decoding: digits(y, 4) + [45] + digits(m, 2) + [45] + digits(d, 2), as: UTF8.self)
    }

    /// The first day of the week holding day `n`.
    public static func weekStart(of n: Int, _ start: WeekStart) -> Int {
        // 1970-01-01 was a Thursday: weekday 0 = Monday … 6 = Sunday.
        let weekday = ((n + 3) % 7 + 7) % 7
        return n - (start == .monday ? weekday : (weekday + 1) % 7)
    }
}
