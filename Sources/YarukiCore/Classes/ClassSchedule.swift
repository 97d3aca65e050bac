import Foundation

/// A monthly series of a class: the weekdays and local time it meets, for one calendar month in
/// the class's time zone ("every Tue/Thu 19:00 in December"). Renewing it is the same rule for
/// the next month.
public struct ClassSeriesRule: Sendable, Equatable, Codable {
    /// ISO weekdays: 1 is Monday, 7 is Sunday.
    public var weekdays: [Int]
    /// Local time, minutes after midnight.
    public var minuteOfDay: Int
    public var durationMinutes: Int

    public init(weekdays: [Int], minuteOfDay: Int, durationMinutes: Int) throws(FieldRuleError) {
        let days = Array(Set(weekdays)).sorted()
        guard !days.isEmpty, days.allSatisfy({ (1...7).contains($0) }) else { throw FieldRuleError(field: "weekdays", message: "must be 1 (Monday) to 7 (Sunday), at least one") }
        guard (0..<1440).contains(minuteOfDay) else { throw FieldRuleError(field: "time", message: "must be a time of day, 00:00 to 23:59") }
        guard (10...480).contains(durationMinutes) else { throw FieldRuleError(field: "durationMinutes", message: "must be 10 to 480") }
        self.weekdays = days
        self.minuteOfDay = minuteOfDay
        self.durationMinutes = durationMinutes
    }

    /// "19:00" → 1140; nil for anything but HH:MM.
    public static func minute(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        return h * 60 + m
    }

    /// Each meeting's start in `month` (YYYY-MM) in `zone`, in order. A local time that a
    /// daylight-saving change skips is read with the offset before the gap, as RFC 5545 reads
    /// one (02:30 on the night clocks jump from 02:00 to 03:00 starts at 03:30).
    public func sessions(month: String, zone: TimeZone) -> [Date] {
        guard let first = DayNumber.of(month + "-01"), let next = DayNumber.of(Self.month(after: month) + "-01") else { return [] }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var out: [Date] = []
        for day in first..<next {
            let weekday = ((day + 3) % 7 + 7) % 7 + 1  // 1970-01-01 was a Thursday
            guard weekdays.contains(weekday) else { continue }
            let parts = DayNumber.day(day).split(separator: "-").compactMap { Int($0) }
            var components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: minuteOfDay / 60, minute: minuteOfDay % 60)
            components.timeZone = zone
            if let start = calendar.date(from: components) { out.append(start) }
        }
        return out
    }

    /// "2026-12" → "2027-01".
    public static func month(after month: String) -> String {
        let parts = month.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2 else { return month }
        let (y, m) = parts[1] == 12 ? (parts[0] + 1, 1) : (parts[0], parts[1] + 1)
        return String(format: "%04d-%02d", y, m)
    }
}
