import Foundation

/// A day, a week or a month of a person's life, in their time zone: what the timeline and the
/// playback show. Named by its kind and the date of any day in it.
public struct LifelogRange: Equatable, Sendable {
    public enum Kind: String, Codable, CaseIterable, Sendable {
        case day, week, month
    }

    public var kind: Kind
    /// Its first day and the day after its last ("2026-11-01" and "2026-12-01" for a month).
    public var first: String
    public var end: String
    /// Instants [start, stop).
    public var start: Date
    public var stop: Date
    /// `first` and `end` as day numbers.
    private let firstDay: Int
    private let endDay: Int

    /// nil when `date` is not a real date from 1900 to 2999.
    public init?(_ kind: Kind, date: String, calendar: PersonalCalendar) {
        guard PersonalCalendar.accepts(date), let n = DayNumber.of(date) else { return nil }
        switch kind {
        case .day:
            (firstDay, endDay) = (n, n + 1)
        case .week:
            firstDay = DayNumber.weekStart(of: n, calendar.weekStart)
            endDay = firstDay + 7
        case .month:
            guard let first = DayNumber.of(String(date.prefix(8)) + "01"), let y = Int(date.prefix(4)), let m = Int(date.dropFirst(5).prefix(2)) else { return nil }
            let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
            (firstDay, endDay) = (first, first + [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1])
        }
        self.kind = kind
        first = DayNumber.day(firstDay)
        end = DayNumber.day(endDay)
        guard let start = calendar.start(ofDay: first), let stop = calendar.start(ofDay: end) else { return nil }
        self.start = start
        self.stop = stop
    }

    /// The last day in the range.
    public var last: String { DayNumber.day(endDay - 1) }

    /// A date in the range before and after this one, for stepping.
    public var previous: String {
        kind == .month ? String(DayNumber.day(firstDay - 1).prefix(8)) + "01" : DayNumber.day(firstDay - (kind == .day ? 1 : 7))
    }

    public var next: String { end }
}
