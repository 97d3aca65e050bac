import Foundation
import YarukiCore

/// The job table: enqueue, claim (one node per job), renew a lease, finish or fail.
public enum JobStore {
    public enum State: String, Sendable { case queued, running, done, failed }

    public struct Job: Sendable, Equatable {
        public var id: UUID
        public var kind: String
        public var payload: String
        /// This claim's number, from 1.
        public var attempt: Int
        public var maxAttempts: Int
        /// The key it was queued under, if any.
        public var uniqueKey: String? = nil
    }

    public struct Row: Sendable, Equatable {
        public var id: UUID
        public var kind: String
        public var state: String
        public var attempts: Int
        public var lastError: String?
        public var runAt: Date
        /// The node that holds it, or held it last.
        public var node: String?
    }

    /// Queues a job to run at `runAt`; with a `uniqueKey` already queued or run, nothing is added
    /// and false is returned.
    @discardableResult
    public static func enqueue(id: UUID = UUID.timeOrdered(), kind: String, payload: String, runAt: Date, maxAttempts: Int, uniqueKey: String? = nil,
                               at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            INSERT INTO jobs (id, kind, payload, state, attempts, max_attempts, run_at, unique_key, created_at)
            VALUES (?, ?, ?, 'queued', 0, ?, ?, ?, ?) ON CONFLICT (unique_key) DO NOTHING
            """, id, kind, payload, maxAttempts, runAt, uniqueKey, now) == 1
    }

    /// Takes the job due first, queued or left by a node whose lease ran out, for `node` until
    /// `leaseUntil`; nil when none is due. With `uniqueKey`, only that job, due or not. Two nodes
    /// claiming at once never get the same job: PostgreSQL skips rows another transaction holds,
    /// SQLite has one writer.
    public static func claim(kinds: [String], node: String, now: Date, leaseUntil: Date, uniqueKey: String? = nil,
                             _ c: SQLConnection) throws -> Job? {
        guard !kinds.isEmpty else { return nil }
        let marks = Array(repeating: "?", count: kinds.count).joined(separator: ", ")
        // With a key, that one job whatever its time: its caller queued it for later in case it
        // could not run it now; a claim in progress is waited for, not skipped, so that the
        // caller learns who holds it. Either way, one whose node's lease ran out is taken over.
        let skip = c.dialect != .postgres ? "" : uniqueKey == nil ? " FOR UPDATE SKIP LOCKED" : " FOR UPDATE"
        let (due, values): (String, [SQLValue]) = if let uniqueKey {
            ("unique_key = ? AND (state = 'queued' OR (state = 'running' AND lease_until < ?))", [uniqueKey.sqlValue, now.sqlValue])
        } else {
            ("(state = 'queued' AND run_at <= ?) OR (state = 'running' AND lease_until < ?)", [now.sqlValue, now.sqlValue])
        }
        let rows = try c.query("""
            UPDATE jobs SET state = 'running', attempts = attempts + 1, lease_until = ?, locked_by = ?
            WHERE id = (SELECT id FROM jobs WHERE kind IN (\(marks)) AND (\(due))
                        ORDER BY run_at LIMIT 1\(skip))
            RETURNING id, kind, payload, attempts, max_attempts, unique_key
            """, [leaseUntil.sqlValue, node.sqlValue] + kinds.map(\.sqlValue) + values)
        guard let row = rows.first else { return nil }
        return Job(id: try row.uuid("id"), kind: try row.string("kind"), payload: try row.string("payload"), attempt: try row.int("attempts"),
                   maxAttempts: try row.int("max_attempts"), uniqueKey: try row.optionalString("unique_key"))
    }

    /// Keeps the job `node`'s a while longer; false when it is no longer (its lease ran out and
    /// another node took it).
    public static func renew(_ id: UUID, node: String, until: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE jobs SET lease_until = ? WHERE id = ? AND locked_by = ? AND state = 'running'", until, id, node) == 1
    }

    /// Done; false when the job was no longer `node`'s.
    @discardableResult
    public static func finish(_ id: UUID, node: String, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            UPDATE jobs SET state = 'done', finished_at = ?, lease_until = NULL, last_error = NULL
            WHERE id = ? AND locked_by = ? AND state = 'running'
            """, now, id, node) == 1
    }

    /// Failed this time: queued again at `retryAt`, or failed for good (nil).
    @discardableResult
    public static func fail(_ id: UUID, node: String, error: String, retryAt: Date?, at now: Date, _ c: SQLConnection) throws -> Bool {
        if let retryAt {
            return try c.execute("""
                UPDATE jobs SET state = 'queued', run_at = ?, lease_until = NULL, locked_by = NULL, last_error = ?
                WHERE id = ? AND locked_by = ? AND state = 'running'
                """, retryAt, String(error.prefix(2000)), id, node) == 1
        }
        return try c.execute("""
            UPDATE jobs SET state = 'failed', finished_at = ?, lease_until = NULL, last_error = ?
            WHERE id = ? AND locked_by = ? AND state = 'running'
            """, now, String(error.prefix(2000)), id, node) == 1
    }

    public static func row(_ id: UUID, _ c: SQLConnection) throws -> Row? {
        try c.queryOne("SELECT id, kind, state, attempts, last_error, run_at, locked_by FROM jobs WHERE id = ?", id).map { row in
            Row(id: try row.uuid("id"), kind: try row.string("kind"), state: try row.string("state"), attempts: try row.int("attempts"),
                lastError: try row.optionalString("last_error"), runAt: try row.date("run_at"), node: try row.optionalString("locked_by"))
        }
    }

    /// The job queued under `uniqueKey`, while it is kept.
    public static func row(uniqueKey: String, _ c: SQLConnection) throws -> Row? {
        try c.queryOne("SELECT id FROM jobs WHERE unique_key = ?", uniqueKey).map { try row(try $0.uuid("id"), c) } ?? nil
    }

    /// Jobs by state (for /metrics).
    public static func counts(_ c: SQLConnection) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try c.query("SELECT state, COUNT(*) AS n FROM jobs GROUP BY state", []) { counts[try row.string("state")] = try row.int("n") }
        return counts
    }

    /// Deletes the jobs of `kind` still queued whose unique key starts with `keyPrefix` (work
    /// taken back before its time); a job already running goes on.
    @discardableResult
    public static func cancel(kind: String, keyPrefix: String, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM jobs WHERE kind = ? AND state = 'queued' AND substr(unique_key, 1, ?) = ?",
                      kind, keyPrefix.count, keyPrefix)
    }

    /// When the next queued job of `kinds` is due, if any is queued.
    public static func nextDue(kinds: [String], _ c: SQLConnection) throws -> Date? {
        guard !kinds.isEmpty else { return nil }
        return try c.query("SELECT MIN(run_at) AS due FROM jobs WHERE state = 'queued' AND kind IN (\(SQLFragment.marks(kinds.count)))",
                           kinds.map(\.sqlValue)).first?.optionalDate("due")
    }

    /// Drops finished jobs older than `before`.
    @discardableResult
    public static func prune(finishedBefore before: Date, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM jobs WHERE state IN ('done', 'failed') AND finished_at < ?", before)
    }
}
