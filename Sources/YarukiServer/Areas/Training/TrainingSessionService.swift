import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The training session under way, kept on the server so it survives a reload, a closed tab, a
/// locked phone or a change of device: started from a routine (through the routines it may
/// see), as a repeat of the last workout, or empty, with last time's sets pre-filled; replaced
/// whole by the device as it goes (If-Match against lost updates); finished into a workout of
/// the log with its summary and personal records.
struct TrainingSessionService: Sendable {
    let training: TrainingService
    let routines: Interfaces.Later<any RoutinePlans>
    let restEnd: RestEndPush
    var context: AppContext { training.context }
    var database: Database { context.database }

    func start(_ body: SessionStartBody, _ me: Principal) async throws -> (TrainingSession, Int64) {
        var check = FieldCheck()
        if let title = body.title { check.note(TextRule.check(title, field: "title", max: TrainingSession.maxTitle, required: false)) }
        if let rest = body.defaultRest, !TrainingSession.restRange.contains(rest) { check.fail("defaultRest", "must be 0 to 3600") }
        if body.routineId != nil, body.repeatLast == true { check.conflict("repeatLast", "cannot be asked with a routine") }
        try check.done()
        let now = context.now
        let unit = try await me.account().weightUnit
        var exercises: [TrainingSession.SessionExercise] = []
        var title = TextRule.trim(body.title ?? "")
        if let id = body.routineId {
            let routine = try await routines.get().routine(id, me)
            if title.isEmpty { title = routine.title }
            // Last time's sets of every exercise, read together; never done before: the routine's own reps or seconds.
            exercises = try await database.read { c in
                try routine.items.map { item in
                    let last = try TrainingStore.lastSets(user: me.userID, exercise: item.exerciseId, c)
                    return TrainingSession.planned(item.exerciseId, sets: item.sets, restSeconds: item.restSeconds,
                                                   lastTime: last.isEmpty ? [WorkoutSet(reps: item.reps, seconds: item.seconds)] : last, unit: unit,
                                                   superset: item.superset)
                }
            }
        } else if body.repeatLast == true {
            guard let last = try await database.read({ c in
                try TrainingStore.workouts(user: me.userID, from: .distantPast, to: now.addingTimeInterval(86_400), after: nil, limit: 1, c).first
            }) else { throw Refusal.notFound("There is no workout yet to repeat.") }
            if title.isEmpty { title = last.notes }
            exercises = last.exercises.map {
                TrainingSession.planned($0.exerciseId, sets: $0.sets.count, restSeconds: $0.sets.last?.restSeconds, lastTime: $0.sets, unit: unit,
                                        superset: $0.superset)
            }
        }
        let session = TrainingSession(startedAt: now, title: String(title.prefix(TrainingSession.maxTitle)), routineId: body.routineId,
                                      defaultRest: body.defaultRest ?? 90, exercises: exercises)
        let state = try Self.encode(session)
        let started = try await database.transaction { c in try TrainingSessionStore.start(user: me.userID, id: session.id, state: state, at: now, c) }
        guard started else {
            throw Refusal(.conflict, code: "session-under-way", "A training session is under way: carry on with it (GET /v1/training/session) or end it first.")
        }
        return (session, 1)
    }

    func current(_ me: Principal) async throws -> (TrainingSession, Int64) {
        guard let stored = try await database.read({ c in try TrainingSessionStore.current(user: me.userID, c) }) else {
            throw Refusal.notFound("No training session is under way.")
        }
        return (try Self.decode(stored.state), stored.version)
    }

    /// The device's whole state replaces the server's, when it is of the session under way (and
    /// at the version it last saw, with If-Match).
    func replace(_ session: TrainingSession, ifVersion: Int64?, _ me: Principal) async throws -> (TrainingSession, Int64) {
        try await checked(session, me)
        let state = try Self.encode(session)
        let now = context.now
        let account = try await me.account()
        let restEnd = self.restEnd
        let outcome = try await database.transaction { c -> Result<Int64, Refusal> in
            guard let stored = try TrainingSessionStore.current(user: me.userID, c) else { return .failure(.notFound("No training session is under way.")) }
            guard stored.id == session.id else {
                return .failure(Refusal(.conflict, code: "session-under-way", "Another training session is under way; this one was ended elsewhere."))
            }
            guard let version = try TrainingSessionStore.replace(user: me.userID, id: session.id, state: state, ifVersion: ifVersion, at: now, c) else {
                return .failure(Refusal(.stale, "The session changed on another device since version \(ifVersion ?? 0); load it again."))
            }
            try restEnd.follow(session, of: account, now: now, c)
            return .success(version)
        }
        return (session, try outcome.get())
    }

    func discard(_ me: Principal) async throws {
        let (account, now, restEnd) = (try await me.account(), me.now, self.restEnd)
        guard try await database.transaction({ c in
            try restEnd.follow(nil, of: account, now: now, c)
            return try TrainingSessionStore.delete(user: me.userID, c)
        }) else {
            throw Refusal.notFound("No training session is under way.")
        }
    }

