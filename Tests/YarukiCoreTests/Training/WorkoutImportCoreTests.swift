import Foundation
import Testing
@testable import YarukiCore

/// The pieces of an import: CSV rows however the bytes arrive, the apps' dates, and names mapped
/// to the catalog.
@Suite struct WorkoutImportCoreTests {
    static let file = "a,b,c\r\n1,\"two, with \"\"quotes\"\"\nand a line\",3\n\n4,,\"\"\n5,6,7"

    func rows(_ text: String, piece: Int) throws -> [[String]] {
        var reader = CSVReader()
        var found: [[String]] = []
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: piece) {
            try reader.feed(bytes[start..<min(start + piece, bytes.count)]) { row, _ in found.append(row) }
        }
        try reader.finish { row, _ in found.append(row) }
        return found
    }

    @Test(arguments: [1, 2, 3, 7, 1000]) func rowsAreTheSameHoweverTheBytesArrive(piece: Int) throws {
        #expect(try rows(Self.file, piece: piece) == [["a", "b", "c"], ["1", "two, with \"quotes\"\nand a line", "3"], ["4", "", ""], ["5", "6", "7"]])
    }

    @Test func linesAreCountedAcrossQuotedBreaksAndAnOpenQuoteIsNamed() throws {
        var reader = CSVReader()
        var lines: [Int] = []
        try reader.feed(Array(Self.file.utf8)) { _, line in lines.append(line) }
        try reader.finish { _, line in lines.append(line) }
        #expect(lines == [1, 2, 5, 6])
        var open = CSVReader()
        try open.feed(Array("a\n\"never".utf8)) { _, _ in }
        #expect(throws: CSVReader.Failure(line: 2, "a quoted field is never closed")) { try open.finish { _, _ in } }
        #expect(CSVReader.separator(ofFirstLine: Array("Date;Workout Name;Exercise Name".utf8)) == UInt8(ascii: ";"))
    }

    @Test func theAppsDatesReadInTheirZone() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let utc = Date(timeIntervalSince1970: 1_723_501_925)  // 2024-08-12T22:32:05Z
        #expect(WorkoutImport.instant("2024-08-13 7:32:05\u{202F}AM", tokyo) == utc)
        #expect(WorkoutImport.instant("2024-08-13 07:32:05", tokyo) == utc)
        #expect(WorkoutImport.instant("2024-08-12T22:32:05Z", tokyo) == utc)
        #expect(WorkoutImport.instant("13 Aug 2024, 07:32", tokyo) == utc.addingTimeInterval(-5))
        #expect(WorkoutImport.instant("12 Oct 2024, 12:05 PM", tokyo) == WorkoutImport.instant("2024-10-12 12:05:00", tokyo))
        #expect(WorkoutImport.instant("2024-02-30 07:00:00", tokyo) == nil, "no 30th of February")
        #expect(WorkoutImport.instant("yesterday", tokyo) == nil)
        #expect(WorkoutImport.duration("1h 5m") == 3900 && WorkoutImport.duration("45m") == 2700 && WorkoutImport.duration("1:02:03") == 3723)
    }

    @Test func namesMapByNameByEquipmentByLikenessOrNotAtAll() {
        let matcher = ExerciseMatcher(ExerciseCatalog.builtIn, remembered: ["Belt Squat (Machine)": "squat", "Gone": "no-such-move"])
        func id(_ name: String) -> (String?, ExerciseMatcher.How) { let m = matcher.match(name); return (m.exerciseId, m.how) }
        #expect(id("Belt Squat (Machine)") == ("squat", .remembered))
        #expect(id("Gone") == (nil, .none), "a remembered exercise that is no more is forgotten")
        #expect(id("ベンチプレス") == ("bench-press", .exact))
        #expect(id("Bench Press (Barbell)") == ("bench-press", .equipment))
        #expect(id("Bench Press (Dumbbell)") == ("dumbbell-bench-press", .equipment))
        #expect(id("Squat (Barbell)") == ("barbell-squat", .equipment))
        #expect(id("Running (Treadmill)") == ("running-treadmill", .exact), "punctuation aside, the same name")
        #expect(id("Runing Treadmil") == ("running-treadmill", .similar))
        #expect(id("Zercher Yoke Walk") == (nil, .none))
    }
}
