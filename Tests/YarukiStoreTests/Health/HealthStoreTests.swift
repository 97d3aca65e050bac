import Foundation
import Testing
import YarukiCore
import YarukiTestSupport
@testable import YarukiStore

/// A day's sources merged into its totals by every write (what the pages read), and by the
/// migration for the days written before it. A person's first and last day with health figures
/// (a month's page shows it): each person's own, on both engines, and on SQLite found at the ends
/// of the index rather than by reading the person's whole history, which a health month of
/// someone with years imported did every time.
@Suite struct HealthStoreTests {
    /// Every day of `days` from a watch and a phone.
    static func put(_ db: Database, _ user: UUID, _ days: some Sequence<Int>) async throws {
        let days = Array(days).flatMap { day in
            ["watch", "phone"].map { source in
                HealthStore.SourceDay(day: day, source: source, totals: HealthTotals(steps: Double(6000 + day % 97), distanceMeters: 4000,
                                                                                    activeEnergyKcal: 400, standMinutes: 120, standHours: 9,
                                                                                    exerciseMinutes: 30),
                                      devices: ["My \(source)"])
            }
        }
        try await db.transaction { c in try HealthStore.put(user: user, days, at: Date(), c) }
    }

    static let watch = HealthTotals(steps: 8200, distanceMeters: 6100, activeEnergyKcal: 410, standMinutes: 130, standHours: 11, exerciseMinutes: 35)
    static let phone = HealthTotals(steps: 9000, distanceMeters: 6300, activeEnergyKcal: 0, standMinutes: 0, standHours: 0, exerciseMinutes: 0)
    /// What a day of `watch` (from "watch", a watch and the phone it is paired with) and `phone`
    /// (from "iphone") shows: each metric's largest, not their sum; the iPhone's devices first.
    static let merged = HealthStore.Day(day: 20_000, totals: HealthTotals(steps: 9000, distanceMeters: 6300, activeEnergyKcal: 410, standMinutes: 130,
                                                                         standHours: 11, exerciseMinutes: 35),
                                        devices: ["Hana's iPhone", "Hana's Apple Watch"])

    @Test(arguments: Engine.allCases)
    func aDaysTotalsAreItsSourcesMergedAfterEveryWrite(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db)
        let (hana, neighbour) = (try await person(db, 1), try await person(db, 2))
        func put(_ user: UUID, _ days: [HealthStore.SourceDay]) async throws {
            try await db.transaction { c in try HealthStore.put(user: user, days, at: Date(), c) }
        }
        func totals(_ user: UUID) async throws -> [HealthStore.Day] {
            try await db.read { c in try HealthStore.totals(user: user, from: 19_000, to: 21_000, c) }
        }
        // Two days apart and one between them, in one write: three runs of one day, out of order.
        try await put(hana, [.init(day: 20_000, source: "watch", totals: Self.watch, devices: ["Hana's Apple Watch", "Hana's iPhone"]),
                             .init(day: 20_002, source: "watch", totals: Self.watch, devices: ["Hana's Apple Watch"]),
                             .init(day: 20_000, source: "iphone", totals: Self.phone, devices: ["Hana's iPhone"]),
                             .init(day: 19_998, source: "iphone", totals: Self.phone, devices: ["Hana's iPhone"])])
        try await put(neighbour, [.init(day: 20_000, source: "watch", totals: .zero, devices: ["Bo's Apple Watch"])])
        var days = try await totals(hana)
        #expect(days.map(\.day) == [19_998, 20_000, 20_002])
        #expect(days.first { $0.day == 20_000 } == Self.merged)
        #expect(days.first { $0.day == 20_002 }?.totals == Self.watch)
        #expect(days.first { $0.day == 19_998 }?.devices == ["Hana's iPhone"])
        #expect(try await totals(neighbour) == [.init(day: 20_000, totals: .zero, devices: ["Bo's Apple Watch"])])

