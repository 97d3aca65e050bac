import Foundation
import YarukiCore
import YarukiJSON

/// The exercise catalog and workout logs. Weights are stored in grams, so they stay exact.
public enum TrainingStore {
    // MARK: catalog

    private static let exerciseColumns =
        "id, category, muscles, unit, name_en, name_ja, name_ko, video_url, built_in, kind, equipment, level, secondary_muscles"
    private static let readColumns = """
        e.id, e.category, e.muscles, e.unit, e.name_en, e.name_ja, e.name_ko, e.video_url, e.built_in, e.kind, e.equipment, e.level,
        e.secondary_muscles, m.sha256, m.kind AS media_kind
        """
    private static let readFrom = "exercises e LEFT JOIN media m ON m.sha256 = e.video_sha256"

    private static func values(_ e: Exercise) -> [SQLValue] {
        [e.id.sqlValue, e.category.rawValue.sqlValue, e.muscles.joined(separator: ",").sqlValue, e.unit.rawValue.sqlValue,
         (e.names["en"] ?? "").sqlValue, (e.names["ja"] ?? "").sqlValue, (e.names["ko"] ?? "").sqlValue, e.videoURL.sqlValue,
         e.builtIn.sqlValue, e.kind.rawValue.sqlValue, e.equipment?.rawValue.sqlValue ?? .null, e.level.sqlValue,
         e.secondaryMuscles.joined(separator: ",").sqlValue]
    }

    /// Adds the exercise, or with `replace` overwrites it; built-in entries are added once and
    /// then left to the admins.
    public static func upsert(_ e: Exercise, replace: Bool, at now: Date, _ c: SQLConnection) throws {
        let conflict = replace
            ? """
              ON CONFLICT (id) DO UPDATE SET category = excluded.category, muscles = excluded.muscles, unit = excluded.unit,
              name_en = excluded.name_en, name_ja = excluded.name_ja, name_ko = excluded.name_ko, video_url = excluded.video_url,
              kind = excluded.kind, equipment = excluded.equipment, level = excluded.level, secondary_muscles = excluded.secondary_muscles,
              updated_at = excluded.updated_at
              """
            : "ON CONFLICT (id) DO NOTHING"
        try c.execute("INSERT INTO exercises (\(exerciseColumns), updated_at) VALUES (\(SQLFragment.marks(14))) \(conflict)",
                      values(e) + [now.sqlValue])
    }

    /// The catalog's entries in one statement: new ones added whole, those already there given the
    /// catalog's facts (kind, equipment, level, secondary muscles) and `revision`, keeping their
    /// names, category, unit and video, which admins may have changed.
    public static func seed(_ entries: ArraySlice<Exercise>, revision: Int, at now: Date, _ c: SQLConnection) throws {
        guard !entries.isEmpty else { return }
        let row = "(\(SQLFragment.marks(15)))"
        try c.execute("""
            INSERT INTO exercises (\(exerciseColumns), updated_at, catalog_rev) VALUES \(Array(repeating: row, count: entries.count).joined(separator: ", "))
            ON CONFLICT (id) DO UPDATE SET kind = CASE WHEN exercises.unit = excluded.unit THEN excluded.kind ELSE exercises.kind END,
            equipment = excluded.equipment, level = excluded.level, secondary_muscles = excluded.secondary_muscles, catalog_rev = excluded.catalog_rev
            """, entries.flatMap { values($0) + [now.sqlValue, revision.sqlValue] })
    }

    /// The ids of the entries that have the catalog's facts of `revision` or later.
    public static func exerciseIDs(fromRevision revision: Int, _ c: SQLConnection) throws -> Set<String> {
        Set(try c.query("SELECT id FROM exercises WHERE catalog_rev >= ?", revision).map { try $0.string("id") })
    }

    /// Who may see an entry: everyone the catalog's (no owner), `person` also their own.
    private static func visible(to person: UUID?) -> (sql: String, parameters: [SQLValue]) {
        person.map { ("(e.owner_id IS NULL OR e.owner_id = ?)", [$0.sqlValue]) } ?? ("e.owner_id IS NULL", [])
    }

