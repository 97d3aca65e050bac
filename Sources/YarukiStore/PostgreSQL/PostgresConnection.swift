import CLibPQ
import Foundation

/// One libpq connection; statements are prepared once per connection and reused.
final class PostgresConnection: SQLConnection {
    let dialect = SQLDialect.postgres
    private let handle: OpaquePointer
    /// Statement names by SQL text, with how many parameters each takes: at most 512 between
    /// pieces of work (`StatementCache`; each is held by the connection's backend; read by tests).
    /// The number the next name takes.
    let prepared = StatementCache<(name: String, parameters: Int)>(maxCount: 512)
    private var nextName = 0
    private(set) var broken = false

    init(url: String, target: String) throws {
        guard let conn = PQconnectdb(url) else { throw DatabaseError.unavailable("libpq could not allocate a connection") }
        guard PQstatus(conn) == CONNECTION_OK else {
            let reason = String(cString: PQerrorMessage(conn)).trimmingCharacters(in: .whitespacesAndNewlines)
            PQfinish(conn)
            throw DatabaseError.unavailable("cannot reach PostgreSQL at \(target): \(reason)")
        }
        handle = conn
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    var isHealthy: Bool { !broken && PQstatus(handle) == CONNECTION_OK }

    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [Row] {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        return Self.rows(of: result)
    }

    /// Statements waiting to go out with the next one waited for (`queryLater`), and their answers.
    private var deferred: [(statement: SQLStatement, answer: Answer)] = []

    private final class Answer {
        var result: Result<[Row], Error>?
    }

    func queryLater(_ sql: String, _ parameters: [SQLValue]) throws -> Later<[Row]> {
        // Prepared now, so that one that cannot be fails here, not in another's round trip.
        _ = try prepared(sql, parameters.count)
        let answer = Answer()
        deferred.append((SQLStatement(sql: sql, parameters: parameters), answer))
        return Later { [weak self] in
            if answer.result == nil { try self?.flush() }
            guard let result = answer.result else { throw DatabaseError.unavailable("a statement was read after its connection went back") }
            return try result.get()
        }
    }

    /// Sends the statements sent later (after a BEGIN still pending), in one round trip.
    func flush() throws {
        guard !deferred.isEmpty else { return }
        if asking { throw WaitsForAnAnswer() }
        _ = try sendWaiting(then: [])
    }

    /// Reads are being asked together (`answer(_:)`): a statement waited for throws `WaitsForAnAnswer`.
    private var asking = false

    /// What a read being asked together throws when it waits for an answer after all.
    private struct WaitsForAnAnswer: Error {}

    /// Reads asked together (`PostgresDatabase.readTogether(_:)`). Each one's statements are
    /// asked in turn, then all go out in one pipeline with one sync: one round trip, and one
    /// implicit transaction (at PostgreSQL's default isolation each statement still sees what was
    /// committed when it began, as in a read of its own). Then each read is answered, in the
    /// order asked. A read that waited for an answer while it was asked, or whose statements
    /// came after one that failed (PostgreSQL ran none of those), is asked again by itself
    /// afterwards, as `read` runs one; the read whose statement failed fails with it.
    func answer(_ reads: [AskedReading]) {
        guard deferred.isEmpty, !beginPending else {
            for read in reads { read.fail(DatabaseError.unavailable("reads were asked on a connection with work waiting")) }
            return
        }
        var asked: [(read: AskedReading, statements: Range<Int>)] = []
        var again: [AskedReading] = []
        asking = true
        for read in reads {
            let start = deferred.count
            do {
                try read.ask(self)
                asked.append((read, start..<deferred.count))
            } catch {
                for (_, answer) in deferred[start...] { answer.result = .failure(error) }
                deferred.removeSubrange(start...)
                if error is WaitsForAnAnswer { again.append(read) } else { read.fail(error) }
            }
        }
        asking = false
        let waiting = deferred
        deferred = []
        // The first statement that failed: those after it did not run.
        var failed: (at: Int, error: Error)?
        if !waiting.isEmpty {
            do {
                failed = settle(waiting, try pipeline(waiting.map(\.statement))[...], after: nil)
            } catch {
                for (_, answer) in waiting { answer.result = .failure(error) }
                failed = (-1, error)
            }
        }
        for (read, statements) in asked {
            if let failed, failed.at >= 0, !statements.isEmpty, statements.lowerBound > failed.at {
                again.append(read)
            } else {
                read.answer()
            }
        }
        for read in again {
            do {
                try read.ask(self)
                read.answer()
            } catch {
                read.fail(error)
            }
        }
    }

    /// Drops what waits, unsent (the work failed): their answers say so.
    func abandon(_ error: Error) {
        for (_, answer) in deferred { answer.result = .failure(error) }
        deferred = []
    }

    /// Sends a pending BEGIN, the statements sent later and `tail` in one pipeline; hands the
    /// deferred statements their rows and answers `tail`'s results, unchecked, for the caller to
    /// check and clear. The first failure before `tail` is thrown (it stopped everything after it).
    private func sendWaiting(then tail: [SQLStatement]) throws -> [OpaquePointer] {
        // Prepared first: a statement that cannot be leaves the BEGIN waiting for the next.
        for step in tail { _ = try prepared(step.sql, step.parameters.count) }
        let begin = beginPending
        let waiting = deferred
        (beginPending, deferred) = (false, [])
        let steps = (begin ? [SQLStatement(sql: "BEGIN", parameters: [])] : []) + waiting.map(\.statement) + tail
        var results: [OpaquePointer]
        do { results = try pipeline(steps) } catch {
            for (_, answer) in waiting { answer.result = .failure(error) }
            throw error
        }
        var failure: Error?
        if begin {
            do { PQclear(try check(results.removeFirst())) } catch { failure = error }
        }
        // Settled even when the BEGIN failed: each waiting statement is answered and its result cleared.
        let failedWaiting = settle(waiting, results.prefix(waiting.count), after: failure)
        failure = failure ?? failedWaiting?.error
        results.removeFirst(waiting.count)
        if let failure {
            results.forEach { PQclear($0) }
            throw failure
        }
        return results
    }

    /// Hands each waiting statement its result, in order, and clears the results: its rows, or
    /// once one has failed (`failure` may come from before them) that failure, which stopped every
    /// statement after it. The first of them that failed, and its place, if one did.
    private func settle(_ waiting: [(statement: SQLStatement, answer: Answer)], _ results: ArraySlice<OpaquePointer>,
                        after failure: Error?) -> (at: Int, error: Error)? {
        var failure = failure
        var failed: (at: Int, error: Error)?
        for ((_, answer), (i, result)) in zip(waiting, results.enumerated()) {
            if let failure {
                PQclear(result)
                answer.result = .failure(failure)
                continue
            }
            do {
                let checked = try check(result)
                answer.result = .success(Self.rows(of: checked))
                PQclear(checked)
            } catch {
                (failure, failed) = (error, (i, error))
                answer.result = .failure(error)
            }
        }
        return failed
    }

    /// The result's rows. Numbers are parsed from their short text (no allocation); other texts
    /// go into the rows' shared buffer byte for byte.
    private static func rows(of result: OpaquePointer) -> [Row] {
        let fields = PQnfields(result)
        let tuples = PQntuples(result)
        var rows = RowSet.Builder(columns: (0..<fields).map { String(cString: PQfname(result, $0)) }, rows: Int(tuples))
        let types = (0..<fields).map { PQftype(result, $0) }
        for r in 0..<tuples {
            for c in 0..<fields {
                if PQgetisnull(result, r, c) != 0 {
                    rows.null()
                    continue
                }
                let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(PQgetvalue(result, r, c))?.assumingMemoryBound(to: UInt8.self),
                                                count: Int(PQgetlength(result, r, c)))
                switch types[Int(c)] {
                case 16: rows.integer(bytes.first == UInt8(ascii: "t") ? 1 : 0)
                case 20, 21, 23, 26:
                    if let v = Int64(String(decoding: bytes, as: UTF8.self)) { rows.integer(v) } else { rows.text(bytes) }
                case 700, 701, 1700:
                    if let v = Double(String(decoding: bytes, as: UTF8.self)) { rows.real(v) } else { rows.text(bytes) }
                case 17: PostgresConnection.decodeHex(bytes).withUnsafeBytes { rows.blob($0) }
                default: rows.text(bytes)
                }
            }
        }
        return rows.rows()
    }