    /// Finishes the session (the device's final state when it sends one) into a workout of the
    /// log, ends it, and says what it came to. Sent again with the same state, it saves the same
    /// workout again (its id is the session's) and answers the same.
    func finish(_ sent: TrainingSession?, _ me: Principal) async throws -> SessionFinish {
        var session: TrainingSession
        if let sent {
            try await checked(sent, me)
            session = sent
        } else {
            session = try await current(me).0
        }
        let now = context.now
        if session.phase != .finished { session.send(.finish, at: now) }
        let workout = session.workout
        guard !workout.exercises.isEmpty else {
            throw Refusal(.unprocessable, "No set is done yet: mark a set done, or discard the session (DELETE /v1/training/session).",
                          fields: [.init(field: "exercises", message: "has no set done")])
        }
        let (saved, _, _) = try await training.save(workout, me)
        let (account, restEnd) = (try await me.account(), self.restEnd)
        let calendar = PersonalCalendar(of: account)
        let (history, counting) = try await database.transaction { c in
            try restEnd.follow(nil, of: account, now: now, c)
            _ = try TrainingSessionStore.delete(user: me.userID, c)
            let ids = saved.exercises.map(\.exerciseId)
            return (try TrainingStore.history(user: me.userID, exercises: ids, c), try Self.counting(ids, me.userID, calendar, c))
        }
        let earlier = history.filter { $0.id != saved.id && $0.startedAt < saved.startedAt }
        // Last time: the latest earlier workout of the same title, else the latest that opened with the same exercise.
        let lastTime = earlier.first { !saved.notes.isEmpty && $0.notes == saved.notes }
            ?? earlier.first { $0.exercises.first?.exerciseId == saved.exercises.first?.exerciseId }
        let finish = SessionFinish(workout: saved, summary: SessionSummary(saved, history: earlier, lastTime: lastTime, counting: counting))
        await (try? training.activity?.get())?.finished(finish.workout, summary: finish.summary, by: me.userID)
        return finish
    }

    /// How the sets of `exercises` count for the person: their kinds, and the body's weight from the log.
    static func counting(_ exercises: [String], _ user: UUID, _ calendar: PersonalCalendar, _ c: SQLConnection) throws -> SetCounting {
        SetCounting(kinds: try TrainingStore.kinds(of: exercises, visibleTo: user, c), weighings: try BodyService.weighings(user: user, calendar: calendar, c))
    }

    // MARK: progress

    func progress(exercise: String, _ me: Principal) async throws -> ExerciseProgress {
        let calendar = try await me.calendar()
        let (workouts, known, counting) = try await database.read { c in
            (try TrainingStore.history(user: me.userID, exercises: [exercise], c), try TrainingStore.exercise(exercise, visibleTo: me.userID, c) != nil,
             try Self.counting([exercise], me.userID, calendar, c))
        }
        guard known else { throw Refusal.notFound("No exercise '\(exercise)' in the catalog.") }
        let best = PersonalRecords.bests(workouts, counting: counting)[exercise] ?? PersonalRecords.Bests()
        return ExerciseProgress(exerciseId: exercise, points: TrainingProgress.points(workouts, exercise: exercise, calendar: calendar, counting: counting),
                                heaviestKg: best.heaviestKg, estimatedOneRepMaxKg: best.estimatedOneRepMaxKg.map { ($0 * 10).rounded() / 10 },
                                mostReps: best.mostReps.keys.sorted().map { RepsAtWeight(weightKg: Double($0) / 1000, reps: best.mostReps[$0] ?? 0) },
                                longestSeconds: best.longestSeconds, farthestM: best.farthestM)
    }

    func weeks(count: Int, _ me: Principal) async throws -> [TrainingProgress.Week] {
        let calendar = try await me.calendar()
        let now = context.now
        let from = now.addingTimeInterval(-Double(count + 1) * 7 * 86_400)
        var workouts: [Workout] = []
        var cursor: (Date, UUID)?
        // Pages of 500 until the range is read (a year of daily sessions is under 400).
        repeat {
            let page = try await database.read { [cursor] c in
                try TrainingStore.workouts(user: me.userID, from: from, to: now.addingTimeInterval(86_400), after: cursor, limit: 500, c)
            }
            workouts += page
            cursor = page.count == 500 ? page.last.map { ($0.startedAt, $0.id) } : nil
        } while cursor != nil
        let ids = Array(Set(workouts.flatMap { $0.exercises.map(\.exerciseId) }))
        let counting = try await database.read { c in try Self.counting(ids, me.userID, calendar, c) }
        return TrainingProgress.weeks(workouts, count: count, now: now, calendar: calendar, counting: counting)
    }

    private func checked(_ session: TrainingSession, _ me: Principal) async throws {
        let known = Set(try await database.read { c in try TrainingStore.units(visibleTo: me.userID, c) }.keys)
        try FieldCheck(TrainingSession.check(session, known: known)).done()
    }

    static func encode(_ session: TrainingSession) throws -> String {
        String(decoding: try JSONCoding.encoder.encode(session), as: UTF8.self)
    }

    static func decode(_ state: String) throws -> TrainingSession {
        try JSONCoding.decoder.decode(TrainingSession.self, from: Data(state.utf8))
    }
}