    /// The shared catalog, and with `person` their own exercises too.
    public static func exercises(visibleTo person: UUID? = nil, _ c: SQLConnection) throws -> [Exercise] {
        let seen = visible(to: person)
        return try c.query("SELECT \(readColumns) FROM \(readFrom) WHERE \(seen.sql) ORDER BY e.category, e.name_en", seen.parameters).map(exercise)
    }

    /// The exercises `owner` made, theirs alone.
    public static func ownExercises(of owner: UUID, _ c: SQLConnection) throws -> [Exercise] {
        try c.query("SELECT \(readColumns) FROM \(readFrom) WHERE e.owner_id = ? ORDER BY e.name_en, e.id", owner).map(exercise)
    }

    public static func exercise(_ id: String, visibleTo person: UUID? = nil, _ c: SQLConnection) throws -> Exercise? {
        let seen = visible(to: person)
        return try c.query("SELECT \(readColumns) FROM \(readFrom) WHERE e.id = ? AND \(seen.sql)", [id.sqlValue] + seen.parameters).first.map(exercise)
    }

    /// Adds `owner`'s own exercise.
    public static func addOwn(_ e: Exercise, owner: UUID, at now: Date, _ c: SQLConnection) throws {
        try c.execute("INSERT INTO exercises (\(exerciseColumns), updated_at, owner_id) VALUES (\(SQLFragment.marks(15)))",
                      values(e) + [now.sqlValue, owner.sqlValue])
    }

    /// Changes `owner`'s own exercise (its id stays, so its history does); false when it is not theirs.
    public static func editOwn(_ e: Exercise, owner: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        try c.execute("""
            UPDATE exercises SET category = ?, muscles = ?, unit = ?, name_en = ?, name_ja = ?, name_ko = ?, kind = ?, equipment = ?,
            secondary_muscles = ?, updated_at = ? WHERE id = ? AND owner_id = ?
            """, e.category.rawValue, e.muscles.joined(separator: ","), e.unit.rawValue, e.names["en"] ?? "", e.names["ja"] ?? "", e.names["ko"] ?? "",
            e.kind.rawValue, e.equipment?.rawValue.sqlValue ?? .null, e.secondaryMuscles.joined(separator: ","), now, e.id, owner) == 1
    }

    /// Removes `owner`'s own exercise; false when it is not theirs. Throws a foreign-key violation,
    /// changing nothing, while anything names it.
    public static func deleteOwn(_ id: String, owner: UUID, _ c: SQLConnection) throws -> Bool {
        try c.execute("DELETE FROM exercises WHERE id = ? AND owner_id = ?", id, owner) == 1
    }

    /// Moves `owner`'s sets of their own exercise `id` to `target` (one they may see) and removes
    /// `id`; the workouts it was in are written again from their sets. Throws a foreign-key
    /// violation, changing nothing, while a routine or a proof still names `id`. False when `id` is
    /// not theirs.
    public static func mergeOwn(_ id: String, into target: String, owner: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        guard try c.queryOne("SELECT id FROM exercises WHERE id = ? AND owner_id = ?", id, owner) != nil else { return false }
        try c.execute("""
            UPDATE workouts SET wire = NULL, wire_rev = 0, updated_at = ? WHERE user_id = ? AND id IN (SELECT workout_id FROM workout_sets WHERE exercise_id = ?)
            """, now, owner, id)
        try c.execute("""
            UPDATE workout_sets SET exercise_id = ? WHERE exercise_id = ? AND workout_id IN (SELECT id FROM workouts WHERE user_id = ?)
            """, target, id, owner)
        try c.execute("DELETE FROM exercises WHERE id = ? AND owner_id = ?", id, owner)
        return true
    }

    /// The uploaded follow-along video of an exercise: its file and type.
    public static func video(of id: String, _ c: SQLConnection) throws -> (sha256: String, kind: String)? {
        try c.queryOne("SELECT m.sha256, m.kind FROM \(readFrom) WHERE e.id = ? AND e.owner_id IS NULL", id).flatMap { row in
            guard let sha = try row.optionalString("sha256") else { return nil }
            return (sha, try row.string("kind"))
        }
    }