    /// Notifications on the channels this connection listens to: those already here, or the
    /// first to come within `timeout` seconds (none when nothing came). Nil once the connection broke.
    func notifications(waiting timeout: Double) -> [String]? {
        let queued = takeNotifications()
        if !queued.isEmpty { return queued }
        let fd = PQsocket(handle)
        guard fd >= 0 else {
            broken = true
            return nil
        }
        var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        if poll(&waiting, 1, Int32(timeout * 1000)) > 0, PQconsumeInput(handle) == 0 {
            broken = true
            return nil
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            broken = true
            return nil
        }
        return takeNotifications()
    }

    private func takeNotifications() -> [String] {
        var payloads: [String] = []
        while let notification = PQnotifies(handle) {
            payloads.append(String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
        return payloads
    }

    /// A transaction's BEGIN waiting to go out with its first statement (one round trip, not two).
    private var beginPending = false

    /// Starts a transaction: its BEGIN is sent with the first statement, in the same round trip.
    func beginWithNextStatement() { beginPending = true }

    /// Ends the transaction `beginWithNextStatement` started: COMMIT, then `then` once that has
    /// committed, all in one round trip; `then`'s statements share the pipeline's implicit
    /// transaction that follows (the first failing stops the rest). Only `then` is sent when the
    /// transaction ran no statement. COMMIT failing throws; `then` failing is returned (what it
    /// follows has committed). `then`'s statements are prepared before the COMMIT goes out: one
    /// that cannot be throws, and the transaction rolls back.
    func commit(then: [SQLStatement]) throws -> Error? {
        if beginPending && deferred.isEmpty {
            beginPending = false
            guard !then.isEmpty else { return nil }
            let results: [OpaquePointer]
            do { results = try sendWaiting(then: then) } catch { return error }
            var failed: Error?
            for result in results {
                do { PQclear(try check(result)) } catch { failed = failed ?? error }
            }
            return failed
        }
        let results = try sendWaiting(then: [SQLStatement(sql: "COMMIT", parameters: [])] + then)
        let committed: OpaquePointer
        do { committed = try check(results[0]) } catch {
            results.dropFirst().forEach { PQclear($0) }
            throw error
        }
        PQclear(committed)
        // After a failure the pipeline's statements up to its sync are aborted: the first error is the one to tell.
        var failed: Error?
        for result in results.dropFirst() {
            do { PQclear(try check(result)) } catch { failed = failed ?? error }
        }
        return failed
    }

    /// Ends a transaction that failed: ROLLBACK, unless its BEGIN never went out.
    func rollBack() {
        abandon(DatabaseError.statement("its transaction rolled back"))
        if beginPending {
            beginPending = false
            return
        }
        _ = try? execute("ROLLBACK", [])
    }

    private func run(_ sql: String, _ parameters: [SQLValue]) throws -> OpaquePointer {
        if asking { throw WaitsForAnAnswer() }
        if beginPending || !deferred.isEmpty {
            return try check(try sendWaiting(then: [SQLStatement(sql: sql, parameters: parameters)])[0])
        }
        let name = try prepared(sql, parameters.count)
        let result = Self.withParameters(parameters) { count, values, lengths, formats in
            PQexecPrepared(handle, name, count, values, lengths, formats, 0)
        }
        return try check(result)
    }

    /// Sends `steps` at once in libpq's pipeline mode and reads their results, in order: one round
    /// trip. Once one fails, the ones after it do not run (their status is PGRES_PIPELINE_ABORTED).
    /// Every result returned is the caller's to clear.
    private func pipeline(_ steps: [SQLStatement]) throws -> [OpaquePointer] {
        let names = try steps.map { try prepared($0.sql, $0.parameters.count) }
        guard PQenterPipelineMode(handle) == 1 else {
            broken = true
            throw DatabaseError.unavailable("PostgreSQL connection could not pipeline: \(String(cString: PQerrorMessage(handle)))")
        }
        for (step, name) in zip(steps, names) {
            let sent = Self.withParameters(step.parameters) { count, values, lengths, formats in
                PQsendQueryPrepared(handle, name, count, values, lengths, formats, 0)
            }
            guard sent == 1 else { try lost() }
        }
        guard PQpipelineSync(handle) == 1 else { try lost() }
        var results: [OpaquePointer] = []
        results.reserveCapacity(steps.count)
        for _ in steps {
            guard let result = PQgetResult(handle) else {
                results.forEach { PQclear($0) }
                try lost()
            }
            results.append(result)
            while let more = PQgetResult(handle) { PQclear(more) }
        }
        guard let sync = PQgetResult(handle) else {
            results.forEach { PQclear($0) }
            try lost()
        }
        PQclear(sync)
        guard PQexitPipelineMode(handle) == 1 else {
            results.forEach { PQclear($0) }
            try lost()
        }
        return results
    }

    /// The connection failed mid-pipeline: it is not used again.
    private func lost() throws -> Never {
        broken = true
        throw DatabaseError.unavailable("PostgreSQL connection lost: \(String(cString: PQerrorMessage(handle)))")
    }

    /// The statement's prepared name, preparing it on first use; its parameters counted first:
    /// the server would call a wrong count a protocol violation and drop the connection.
    private func prepared(_ sql: String, _ given: Int) throws -> String {
        let (name, expected) = try statement(for: sql)
        guard expected == given else {
            throw DatabaseError.statement("the statement takes \(expected) parameters, \(given) given: \(sql)")
        }
        return name
    }

    /// `parameters` as libpq takes them: text, except blobs in binary.
    private static func withParameters<R>(_ parameters: [SQLValue],
                                          _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>?, [Int32], [Int32]) -> R) -> R {
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        defer { buffers.forEach { free($0) } }
        for value in parameters {
            switch value {
            case .null:
                buffers.append(nil); lengths.append(0); formats.append(0)
            case let .integer(v):
                buffers.append(strdup(String(v))); lengths.append(0); formats.append(0)
            case let .real(v):
                buffers.append(strdup(String(v))); lengths.append(0); formats.append(0)
            case let .text(v):
                buffers.append(strdup(v)); lengths.append(0); formats.append(0)
            case let .blob(v):
                // With malloc, as strdup's buffers are: every buffer here is given back with free.
                let copy = malloc(max(1, v.count))?.assumingMemoryBound(to: CChar.self)
                v.withUnsafeBytes { raw in
                    if let base = raw.baseAddress, let copy { memcpy(copy, base, v.count) }
                }
                buffers.append(copy); lengths.append(Int32(v.count)); formats.append(1)
            }
        }
        return buffers.withUnsafeBufferPointer { values in
            values.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: max(1, values.count)) { valuePointer in
                body(Int32(parameters.count), parameters.isEmpty ? nil : UnsafePointer(valuePointer), lengths, formats)
            }
        }
    }

