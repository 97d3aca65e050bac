import Foundation
import Testing
@testable import YarukiHTTP

/// Request dates: every RFC 3339 date-time the document's format admits, and nothing else.
@Suite struct DateParsingTests {
    @Test func everyRFC3339FormIsTaken() throws {
        let base = try #require(JSONCoding.parseDate("2026-11-29T08:00:00+09:00"))
        #expect(base.timeIntervalSince1970 == 1_795_906_800)
        #expect(JSONCoding.parseDate("2026-11-28t23:00:00z") == base)
        #expect(JSONCoding.parseDate("2026-11-28T23:00:00.000Z") == base)
        #expect(JSONCoding.parseDate("2026-11-28T18:30:00-04:30") == base)
        #expect(JSONCoding.parseDate("2026-11-28T23:00:00.25Z")?.timeIntervalSince1970 == 1_795_906_800.25)
        #expect(JSONCoding.parseDate("2016-12-31T23:59:60Z")?.timeIntervalSince1970 == 1_483_228_800, "a leap second reads as the next")
        #expect(JSONCoding.parseDate("0000-01-01T00:00:00Z") != nil && JSONCoding.parseDate("9999-12-31T23:59:59+23:59") != nil)
        #expect(JSONCoding.parseDate("2024-02-29T00:00:00Z") != nil)
    }

    @Test(arguments: ["", "yesterday", "2026-11-29", "2026-11-29T08:00:00", "2026-11-29 08:00:00Z", "2026-13-01T00:00:00Z",
                      "2026-02-29T00:00:00Z", "2026-11-31T00:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T08:60:00Z", "2026-11-29T08:00:61Z",
                      "2026-11-29T08:00:00.Z", "2026-11-29T08:00:00+0900", "2026-11-29T08:00:00+24:00", "+2026-11-29T08:00:00Z",
                      "2026-11-29T08:00:00Z ", "２０２６-11-29T08:00:00Z"])
    func anythingElseIsNot(text: String) {
        #expect(JSONCoding.parseDate(text) == nil)
    }
}
