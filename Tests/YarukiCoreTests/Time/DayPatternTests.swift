import Foundation
import Testing
import YarukiCore

/// A day a person sends is checked by `PersonalCalendar.accepts` alone (the routes' query rules
/// no longer run `dayPattern` as well): every day it accepts matches the pattern the document
/// publishes, and it refuses what the pattern refuses.
@Suite struct DayPatternTests {
    @Test func everyDayAcceptedMatchesThePublishedPattern() throws {
        let pattern = try NSRegularExpression(pattern: PersonalCalendar.dayPattern)
        func matches(_ text: String) -> Bool {
            pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)).map { $0.range.length == (text as NSString).length } ?? false
        }
        var random = SeededRandom(seed: 4)
        let digits = Array("0123456789")
        var candidates = ["2026-02-29", "2024-02-29", "1900-01-01", "2999-12-31", "1899-12-31", "3000-01-01", "2026-13-01", "2026-00-10",
                          "2026-1-01", "2026-01-1", "26-01-01", "2026/01/01", "2026-01-01\n", " 2026-01-01", "２０２６-01-01", "2026-04-31"]
        for _ in 0..<20_000 {
            let (year, month, day) = (1880 + Int(random.next() % 1140), Int(random.next() % 14), Int(random.next() % 33))
            candidates.append(String(format: "%04d-%02d-%02d", year, month, day))
            var text = ""
            for i in 0..<10 { text.append(i == 4 || i == 7 ? (random.next() % 50 == 0 ? "/" : "-") : digits[Int(random.next() % 10)]) }
            candidates.append(text)
        }
        var accepted = 0
        for text in candidates {
            if PersonalCalendar.accepts(text) {
                accepted += 1
                #expect(matches(text), "\(text) is accepted but misses the pattern")
            } else if matches(text) {
                // The pattern lets a few unreal days through (the 31st of April); the check does not.
                #expect(DayNumber.of(text) == nil, "\(text) matches the pattern and is a real day, yet is refused")
            }
        }
        #expect(accepted > 5_000)
    }
}

/// A day's start, asked by its number (a range's ends), is the start Foundation's calendar gives
/// its date, across zones with daylight saving and a day that begins after a gap; a number's date
/// is written as `DayNumber.of` reads it.
@Suite struct DayStartTests {
    @Test func aDayNumbersStartIsItsDatesStart() throws {
        var random = SeededRandom(seed: 11)
        for zone in ["Asia/Tokyo", "Europe/Helsinki", "America/Sao_Paulo", "America/Havana", "Pacific/Apia", "UTC"] {
            let tz = try #require(TimeZone(identifier: zone))
            let personal = PersonalCalendar(timeZone: tz, weekStart: .monday)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = tz
            for _ in 0..<400 {
                let n = DayNumber.of(year: 1900 + Int(random.next() % 1100), month: 1 + Int(random.next() % 12), day: 1 + Int(random.next() % 28))
                let date = DayNumber.day(n)
                #expect(DayNumber.of(date) == n, "\(date)")
                let parts = date.split(separator: "-").compactMap { Int($0) }
                let midnight = try #require(calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])))
                #expect(personal.start(ofDayNumber: n) == calendar.startOfDay(for: midnight), "\(zone) \(date)")
                #expect(personal.start(ofDay: date) == personal.start(ofDayNumber: n))
            }
        }
        // Outside 1899...3000, or not a date: none.
        let utc = PersonalCalendar(timeZone: .gmt, weekStart: .sunday)
        #expect(utc.start(ofDayNumber: DayNumber.of(year: 3001, month: 1, day: 1)) == nil)
        #expect(utc.start(ofDay: "2026-02-30") == nil && utc.start(ofDay: "2026-2-1") == nil)
        #expect(DayNumber.day(DayNumber.of(year: 2026, month: 12, day: 6)) == "2026-12-06")
    }
}
