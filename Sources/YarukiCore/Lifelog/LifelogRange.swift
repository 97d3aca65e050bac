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

    /// nil when `date` is not a real date.
    public init?(_ kind: Kind, date: String, calendar: PersonalCalendar) {
        guard calendar.start(ofDay: date) != nil, let n = DayNumber.of(date) else { return nil }
        let firstDay: Int, endDay: Int
        switch kind {
        case .day:
            (firstDay, endDay) = (n, n + 1)
        case .week:
            firstDay = DayNumber.weekStart(of: n, calendar.weekStart)
            endDay = firstDay + 7
        case .month:
            firstDay = DayNumber.of(String(date.prefix(8)) + "01")!
            let (y, m) = (Int(date.prefix(4))!, Int(date.dropFirst(5).prefix(2))!)
            endDay = DayNumber.of(String(format: "%04d-%02d-01", m == 12 ? y + 1 : y, m == 12 ? 1 : m + 1))!
        }
        self.kind = kind
        first = DayNumber.day(firstDay)
        end = DayNumber.day(endDay)
        guard let start = calendar.start(ofDay: first), let stop = calendar.start(ofDay: end) else { return nil }
        self.start = start
        self.stop = stop
    }

    /// The last day in the range.
    public var last: String { DayNumber.day(DayNumber.of(end)! - 1) }

    /// A date in the range before and after this one, for stepping.
    public var previous: String {
        kind == .month ? String(DayNumber.day(DayNumber.of(first)! - 1).prefix(8)) + "01" : DayNumber.day(DayNumber.of(first)! - (kind == .day ? 1 : 7))
    }

    public var next: String { end }
}
