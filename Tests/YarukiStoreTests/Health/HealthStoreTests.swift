import Foundation
import Testing
import YarukiCore
import YarukiTestSupport
@testable import YarukiStore

/// A person's first and last day with health figures (a month's page shows it): each person's
/// own, on both engines, and on SQLite found at the ends of the index rather than by reading the
/// person's whole history, which a health month of someone with years imported did every time.
@Suite struct HealthStoreTests {
    /// Every day of `days` from a watch and a phone.
    static func put(_ db: Database, _ user: UUID, _ days: some Sequence<Int>) async throws {
        let days = Array(days)
        try await db.transaction { c in
            for day in days {
                for source in ["watch", "phone"] {
                    let totals = HealthTotals(steps: Double(6000 + day % 97), distanceMeters: 4000, activeEnergyKcal: 400, standMinutes: 120,
                                              standHours: 9, exerciseMinutes: 30)
                    try HealthStore.put(user: user, .init(day: day, source: source, totals: totals, devices: ["My \(source)"]), at: Date(), c)
                }
            }
        }
    }

    @Test(arguments: Engine.allCases)
    func theSpanIsEachPersonsOwnFirstAndLastDay(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db)
        let (long, short, none) = (try await person(db, 1), try await person(db, 2), try await person(db, 3))
        try await Self.put(db, long, Array(100...200) + [5000])
        try await Self.put(db, short, 50...60)
        let spans = try await db.read { c in try [long, short, none].map { try HealthStore.span(user: $0, c) } }
        #expect(spans[0]?.first == 100 && spans[0]?.last == 5000)
        #expect(spans[1]?.first == 50 && spans[1]?.last == 60)
        #expect(spans[2] == nil)
    }

    /// Timed against a month's read in the same run, turn about, so the machine's speed cancels:
    /// reading the whole history (20 years, two sources) took 3.7 times a month's read here, the
    /// ends of the index a twentieth of it; the line is drawn at a third.
    @Test func onSQLiteTheSpanDoesNotReadTheWholeHistory() async throws {
        let db = try await freshDatabase(.sqlite)
        _ = try await Migrator.migrate(db)
        let (person, neighbour) = (try await person(db, 1), try await person(db, 2))
        try await Self.put(db, person, 10_000..<17_300)
        try await Self.put(db, neighbour, 10_000..<17_300)
        func seconds(_ work: @escaping (SQLConnection) throws -> Int?) async throws -> (Double, Int?) {
            let start = DispatchTime.now().uptimeNanoseconds
            let found = try await db.read { c in try work(c) }
            return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, found)
        }
        var (span, month): ([Double], [Double]) = ([], [])
        for _ in 0..<31 {
            let (spanSeconds, last) = try await seconds { c in try HealthStore.span(user: person, c)?.last }
            let (monthSeconds, rows) = try await seconds { c in try HealthStore.days(user: person, from: 17_000, to: 17_029, c).count }
            #expect(last == 17_299 && rows == 60)
            span.append(spanSeconds)
            month.append(monthSeconds)
        }
        let (spanMedian, monthMedian) = (span.sorted()[15], month.sorted()[15])
        #expect(spanMedian * 3 < monthMedian, "the span took \(spanMedian * 1e6) µs, a month's read \(monthMedian * 1e6) µs")
    }
}
