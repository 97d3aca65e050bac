import Foundation
import Testing
import YarukiCore
@testable import YarukiServer

/// A person's calendar is made once per zone and week start and then shared: each account still
/// gets its own zone and week start, and a zone the server does not know reads as UTC.
@Suite struct CalendarOfAccountTests {
    static func account(_ zone: String, _ weekStart: WeekStart) -> Account {
        Account(id: UUID(), email: "a@example.com", displayName: "A", timeZone: zone, locale: .en, weekStart: weekStart,
                role: .member, hasPassword: true, emailVerified: true, createdAt: Date())
    }

    @Test func eachZoneAndWeekStartHasItsOwnCalendar() {
        let instant = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30 (a Monday) 00:53 in UTC; Sunday afternoon in Los Angeles
        for _ in 0..<2 {  // made, then shared
            for zone in ["Asia/Tokyo", "America/Los_Angeles", "Europe/Helsinki"] {
                for weekStart in WeekStart.allCases {
                    let calendar = PersonalCalendar(of: Self.account(zone, weekStart))
                    #expect(calendar.timeZone.identifier == zone && calendar.weekStart == weekStart)
                    let fresh = PersonalCalendar(timeZone: TimeZone(identifier: zone) ?? .gmt, weekStart: weekStart)
                    #expect(calendar.day(of: instant) == fresh.day(of: instant) && calendar.week(of: instant) == fresh.week(of: instant))
                }
            }
            #expect(PersonalCalendar(of: Self.account("Asia/Tokyo", .monday)).day(of: instant) == "2026-11-30")
            #expect(PersonalCalendar(of: Self.account("America/Los_Angeles", .sunday)).week(of: instant) == "2026-11-29")
            #expect(PersonalCalendar(of: Self.account("America/Los_Angeles", .monday)).week(of: instant) == "2026-11-23")
            #expect(PersonalCalendar(of: Self.account("Mars/Olympus", .monday)).timeZone.secondsFromGMT() == 0)
        }
    }
}
