import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Training: the exercise catalog, the workout log, the session under way. Provides
/// `WorkoutLog` to the areas that show workouts; starts sessions from routines through
/// `RoutinePlans`.
struct TrainingArea: Area {
    static let demo = [DemoSeed.Step(name: "demo workouts") { context in try await TrainingDemo.seed(context) },
                       DemoSeed.Step(name: "demo follow-along videos") { context in try await TrainingDemo.seedVideos(context) }]

    static let notificationKinds = [RestEndPush.kind]

    static func prepare(_ database: Database) async throws {
        try await ExerciseCatalog.ensure(database)
        // Workouts whose stored JSON is of an older shape (or none, from before it was kept).
        while try await database.transaction({ c in try TrainingStore.writeStale(limit: 500, c) }) == 500 {}
    }

    let training: TrainingService
    let routes: [any RouteCollection]
    let personalData: [any PersonalData]
    let syncZones: [any SyncZone]

    init(_ platform: AreaPlatform) throws {
        let context = platform.context
        training = TrainingService(context: context, activity: platform.interfaces.later((any GroupActivity).self))
        platform.interfaces.provide((any WorkoutLog).self, training)
        routes = [TrainingRoutes(training: training),
                  TrainingSessionRoutes(sessions: TrainingSessionService(training: training, routines: platform.interfaces.later((any RoutinePlans).self),
                                                                       restEnd: RestEndPush(inbox: platform.inbox))),
                  BodyRoutes(body: BodyService(context: context)), WorkoutImportRoutes(imports: WorkoutImportService(context: context, training: training))]
        personalData = [TrainingData(context: context)]
        syncZones = [WorkoutSync(training: training)]
    }

    /// How this node's new workouts were written on PostgreSQL: groups, the workouts they held,
    /// and workouts written alone after their group failed (none on SQLite, whose writer groups).
    var gauges: [HTTPMetrics.Gauge] {
        [HTTPMetrics.Gauge(name: "yaruki_workout_groups",
                           help: "New workouts written together since start: groups, the workouts in them, and workouts written alone after their group failed.") {
            [groups = training.newWorkouts] in
            let written = groups.done
            return [("kind=\"groups\"", Double(written.groups)), ("kind=\"workouts\"", Double(written.items)), ("kind=\"alone\"", Double(written.alone))]
        }]
    }
}

/// A routine the person may see, as a plan to start a session from (Community provides it).
protocol RoutinePlans: Sendable {
    func routine(_ id: UUID, _ principal: Principal) async throws -> Routine
}
