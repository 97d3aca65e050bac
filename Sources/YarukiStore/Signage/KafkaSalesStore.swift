import Foundation

/// Sales from Kafka: messages that held no valid sale (dead letters), and each node's consumer
/// state for the admin page.
public enum KafkaSalesStore {
    public struct DeadLetter: Sendable, Equatable {
        public var id: UUID
        public var topic: String
        public var partition: Int
        public var offset: Int64
        /// The message as text (bytes that are not UTF-8 shown as U+FFFD), at most `rawLimit` bytes.
        public var raw: String
        /// The whole message's size.
        public var bytes: Int
        public var reason: String
        public var receivedAt: Date

        public init(id: UUID, topic: String, partition: Int, offset: Int64, raw: String, bytes: Int, reason: String, receivedAt: Date) {
            (self.id, self.topic, self.partition, self.offset, self.raw, self.bytes, self.reason, self.receivedAt)
                = (id, topic, partition, offset, raw, bytes, reason, receivedAt)
        }
    }

    public static let rawLimit = 64 << 10

    /// Notes dead letters; one already noted (the same place in the topic, read again) is kept as it was.
    public static func add(_ letters: [DeadLetter], _ c: SQLConnection) throws {
        for l in letters {
            try c.execute("""
                INSERT INTO sales_dead_letters (id, topic, kafka_partition, kafka_offset, raw, raw_bytes, reason, received_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (topic, kafka_partition, kafka_offset) DO NOTHING
                """, l.id, l.topic, l.partition, l.offset, l.raw, l.bytes, l.reason, l.receivedAt)
        }
    }

    private static func letter(_ r: Row) throws -> DeadLetter {
        DeadLetter(id: try r.uuid("id"), topic: try r.string("topic"), partition: try r.int("kafka_partition"), offset: Int64(try r.int("kafka_offset")),
                   raw: try r.string("raw"), bytes: try r.int("raw_bytes"), reason: try r.string("reason"), receivedAt: try r.date("received_at"))
    }

    static let columns = "id, topic, kafka_partition, kafka_offset, raw, raw_bytes, reason, received_at"

    /// The newest first.
    public static func deadLetters(limit: Int, _ c: SQLConnection) throws -> [DeadLetter] {
        try c.query("SELECT \(columns) FROM sales_dead_letters ORDER BY received_at DESC, kafka_offset DESC LIMIT ?", limit).map(letter)
    }

    public static func deadLetterCount(_ c: SQLConnection) throws -> Int {
        try c.queryOne("SELECT COUNT(*) AS n FROM sales_dead_letters")?.int("n") ?? 0
    }

    /// The dead letter, held until the transaction ends (two admins retrying it at once: one does).
    public static func deadLetter(_ id: UUID, _ c: SQLConnection) throws -> DeadLetter? {
        let lock = c.dialect == .postgres ? " FOR UPDATE" : ""
        return try c.queryOne("SELECT \(columns) FROM sales_dead_letters WHERE id = ?\(lock)", id).map(letter)
    }

    public static func setReason(_ id: UUID, _ reason: String, _ c: SQLConnection) throws {
        try c.execute("UPDATE sales_dead_letters SET reason = ? WHERE id = ?", reason, id)
    }

    @discardableResult
    public static func drop(_ id: UUID, _ c: SQLConnection) throws -> Bool {
        try c.execute("DELETE FROM sales_dead_letters WHERE id = ?", id) == 1
    }

    // MARK: consumers

    public struct Consumer: Sendable, Equatable {
        public var node: String
        public var topic: String
        public var group: String
        public var connected: Bool
        /// JSON: the partitions the node holds, with offsets and lag.
        public var partitions: String
        public var consumed: Int64
        public var deadLetters: Int64
        public var lastCommitAt: Date?
        public var lastError: String?
        public var seenAt: Date

        public init(node: String, topic: String, group: String, connected: Bool, partitions: String, consumed: Int64, deadLetters: Int64,
                    lastCommitAt: Date?, lastError: String?, seenAt: Date) {
            (self.node, self.topic, self.group, self.connected, self.partitions, self.consumed, self.deadLetters, self.lastCommitAt,
             self.lastError, self.seenAt) = (node, topic, group, connected, partitions, consumed, deadLetters, lastCommitAt, lastError, seenAt)
        }
    }

    public static func note(_ s: Consumer, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO kafka_consumers (node, topic, group_id, connected, partitions, consumed, dead_letters, last_commit_at, last_error, seen_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (node) DO UPDATE SET topic = excluded.topic, group_id = excluded.group_id, connected = excluded.connected,
                partitions = excluded.partitions, consumed = excluded.consumed, dead_letters = excluded.dead_letters,
                last_commit_at = excluded.last_commit_at, last_error = excluded.last_error, seen_at = excluded.seen_at
            """, s.node, s.topic, s.group, s.connected ? 1 : 0, s.partitions, s.consumed, s.deadLetters, s.lastCommitAt, s.lastError, s.seenAt)
    }

    /// Consumers heard from since `since`, by node; older rows (nodes gone) are removed.
    public static func consumers(since: Date, _ c: SQLConnection) throws -> [Consumer] {
        try c.execute("DELETE FROM kafka_consumers WHERE seen_at < ?", since)
        return try c.query("""
            SELECT node, topic, group_id, connected, partitions, consumed, dead_letters, last_commit_at, last_error, seen_at
            FROM kafka_consumers ORDER BY node
            """).map { r in
            Consumer(node: try r.string("node"), topic: try r.string("topic"), group: try r.string("group_id"), connected: try r.int("connected") == 1,
                     partitions: try r.string("partitions"), consumed: Int64(try r.int("consumed")), deadLetters: Int64(try r.int("dead_letters")),
                     lastCommitAt: try r.optionalDate("last_commit_at"), lastError: try r.optionalString("last_error"), seenAt: try r.date("seen_at"))
        }
    }

    public static func forget(node: String, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM kafka_consumers WHERE node = ?", node)
    }
}
