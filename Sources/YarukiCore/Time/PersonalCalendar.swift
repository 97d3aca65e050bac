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
