import Foundation
import Testing
@testable import YarukiCore

@Suite struct ICalendarTests {
    @Test func textIsEscapedAndLongLinesFoldWithoutSplittingCharacters() {
        #expect(ICalendar.escape("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
        let line = "DESCRIPTION:" + String(repeating: "腕立て伏せ, ", count: 12)
        let folded = ICalendar.fold(line)
        #expect(folded.hasSuffix("\r\n"))
        let physical = folded.components(separatedBy: "\r\n").dropLast()
        #expect(physical.count > 1)
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        // Unfolding (drop CRLF + one space) gives the line back, every character whole.
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "").dropLast() == line[...])  // "\r\n" is one Character
    }

    @Test func oneAllDayEventPerDayWithStableIDs() throws {
        let owner = UUID()
        let days = [ICalendar.TrainingDay(date: "2026-12-31", proofs: 2, workouts: 1, exercises: ["スクワット"]),
                    ICalendar.TrainingDay(date: "2026-12-30", proofs: 0, workouts: 1, exercises: [])]
        let at = try Date("2027-01-01T00:00:00Z", strategy: .iso8601)
        let text = ICalendar.feed(days: days, owner: owner, words: .of(.ja), timeZone: "Asia/Tokyo", generatedAt: at)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.contains("DTSTART;VALUE=DATE:20261231") && lines.contains("DTEND;VALUE=DATE:20270101"))
        #expect(lines.contains("SUMMARY:Yaruki · 証明動画 2 · ワークアウト 1"))
        #expect(lines.contains("SUMMARY:Yaruki · ワークアウト 1"))
        #expect(lines.contains("DTSTAMP:20270101T000000Z"))
        #expect(lines.firstIndex(of: "DTSTART;VALUE=DATE:20261230")! < lines.firstIndex(of: "DTSTART;VALUE=DATE:20261231")!)
        #expect(lines.contains("UID:20261231-\(owner.uuidString.lowercased())@yaruki"))
        #expect(text == ICalendar.feed(days: days.reversed(), owner: owner, words: .of(.ja), timeZone: "Asia/Tokyo", generatedAt: at))
    }
}
