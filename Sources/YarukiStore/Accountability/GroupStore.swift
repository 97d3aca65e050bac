import Foundation
import YarukiCore

/// Groups, their members, and each person's quota history.
public enum GroupStore {
    public struct GroupRow: Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var ownerID: UUID
        public var inviteCode: String
        public var createdAt: Date
        /// Breaks for illness each member may take a quarter.
        public var illnessPerQuarter: Int
    }

    public struct MemberRow: Sendable {
        public var account: Account
        public var joinedAt: Date
    }

    public static func create(id: UUID, name: String, owner: UUID, code: String, at now: Date, _ c: SQLConnection) throws {
        try c.execute("INSERT INTO training_groups (id, name, owner_id, invite_code, created_at) VALUES (?, ?, ?, ?, ?)", id, name, owner, code, now)
        try c.execute("INSERT INTO group_members (group_id, user_id, joined_at) VALUES (?, ?, ?)", id, owner, now)
    }

    private static func group(_ r: Row) throws -> GroupRow {
        GroupRow(id: try r.uuid("id"), name: try r.string("name"), ownerID: try r.uuid("owner_id"), inviteCode: try r.string("invite_code"),
                 createdAt: try r.date("created_at"), illnessPerQuarter: try r.int("illness_pauses_per_quarter"))
    }

    /// The group when `user` is a member of it.
    public static func group(_ id: UUID, member user: UUID, _ c: SQLConnection) throws -> GroupRow? {
        try c.queryOne("""
            SELECT g.id, g.name, g.owner_id, g.invite_code, g.created_at, g.illness_pauses_per_quarter FROM training_groups g
            JOIN group_members m ON m.group_id = g.id WHERE g.id = ? AND m.user_id = ?
            """, id, user).map(group)
    }

    public static func group(code: String, _ c: SQLConnection) throws -> GroupRow? {
        try c.queryOne("SELECT id, name, owner_id, invite_code, created_at, illness_pauses_per_quarter FROM training_groups WHERE invite_code = ?",
                       code).map(group)
    }

    public static func groups(of user: UUID, _ c: SQLConnection) throws -> [GroupRow] {
        try c.query("""
            SELECT g.id, g.name, g.owner_id, g.invite_code, g.created_at, g.illness_pauses_per_quarter FROM training_groups g
            JOIN group_members m ON m.group_id = g.id WHERE m.user_id = ? ORDER BY g.created_at, g.id
            """, user).map(group)
    }

    public static func members(_ id: UUID, _ c: SQLConnection) throws -> [MemberRow] {
        try c.query("""
            SELECT \(AccountStore.accountColumns("u")), m.joined_at
            FROM group_members m JOIN users u ON u.id = m.user_id WHERE m.group_id = ? ORDER BY m.joined_at, u.id
            """, id).map { r in
            let account = try AccountStore.credentials(r).account
            return MemberRow(account: account, joinedAt: try r.date("joined_at"))
        }
    }

    /// Everyone in at least one group: the people whose week is judged.
    /// The ids of a group's members.
    public static func memberIDs(_ id: UUID, _ c: SQLConnection) throws -> [UUID] {
        try c.query("SELECT user_id FROM group_members WHERE group_id = ?", id).map { try $0.uuid("user_id") }
    }

    public static func everyMember(_ c: SQLConnection) throws -> [Account] {
        try c.query("""
            SELECT \(AccountStore.accountColumns("u")) FROM users u WHERE EXISTS (SELECT 1 FROM group_members m WHERE m.user_id = u.id)
            """).map { try AccountStore.credentials($0).account }
    }

    /// Adds the member; false when they were already in.
    /// For each group of `user`, its members (the person included).
    public static func groupmates(of user: UUID, _ c: SQLConnection) throws -> [(UUID, [UUID])] {
        var groups: [UUID: [UUID]] = [:]
        for row in try c.query("""
            SELECT m2.group_id, m2.user_id FROM group_members m1 JOIN group_members m2 ON m2.group_id = m1.group_id WHERE m1.user_id = ?
            """, user) {
            groups[try row.uuid("group_id"), default: []].append(try row.uuid("user_id"))
        }
        return groups.sorted { $0.key.uuidString < $1.key.uuidString }.map { ($0.key, $0.value) }
    }

    public static func join(_ id: UUID, user: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("INSERT INTO group_members (group_id, user_id, joined_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", id, user, now) == 1
    }

    /// Takes a member out of the group, and what they did out of its feed.
    public static func remove(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> Bool {
        guard try c.execute("DELETE FROM group_members WHERE group_id = ? AND user_id = ?", id, user) == 1 else { return false }
        try CrewStore.forget(member: user, group: id, c)
        return true
    }

    public static func rename(_ id: UUID, to name: String, _ c: SQLConnection) throws {
        try c.execute("UPDATE training_groups SET name = ? WHERE id = ?", name, id)
    }

    public static func setInviteCode(_ id: UUID, _ code: String, _ c: SQLConnection) throws {
        try c.execute("UPDATE training_groups SET invite_code = ? WHERE id = ?", code, id)
    }

    public static func setOwner(_ id: UUID, _ owner: UUID, _ c: SQLConnection) throws {
        try c.execute("UPDATE training_groups SET owner_id = ? WHERE id = ?", owner, id)
    }

    public static func delete(_ id: UUID, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM training_groups WHERE id = ?", id)
    }

    /// Takes the person out of the group: an owner's group passes to its longest member, and the
    /// last one out ends it. Returns the members left (none when it ended); nil when they were
    /// not in it.
    public static func leave(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> [UUID]? {
        guard let group = try group(id, member: user, c), try remove(id, user: user, c) else { return nil }
        let rest = try members(id, c).map(\.account.id)
        if rest.isEmpty {
            try delete(id, c)
        } else if group.ownerID == user {
            try setOwner(id, rest[0], c)
        }
        return rest
    }

    /// Deletes the person's quota history and streak row, for their account's deletion.
    public static func deletePersonal(_ user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM streak_cache WHERE user_id = ?", user)
        return try c.execute("DELETE FROM quotas WHERE user_id = ?", user)
    }

    // MARK: quotas

    public static func quotaHistory(_ user: UUID, _ c: SQLConnection) throws -> [QuotaChange] {
        try c.query("SELECT effective_week, days FROM quotas WHERE user_id = ? ORDER BY effective_week", user).map {
            QuotaChange(effectiveWeek: try $0.string("effective_week"), days: try $0.int("days"))
        }
    }

    /// Quota histories of a group's members (one query, joined in the database).
    public static func quotaHistories(group: UUID, _ c: SQLConnection) throws -> [UUID: [QuotaChange]] {
        var histories: [UUID: [QuotaChange]] = [:]
        for row in try c.query("""
            SELECT q.user_id, q.effective_week, q.days FROM quotas q JOIN group_members m ON m.user_id = q.user_id
            WHERE m.group_id = ? ORDER BY q.effective_week
            """, group) {
            histories[try row.uuid("user_id"), default: []].append(QuotaChange(effectiveWeek: try row.string("effective_week"), days: try row.int("days")))
        }
        return histories
    }

    // MARK: streak cache

    public struct CachedStreak: Sendable, Equatable {
        public var weekStart: WeekStart
        public var throughWeek: String
        public var streak: Int
        /// The version the row had when read; a write back succeeds only while it still has it.
        public var version: Int
        public var valid: Bool
        /// Day numbers with a proof in the week after `throughWeek` (the week in progress when written).
        public var weekDays: [Int]

        public init(weekStart: WeekStart, throughWeek: String, streak: Int, version: Int, valid: Bool = true, weekDays: [Int] = []) {
            self.weekStart = weekStart
            self.throughWeek = throughWeek
            self.streak = streak
            self.version = version
            self.valid = valid
            self.weekDays = weekDays
        }
    }

    public static func cachedStreaks(group: UUID, _ c: SQLConnection) throws -> [UUID: CachedStreak] {
        var found: [UUID: CachedStreak] = [:]
        for row in try c.query("""
            SELECT s.user_id, s.week_start, s.through_week, s.streak, s.version, s.valid, s.week_days FROM streak_cache s
            JOIN group_members m ON m.user_id = s.user_id WHERE m.group_id = ?
            """, group) {
            let weekDays = try row.string("week_days").split(separator: ",").compactMap { DayNumber.of(String($0)) }
            found[try row.uuid("user_id")] = CachedStreak(weekStart: WeekStart(rawValue: try row.string("week_start")) ?? .monday,
                                                          throughWeek: try row.string("through_week"), streak: try row.int("streak"),
                                                          version: try row.int("version"), valid: try row.bool("valid"), weekDays: weekDays)
        }
        return found
    }

    /// Writes streaks worked out from data of `version` (0: there was no row); a row whose
    /// version moved on since is left alone.
    public static func cacheStreaks(_ streaks: [(UUID, CachedStreak)], _ c: SQLConnection) throws {
        for (user, cached) in streaks {
            let weekDays = cached.weekDays.map(DayNumber.day).joined(separator: ",")
            if cached.version == 0 {
                try c.execute("""
                    INSERT INTO streak_cache (user_id, week_start, through_week, streak, version, valid, week_days) VALUES (?, ?, ?, ?, 0, 1, ?)
                    ON CONFLICT (user_id) DO NOTHING
                    """, user, cached.weekStart.rawValue, cached.throughWeek, cached.streak, weekDays)
            } else {
                try c.execute("""
                    UPDATE streak_cache SET week_start = ?, through_week = ?, streak = ?, week_days = ?, valid = 1 WHERE user_id = ? AND version = ?
                    """, cached.weekStart.rawValue, cached.throughWeek, cached.streak, weekDays, user, cached.version)
            }
        }
    }

    /// Called whenever something a streak depends on changes for `user`.
    public static func forgetStreak(_ user: UUID, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO streak_cache (user_id, week_start, through_week, streak, version, valid) VALUES (?, 'monday', '', 0, 1, 0)
            ON CONFLICT (user_id) DO UPDATE SET version = streak_cache.version + 1, valid = 0
            """, user)
    }

    public static func setQuota(_ user: UUID, effectiveWeek: String, days: Int, at now: Date, _ c: SQLConnection) throws {
        try c.execute("""
            INSERT INTO quotas (user_id, effective_week, days, changed_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id, effective_week) DO UPDATE SET days = excluded.days, changed_at = excluded.changed_at
            """, user, effectiveWeek, days, now)
        try forgetStreak(user, c)
    }

    /// The local dates with a proof of each of a group's members, from day `first` to day `last`.
    public static func proofDays(group: UUID, first: Int, last: Int, _ c: SQLConnection) throws -> [UUID: Set<Int>] {
        var days: [UUID: Set<Int>] = [:]
        for row in try c.query("""
            SELECT DISTINCT p.user_id, p.recorded_day FROM proofs p JOIN group_members m ON m.user_id = p.user_id
            WHERE m.group_id = ? AND p.recorded_day >= ? AND p.recorded_day <= ?
            """, group, DayNumber.day(first), DayNumber.day(last)) {
            if let day = DayNumber.of(try row.string("recorded_day")) { days[try row.uuid("user_id"), default: []].insert(day) }
        }
        return days
    }

    /// The days from `first` to `last` each person proved only late: every proof of the day was
    /// uploaded on a later day than it is filed under.
    public static func backdatedDays(_ users: [UUID], first: Int, last: Int, _ c: SQLConnection) throws -> [UUID: Set<Int>] {
        var days: [UUID: Set<Int>] = [:]
        for slice in SQLFragment.slices(users) {
            let rows = try c.query("""
                SELECT user_id, recorded_day FROM proofs WHERE recorded_day >= ? AND recorded_day <= ? AND user_id IN (\(SQLFragment.marks(slice.count)))
                GROUP BY user_id, recorded_day HAVING MIN(backdated) = 1
                """, [SQLValue.text(DayNumber.day(first)), .text(DayNumber.day(last))] + slice.map(\.sqlValue))
            for row in rows {
                if let day = DayNumber.of(try row.string("recorded_day")) { days[try row.uuid("user_id"), default: []].insert(day) }
            }
        }
        return days
    }

    /// The local dates with a proof, per person, from day `first` to day `last` (day numbers,
    /// see `DayNumber`).
    public static func proofDays(_ users: [UUID], first: Int, last: Int, _ c: SQLConnection) throws -> [UUID: Set<Int>] {
        var days: [UUID: Set<Int>] = [:]
        for slice in SQLFragment.slices(users) {
            let rows = try c.query("""
                SELECT DISTINCT user_id, recorded_day FROM proofs WHERE recorded_day >= ? AND recorded_day <= ? AND user_id IN (\(SQLFragment.marks(slice.count)))
                """, [SQLValue.text(DayNumber.day(first)), .text(DayNumber.day(last))] + slice.map(\.sqlValue))
            for row in rows {
                if let day = DayNumber.of(try row.string("recorded_day")) { days[try row.uuid("user_id"), default: []].insert(day) }
            }
        }
        return days
    }
}
