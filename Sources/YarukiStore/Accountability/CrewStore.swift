import Foundation
import YarukiCore
import YarukiJSON

/// Groups' feeds of what their members did (`crew_feed`): written by this area as things happen,
/// read a page at a time, newest first. Facts are the kind's own part, as JSON the service wrote.
public enum CrewStore {
    public struct Entry: Sendable {
        public var id: UUID
        public var kind: CrewKind
        public var actor: (id: UUID, name: String)?
        public var target: (id: UUID, name: String)?
        public var subject: String
        public var facts: String
        public var at: Date
    }

    /// Adds an item to the feed of every group `actor` is in now (once per group: a subject told
    /// before adds nothing); the groups whose feed gained it.
    @discardableResult
    public static func add(by actor: UUID, _ kind: CrewKind, subject: String, facts: String, target: UUID? = nil, at: Date,
                           _ c: SQLConnection) throws -> [UUID] {
        let groups = try c.query("SELECT group_id FROM group_members WHERE user_id = ?", actor).map { try $0.uuid("group_id") }
        return try groups.filter { try add(group: $0, by: actor, kind, subject: subject, facts: facts, target: target, at: at, c) }
    }

    /// Adds an item to one group's feed; false when that group was told of `subject` before.
    @discardableResult
    public static func add(group: UUID, by actor: UUID?, _ kind: CrewKind, subject: String, facts: String, target: UUID? = nil, at: Date,
                           _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            INSERT INTO crew_feed (group_id, id, kind, actor_id, target_id, subject, facts, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (group_id, subject) DO NOTHING
            """, group, UUID.timeOrdered(), kind.rawValue, actor, target, subject, facts, at) == 1
    }

    /// Takes `subject` out of every feed; the groups it left.
    @discardableResult
    public static func withdraw(_ subject: String, _ c: SQLConnection) throws -> [UUID] {
        let groups = try c.query("SELECT group_id FROM crew_feed WHERE subject = ?", subject).map { try $0.uuid("group_id") }
        if !groups.isEmpty { try c.execute("DELETE FROM crew_feed WHERE subject = ?", subject) }
        return groups
    }

    /// A member leaving takes what they did, and the cheers they were given, out of that group's feed.
    public static func forget(member user: UUID, group: UUID, _ c: SQLConnection) throws {
        try c.execute("DELETE FROM crew_feed WHERE group_id = ? AND (actor_id = ? OR target_id = ?)", group, user, user)
    }

    /// A page of a group's feed as `viewer` sees it, newest first: nothing from or to someone
    /// either side blocked, and no cheer from someone the viewer muted.
    public static func page(group: UUID, viewer: UUID, before: (Date, UUID)?, limit: Int, _ c: SQLConnection) throws -> [Entry] {
        let page = SQLFragment.keyset("f", before, column: "at")
        let values: [SQLValue] = [group.sqlValue, viewer.sqlValue, viewer.sqlValue, viewer.sqlValue, viewer.sqlValue, viewer.sqlValue]
            + page.values + [.integer(Int64(limit))]
        return try c.query("""
            SELECT f.id, f.kind, f.actor_id, a.display_name AS actor_name, f.target_id, t.display_name AS target_name, f.subject, f.facts, f.at
            FROM crew_feed f LEFT JOIN users a ON a.id = f.actor_id LEFT JOIN users t ON t.id = f.target_id
            WHERE f.group_id = ? AND \(SafetyStore.unblocked("f.actor_id")) AND \(SafetyStore.unblocked("f.target_id"))
              AND NOT (f.kind = 'cheer' AND EXISTS (SELECT 1 FROM mutes mu WHERE mu.user_id = ? AND mu.muted_id = f.actor_id)) \(page.sql)
            ORDER BY f.at DESC, f.id DESC LIMIT ?
            """, values).compactMap { r in
            guard let kind = CrewKind(rawValue: try r.string("kind")) else { return nil }
            func person(_ id: String, _ name: String) throws -> (id: UUID, name: String)? {
                guard let text = try r.optionalString(id), let uuid = UUID(strict: text) else { return nil }
                return (uuid, try r.optionalString(name) ?? "")
            }
            return Entry(id: try r.uuid("id"), kind: kind, actor: try person("actor_id", "actor_name"), target: try person("target_id", "target_name"),
                         subject: try r.string("subject"), facts: try r.string("facts"), at: try r.date("at"))
        }
    }
}