    /// Sets (or with nil clears) the exercise's uploaded video, and with `link` its video link.
    /// Returns the file it used before, for the caller to forget when nothing else uses it;
    /// nil when there is no such exercise.
    public static func setVideo(of id: String, media: MediaRow?, link: String??, at now: Date, _ c: SQLConnection) throws -> String?? {
        guard let before = try c.queryOne("SELECT video_sha256 FROM exercises WHERE id = ? AND owner_id IS NULL", id) else { return nil }
        if let media { try MediaFileStore.add(media, at: now, c) }
        if case let .some(link) = link {
            try c.execute("UPDATE exercises SET video_sha256 = ?, video_url = ?, updated_at = ? WHERE id = ?", media?.sha256, link, now, id)
        } else {
            try c.execute("UPDATE exercises SET video_sha256 = ?, updated_at = ? WHERE id = ?", media?.sha256, now, id)
        }
        return .some(try before.optionalString("video_sha256"))
    }

    /// The units of the exercises among `ids` that `person` may log (an unknown id, or another
    /// person's own, is left out).
    public static func units(of ids: [String], visibleTo person: UUID?, _ c: SQLConnection) throws -> [String: ExerciseUnit] {
        try unitsLater(of: ids, visibleTo: person, c).value()
    }

    /// `units(of:visibleTo:)`, answered later (it goes out with the next statement waited for).
    public static func unitsLater(of ids: [String], visibleTo person: UUID?, _ c: SQLConnection) throws -> Later<[String: ExerciseUnit]> {
        let distinct = Array(Set(ids)).sorted()
        if distinct.isEmpty { return Later { [:] } }
        if distinct.count > 500 { return Later { try units(visibleTo: person, c) } }  // more than a workout may hold: the check refuses it anyway
        let seen = visible(to: person)
        return try c.queryLater("SELECT e.id, e.unit FROM exercises e WHERE e.id IN (\(SQLFragment.marks(distinct.count))) AND \(seen.sql)",
                                distinct.map(\.sqlValue) + seen.parameters).map { rows in
            var units: [String: ExerciseUnit] = [:]
            for row in rows { units[try row.string("id")] = ExerciseUnit(rawValue: try row.string("unit")) }
            return units
        }
    }

    /// The kinds of the exercises among `ids` that `person` may see.
    public static func kinds(of ids: [String], visibleTo person: UUID?, _ c: SQLConnection) throws -> [String: ExerciseKind] {
        let distinct = Array(Set(ids)).sorted()
        var kinds: [String: ExerciseKind] = [:]
        let seen = visible(to: person)
        for start in stride(from: 0, to: distinct.count, by: 500) {
            let chunk = distinct[start..<min(start + 500, distinct.count)]
            for row in try c.query("SELECT e.id, e.kind FROM exercises e WHERE e.id IN (\(SQLFragment.marks(chunk.count))) AND \(seen.sql)",
                                   chunk.map(\.sqlValue) + seen.parameters) {
                kinds[try row.string("id")] = ExerciseKind(rawValue: try row.string("kind"))
            }
        }
        return kinds
    }

    public static func units(visibleTo person: UUID?, _ c: SQLConnection) throws -> [String: ExerciseUnit] {
        var units: [String: ExerciseUnit] = [:]
        let seen = visible(to: person)
        for row in try c.query("SELECT e.id, e.unit FROM exercises e WHERE \(seen.sql)", seen.parameters) {
            units[try row.string("id")] = ExerciseUnit(rawValue: try row.string("unit"))
        }
        return units
    }

    private static func exercise(_ row: Row) throws -> Exercise {
        guard let category = ExerciseCategory(rawValue: try row.string("category")), let unit = ExerciseUnit(rawValue: try row.string("unit")),
              let kind = ExerciseKind(rawValue: try row.string("kind"))
        else { throw DatabaseError.decoding("an exercise row holds an unknown category, unit or kind") }
        let list = { (text: String) in text.isEmpty ? [] : text.split(separator: ",").map(String.init) }
        return Exercise(id: try row.string("id"), category: category, muscles: list(try row.string("muscles")), unit: unit,
                        names: ["en": try row.string("name_en"), "ja": try row.string("name_ja"), "ko": try row.string("name_ko")],
                        videoURL: try row.optionalString("video_url"), builtIn: try row.bool("built_in"),
                        videoFile: try row.optionalString("sha256").map { "/v1/exercises/\(try row.string("id"))/video?v=\($0.prefix(16))" },
                        kind: kind, equipment: try row.optionalString("equipment").flatMap(ExerciseEquipment.init(rawValue:)),
                        secondaryMuscles: list(try row.string("secondary_muscles")), level: try row.optionalString("level"))
    }

