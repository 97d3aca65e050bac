import Foundation
import Testing
import YarukiCore

/// New records' ids (`UUID.timeOrdered`, RFC 9562 version 7): the version and variant bits, the
/// time in the first 48 bits, sorted by time, random in the rest.
@Suite struct TimeOrderedIDTests {
    @Test func anIdCarriesItsMillisecondAndVersionSeven() {
        let at = Date(timeIntervalSince1970: 1_796_568_300.123)
        let id = UUID.timeOrdered(at: at)
        let u = id.uuid
        let ms = [u.0, u.1, u.2, u.3, u.4, u.5].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(ms == 1_796_568_300_123)
        #expect(u.6 >> 4 == 7)
        #expect(u.8 >> 6 == 0b10)
        #expect(id.uuidString.count == 36)
    }

    @Test func idsMadeLaterSortAfterAndIdsOfOneMillisecondDiffer() {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let times = [0, 0.001, 1, 86_400, 86_400 * 3_650].map { start.addingTimeInterval($0) }
        let ids = times.map { UUID.timeOrdered(at: $0).uuidString }
        #expect(ids.sorted() == ids)
        #expect(Set((0..<1_000).map { _ in UUID.timeOrdered(at: start) }).count == 1_000)
    }

    @Test func theRestIsTheGeneratorsBitsAsidFromVersionAndVariant() {
        var ones = AllOnes()
        #expect(UUID.timeOrdered(at: Date(timeIntervalSince1970: 0), using: &ones).uuidString == "00000000-0000-7FFF-BFFF-FFFFFFFFFFFF")
    }

    private struct AllOnes: RandomNumberGenerator {
        mutating func next() -> UInt64 { .max }
    }
}