    private func statement(for sql: String) throws -> (name: String, parameters: Int) {
        if let found = prepared.get(sql) { return found }
        let name = "y\(nextName)"
        nextName += 1
        let numbered = PostgresConnection.numberPlaceholders(sql)
        let result = PQprepare(handle, name, numbered.sql, 0, nil)
        PQclear(try check(result))
        prepared.add(sql, (name, numbered.count))
        return (name, numbered.count)
    }

    /// Lets go of the least recently used statements past the bound, in one round trip. Called
    /// between pieces of work, with nothing waiting to be sent: a statement's name is looked up
    /// when it is sent, so one let go is prepared again when next asked, and none in a pipeline
    /// loses its name.
    func trimPrepared() {
        guard deferred.isEmpty, !beginPending, !broken else { return }
        let gone = prepared.overflow()
        guard !gone.isEmpty else { return }
        let sql = gone.compactMap { text in prepared.peek(text).map { "DEALLOCATE \($0.name)" } }.joined(separator: "; ")
        guard let result = try? check(PQexec(handle, sql)) else { return }
        PQclear(result)
        for text in gone { prepared.remove(text) }
    }

    private func check(_ result: OpaquePointer?) throws -> OpaquePointer {
        guard let result else {
            broken = PQstatus(handle) != CONNECTION_OK
            throw DatabaseError.unavailable("PostgreSQL connection lost: \(String(cString: PQerrorMessage(handle)))")
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return result
        default:
            let message = String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines)
            let state = PQresultErrorField(result, 67 /* PG_DIAG_SQLSTATE */).map { String(cString: $0) } ?? ""
            PQclear(result)
            if PQstatus(handle) != CONNECTION_OK || state.hasPrefix("08") || state.hasPrefix("57P") {
                broken = true
                throw DatabaseError.unavailable("PostgreSQL connection lost: \(message)")
            }
            switch state {
            case "23505": throw DatabaseError.uniqueViolation(message)
            case "23503": throw DatabaseError.foreignKeyViolation(message)
            case _ where state.hasPrefix("23"): throw DatabaseError.constraint(message)
            default: throw DatabaseError.statement(message)
            }
        }
    }

    /// `?` → `$1, $2, …`, leaving quoted strings, identifiers and comments alone.
    static func numberPlaceholders(_ sql: String) -> (sql: String, count: Int) {
        var out = ""
        out.reserveCapacity(sql.utf8.count + 8)
        var n = 0
        var quote: Character?
        var lineComment = false
        var previous: Character = " "
        for ch in sql {
            if lineComment {
                if ch == "\n" { lineComment = false }
            } else if let q = quote {
                if ch == q { quote = nil }
            } else if ch == "'" || ch == "\"" {
                quote = ch
            } else if ch == "-" && previous == "-" {
                lineComment = true
            } else if ch == "?" {
                n += 1
                out += "$\(n)"
                previous = ch
                continue
            }
            out.append(ch)
            previous = ch
        }
        return (out, n)
    }

    static func decodeHex(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") else { return Array(text) }
        var data: [UInt8] = []
        data.reserveCapacity((text.count - 2) / 2)
        var high: UInt8?
        for c in text.dropFirst(2) {
            let v: UInt8
            switch c {
            case 48...57: v = c - 48
            case 97...102: v = c - 87
            case 65...70: v = c - 55
            default: continue
            }
            if let h = high { data.append(h << 4 | v); high = nil } else { high = v }
        }
        return data
    }
}
