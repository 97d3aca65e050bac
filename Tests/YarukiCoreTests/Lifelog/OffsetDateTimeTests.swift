import Foundation
import Testing
@testable import YarukiCore

/// An instant with the offset it was recorded at: written as RFC 3339 in local time, read back the same.
@Suite struct OffsetDateTimeTests {
    /// What `text` wrote before it was built by hand, as the reference.
    static func reference(_ value: OffsetDateTime) -> String {
        let local = value.date.timeIntervalSince1970 + Double(value.utcOffset)
        let whole = Int(local.rounded(.down))
        let millis = Int(((local - Double(whole)) * 1000).rounded())
        let days = Int((Double(whole) / 86_400).rounded(.down))
        let seconds = whole - days * 86_400
        var out = DayNumber.day(days) + String(format: "T%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
        if millis > 0 && millis < 1000 { out += String(format: ".%03d", millis) }
        if value.utcOffset == 0 { return out + "Z" }
        let a = abs(value.utcOffset)
        return out + String(format: "%@%02d:%02d", value.utcOffset < 0 ? "-" : "+", a / 3600, a / 60 % 60)
    }

    @Test func textIsRFC3339InLocalTimeAndReadsBack() throws {
        let fixed = OffsetDateTime(date: Date(timeIntervalSince1970: 1_764_500_000), utcOffset: 7200)
        #expect(fixed.text == "2025-11-30T12:53:20+02:00")
        #expect(OffsetDateTime(date: Date(timeIntervalSince1970: 1_764_500_000.25), utcOffset: -16_200).text == "2025-11-30T06:23:20.250-04:30")
        #expect(OffsetDateTime(date: Date(timeIntervalSince1970: 0), utcOffset: 0).text == "1970-01-01T00:00:00Z")
        for _ in 0..<5000 {
            let seconds = Double(Int.random(in: -2_000_000_000...4_000_000_000)) + [0, 0.001, 0.5, 0.999, 0.25].randomElement()!
            let value = OffsetDateTime(date: Date(timeIntervalSince1970: seconds), utcOffset: Int.random(in: -12...14) * 3600 + [0, 1800, 2700].randomElement()!)
            #expect(value.text == Self.reference(value))
            let back = try #require(OffsetDateTime.parse(value.text))
            #expect(abs(back.date.timeIntervalSince1970 - seconds) < 0.0006 && back.utcOffset == value.utcOffset, "\(value.text)")
        }
    }
}

/// A month's range ends where the next month begins, leap Februaries and Decembers included.
@Suite struct LifelogRangeTests {
    @Test func monthsEndWhereTheNextBegins() throws {
        let utc = PersonalCalendar(timeZone: TimeZone(identifier: "UTC")!, weekStart: .monday)
        for (date, last) in [("2026-11-15", "2026-11-30"), ("2024-02-10", "2024-02-29"), ("2026-02-01", "2026-02-28"), ("2026-12-31", "2026-12-31"),
                             ("2000-02-29", "2000-02-29"), ("1900-02-03", "1900-02-28"), ("2026-01-31", "2026-01-31")] {
            let range = try #require(LifelogRange(.month, date: date, calendar: utc))
            #expect(range.first == String(date.prefix(8)) + "01" && range.last == last, "\(date)")
        }
    }
}