    // MARK: workouts

    /// The shape of the JSON stored with each workout (`wire`): raise it when `Workout`'s writer
    /// changes, and `writeStale` writes every older one again.
    public static let wireRevision = 1

    /// Writes the workout and its sets, replacing any earlier version with the same id (`exists`:
    /// whether there is one, when the caller knows; a new one skips the replacing). Returns the
    /// record's sync version, answered later: a new workout's statements wait to go out with the
    /// COMMIT (or the next statement waited for) on PostgreSQL, all in one round trip.
    /// The workout's JSON is written beside them (`wire`), for pages of workouts to send as it is.
    @discardableResult
    public static func save(_ w: Workout, user: UUID, at now: Date, exists: Bool? = nil, _ c: SQLConnection) throws -> Later<Int64> {
        if exists != false {
            try c.queryLater("DELETE FROM workout_sets WHERE workout_id = ?", w.id)
            if try c.execute("""
                UPDATE workouts SET started_at = ?, ended_at = ?, notes = ?, updated_at = ?, wire = ?, wire_rev = ? WHERE id = ? AND user_id = ?
                """, w.startedAt, w.endedAt, w.notes, now, try written(asStored(w)), wireRevision, w.id, user) > 0 {
                try insertSets(of: [w], c)
                return try SyncStore.touchLater(user: user, .workouts, w.id, at: now, c)
            }
        }
        return try saveNew([NewWorkout(w, user: user, at: now)], c).map { $0[0] }
    }

    static let setColumns = ["workout_id", "entry", "position", "exercise_id", "reps", "seconds", "weight_grams", "rest_seconds", "set_type", "rpe",
                             "rir", "distance_m", "entry_notes", "superset"]

    /// The workouts' sets, in statements of a few lengths (`SQLFragment.multiRow`). An entry's
    /// notes and superset go on its first set's row.
    static func insertSets(of workouts: [Workout], _ c: SQLConnection) throws {
        var rows: [(Workout, entry: Int, position: Int)] = []
        for w in workouts {
            for (entry, exercise) in w.exercises.enumerated() { for position in exercise.sets.indices { rows.append((w, entry, position)) } }
        }
        let columns = setColumns.joined(separator: ", ")
        for statement in SQLFragment.multiRow(rows.count, width: setColumns.count, { "INSERT INTO workout_sets (\(columns)) VALUES \($0)" }, row: { i, values in
            let (w, entry, position) = rows[i]
            let exercise = w.exercises[entry], set = exercise.sets[position]
            values += [w.id.sqlValue, entry.sqlValue, position.sqlValue, exercise.exerciseId.sqlValue, set.reps.sqlValue, set.seconds.sqlValue,
                       set.weightKg.map(grams).sqlValue, set.restSeconds.sqlValue, set.type?.rawValue.sqlValue ?? .null, set.rpe.sqlValue,
                       set.rir.sqlValue, set.distanceM.sqlValue, position == 0 ? exercise.notes.sqlValue : .null,
                       position == 0 ? exercise.superset.sqlValue : .null]
        }) {
            try c.queryLater(statement.sql, statement.parameters)
        }
    }

    /// A new workout, its owner and when it is written, for `saveNew`.
    public struct NewWorkout: Sendable {
        public var workout: Workout
        public var user: UUID
        public var at: Date

        public init(_ workout: Workout, user: UUID, at: Date) {
            self.workout = workout
            self.user = user
            self.at = at
        }
    }

