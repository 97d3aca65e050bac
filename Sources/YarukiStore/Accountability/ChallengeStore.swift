import Foundation
import YarukiCore
import YarukiJSON

/// Groups' challenges and who joined them. Proofs are counted here (they are this area's); minutes
/// and steps come from their areas through the service.
public enum ChallengeStore {
    public struct ChallengeRow: Sendable, Equatable {
        public var id: UUID
        public var groupID: UUID
        public var proposedBy: UUID?
        public var metric: ChallengeMetric
        public var goal: Int
        public var month: String
        public var createdAt: Date
        public var finishedAt: Date?

        public init(id: UUID, groupID: UUID, proposedBy: UUID?, metric: ChallengeMetric, goal: Int, month: String, createdAt: Date, finishedAt: Date?) {
            self.id = id
            self.groupID = groupID
            self.proposedBy = proposedBy
            self.metric = metric
            self.goal = goal
            self.month = month
            self.createdAt = createdAt
            self.finishedAt = finishedAt
        }
    }

    public struct MemberRow: Sendable, Equatable {
        public var account: Account
        public var joinedAt: Date
        /// When they left the group (what they did before still counts).
        public var leftAt: Date?
    }

    private static let columns = "c.id, c.group_id, c.proposed_by, c.metric, c.goal, c.month, c.created_at, c.finished_at"

    private static func challenge(_ r: Row) throws -> ChallengeRow {
        ChallengeRow(id: try r.uuid("id"), groupID: try r.uuid("group_id"), proposedBy: try r.optionalString("proposed_by").flatMap(UUID.init(strict:)),
                     metric: ChallengeMetric(rawValue: try r.string("metric")) ?? .proofs, goal: try r.int("goal"), month: try r.string("month"),
                     createdAt: try r.date("created_at"), finishedAt: try r.optionalInt("finished_at").map { Date(timeIntervalSince1970: Double($0) / 1000) })
    }

    public static func create(_ row: ChallengeRow, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO group_challenges (id, group_id, proposed_by, metric, goal, month, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, row.id, row.groupID, row.proposedBy, row.metric.rawValue, row.goal, row.month, row.createdAt)
    }

    /// A group's challenges of the given months, oldest first.
    public static func challenges(group: UUID, months: [String], _ c: SQLConnection) throws -> [ChallengeRow] {
        guard !months.isEmpty else { return [] }
        return try c.query("SELECT \(columns) FROM group_challenges c WHERE c.group_id = ? AND c.month IN (\(SQLFragment.marks(months.count))) ORDER BY c.created_at, c.id",
                           [group.sqlValue] + months.map(\.sqlValue)).map(challenge)
    }

    public static func challenge(_ id: UUID, _ c: SQLConnection) throws -> ChallengeRow? {
        try c.queryOne("SELECT \(columns) FROM group_challenges c WHERE c.id = ?", id).map(challenge)
    }

    /// The challenges of the given months that `user` joined and has not left, with their groups.
    public static func joined(by user: UUID, months: [String], _ c: SQLConnection) throws -> [ChallengeRow] {
        guard !months.isEmpty else { return [] }
        return try c.query("SELECT \(columns) \(joinedWhere(months.count))", joinedParameters(user, months)).map(challenge)
    }

    /// Whether `user` joined, and has not left, a challenge of one of the given months (what
    /// `joined` would find); answered later (it goes out with the next statement waited for).
    public static func inAnyLater(by user: UUID, months: [String], _ c: SQLConnection) throws -> Later<Bool> {
        guard !months.isEmpty else { return Later { false } }
        return try c.queryLater("SELECT 1 AS one \(joinedWhere(months.count)) LIMIT 1", joinedParameters(user, months)).map { !$0.isEmpty }
    }

    private static func joinedWhere(_ months: Int) -> String {
        """
        FROM group_challenges c JOIN challenge_members m ON m.challenge_id = c.id
        WHERE m.user_id = ? AND m.left_at IS NULL AND c.month IN (\(SQLFragment.marks(months)))
        """
    }

