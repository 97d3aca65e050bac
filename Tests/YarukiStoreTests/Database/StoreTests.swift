import CSQLite
import Foundation
import Synchronization
import Testing
import YarukiJSON
import YarukiTestSupport
@testable import YarukiStore

@Suite struct StoreTests {
    @Test(arguments: Engine.allCases)
    func migrationsApplyOnceAndAreRecorded(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        let first = try await Migrator.migrate(db)
        #expect(first.map(\.version) == Migrations.all.map(\.version))
        let second = try await Migrator.migrate(db)
        #expect(second.isEmpty)
        #expect(try await Migrator.appliedVersions(db) == Migrations.all.map(\.version))
        // The schema is usable after migrating.
        let settings = SettingsStore(database: db)
        try await settings.set("k", "v1", at: Date())
        try await settings.set("k", "v2", at: Date())
        #expect(try await settings.value("k") == "v2")
    }

    /// Streaks cached before rows carried the week's days must not be trusted after the upgrade.
    @Test(arguments: Engine.allCases)
    func upgradingDropsStreaksCachedWithoutTheirDays(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db, Array(Migrations.all.prefix { $0.version < 7 }))
        let user = UUID()
        try await db.transaction { c in
            try c.execute("""
                INSERT INTO users (id, email, email_key, display_name, time_zone, locale, week_start, role, created_at, updated_at)
                VALUES (?, 'a@example.com', 'a@example.com', 'A', 'UTC', 'en', 'monday', 'member', 0, 0)
                """, user)
            try c.execute("INSERT INTO streak_cache (user_id, week_start, through_week, streak, version, valid) VALUES (?, 'monday', '2026-11-16', 4, 0, 1)", user)
        }
        #expect(try await Migrator.migrate(db).map(\.version) == Migrations.all.map(\.version).filter { $0 >= 7 })
        let row = try await db.read { c in try c.queryOne("SELECT valid, week_days, version FROM streak_cache WHERE user_id = ?", user) }
        #expect(try row?.bool("valid") == false && row?.string("week_days") == "")
        // A page that read version 1 may write the row back; one that read before the upgrade may not.
        let fresh = GroupStore.CachedStreak(weekStart: .monday, throughWeek: "2026-11-16", streak: 4, version: 1, weekDays: [])
        try await db.transaction { c in try GroupStore.cacheStreaks([(user, fresh)], c) }
        #expect(try await db.read { c in try c.queryOne("SELECT valid FROM streak_cache WHERE user_id = ?", user)?.bool("valid") } == true)
    }

    @Test(arguments: Engine.allCases)
    func aFailingMigrationLeavesNothingBehind(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        let broken = Migration(99, "broken") { _ in
            ["CREATE TABLE half_done (id BIGINT PRIMARY KEY)", "THIS IS NOT SQL"]
        }
        await #expect(throws: DatabaseError.self) { try await Migrator.migrate(db, Migrations.all + [broken]) }
        #expect(try await Migrator.appliedVersions(db) == Migrations.all.map(\.version))
        await #expect(throws: DatabaseError.self) {
            try await db.read { try $0.query("SELECT * FROM half_done", []) }
        }
    }

    /// A connection keeps its prepared statements within a bound: those built for each length of
    /// a list (here 600 `IN` lists) do not pile up, the least recently used go first (a statement
    /// asked between every two stays), and one let go is prepared again.
    @Test func anSQLiteConnectionKeepsABoundedNumberOfStatements() async throws {
        let db = try await freshDatabase(.sqlite)
        let (list, hot) = (Self.list, Self.hot)
        let kept = try await db.read { c throws -> (count: Int, bytes: Int, maxCount: Int, maxBytes: Int) in
            let statements = try #require(c as? SQLiteConnection).statements
            for n in 1...600 {
                #expect(try list(n, c) == 1)
                #expect(try c.query(hot, []).count == 1)
            }
            #expect(statements.peek(hot) != nil && statements.peek(Self.listSQL(1)) == nil, "the least recently used went first")
            #expect(try list(1, c) == 1, "a statement let go runs again")
            return (statements.count, statements.bytes, statements.maxCount, statements.maxBytes)
        }
        #expect(kept.count <= kept.maxCount && kept.bytes <= kept.maxBytes && kept.count < 600, "\(kept)")
        // Multi-row statements of 400 to 500 rows of 11 values, as a sales batch's: the memory
        // bound holds them.
        let big = try await db.read { c -> (count: Int, bytes: Int, maxCount: Int, maxBytes: Int) in
            for n in 400...500 {
                let rows = try c.query("SELECT COUNT(*) AS n FROM (VALUES \(SQLFragment.rows(n, width: 11)))", Array(repeating: SQLValue.integer(7), count: n * 11))
                #expect(try rows.first?.int("n") == n)
            }
            let statements = try #require(c as? SQLiteConnection).statements
            return (statements.count, statements.bytes, statements.maxCount, statements.maxBytes)
        }
        #expect(big.bytes <= big.maxBytes && big.count < 101, "\(big)")
    }

    /// SQLite's process-wide count of its memory is off (each allocation took a lock all
    /// connections share), while each statement's own size, which the statement cache's bound
    /// needs, is still counted.
    @Test func sqliteCountsEachStatementButNotItsWholeMemory() async throws {
        let db = try await freshDatabase(.sqlite)
        let bytes = try await db.read { c -> Int in
            #expect(try c.query("SELECT COUNT(*) AS n FROM (VALUES \(SQLFragment.rows(50, width: 3)))", Array(repeating: SQLValue.integer(1), count: 150)).count == 1)
            return try #require(c as? SQLiteConnection).statements.bytes
        }
        #expect(bytes > 0, "a statement's size is counted")
        #expect(sqlite3_memory_used() == 0, "SQLite counted its memory: \(sqlite3_memory_used()) bytes")
    }

    /// Slices of powers of two cover every index once, in order, the longest first.
    @Test func powerOfTwoSlicesCoverACountInFewLengths() {
        #expect(SQLFragment.powerOfTwoSlices(1000).map(\.count) == [256, 256, 256, 128, 64, 32, 8])
        #expect(SQLFragment.powerOfTwoSlices(0).isEmpty && SQLFragment.powerOfTwoSlices(1) == [0..<1])
        var lengths = Set<Int>()
        for count in 1...1200 {
            let slices = SQLFragment.powerOfTwoSlices(count)
            #expect(slices.first?.lowerBound == 0 && slices.last?.upperBound == count && zip(slices, slices.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            lengths.formUnion(slices.map(\.count))
        }
        #expect(lengths == [1, 2, 4, 8, 16, 32, 64, 128, 256])
    }

    /// One `IN` list of `n` values, a statement text of its own for each length: 1 when it runs.
    static func listSQL(_ n: Int) -> String { "SELECT COUNT(*) AS n FROM (SELECT 1 AS one) AS t WHERE one IN (\(SQLFragment.marks(n)))" }
    static func list(_ n: Int, _ c: SQLConnection) throws -> Int? {
        try c.query(listSQL(n), [.integer(1)] + Array(repeating: SQLValue.integer(2), count: n - 1)).first?.int("n")
    }
    static let hot = "SELECT 1 AS hot"

    /// The same on PostgreSQL, where each prepared statement is held by the connection's backend:
    /// past the bound, the least recently used are let go once the work is done.
    @Test func aPostgresConnectionLetsGoOfStatementsPastItsBound() async throws {
        let db = try PostgresDatabase(url: PostgresCluster.shared.url, poolSize: 1)
        defer { db.close() }
        let (list, hot) = (Self.list, Self.hot)
        try await db.read { c throws in
            for n in 1...600 {
                #expect(try list(n, c) == 1)
                #expect(try c.query(hot, []).count == 1)
            }
        }
        let (held, counted, bound, hotKept, firstKept) = try await db.read { c throws in
            let prepared = try #require(c as? PostgresConnection).prepared
            let held = try c.query("SELECT COUNT(*) AS n FROM pg_prepared_statements", []).first?.int("n")
            return (held, prepared.count, prepared.maxCount, prepared.peek(hot) != nil, prepared.peek(Self.listSQL(1)) != nil)
        }
        #expect(held == bound + 1 && counted == held, "the bound and the count's own statement")
        #expect(hotKept && !firstKept, "the least recently used went first")
        try await db.read { c throws in #expect(try list(1, c) == 1, "a statement let go runs again") }
    }

    /// `SQLFragment.anyOf` finds exactly the texts it is given, whatever they hold (commas,
    /// quotes, backslashes, braces, spaces, NULL), with a statement for each power of two, and
    /// PostgreSQL keeps one plan for each (`pg_prepared_statements` counts them on the
    /// connection): as `= ANY` of one array it planned every run again.
    @Test func aPostgresAnyOfMatchesEachTextWholeAndKeepsItsPlans() async throws {
        let db = try PostgresDatabase(url: PostgresCluster.shared.url, poolSize: 1)
        defer { db.close() }
        let stored = ["a,b", "a", "b", "q\"t", "b\\s", "{x}", "two words", "NULL", "やる気", "plain"]
        func found(_ texts: [String]) async throws -> [String] {
            let any = SQLFragment.anyOf("x", texts)
            let values = stored.map { _ in "(?)" }.joined(separator: ", ")
            return try await db.read { c in
                try c.query("SELECT x FROM (VALUES \(values)) AS v (x) WHERE \(any.sql) ORDER BY x", stored.map(\.sqlValue) + any.parameters)
                    .map { try $0.string("x") }
            }
        }
        for _ in 0..<8 {
            #expect(try await found(["a,b"]) == ["a,b"])
            #expect(try await found(["q\"t", "b\\s", "{x}", "two words", "NULL", "やる気"]) == ["NULL", "b\\s", "q\"t", "two words", "{x}", "やる気"].sorted())
            #expect(try await found(["a", "plain", "missing"]) == ["a", "plain"])
            #expect(try await found(["b", "a"]) == ["a", "b"])
            #expect(try await found([]) == [])
        }
        let plans = try await db.read { c in
            try c.query("SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%VALUES%' AND statement NOT LIKE '%pg_prepared_statements%'")
                .map { (try $0.string("statement"), try $0.int("generic_plans"), try $0.int("custom_plans")) }
        }
        #expect(plans.count == 5, "one statement for one text, two, four, eight, and none")
        for (statement, generic, custom) in plans {
            #expect(generic >= 3 && custom <= 5, "\(statement): \(generic) generic, \(custom) made for the values")
        }
    }

    /// The accounts read, for one id and for several, runs PostgreSQL's generic plan once it has
    /// made its five plans for the values: read as `= ANY` of an array, on a table as small as an
    /// install's accounts, it was planned again on every run (the generic plan guessed ten ids and
    /// looked costlier).
    @Test func aPostgresAccountsReadKeepsItsPlans() async throws {
        let db = try await freshDatabase(.postgres)
        _ = try await Migrator.migrate(db)
        let plans = try await db.read { c in
            for _ in 0..<12 {
                for ids in [[UUID()], [UUID(), UUID(), UUID()]] {
                    let statement = AccountStore.accountsStatement(ids: ids)
                    _ = try c.query(statement.sql, statement.parameters)
                }
            }
            return try c.query("""
                SELECT generic_plans, custom_plans FROM pg_prepared_statements
                WHERE statement LIKE '%FROM users WHERE id %' AND statement NOT LIKE '%pg_prepared_statements%'
                """).map { (try $0.int("generic_plans"), try $0.int("custom_plans")) }
        }
        #expect(plans.count == 2, "one statement for one id, one for three (as four)")
        for (generic, custom) in plans { #expect(generic >= 6 && custom <= 5, "\(generic) generic, \(custom) made for the values") }
    }

    @Test(arguments: Engine.allCases)
    func valuesRoundTrip(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        try await db.transaction { c in
            try c.execute("CREATE TABLE things (id TEXT PRIMARY KEY, n BIGINT, x DOUBLE PRECISION, t TEXT, b \(c.dialect.blob), at BIGINT)", [])
        }
        let id = UUID()
        let when = Date(timeIntervalSince1970: 1_764_000_000.123)
        let blob = Data([0, 1, 2, 254, 255])
        let text = "やる気 야루키 'quoted' ? not a parameter"
        try await db.transaction { c in
            try c.execute("INSERT INTO things (id, n, x, t, b, at) VALUES (?, ?, ?, ?, ?, ?)", id, Int64.max, 3.25, text, blob, when)
            try c.execute("INSERT INTO things (id, n, x, t, b, at) VALUES (?, ?, ?, ?, ?, ?)", UUID(), nil as Int?, nil as Double?, nil as String?, nil as Data?, nil as Date?)
        }
        let row = try #require(try await db.read { try $0.queryOne("SELECT * FROM things WHERE id = ?", id) })
        #expect(try row.uuid("id") == id)
        #expect(try row.int("n") == Int.max)
        #expect(try row.double("x") == 3.25)
        #expect(try row.string("t") == text)
        #expect(try row.data("b") == blob)
        #expect(try row.date("at") == when.roundedToMilliseconds)
        let empty = try #require(try await db.read { try $0.queryOne("SELECT * FROM things WHERE id <> ?", id) })
        #expect(try empty.optionalInt("n") == nil)
        #expect(try empty.optionalString("t") == nil)
        #expect(throws: DatabaseError.self) { try row.int("missing_column") }
        #expect(throws: DatabaseError.self) { try row.int("t") }
        // Numbers at their edges, and the kinds each engine writes its own way (PostgreSQL in
        // text, read by the column's type).
        let edges = try #require(try await db.read { try $0.query("""
            SELECT CAST(-9223372036854775808 AS BIGINT) AS lowest, CAST(-7 AS SMALLINT) AS small, CAST(2147483647 AS INTEGER) AS int4,
                   CAST(0 AS BIGINT) AS zero, TRUE AS yes, FALSE AS no, '' AS empty, CAST(1.5 AS NUMERIC) AS exact, CAST(-0.25 AS REAL) AS single
            """, []).first })
        #expect(try edges.int("lowest") == Int.min)
        #expect(try edges.int("small") == -7)
        #expect(try edges.int("int4") == Int(Int32.max))
        #expect(try edges.int("zero") == 0)
        #expect(try edges.bool("yes") && !edges.bool("no"))
        #expect(try edges.string("empty") == "")
        #expect(try edges.double("exact") == 1.5)
        #expect(try edges.double("single") == -0.25)
    }

    /// A result's rows share one buffer of cells and bytes (`RowSet`): every row reads its own
    /// texts, blobs and nulls, of every length, wherever they fall in it.
    @Test(arguments: Engine.allCases)
    func manyRowsEachReadTheirOwnCells(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        try await db.transaction { c in
            try c.execute("CREATE TABLE cells (n BIGINT PRIMARY KEY, id TEXT, t TEXT, b \(c.dialect.blob), x DOUBLE PRECISION)", [])
        }
        let ids = (0..<300).map { _ in UUID() }
        func text(_ n: Int) -> String? { n % 7 == 3 ? nil : String(repeating: ["a", "é", "やる気", "\n"][n % 4], count: n % 40) }
        func blob(_ n: Int) -> Data? { n % 11 == 5 ? nil : Data((0..<(n % 23)).map { UInt8(($0 * 37 + n) % 256) }) }
        try await db.transaction { c in
            for n in 0..<300 { try c.execute("INSERT INTO cells (n, id, t, b, x) VALUES (?, ?, ?, ?, ?)", n, ids[n], text(n), blob(n), n % 5 == 0 ? nil : Double(n) / 4) }
        }
        let rows = try await db.read { try $0.query("SELECT n, id, t, b, x FROM cells ORDER BY n", []) }
        #expect(rows.count == 300)
        for (n, row) in rows.enumerated() {
            #expect(try row.int("n") == n)
            #expect(try row.uuid("id") == ids[n])
            #expect(try row.optionalString("t") == text(n))
            #expect(try row.optionalDouble("x") == (n % 5 == 0 ? nil : Double(n) / 4))
            if let blob = blob(n) { #expect(try row.data("b") == blob) } else { #expect(throws: DatabaseError.self) { try row.data("b") } }
            if let t = text(n) {
                #expect(try row.lines("t") == t.split(separator: "\n").map(String.init))
                #expect(try row.bytes("t") == Array(t.utf8))
                #expect(try row.text("t", equals: Array(t.utf8)))
                #expect(try !row.text("t", equals: Array((t + "a").utf8)))
            }
            // Text that is not an id is refused, not read as another id.
            #expect(throws: DatabaseError.self) { try row.uuid("t") }
        }
    }

    @Test(arguments: Engine.allCases)
    func transactionsCommitOrRollBack(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        try await db.transaction { try $0.execute("CREATE TABLE items (id BIGINT PRIMARY KEY, name TEXT NOT NULL)", []) }
        struct Abort: Error {}
        await #expect(throws: Abort.self) {
            try await db.transaction { c in
                try c.execute("INSERT INTO items (id, name) VALUES (?, ?)", 1, "first")
                try c.execute("INSERT INTO items (id, name) VALUES (?, ?)", 2, "second")
                throw Abort()
            }
        }
        #expect(try await count(db, "items") == 0)
        try await db.transaction { try $0.execute("INSERT INTO items (id, name) VALUES (?, ?)", 1, "kept") }
        await #expect(throws: DatabaseError.uniqueViolation("")) {
            do {
                try await db.transaction { c in
                    try c.execute("INSERT INTO items (id, name) VALUES (?, ?)", 5, "lost with the rest")
                    try c.execute("INSERT INTO items (id, name) VALUES (?, ?)", 1, "duplicate")
                }
            } catch DatabaseError.uniqueViolation { throw DatabaseError.uniqueViolation("") }
        }
        #expect(try await count(db, "items") == 1)
        // ON CONFLICT … RETURNING, the shared dialect.
        let rows = try await db.transaction { c in
            try c.query("INSERT INTO items (id, name) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name RETURNING id, name", 1, "updated")
        }
        #expect(try rows.first?.string("name") == "updated")
    }

    @Test(arguments: Engine.allCases)
    func eightConcurrentWritersLoseNoRow(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        try await db.transaction { try $0.execute("CREATE TABLE events (writer BIGINT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (writer, n))", []) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for n in 0..<1000 {
                        try await db.transaction { try $0.execute("INSERT INTO events (writer, n) VALUES (?, ?)", writer, n) }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await count(db, "events") == 8000)
        let perWriter = try await db.read { try $0.query("SELECT writer, COUNT(*) AS c FROM events GROUP BY writer ORDER BY writer", []) }
        #expect(try perWriter.map { try $0.int("c") } == Array(repeating: 1000, count: 8))
    }

    @Test(arguments: Engine.allCases)
    func statementErrorsAreTypedNotCrashes(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        await #expect(throws: DatabaseError.self) { try await db.read { try $0.query("SELEC nonsense", []) } }
        await #expect(throws: DatabaseError.self) { try await db.read { try $0.query("SELECT ? AS a", []) } }
        try await db.transaction { c in
            try c.execute("CREATE TABLE parent (id BIGINT PRIMARY KEY)", [])
            try c.execute("CREATE TABLE child (id BIGINT PRIMARY KEY, parent BIGINT NOT NULL REFERENCES parent(id))", [])
        }
        await #expect(throws: DatabaseError.foreignKeyViolation("")) {
            do {
                try await db.transaction { try $0.execute("INSERT INTO child (id, parent) VALUES (?, ?)", 1, 404) }
            } catch DatabaseError.foreignKeyViolation { throw DatabaseError.foreignKeyViolation("") }
        }
    }

    /// Reply versions: a tag never bumped is at 0, a bump adds one to each tag named (once however
    /// often named), and on PostgreSQL the unflushed commit is that statement's alone.
    @Test(arguments: Engine.allCases)
    func replyVersionsCountBumpsAndLeaveTheConnectionDurable(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db)
        #expect(try await db.read { c in try ReplyVersionStore.versions(["a", "b:1"], c) } == [0, 0])
        if engine == .postgres {
            try await db.read { c in try ReplyVersionStore.bump(["b:1", "a", "b:1"], c) }
        } else {
            try await db.transaction { c in try ReplyVersionStore.bump(["b:1", "a", "b:1"], c) }
        }
        try await db.transaction { c in try ReplyVersionStore.bump(["a"], c) }
        #expect(try await db.read { c in try ReplyVersionStore.versions(["a", "b:1", "c"], c) } == [2, 1, 0])
        if engine == .postgres {
            // (The test cluster does not flush at all: the session asks for it, as a durable server's would.)
            let setting = try await db.read { c -> String? in
                try c.execute("SET synchronous_commit TO on", [])
                try ReplyVersionStore.bump(["a"], c)
                let now = try c.queryOne("SHOW synchronous_commit")?.string("synchronous_commit")
                try c.execute("RESET synchronous_commit", [])
                return now
            }
            #expect(setting == "on", "the next transaction on the connection waits for its flush again")
        }
    }

    /// Events written in one batch: kept ones take ids in the order listed (one INSERT), a personal
    /// one for an account that is gone is left out, and on PostgreSQL every node is told of each
    /// in order (one statement for the batch's notifications), a passing one too long to tell
    /// coming back untold.
    @Test(arguments: Engine.allCases)
    func eventsOfABatchAreLoggedAndToldInOrder(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db)
        let listener: PostgresConnection? = if engine == .postgres, let postgres = db as? PostgresDatabase {
            try PostgresConnection(url: postgres.connectURL, target: postgres.target)
        } else { nil }
        _ = try listener?.execute("LISTEN \(EventLogStore.channel)", [])
        let entries = (1...5).map { EventLogStore.Entry(topic: "t", name: "n\($0)", audience: "all", data: "{\"n\":\($0)}") }
            + [EventLogStore.Entry(topic: "t", name: "gone", audience: UUID().uuidString.lowercased(), data: "{}", personal: true)]
        let passing = [EventLogStore.Entry(topic: "p", name: "short", audience: "", data: "{}"),
                       EventLogStore.Entry(topic: "p", name: "long", audience: "", data: String(repeating: "x", count: EventLogStore.inlineLimit))]
        let (logged, untold) = try await db.transaction { c in
            (try EventLogStore.append(entries, at: Date(), c), try EventLogStore.notify(passing, c))
        }
        #expect(logged.map(\.name) == ["n1", "n2", "n3", "n4", "n5"])
        #expect(logged.map(\.id) == logged.map(\.id).sorted() && Set(logged.map(\.id)).count == 5 && logged.allSatisfy { $0.id > 0 })
        let read = try await db.read { c in try EventLogStore.after(0, limit: 10, c) }
        #expect(read.map(\.id) == logged.map(\.id) && read.map(\.data) == logged.map(\.data))
        guard let listener else {
            #expect(untold.isEmpty, "SQLite tells no other node")
            return
        }
        #expect(untold.map(\.name) == ["long"])
        var heard: [String] = []
        let end = Date().addingTimeInterval(10)
        while heard.count < 6, Date() < end { heard += listener.notifications(waiting: 1) ?? [] }
        #expect(heard == logged.map(EventLogStore.notification) + [EventLogStore.notification(passing[0])])
    }

    /// On PostgreSQL a transaction's BEGIN goes out with its first statement, and its COMMIT with
    /// the statement to run once it has committed: n statements take n + 1 round trips (counted
    /// by a relay in front of the server). Every outcome is as without pipelining: a first
    /// statement that fails undoes the rest and leaves the connection usable, `then` runs only
    /// after a commit and its failure leaves the write standing (one that cannot even be prepared
    /// fails it), and a COMMIT that fails throws.
    @Test func aTransactionTakesOneRoundTripMoreThanItsStatements() async throws {
        let url = try await PostgresCluster.shared.freshDatabaseURL()
        let port = try #require(URLComponents(string: url)?.port)
        let proxy = try TCPProxy(to: port)
        defer { proxy.stop() }
        let db = try PostgresDatabase(url: url.replacingOccurrences(of: ":\(port)/", with: ":\(proxy.port)/"), poolSize: 1)
        defer { db.close() }
        try await db.transaction { c in
            try c.execute("CREATE TABLE items (id BIGINT PRIMARY KEY)", [])
            try c.execute("CREATE TABLE bumps (n BIGINT NOT NULL)", [])
            try c.execute("INSERT INTO bumps (n) VALUES (0)", [])
            try c.execute("CREATE TABLE parents (id BIGINT PRIMARY KEY)", [])
            try c.execute("CREATE TABLE children (id BIGINT PRIMARY KEY, parent BIGINT REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)", [])
        }
        let insert = "INSERT INTO items (id) VALUES (?)"
        let bump = SQLStatement(sql: "UPDATE bumps SET n = n + 1", parameters: [])
        // Each statement is prepared on its connection's first use of it (a round trip of its own).
        _ = try await db.transaction({ c in try c.execute(insert, 1) }, then: bump)
        _ = try await db.read { c in try c.execute("ROLLBACK", []) }
        func trips(_ work: () async throws -> Void) async rethrows -> Int {
            let before = proxy.clientSends
            try await work()
            return proxy.clientSends - before
        }
        #expect(try await trips { _ = try await db.transaction({ c in for id in 2...4 { try c.execute(insert, id) } }, then: bump) } == 4)
        #expect(try await trips { _ = try await db.transaction { c in try c.execute(insert, 5) } } == 2)
        #expect(try await trips { _ = try await db.transaction({ _ in }, then: bump) } == 1, "nothing to commit: the bump alone")
        #expect(try await trips { _ = try await db.transaction { _ in } } == 0)
        #expect(try await db.read { c in try c.queryOne("SELECT n FROM bumps")?.int("n") } == 3)

        // The first statement fails: nothing stays, the connection goes on (its one connection).
        #expect(await trips {
            await #expect(throws: DatabaseError.self) {
                try await db.transaction { c in
                    try c.execute(insert, 1)
                    try c.execute(insert, 6)
                }
            }
        } == 2, "BEGIN with the failing statement, then ROLLBACK")
        struct Abort: Error {}
        await #expect(throws: Abort.self) {
            _ = try await db.transaction({ c in
                try c.execute(insert, 7)
                throw Abort()
            }, then: bump)
        }
        #expect(try await db.read { c in try c.query("SELECT id FROM items ORDER BY id", []).map { try $0.int("id") } } == [1, 2, 3, 4, 5])
        #expect(try await db.read { c in try c.queryOne("SELECT n FROM bumps")?.int("n") } == 3, "no bump without a commit")

        // `then` fails: the write stands and the error comes back; what `then` did before it failed is undone with it.
        let (_, failed) = try await db.transaction({ c in try c.execute(insert, 8) }, then: { _ in
            [bump, SQLStatement(sql: "UPDATE bumps SET n = n / (n - n)", parameters: [])]
        })
        #expect(failed is DatabaseError)
        #expect(try await count(db, "items") == 6)
        #expect(try await db.read { c in try c.queryOne("SELECT n FROM bumps")?.int("n") } == 3)
        // A statement to follow that cannot even be prepared is a mistake in the code: the write fails whole.
        await #expect(throws: DatabaseError.self) {
            _ = try await db.transaction({ c in try c.execute(insert, 10) }, then: SQLStatement(sql: "UPDATE nothing SET n = 1", parameters: []))
        }
        #expect(try await count(db, "items") == 6)
        // COMMIT fails (a deferred reference): thrown, and `then` does not run.
        await #expect(throws: DatabaseError.self) {
            _ = try await db.transaction({ c in try c.execute("INSERT INTO children (id, parent) VALUES (?, ?)", 1, 404) }, then: bump)
        }
        #expect(try await count(db, "children") == 0)
        #expect(try await db.read { c in try c.queryOne("SELECT n FROM bumps")?.int("n") } == 3)
        _ = try await db.transaction({ c in try c.execute(insert, 9) }, then: bump)
        #expect(try await db.read { c in try c.queryOne("SELECT n FROM bumps")?.int("n") } == 4)
    }

    /// Statements sent later (`queryLater`) go out with the next statement waited for, with the
    /// COMMIT or at the end of a read: one round trip for all; a failure among them fails the
    /// transaction whole. SQLite runs them at once, with the same answers.
    @Test(arguments: [Engine.sqlite, .postgres])
    func statementsSentLaterGoOutWithTheNextOneWaitedFor(engine: Engine) async throws {
        let proxy: TCPProxy?
        let db: Database
        if engine == .postgres {
            let url = try await PostgresCluster.shared.freshDatabaseURL()
            let port = try #require(URLComponents(string: url)?.port)
            proxy = try TCPProxy(to: port)
            db = try PostgresDatabase(url: url.replacingOccurrences(of: ":\(port)/", with: ":\(proxy?.port ?? 0)/"), poolSize: 1)
        } else {
            (proxy, db) = (nil, try await freshDatabase(.sqlite))
        }
        defer { proxy?.stop() }
        try await db.transaction { c in try c.execute("CREATE TABLE items (id BIGINT PRIMARY KEY, name TEXT NOT NULL)", []) }
        let insert = "INSERT INTO items (id, name) VALUES (?, ?) RETURNING id"
        let select = "SELECT COUNT(*) AS n FROM items"
        // Each statement is prepared on the connection's first use of it (a round trip of its own).
        try await db.transaction { c in _ = try c.query(insert, [1.sqlValue, "a".sqlValue]); _ = try c.query(select, []) }
        func trips(_ work: () async throws -> Void) async rethrows -> Int? {
            let before = proxy?.clientSends
            try await work()
            return proxy.map { $0.clientSends - (before ?? 0) }
        }
        // Three sent later and the COMMIT: one round trip; their answers read after it.
        var answers: [Later<[Row]>] = []
        #expect(try await trips {
            answers = try await db.transaction { c in try (2...4).map { try c.queryLater(insert, $0, "b") } }
        } == (engine == .postgres ? 1 : nil))
        #expect(try answers.map { try $0.value().first?.int("id") } == [2, 3, 4])
        // Two sent later go with the query waited for, which sees them; then the COMMIT.
        var seen: (Int?, Int?) = (nil, nil)
        #expect(try await trips {
            seen = try await db.transaction { c in
                try c.queryLater(insert, 5, "c")
                let later = try c.queryLater(insert, 6, "c")
                let count = try c.queryOne(select)?.int("n")
                return (count, try later.value().first?.int("id"))
            }
        } == (engine == .postgres ? 2 : nil))
        #expect(seen.0 == 6 && seen.1 == 6)
        // Read on demand: the answer's value sends what waits.
        let read = try await db.transaction { c in
            let later = try c.queryLater(insert, 7, "d")
            return try later.value().first?.int("id")
        }
        #expect(read == 7)
        // In a read, what is sent later goes out before the connection goes back.
        let counted = try await db.read { c in try c.queryLater(select, []) }
        #expect(try counted.value().first?.int("n") == 7)

        // One sent later fails (a duplicate id): the transaction rolls back whole, at its COMMIT,
        // and each answer says why.
        var failed: [Later<[Row]>] = []
        await #expect(throws: DatabaseError.self) {
            try await db.transaction { c in
                failed.append(try c.queryLater(insert, 8, "e"))
                failed.append(try c.queryLater(insert, 1, "e"))
                failed.append(try c.queryLater(insert, 9, "e"))
            }
        }
        #expect(try await count(db, "items") == 7)
        if engine == .postgres {
            #expect(throws: DatabaseError.self) { try failed[1].value() }
            #expect(throws: DatabaseError.self) { try failed[2].value() }
        }
        // The same failure met by a statement waited for: thrown there; nothing stays.
        await #expect(throws: DatabaseError.self) {
            try await db.transaction { c in
                try c.queryLater(insert, 10, "f")
                try c.queryLater(insert, 2, "f")
                _ = try c.query(select, [])
                Issue.record("a query ran after a failed one")
            }
        }
        // The work throws: what it sent later never runs.
        struct Abort: Error {}
        await #expect(throws: Abort.self) {
            try await db.transaction { c in
                try c.queryLater(insert, 11, "g")
                throw Abort()
            }
        }
        #expect(try await count(db, "items") == 7)
        // And the connection goes on.
        try await db.transaction { c in try c.queryLater(insert, 12, "h") }
        #expect(try await count(db, "items") == 8)
    }

    /// Writes that wait together commit together, and each still stands or falls alone: a write
    /// that throws is undone without taking its group's others along, and each caller gets its
    /// own value or error.
    @Test func sqliteWritesWaitingTogetherCommitAsOneAndFailAlone() async throws {
        let db = try #require(try await freshDatabase(.sqlite) as? SQLiteDatabase)
        try await db.transaction { c in try c.execute("CREATE TABLE t (n INTEGER PRIMARY KEY)", []) }
        let before = db.commits
        // The first write holds the writer until the other 40 are queued behind it.
        let gate = DispatchSemaphore(value: 0)
        let holding = Atomic<Bool>(false)
        let first = Task {
            try await db.transaction { c in
                holding.store(true, ordering: .sequentiallyConsistent)
                gate.wait()
                try c.execute("INSERT INTO t (n) VALUES (0)", [])
                return 0
            }
        }
        while !holding.load(ordering: .sequentiallyConsistent) { try await Task.sleep(for: .milliseconds(5)) }
        struct Refused: Error {}
        let rest = (1...40).map { n in
            Task { () -> Int? in
                try? await db.transaction { c -> Int in
                    try c.execute("INSERT INTO t (n) VALUES (?)", n)
                    if n % 10 == 0 { throw Refused() }  // after its insert: that insert must go too
                    // A duplicate of the held write's row, committed before any of these runs (one of
                    // the others' rows would depend on the order the tasks queued in): the statement fails.
                    if n == 7 { try c.execute("INSERT INTO t (n) VALUES (0)", []) }
                    return n * 2
                }
            }
        }
        while db.waitingWrites < 40 { try await Task.sleep(for: .milliseconds(5)) }
        gate.signal()
        #expect(try await first.value == 0)
        var values: [Int: Int] = [:]
        var refused: [Int] = []
        for (n, task) in zip(1..., rest) {
            if let value = await task.value { values[n] = value } else { refused.append(n) }
        }
        #expect(refused == [7, 10, 20, 30, 40])
        #expect(values.count == 35 && values.allSatisfy { $0.value == $0.key * 2 })
        let stored = try await db.read { c in try c.query("SELECT n FROM t ORDER BY n").map { try $0.int("n") } }
        #expect(stored == [0] + (1...40).filter { !refused.contains($0) })
        #expect(db.commits - before == 2, "the held write, then the forty that waited as one group")
    }

    /// A SQLite URL chooses when a commit reaches the disk: at checkpoints by default (NORMAL),
    /// before it is answered with `?synchronous=full`; an option it does not know is refused.
    @Test func aSQLiteURLChoosesWhenCommitsReachTheDisk() async throws {
        let folder = NSTemporaryDirectory() + "yaruki-synchronous-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func level(_ url: String) async throws -> Int? {
            let db = try DatabaseURL.open(url)
            defer { db.close() }
            return try await db.transaction { c in try c.queryOne("PRAGMA synchronous")?.int("synchronous") }
        }
        #expect(try await level("sqlite:\(folder)/a.sqlite") == 1)
        #expect(try await level("sqlite:\(folder)/b.sqlite?synchronous=full") == 2)
        #expect(try await level("sqlite:\(folder)/c.sqlite?synchronous=FULL") == 2)
        #expect(try await level("sqlite:\(folder)/d.sqlite?synchronous=normal") == 1)
        #expect(FileManager.default.fileExists(atPath: "\(folder)/b.sqlite"), "the option is not part of the file's name")
        for bad in ["e.sqlite?synchronous=sometimes", "e.sqlite?fsync=off", "e.sqlite?", "?synchronous=full"] {
            #expect(throws: DatabaseError.self, "\(bad)") { _ = try DatabaseURL.open("sqlite:\(folder)/\(bad)") }
        }
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/e.sqlite"), "nothing made for a URL refused")
    }

    /// Closed (as a server stopping closes it), the database file alone holds everything: a copy
    /// of `yaruki.sqlite` without its WAL is a whole backup. Before, the tables and rows stayed
    /// in the WAL until 40 MB of it gathered, and such a copy had not even the tables.
    @Test func aClosedSQLiteDatabaseFileHoldsEverythingWithoutItsWAL() async throws {
        let folder = NSTemporaryDirectory() + "yaruki-checkpoint-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let db = try SQLiteDatabase(path: folder + "/a.sqlite", readers: 2)
        try await db.transaction { c in
            try c.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)", [])
            for id in 1...200 { try c.execute("INSERT INTO items (id, name) VALUES (?, ?)", id, "item \(id)") }
        }
        #expect(try await db.read { c in try c.queryOne("SELECT COUNT(*) AS n FROM items")?.int("n") } == 200)
        db.close()
        let wal = (try? FileManager.default.attributesOfItem(atPath: folder + "/a.sqlite-wal")[.size] as? Int) ?? 0
        #expect(wal == 0, "the WAL is emptied: \(wal) bytes")
        try FileManager.default.copyItem(atPath: folder + "/a.sqlite", toPath: folder + "/copy.sqlite")
        let copy = try SQLiteDatabase(path: folder + "/copy.sqlite", readers: 1)
        defer { copy.close() }
        #expect(try await copy.read { c in try c.queryOne("SELECT COUNT(*) AS n, MAX(name) AS last FROM items") }.map {
            [try $0.int("n"), try $0.string("last") == "item 99" ? 1 : 0]
        } == [200, 1])
        // Still usable after closing: a later write opens no trouble, and closing again is harmless.
        try await db.transaction { c in try c.execute("INSERT INTO items (id, name) VALUES (201, 'late')", []) }
        db.close()
        db.close()
    }

    /// A read's statements see one moment: a write that commits between two of them is seen by
    /// neither (and a read that throws leaves its reader free for the next).
    @Test func anSQLiteReadSeesOneMomentAcrossItsStatements() async throws {
        let db = try #require(try await freshDatabase(.sqlite) as? SQLiteDatabase)
        try await db.transaction { c in try c.execute("CREATE TABLE t (n INTEGER PRIMARY KEY)", []) }
        try await db.transaction { c in try c.execute("INSERT INTO t (n) VALUES (1)", []) }
        // The insert comes from a connection of its own on a thread of its own: the read below
        // holds its thread until the insert has committed.
        let other = HandedOver(try SQLiteConnection(path: db.path, readOnly: false))
        let (asked, written) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let inserted = Mutex<Error?>(nil)
        DispatchQueue.global().async {
            asked.wait()
            do { try other.value.execute("INSERT INTO t (n) VALUES (2)", []) } catch { inserted.withLock { $0 = error } }
            written.signal()
        }
        let (first, second) = try await db.read { c -> (Int, Int) in
            let first = try c.query("SELECT COUNT(*) AS n FROM t", []).first?.int("n") ?? -1
            asked.signal()
            written.wait()  // the insert has committed
            return (first, try c.query("SELECT COUNT(*) AS n FROM t", []).first?.int("n") ?? -1)
        }
        #expect(inserted.withLock { $0 } == nil)
        #expect(first == 1 && second == 1, "both statements see the moment the read began")
        struct Refused: Error {}
        for _ in 0..<8 { _ = try? await db.read { c -> Int in _ = try c.query("SELECT n FROM t", []); throw Refused() } }
        #expect(try await db.read { c in try c.query("SELECT COUNT(*) AS n FROM t", []).first?.int("n") } == 2, "a new read sees the insert")
    }

    /// A reader keeps its snapshot between reads while nothing is committed, and the next read
    /// after any commit sees it: this database's own, and another's on the same file, as a CLI
    /// command writes from another process while a server runs.
    @Test func aHeldReadSnapshotSeesEveryCommitAtOnce() async throws {
        let path = NSTemporaryDirectory() + "yaruki-held-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let db = try SQLiteDatabase(path: path, readers: 4)
        let other = try SQLiteDatabase(path: path, readers: 1)
        try await db.transaction { c in try c.execute("CREATE TABLE seen (n INTEGER NOT NULL)", []) }
        let count: @Sendable (SQLConnection) throws -> Int = { c in try c.query("SELECT COUNT(*) AS n FROM seen", []).first?.int("n") ?? -1 }
        let before = db.snapshotsBegun.load(ordering: .relaxed)
        for _ in 0..<20 { #expect(try await db.read(count) == 0) }
        #expect(db.snapshotsBegun.load(ordering: .relaxed) - before == 1, "twenty reads with nothing written between share one snapshot")
        for i in 1...200 {
            let (writer, name) = i % 2 == 0 ? (db, "this database") : (other, "another")
            try await writer.transaction { c in try c.execute("INSERT INTO seen (n) VALUES (?)", i) }
            #expect(try await db.read(count) == i, "commit \(i), by \(name)")
        }
    }

    /// Idle readers let their snapshots go before the writer begins, so the WAL starts over once
    /// a checkpoint has copied it back: with reads and writes taking turns, the WAL stays near its
    /// checkpoint mark (40 MB) instead of growing with every write.
    @Test func heldReadSnapshotsDoNotKeepTheWALGrowing() async throws {
        let db = try #require(try await freshDatabase(.sqlite) as? SQLiteDatabase)
        try await db.transaction { c in
            try c.execute("CREATE TABLE blobs (id INTEGER PRIMARY KEY, b BLOB NOT NULL)", [])
            for id in 0..<50 { try c.execute("INSERT INTO blobs (id, b) VALUES (?, randomblob(16000))", id) }
        }
        // Several readers hold snapshots, then a write: none is left holding one.
        async let a = db.read { c in try c.query("SELECT COUNT(*) AS n FROM blobs", []).count }
        async let b = db.read { c in try c.query("SELECT COUNT(*) AS n FROM blobs", []).count }
        _ = try await (a, b)
        #expect(db.idleSnapshotsHeld >= 1)
        try await db.transaction { c in try c.execute("UPDATE blobs SET b = randomblob(16000) WHERE id = 0", []) }
        #expect(db.idleSnapshotsHeld == 0, "the write let the idle readers' snapshots go")
        // 6,000 rewrites of a 16 KB blob append about 100 MB of pages to the WAL.
        for i in 0..<6000 {
            _ = try await db.read { c in try c.query("SELECT length(b) AS n FROM blobs WHERE id = ?", i % 50).first?.int("n") }
            try await db.transaction { c in try c.execute("UPDATE blobs SET b = randomblob(16000) WHERE id = ?", i % 50) }
        }
        let wal = (try? FileManager.default.attributesOfItem(atPath: db.path + "-wal")[.size] as? Int) ?? 0
        #expect(wal > 0 && wal < 60 << 20, "the WAL started over: \(wal >> 20) MB")
    }

    @Test func placeholdersAreNumberedOutsideQuotesAndComments() {
        let sql = "SELECT '?', \"a?\", ? -- why?\n, ? FROM t WHERE x = ?"
        #expect(PostgresConnection.numberPlaceholders(sql) == ("SELECT '?', \"a?\", $1 -- why?\n, $2 FROM t WHERE x = $3", 3))
    }

    @Test func unreachablePostgresIsAClearError() throws {
        #expect {
            _ = try PostgresDatabase(url: "postgres://yaruki@127.0.0.1:\(PostgresCluster.freePort())/nothing")
        } throws: { error in
            guard case let .unavailable(message) = error as? DatabaseError else { return false }
            return message.contains("cannot reach PostgreSQL at 127.0.0.1:") && message.contains("/nothing")
        }
        #expect(throws: DatabaseError.self) { _ = try DatabaseURL.open("mysql://x") }
    }

    /// A PostgreSQL on the same host is reached over its Unix socket, the way a one-host
    /// deployment (and bench/api) connects: the folder, percent-encoded, as the URL's host.
    @Test func postgresIsReachedOverItsUnixSocket() async throws {
        let cluster = PostgresCluster.shared
        let socketURL = try #require(cluster.socketURL, "scripts/test.sh exports YARUKI_TEST_POSTGRES_SOCKET_URL")
        // inet_server_addr() is the server's address over TCP and NULL over a Unix socket.
        let overSocket = "SELECT CASE WHEN inet_server_addr() IS NULL THEN 1 ELSE 0 END AS socket"
        for (url, socket) in [(socketURL, 1), (cluster.url, 0)] {
            let db = try PostgresDatabase(url: url, poolSize: 1)
            defer { db.close() }
            #expect(try await db.read { try $0.query(overSocket, []) }.first?.int("socket") == socket)
        }
    }

    /// (Failing rather than hanging while PostgreSQL is stopped: the time limit, far past the
    /// connection's own timeouts, catches a hang.)
    @Test(.timeLimit(.minutes(1))) func recoversWhenPostgresComesBack() async throws {
        let cluster = try PostgresCluster.start()
        defer { cluster.stop() }
        let db = try PostgresDatabase(url: cluster.url, poolSize: 4)
        try await db.transaction { c in
            try c.execute("CREATE TABLE notes (id BIGINT PRIMARY KEY)", [])
            try c.execute("INSERT INTO notes (id) VALUES (?)", 1)
        }
        try cluster.pause()
        do {
            _ = try await db.read { try $0.query("SELECT id FROM notes", []) }
            Issue.record("a query succeeded while PostgreSQL was stopped")
        } catch let DatabaseError.unavailable(message) {
            #expect(message.contains("PostgreSQL"))
        }
        await #expect(throws: DatabaseError.self) { try await db.transaction { try $0.execute("INSERT INTO notes (id) VALUES (?)", 2) } }
        // A read asked together fails the same way, and does not hang.
        do {
            _ = try await db.readTogether { try $0.queryLater("SELECT id FROM notes", []) }
            Issue.record("a read asked together succeeded while PostgreSQL was stopped")
        } catch let DatabaseError.unavailable(message) {
            #expect(message.contains("PostgreSQL"))
        }
        try cluster.resume()
        let rows = try await db.read { try $0.query("SELECT id FROM notes", []) }
        #expect(rows.count == 1)
        #expect(try await db.readTogether { try $0.queryLater("SELECT id FROM notes", []) }.count == 1)
        try await db.transaction { try $0.execute("INSERT INTO notes (id) VALUES (?)", 3) }
        #expect(try await count(db, "notes") == 2)
    }
}

func count(_ db: Database, _ table: String) async throws -> Int {
    try await db.read { try $0.query("SELECT COUNT(*) AS n FROM \(table)", [])[0].int("n") }
}

extension Date {
    var roundedToMilliseconds: Date { Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000).rounded() / 1000) }
}

@Suite struct RowDecodingTests {
    @Test func uuidsParseStrictly() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(UUID(strict: id.uuidString) == id)
            #expect(UUID(strict: id.uuidString.lowercased()) == id)
            #expect(id.sqlValue == .text(id.uuidString.lowercased()))
            #expect(id.lowercasedString == id.uuidString.lowercased())
        }
        let ends = UUID(uuid: (0, 0x0f, 0xf0, 0xff, 0x10, 0x9a, 0xa9, 0x5c, 0xc5, 0x01, 0xfe, 0xef, 0x7b, 0xb7, 0x80, 0x08))
        #expect(ends.lowercasedString == "000ff0ff-109a-a95c-c501-feef7bb78008")
        // What Foundation's parser here takes, each as another id: a space, a dash or a sign for a digit.
        for lax in ["12345678-1234-1234-1234-12345678 9ab", "12345678-1234-1234-1234-12345678-9ab", "+2345678-1234-1234-1234-123456789abc"] {
            #expect(UUID(strict: lax) == nil, "\(lax)")
        }
        for bad in ["", "not-a-uuid", "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-4266141740000",
                    "123e4567xe89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-42661417400g"] {
            #expect(UUID(strict: bad) == nil, "\(bad)")
        }
        // Every digit's place, given each byte that borders the digits and letters, or none of them
        // (stricter than Foundation, whose sscanf takes a space or a dash for a digit).
        let good = Array("123e4567-e89b-12d3-a456-426614174000".utf8)
        for place in good.indices where good[place] != 45 {
            for byte in Array("/:@G`g -\u{0}é".utf8) {
                var text = good
                text[place] = byte
                let string = String(decoding: text, as: UTF8.self)
                #expect(UUID(strict: string) == nil, "\(string)")
            }
        }
        for (digit, value) in zip("0123456789abcdefABCDEF", Array(0...15) + Array(10...15)) {
            var text = good
            text[35] = digit.asciiValue!
            #expect(UUID(strict: String(decoding: text, as: UTF8.self))?.uuid.15 == UInt8(value))
        }
    }
}
