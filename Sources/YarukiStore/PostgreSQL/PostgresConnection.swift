import CLibPQ
import Foundation

/// One libpq connection; statements are prepared once per connection and reused.
final class PostgresConnection: SQLConnection {
    let dialect = SQLDialect.postgres
    private let handle: OpaquePointer
    /// Statement names by SQL text, with how many parameters each takes.
    private var prepared: [String: (name: String, parameters: Int)] = [:]
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
        let fields = PQnfields(result)
        let columns = (0..<fields).map { String(cString: PQfname(result, $0)) }
        let types = (0..<fields).map { PQftype(result, $0) }
        var rows: [Row] = []
        rows.reserveCapacity(Int(PQntuples(result)))
        for r in 0..<PQntuples(result) {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(fields))
            for c in 0..<fields {
                if PQgetisnull(result, r, c) != 0 {
                    values.append(.null)
                    continue
                }
                let text = String(cString: PQgetvalue(result, r, c))
                switch types[Int(c)] {
                case 16: values.append(.integer(text == "t" ? 1 : 0))
                case 20, 21, 23, 26: values.append(Int64(text).map(SQLValue.integer) ?? .text(text))
                case 700, 701, 1700: values.append(Double(text).map(SQLValue.real) ?? .text(text))
                case 17: values.append(.blob(PostgresConnection.decodeHex(text)))
                default: values.append(.text(text))
                }
            }
            rows.append(Row(columns: columns, values: values))
        }
        return rows
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

    private func run(_ sql: String, _ parameters: [SQLValue]) throws -> OpaquePointer {
        let (name, expected) = try statement(for: sql)
        // Checked here: the server would call a wrong count a protocol violation and drop the connection.
        guard expected == parameters.count else {
            throw DatabaseError.statement("the statement takes \(expected) parameters, \(parameters.count) given: \(sql)")
        }
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
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, v.count))
                v.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { copy.withMemoryRebound(to: UInt8.self, capacity: v.count) { $0.update(from: base.assumingMemoryBound(to: UInt8.self), count: v.count) } }
                }
                buffers.append(copy); lengths.append(Int32(v.count)); formats.append(1)
            }
        }
        let result = buffers.withUnsafeBufferPointer { values in
            values.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: max(1, values.count)) { valuePointer in
                PQexecPrepared(handle, name, Int32(parameters.count), parameters.isEmpty ? nil : valuePointer,
                               lengths, formats, 0)
            }
        }
        return try check(result)
    }

    private func statement(for sql: String) throws -> (name: String, parameters: Int) {
        if let found = prepared[sql] { return found }
        let name = "y\(prepared.count)"
        let numbered = PostgresConnection.numberPlaceholders(sql)
        let result = PQprepare(handle, name, numbered.sql, 0, nil)
        PQclear(try check(result))
        prepared[sql] = (name, numbered.count)
        return (name, numbered.count)
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

    static func decodeHex(_ text: String) -> Data {
        guard text.hasPrefix("\\x") else { return Data(text.utf8) }
        var data = Data(capacity: (text.utf8.count - 2) / 2)
        var high: UInt8?
        for c in text.utf8.dropFirst(2) {
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
