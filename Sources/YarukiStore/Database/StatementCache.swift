/// Prepared statements by their SQL text, for one connection, kept within a bound. A statement
/// built for a number of rows or ids (a batch's multi-row insert, an `IN` list) has a text for
/// each length, and each one kept held its memory: 1,000 sales batches of every size from 1 to
/// 1,000 took the server from 107 to 400 MB. Past the bound the least recently used go, so the
/// statements a server asks all the time stay prepared while one-off lengths come and go.
final class StatementCache<Prepared> {
    private final class Entry {
        let prepared: Prepared
        let bytes: Int
        var used: Int

        init(_ prepared: Prepared, bytes: Int, used: Int) {
            (self.prepared, self.bytes, self.used) = (prepared, bytes, used)
        }
    }

    private var entries: [String: Entry] = [:]
    private var clock = 0
    private(set) var bytes = 0
    let maxCount: Int
    let maxBytes: Int

    init(maxCount: Int, maxBytes: Int = .max) {
        (self.maxCount, self.maxBytes) = (maxCount, maxBytes)
    }

    var count: Int { entries.count }
    var all: [Prepared] { entries.values.map(\.prepared) }

    func get(_ sql: String) -> Prepared? {
        guard let entry = entries[sql] else { return nil }
        clock += 1
        entry.used = clock
        return entry.prepared
    }

    func add(_ sql: String, _ prepared: Prepared, bytes: Int = 0) {
        clock += 1
        entries[sql] = Entry(prepared, bytes: bytes, used: clock)
        self.bytes += bytes
    }

    /// The texts to let go, least recently used first, so that `adding` more statements of
    /// `adding bytes` in all fit within the bounds.
    func overflow(adding count: Int = 0, bytes extra: Int = 0) -> [String] {
        guard entries.count + count > maxCount || bytes + extra > maxBytes else { return [] }
        var (left, held) = (entries.count + count, bytes + extra)
        var out: [String] = []
        for (sql, entry) in entries.sorted(by: { $0.value.used < $1.value.used }) where left > maxCount || held > maxBytes {
            out.append(sql)
            left -= 1
            held -= entry.bytes
        }
        return out
    }

    /// What `sql` is kept as, without counting as a use.
    func peek(_ sql: String) -> Prepared? { entries[sql]?.prepared }

    @discardableResult
    func remove(_ sql: String) -> Prepared? {
        guard let entry = entries.removeValue(forKey: sql) else { return nil }
        bytes -= entry.bytes
        return entry.prepared
    }
}
