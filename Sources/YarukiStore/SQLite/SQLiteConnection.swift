import CSQLite
import Foundation

/// One libsqlite3 connection with a cache of prepared statements.
final class SQLiteConnection: SQLConnection {
    let dialect = SQLDialect.sqlite
    private var handle: OpaquePointer?
    /// At most 512 statements and 8 MB of them (`StatementCache`); a statement's memory is
    /// SQLite's own count of it. Read by tests.
    let statements = StatementCache<Prepared>(maxCount: 512, maxBytes: 8 << 20)

    /// A prepared statement, its columns, and the size of its last result: the next one's cells
    /// and bytes are reserved at once instead of grown from nothing (a board page's 40 rows of
    /// 20 columns were copied over ten times while they grew).
    final class Prepared {
        let statement: OpaquePointer
        let columns: [String]
        var rows = 0
        var bytes = 0

        init(_ statement: OpaquePointer, _ columns: [String]) {
            (self.statement, self.columns) = (statement, columns)
        }
    }
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// SQLite's process-wide count of its memory is off (a board page made each time spent 6% of
    /// the server's time on the lock it takes); a statement's own size
    /// (`SQLITE_STMTSTATUS_MEMUSED`), which `statements` is bound by, is counted either way.
    private static let memoryCountOff: Int32 = yaruki_sqlite3_count_no_memory()