    private static func joinedParameters(_ user: UUID, _ months: [String]) -> [SQLValue] { [user.sqlValue] + months.map(\.sqlValue) }

    public static func members(_ id: UUID, _ c: SQLConnection) throws -> [MemberRow] {
        try c.query("""
            SELECT \(AccountStore.accountColumns("u")), m.joined_at, m.left_at FROM challenge_members m JOIN users u ON u.id = m.user_id
            WHERE m.challenge_id = ? ORDER BY m.joined_at, u.id
            """, id).map { r in
            MemberRow(account: try AccountStore.credentials(r).account, joinedAt: try r.date("joined_at"),
                      leftAt: try r.optionalInt("left_at").map { Date(timeIntervalSince1970: Double($0) / 1000) })
        }
    }

    /// Joins (or joins again after leaving the group and coming back); false when already in it.
    public static func join(_ id: UUID, user: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        if try c.execute("UPDATE challenge_members SET left_at = NULL WHERE challenge_id = ? AND user_id = ? AND left_at IS NOT NULL", id, user) == 1 {
            return true
        }
        return try c.execute("INSERT INTO challenge_members (challenge_id, user_id, joined_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", id, user, now) == 1
    }

    /// Someone left a challenge (or its group): what they did until now still counts.
    public static func leave(_ id: UUID, user: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE challenge_members SET left_at = ? WHERE challenge_id = ? AND user_id = ? AND left_at IS NULL", now, id, user) == 1
    }

    /// Someone left a group: they leave its challenges.
    public static func leaveAll(group: UUID, user: UUID, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            UPDATE challenge_members SET left_at = ? WHERE user_id = ? AND left_at IS NULL
            AND challenge_id IN (SELECT id FROM group_challenges WHERE group_id = ?)
            """, now, user, group)
    }

    /// Marks the goal reached; true only for the first caller (the finish is told once).
    public static func finish(_ id: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("UPDATE group_challenges SET finished_at = ? WHERE id = ? AND finished_at IS NULL", now, id) == 1
    }

    /// Proofs each member of the challenge recorded on days `first` to `last` (their local days),
    /// before they left.
    public static func proofCounts(_ id: UUID, first: Int, last: Int, _ c: SQLConnection) throws -> [UUID: Int] {
        var counts: [UUID: Int] = [:]
        for row in try c.query("""
            SELECT p.user_id, COUNT(*) AS n FROM proofs p JOIN challenge_members m ON m.user_id = p.user_id AND m.challenge_id = ?
            WHERE p.recorded_day >= ? AND p.recorded_day <= ? AND (m.left_at IS NULL OR p.recorded_at < m.left_at) GROUP BY p.user_id
            """, id, DayNumber.day(first), DayNumber.day(last)) {
            counts[try row.uuid("user_id")] = try row.int("n")
        }
        return counts
    }

    /// Challenges the person was in when they reached their goal, finished since `since`, with their groups' names.
    public static func finished(joinedBy user: UUID, since: Date, _ c: SQLConnection) throws -> [(challenge: ChallengeRow, group: String)] {
        try c.query("""
            SELECT \(columns), g.name FROM group_challenges c JOIN challenge_members m ON m.challenge_id = c.id JOIN training_groups g ON g.id = c.group_id
            WHERE m.user_id = ? AND c.finished_at IS NOT NULL AND c.finished_at >= ? AND (m.left_at IS NULL OR m.left_at > c.finished_at)
            """, user, since).map { (try challenge($0), try $0.string("name")) }
    }

    /// Deletes the person's part in challenges (their account's deletion); how many they were in.
    public static func deletePersonal(_ user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("UPDATE group_challenges SET proposed_by = NULL WHERE proposed_by = ?", user)
        return try c.execute("DELETE FROM challenge_members WHERE user_id = ?", user)
    }
}