    /// New workouts, of one person or many, written together: their rows and sets in a few
    /// statements, and each person's sync records with one bump of their counter (`SyncStore.touchLater`).
    /// People's counters are taken in the order of their ids, so two such writes at once never hold
    /// one each and wait for the other's. Answers each workout's sync version, in order, later
    /// (on PostgreSQL every statement goes out with the COMMIT). A workout whose id is taken fails
    /// the whole write (its primary key), as a set naming an exercise that is gone does.
    public static func saveNew(_ items: [NewWorkout], _ c: SQLConnection) throws -> Later<[Int64]> {
        var wires: [String] = []
        wires.reserveCapacity(items.count)
        for item in items { wires.append(try written(asStored(item.workout))) }
        for statement in SQLFragment.multiRow(items.count, width: 9, {
            "INSERT INTO workouts (id, user_id, started_at, ended_at, notes, created_at, updated_at, wire, wire_rev) VALUES \($0)"
        }, row: { i, values in
            let (w, at) = (items[i].workout, items[i].at)
            values += [w.id.sqlValue, items[i].user.sqlValue, w.startedAt.sqlValue, w.endedAt.sqlValue, w.notes.sqlValue, at.sqlValue, at.sqlValue,
                       wires[i].sqlValue, wireRevision.sqlValue]
        }) {
            try c.queryLater(statement.sql, statement.parameters)
        }
        try insertSets(of: items.map(\.workout), c)
        let people = Dictionary(grouping: items.indices, by: { items[$0].user }).sorted { $0.key.lowercasedString < $1.key.lowercasedString }
        var versions: [(indices: [Int], Later<[UUID: Int64]>)] = []
        for (user, indices) in people {
            versions.append((indices, try SyncStore.touchLater(user: user, .workouts, indices.map { (items[$0].workout.id, items[$0].at) }, c)))
        }
        return Later {
            var answers = [Int64](repeating: 0, count: items.count)
            for (indices, later) in versions {
                let byID = try later.value()
                for i in indices {
                    guard let version = byID[items[i].workout.id] else { throw DatabaseError.decoding("no sync version for a new workout") }
                    answers[i] = version
                }
            }
            return answers
        }
    }

    /// The workout as `workout(_:user:)` reads it back after `save`: instants to the millisecond
    /// and weights to the gram, as they are stored.
    public static func asStored(_ w: Workout) -> Workout {
        func ms(_ d: Date) -> Date { Date(timeIntervalSince1970: Double(Int64((d.timeIntervalSince1970 * 1000).rounded())) / 1000) }
        var stored = w
        stored.startedAt = ms(w.startedAt)
        stored.endedAt = w.endedAt.map(ms)
        for e in stored.exercises.indices {
            for s in stored.exercises[e].sets.indices {
                stored.exercises[e].sets[s].weightKg = w.exercises[e].sets[s].weightKg.map { Double(grams($0)) / 1000 }
            }
        }
        stored.exercises.removeAll { $0.sets.isEmpty }  // an exercise is stored as its sets
        return stored
    }

    /// A workout's JSON as a reply writes it.
    static func written(_ w: Workout) throws -> String {
        var writer = JSONWriter(capacity: 1024)
        try w.writeJSON(to: &writer)
        return writer.text
    }

    /// A weight as stored: whole grams.
    static func grams(_ kg: Double) -> Int { Int((kg * 1000).rounded()) }

    /// Who owns the workout with this id, if there is one.
    public static func owner(of id: UUID, _ c: SQLConnection) throws -> UUID? {
        try ownerLater(of: id, c).value()
    }

    /// `owner`, answered later (it goes out with the next statement waited for).
    public static func ownerLater(of id: UUID, _ c: SQLConnection) throws -> Later<UUID?> {
        try c.queryLater("SELECT user_id FROM workouts WHERE id = ?", id).map { try $0.first.map { try $0.uuid("user_id") } }
    }

    public static func workout(_ id: UUID, user: UUID, _ c: SQLConnection) throws -> Workout? {
        try workouts(where: "w.id = ? AND w.user_id = ?", [id.sqlValue, user.sqlValue], limit: 1, c).first
    }

    /// The person's workouts among `ids` (others' and unknown ids are left out).
    public static func workouts(ids: [UUID], user: UUID, _ c: SQLConnection) throws -> [Workout] {
        var found: [Workout] = []
        for start in stride(from: 0, to: ids.count, by: 500) {
            let chunk = ids[start..<min(start + 500, ids.count)]
            found += try workouts(where: "w.user_id = ? AND w.id IN (\(SQLFragment.marks(chunk.count)))", [user.sqlValue] + chunk.map(\.sqlValue),
                                  limit: chunk.count, c)
        }
        return found
    }

    /// A person's workouts that started in [from, to), newest first, after `cursor` (the last
    /// one of the previous page).
    public static func workouts(user: UUID, from: Date, to: Date, after cursor: (Date, UUID)?, limit: Int,
                                _ c: SQLConnection) throws -> [Workout] {
        let (clause, values) = pageClause(user: user, from: from, to: to, after: cursor)
        return try workouts(where: clause, values, limit: limit, c)
    }

