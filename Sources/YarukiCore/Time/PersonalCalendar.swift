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
    public func day(of instant: Date) -> String { DayNumber.day(dayNumber(of: instant)) }

    /// The local date of an instant as a day number: the instant moved by the zone's offset then.
    public func dayNumber(of instant: Date) -> Int {
        Int(((instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))) / 86_400).rounded(.down))
    }

    /// The years a date a person sends may name, as the API document says: no calendar reform
    /// or prehistoric zone offset to trip over. A range around such a date (its week, its
    /// month, the 30 days before it) may reach a year further either way.
    public static let years = 1900...2999
    static let reach = 1899...3000
    public static let dayPattern = "^(19|2[0-9])[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"
    /// A month, YYYY-MM, from 1900 to 2999.
    public static let monthPattern = "^(19|2[0-9])[0-9]{2}-(0[1-9]|1[0-2])$"

    /// True for a real date from 1900 to 2999, YYYY-MM-DD: what a request may name.
    public static func accepts(_ day: String) -> Bool {
        guard DayNumber.of(day) != nil, let year = Int(day.prefix(4)) else { return false }
        return years.contains(year)
    }

    /// The instant a local date begins (midnight, or the first moment after a DST gap); nil for
    /// anything but a real date from 1899 to 3000.
    public func start(ofDay day: String) -> Date? {
        DayNumber.of(day).flatMap(start(ofDayNumber:))
    }

    /// `start(ofDay:)` of a day number (`DayNumber`): a range's ends are known as numbers.
    public func start(ofDayNumber day: Int) -> Date? {
        let key = StartKey(zone: timeZone.identifier, day: day)
        if let known = PersonalCalendar.starts.lock.withLock({ PersonalCalendar.starts.entries[key] }) { return known }
        let start = startFromCalendar(ofDay: DayNumber.day(day))
        PersonalCalendar.starts.lock.withLock {
            if PersonalCalendar.starts.entries.count >= 4096 { PersonalCalendar.starts.entries.removeAll(keepingCapacity: true) }
            PersonalCalendar.starts.entries[key] = start
        }
        return start
    }

    /// Days' starts already found, per zone: Foundation's calendar takes microseconds for each,
    /// the most of a page made each time over a date range (the zones' rules are fixed while the
    /// process runs).
    private struct StartKey: Hashable {
        let zone: String
        let day: Int
    }

    /// Foundation's lock (this target builds for phones and watches too: Foundation only).
    private final class Starts: @unchecked Sendable {
        let lock = NSLock()
        var entries: [StartKey: Date?] = [:]
    }

    private static let starts = Starts()

    private func startFromCalendar(ofDay day: String) -> Date? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard day.count == 10, parts.count == 3, PersonalCalendar.reach.contains(parts[0]), DayNumber.of(day) != nil,
              let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
              self.day(of: date) == day else { return nil }
        return calendar.startOfDay(for: date)
    }

    /// The first day of the week that holds `day`.
    public func week(of day: String) -> String? {
        guard start(ofDay: day) != nil, let n = DayNumber.of(day) else { return nil }
        return DayNumber.day(DayNumber.weekStart(of: n, weekStart))
    }

    public func week(of instant: Date) -> String { DayNumber.day(DayNumber.weekStart(of: dayNumber(of: instant), weekStart)) }

    /// The seven dates of the week that starts on `week`.
    public func days(ofWeek week: String) -> [String] {
        guard start(ofDay: week) != nil, let n = DayNumber.of(week) else { return [] }
        return (0..<7).map { DayNumber.day(n + $0) }
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