    init(path: String, readOnly: Bool, synchronous: SQLiteDatabase.Synchronous = .normal) throws {
        _ = SQLiteConnection.memoryCountOff
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw DatabaseError.unavailable("cannot open SQLite database at \(path): \(message)")
        }
        handle = db
        sqlite3_busy_timeout(db, 5000)
        sqlite3_extended_result_codes(db, 1)
        try run("PRAGMA foreign_keys = ON")
        // Pages are read through a memory map rather than copied by read(2) (the kernel's copy led
        // the profile of the group page); the file is the same either way.
        try run("PRAGMA mmap_size = 268435456")
        if !readOnly {
            try run("PRAGMA journal_mode = WAL")
            try run("PRAGMA synchronous = \(synchronous.rawValue.uppercased())")
            // A checkpoint every 40 MB of WAL instead of SQLite's 4 MB: records keyed by devices'
            // random UUIDs touch a leaf page of each of their indexes per record, so a push of 500
            // appends 6 MB and forced a checkpoint (two fsyncs) at every commit; ten pushes now
            // share one, and a page changed by several is copied back once (bench/sync: the
            // server's side of a first sync 10,950 -> 12,500 records/s). Readers search a few
            // more of the WAL's hash tables.
            try run("PRAGMA wal_autocheckpoint = 10000")
            // A statement that writes many rows inside a transaction (a push's set-based insert)
            // keeps the pages it changes in a statement journal, spilled past 64 KB to a temporary
            // file that is created, written, unlinked and evicted each time: 5 MB per push of 500,
            // a third of the server's writes in a first sync. The writer keeps it in memory; the
            // push's size bounds it.
            try run("PRAGMA temp_store = MEMORY")
        }
    }

    deinit {
        for entry in statements.all { sqlite3_finalize(entry.statement) }
        sqlite3_close_v2(handle)
    }

    /// On a reader between reads: the WAL index's header when its open read transaction began
    /// (`SQLiteDatabase.inOneSnapshot`); nil when it holds none.
    var heldSnapshot: WALIndexHeader.Value?

    /// Whether a transaction is open (SQLite ends one by itself on some errors, like a full disk).
    var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    private func run(_ sql: String) throws {
        _ = try query(sql, [])
    }

    @discardableResult
    func execute(_ sql: String, _ parameters: [SQLValue]) throws -> Int {
        _ = try step(sql, parameters, collect: false)
        return Int(sqlite3_changes(handle))
    }

    /// SQLite has no round trips to save: at once.
    func queryLater(_ sql: String, _ parameters: [SQLValue]) throws -> Later<[Row]> {
        let rows = try query(sql, parameters)
        return Later { rows }
    }

    func query(_ sql: String, _ parameters: [SQLValue]) throws -> [Row] {
        try step(sql, parameters, collect: true)
    }

    /// The prepared statement and its column names, made once per SQL text (while kept).
    private func prepare(_ sql: String) throws -> Prepared {
        if let cached = statements.get(sql) { return cached }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
              let statement else {
            throw error(sqlite3_extended_errcode(handle))
        }
        let columns = (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
        let bytes = Int(sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_MEMUSED, 0))
        for gone in statements.overflow(adding: 1, bytes: bytes) { sqlite3_finalize(statements.remove(gone)?.statement) }
        let prepared = Prepared(statement, columns)
        statements.add(sql, prepared, bytes: bytes)
        return prepared
    }

    private func step(_ sql: String, _ parameters: [SQLValue], collect: Bool) throws -> [Row] {
        let prepared = try prepare(sql)
        let (statement, columns) = (prepared.statement, prepared.columns)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard expected == parameters.count else {
            throw DatabaseError.statement("the statement takes \(expected) parameters, \(parameters.count) given: \(sql)")
        }
        for (offset, value) in parameters.enumerated() {
            let i = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, i)
            case let .integer(v): status = sqlite3_bind_int64(statement, i, v)
            case let .real(v): status = sqlite3_bind_double(statement, i, v)
            case let .text(v): status = sqlite3_bind_text(statement, i, v, -1, SQLiteConnection.transient)
            case let .blob(v):
                status = v.withUnsafeBytes { sqlite3_bind_blob(statement, i, $0.baseAddress, Int32($0.count), SQLiteConnection.transient) }
            }
            guard status == SQLITE_OK else { throw error(status) }
        }
        var rows = RowSet.Builder(columns: columns, rows: collect ? prepared.rows : 0, bytes: collect ? prepared.bytes : 0)
        let columnCount = Int32(columns.count)
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw error(sqlite3_extended_errcode(handle)) }
            guard collect else { continue }
            for c in 0..<columnCount {
                switch sqlite3_column_type(statement, c) {
                case SQLITE_INTEGER: rows.integer(sqlite3_column_int64(statement, c))
                case SQLITE_FLOAT: rows.real(sqlite3_column_double(statement, c))
                case SQLITE_TEXT:
                    // By its length (after asking for the text, as SQLite says to): no strlen.
                    let text = sqlite3_column_text(statement, c)
                    rows.text(UnsafeBufferPointer(start: text, count: text == nil ? 0 : Int(sqlite3_column_bytes(statement, c))))
                case SQLITE_BLOB:
                    let blob = sqlite3_column_blob(statement, c)
                    rows.blob(UnsafeRawBufferPointer(start: blob, count: blob == nil ? 0 : Int(sqlite3_column_bytes(statement, c))))
                default: rows.null()
                }
            }
        }
        // Remembered up to a page's worth: a statement that once read ten thousand rows does not
        // reserve them for every later read of one.
        if collect { (prepared.rows, prepared.bytes) = (min(rows.size.rows, 256), min(rows.size.bytes, 64 << 10)) }
        return rows.rows()
    }

    private func error(_ code: Int32) -> DatabaseError {
        let message = String(cString: sqlite3_errmsg(handle))
        switch code {
        case 2067, 1555: return .uniqueViolation(message)  // SQLITE_CONSTRAINT_UNIQUE, _PRIMARYKEY
        case 787: return .foreignKeyViolation(message)     // SQLITE_CONSTRAINT_FOREIGNKEY
        case _ where code & 0xff == SQLITE_CONSTRAINT: return .constraint(message)
        case _ where code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED: return .unavailable("the database is busy: \(message)")
        case _ where code & 0xff == SQLITE_CANTOPEN || code & 0xff == SQLITE_IOERR || code & 0xff == SQLITE_FULL:
            return .unavailable(message)
        default: return .statement(message)
        }
    }
}