        // The iPhone's day written again, lower: the day is merged anew, not kept at its old largest.
        var lower = Self.phone
        lower.steps = 100
        try await put(hana, [.init(day: 20_000, source: "iphone", totals: lower, devices: ["Hana's iPhone"])])
        days = try await totals(hana)
        #expect(days.first { $0.day == 20_000 }?.totals.steps == 8200)
        #expect(days.first { $0.day == 20_000 }?.totals.distanceMeters == 6300)
        let met = try await db.read { c in
            try HealthStore.metDays(user: hana, from: 19_000, to: 21_000, goals: HealthGoals(steps: 8000, activeEnergyKcal: 400, standHours: 10), c)
        }
        #expect(met == [20_000, 20_002])

        // Deleting the person's data takes their totals too, and only theirs.
        _ = try await db.transaction { c in try HealthStore.deleteAll(user: hana, c) }
        #expect(try await totals(hana).isEmpty)
        #expect(try await db.read { c in try HealthStore.span(user: hana, c) } == nil)
        #expect(try await totals(neighbour).count == 1)
    }

    /// Two sources of one day written at once, on PostgreSQL: the watch's transaction has merged
    /// the day and is still open when the phone's merges it. Without the person's writes taking
    /// turns, the phone's merge saw no watch row and wrote its own figures over the day.
    @Test func twoSourcesOfADayWrittenAtOnceAreBothMerged() async throws {
        let db = try await freshDatabase(.postgres)
        _ = try await Migrator.migrate(db)
        let hana = try await person(db, 1)
        let watchMerged = ManagedAtomicFlag()
        async let watch: Void = db.transaction { c in
            try HealthStore.put(user: hana, [.init(day: 20_000, source: "watch", totals: Self.watch, devices: ["Hana's Apple Watch", "Hana's iPhone"])],
                                at: Date(), c)
            _ = try c.query("SELECT 1")
            watchMerged.set()
            _ = try c.query("SELECT pg_sleep(0.4)")
        }
        while !watchMerged.isSet { try await Task.sleep(for: .milliseconds(5)) }
        try await db.transaction { c in
            try HealthStore.put(user: hana, [.init(day: 20_000, source: "iphone", totals: Self.phone, devices: ["Hana's iPhone"])], at: Date(), c)
        }
        try await watch
        #expect(try await db.read { c in try HealthStore.totals(user: hana, from: 20_000, to: 20_000, c) } == [Self.merged])
    }

    /// The days written before the totals were kept are merged by the migration that keeps them.
    @Test(arguments: Engine.allCases)
    func theMigrationMergesTheDaysWrittenBeforeIt(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db, Array(Migrations.all.prefix { $0.version < 52 }))
        let (hana, neighbour) = (try await person(db, 1), try await person(db, 2))
        try await db.transaction { c in
            for (user, day, source, t, devices) in [(hana, 20_000, "watch", Self.watch, "Hana's Apple Watch\nHana's iPhone"),
                                                    (hana, 20_000, "iphone", Self.phone, "Hana's iPhone"),
                                                    (neighbour, 20_001, "watch", Self.phone, "Bo's Apple Watch")] {
                try c.execute("""
                    INSERT INTO health_days (user_id, day, source, steps, distance_m, energy_kcal, stand_minutes, stand_hours, exercise_minutes,
                                             devices, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
                    """, user, day, source, t.steps, t.distanceMeters, t.activeEnergyKcal, t.standMinutes, t.standHours, t.exerciseMinutes, devices)
            }
        }
        #expect(try await Migrator.migrate(db).map(\.version).first == 52)
        let (days, theirs) = try await db.read { c in
            (try HealthStore.totals(user: hana, from: 0, to: 30_000, c), try HealthStore.totals(user: neighbour, from: 0, to: 30_000, c))
        }
        #expect(days == [Self.merged])
        #expect(theirs == [.init(day: 20_001, totals: Self.phone, devices: ["Bo's Apple Watch"])])
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
