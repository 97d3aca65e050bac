import Foundation

/// RFC 3339 date-times, read by hand.
public enum RFC3339 {
    /// An RFC 3339 date-time (what JSON Schema's `date-time` format is): any year 0000–9999, `T`
    /// or `t`, seconds up to a leap second's 60, any number of fraction digits, `Z`, `z` or an
    /// offset up to ±23:59. Nil for anything else. Written out rather than left to a formatter,
    /// so the server takes exactly what the document's format says.
    public static func date(_ text: String) -> Date? {
        let u = Array(text.utf8)
        guard u.count >= 20 else { return nil }
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= u.count else { return nil }
            var n = 0
            for i in at..<(at + count) { guard u[i] >= 48 && u[i] <= 57 else { return nil }; n = n * 10 + Int(u[i] - 48) }
            return n
        }
        guard let year = digits(0, 4), u[4] == 45, let month = digits(5, 2), u[7] == 45, let day = digits(8, 2),
              u[10] == 84 || u[10] == 116, let hour = digits(11, 2), u[13] == 58, let minute = digits(14, 2), u[16] == 58,
              let second = digits(17, 2), (1...12).contains(month), hour <= 23, minute <= 59, second <= 60 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        guard (1...[31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]).contains(day) else { return nil }
        var i = 19
        var fraction = 0.0
        if i < u.count, u[i] == 46 {
            i += 1
            var scale = 0.1
            let start = i
            while i < u.count, u[i] >= 48 && u[i] <= 57 { fraction += Double(u[i] - 48) * scale; scale /= 10; i += 1 }
            guard i > start else { return nil }
        }
        var offset = 0
        if i + 1 == u.count, u[i] == 90 || u[i] == 122 {
            offset = 0
        } else {
            guard i + 6 == u.count, u[i] == 43 || u[i] == 45, let h = digits(i + 1, 2), u[i + 3] == 58, let m = digits(i + 4, 2), h <= 23, m <= 59
            else { return nil }
            offset = (h * 3600 + m * 60) * (u[i] == 45 ? -1 : 1)
        }
        // Days since 1970-01-01 (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }
}