    /// Which of `workouts w` a page holds: the person's, started in [from, to), after `cursor`.
    private static func pageClause(user: UUID, from: Date, to: Date, after cursor: (Date, UUID)?) -> (String, [SQLValue]) {
        let page = SQLFragment.keyset("w", cursor, column: "started_at")
        return ("w.user_id = ? AND w.started_at >= ? AND w.started_at < ? \(page.sql)", [user.sqlValue, from.sqlValue, to.sqlValue] + page.values)
    }

    /// The page `workouts(user:from:to:after:limit:)` reads, as each workout's stored JSON: one
    /// row per workout, not one per set. A workout stored in an older shape (or before its JSON
    /// was kept) is read from its sets and written as the reply writes it.
    public static func writtenWorkouts(user: UUID, from: Date, to: Date, after cursor: (Date, UUID)?, limit: Int,
                                       _ c: SQLConnection) throws -> [(startedAt: Date, id: UUID, json: String)] {
        try writtenWorkoutsLater(user: user, from: from, to: to, after: cursor, limit: limit, c).value()
    }

    /// `writtenWorkouts`, answered later (it goes out with the next statement waited for); read its
    /// value inside the same read (a workout in an older shape is read from its sets then).
    public static func writtenWorkoutsLater(user: UUID, from: Date, to: Date, after cursor: (Date, UUID)?, limit: Int,
                                            _ c: SQLConnection) throws -> Later<[(startedAt: Date, id: UUID, json: String)]> {
        let (clause, values) = pageClause(user: user, from: from, to: to, after: cursor)
        return try c.queryLater("""
            SELECT w.id, w.started_at, w.wire, w.wire_rev FROM workouts w WHERE \(clause)
            ORDER BY w.started_at DESC, w.id DESC LIMIT \(max(1, min(limit, 500)))
            """, values).map { rows in try written(rows, user: user, c) }
    }

    private static func written(_ rows: [Row], user: UUID, _ c: SQLConnection) throws -> [(startedAt: Date, id: UUID, json: String)] {
        var page: [(startedAt: Date, id: UUID, json: String)] = []
        var stale: [Int] = []
        for row in rows {
            var json = ""
            if try row.int("wire_rev") == wireRevision, let wire = try row.optionalString("wire") {
                json = wire
            } else {
                stale.append(page.count)
            }
            page.append((try row.date("started_at"), try row.uuid("id"), json))
        }
        if !stale.isEmpty {
            let made = Dictionary(try workouts(ids: stale.map { page[$0].id }, user: user, c).map { ($0.id, $0) }) { a, _ in a }
            for i in stale {
                guard let workout = made[page[i].id] else { continue }
                page[i].json = try written(workout)
            }
        }
        return page
    }

    /// Writes the JSON of up to `limit` workouts stored in an older shape than `wireRevision`
    /// (or before their JSON was kept) as `save` writes it now; returns how many it wrote.
    public static func writeStale(limit: Int, _ c: SQLConnection) throws -> Int {
        let rows = try c.query("SELECT id, user_id FROM workouts WHERE wire_rev <> ? LIMIT ?", wireRevision, limit)
        let byPerson = Dictionary(grouping: try rows.map { (id: try $0.uuid("id"), user: try $0.uuid("user_id")) }, by: \.user)
        for (user, stale) in byPerson {
            let made = Dictionary(try workouts(ids: stale.map(\.id), user: user, c).map { ($0.id, $0) }) { a, _ in a }
            for (id, _) in stale {
                let wire = try made[id].map(written)  // none: read from its sets every time
                try c.execute("UPDATE workouts SET wire = ?, wire_rev = ? WHERE id = ?", wire, wireRevision, id)
            }
        }
        return rows.count
    }

