import Foundation
import YarukiJSON

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
        let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
        guard d <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] else { return nil }
        return of(year: y, month: m, day: d)
    }

    /// The day number of a date already known to be real (Howard Hinnant's days_from_civil).
    public static func of(year y: Int, month m: Int, day d: Int) -> Int {
        let year = m <= 2 ? y - 1 : y
        let era = (year >= 0 ? year : year - 399) / 400
        let yoe = year - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// 20_786 → "2026-11-29": ten bytes written straight into a small string (no heap allocation).
    public static func day(_ n: Int) -> String {
        String(unsafeUninitializedCapacity: 10) { out in
            CivilDate.write(days: n, to: out)
            return 10
        }
    }

    /// The first day of the week holding day `n`.
    public static func weekStart(of n: Int, _ start: WeekStart) -> Int {
        // 1970-01-01 was a Thursday: weekday 0 = Monday … 6 = Sunday.
        let weekday = ((n + 3) % 7 + 7) % 7
        return n - (start == .monday ? weekday : (weekday + 1) % 7)
    }
}
