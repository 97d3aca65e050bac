import Foundation
import Testing
import YarukiCore

/// The name a reply gives a zone is the name it was made from.
@Suite struct TimeZoneNameTests {
    @Test func everyZoneKeepsTheNameItWasMadeFrom() throws {
        for name in ["UTC", "Etc/UTC", "Etc/GMT", "Asia/Tokyo", "Asia/Seoul", "Europe/Helsinki", "America/Los_Angeles", "Pacific/Kiritimati"] {
            #expect(try #require(TimeZone(identifier: name)).ianaName == name)
        }
        // Made from GMT, it is one zone with UTC, and that is the name it gets.
        #expect(try #require(TimeZone(identifier: "GMT")).ianaName == "UTC")
    }
}