    private static func workouts(where clause: String, _ values: [SQLValue], limit: Int, _ c: SQLConnection) throws -> [Workout] {
        let heads = try c.query("""
            SELECT w.id, w.started_at, w.ended_at, w.notes FROM workouts w WHERE \(clause)
            ORDER BY w.started_at DESC, w.id DESC LIMIT \(max(1, min(limit, 500)))
            """, values)
        guard !heads.isEmpty else { return [] }
        // Every set of the page in one query, not one per workout.
        let ids = try heads.map { try $0.uuid("id") }
        var entries: [UUID: [WorkoutEntry]] = [:]
        // Rows come grouped by workout: each workout's entries are built in one array and filed
        // once, its id read once (not a parse and two hash lookups per set).
        var current: (text: String, entries: [WorkoutEntry])?
        func file() throws {
            guard let current else { return }
            guard let id = UUID(strict: current.text) else { throw DatabaseError.decoding("column 'workout_id' is not a UUID") }
            entries[id] = current.entries
        }
        for row in try c.query("""
            SELECT \(setColumns.joined(separator: ", ")) FROM workout_sets
            WHERE workout_id IN (\(SQLFragment.marks(ids.count))) ORDER BY workout_id, entry, position
            """, ids.map(\.sqlValue)) {
            let text = try row.string("workout_id")
            if current?.text != text {
                try file()
                current = (text, [])
            }
            let entry = try row.int("entry")
            let set = WorkoutSet(reps: try row.optionalInt("reps"), seconds: try row.optionalInt("seconds"),
                                 weightKg: try row.optionalInt("weight_grams").map { Double($0) / 1000 },
                                 restSeconds: try row.optionalInt("rest_seconds"), type: try row.optionalString("set_type").flatMap(SetType.init(rawValue:)),
                                 rpe: try row.optionalDouble("rpe"), rir: try row.optionalInt("rir"), distanceM: try row.optionalDouble("distance_m"))
            if entry == current!.entries.count - 1 {
                current!.entries[entry].sets.append(set)
            } else {
                current!.entries.append(WorkoutEntry(exerciseId: try row.string("exercise_id"), sets: [set], notes: try row.optionalString("entry_notes"),
                                                     superset: try row.optionalInt("superset")))
            }
        }
        try file()
        return try zip(heads, ids).map { head, id in
            Workout(id: id, startedAt: try head.date("started_at"), endedAt: try head.optionalDate("ended_at"),
                    notes: try head.string("notes"), exercises: entries[id] ?? [])
        }
    }

    /// The person's latest 500 workouts that hold any of `exercises`, newest first: the history
    /// personal records are measured against.
    public static func history(user: UUID, exercises: [String], limit: Int = 500, _ c: SQLConnection) throws -> [Workout] {
        guard !exercises.isEmpty else { return [] }
        return try workouts(where: """
            w.user_id = ? AND EXISTS (SELECT 1 FROM workout_sets s WHERE s.workout_id = w.id AND s.exercise_id IN (\(SQLFragment.marks(exercises.count))))
            """, [user.sqlValue] + exercises.map(\.sqlValue), limit: limit, c)
    }

    /// The sets of `exercise` in the person's latest workout that has it: "last time".
    public static func lastSets(user: UUID, exercise: String, _ c: SQLConnection) throws -> [WorkoutSet] {
        try history(user: user, exercises: [exercise], limit: 1, c).first?.exercises.first { $0.exerciseId == exercise }?.sets ?? []
    }

    /// When each of a person's workouts in [from, to) started: what a month's calendar counts.
    public static func workoutStarts(user: UUID, from: Date, to: Date, _ c: SQLConnection) throws -> [Date] {
        try c.query("SELECT started_at FROM workouts WHERE user_id = ? AND started_at >= ? AND started_at < ?", user, from, to)
            .map { try $0.date("started_at") }
    }

    @discardableResult
    public static func delete(_ id: UUID, user: UUID, at now: Date, _ c: SQLConnection) throws -> Bool {
        guard try c.execute("DELETE FROM workouts WHERE id = ? AND user_id = ?", id, user) == 1 else { return false }
        try SyncStore.touch(user: user, .workouts, id, deleted: true, at: now, c)
        return true
    }

    public static func count(user: UUID, _ c: SQLConnection) throws -> Int {
        try c.queryOne("SELECT COUNT(*) AS n FROM workouts WHERE user_id = ?", user)?.int("n") ?? 0
    }

    /// Deletes every workout of the person (their sets go with them); returns how many.
    public static func deleteAll(user: UUID, _ c: SQLConnection) throws -> Int {
        try c.execute("DELETE FROM workouts WHERE user_id = ?", user)
    }
}
