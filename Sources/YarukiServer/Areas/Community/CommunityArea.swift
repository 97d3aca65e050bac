import Foundation
import YarukiStore

/// Community: boards of posts with photos, comments and likes; shareable routines; reports and
/// blocks. Provides `RoutinePlans` (sessions start from routines); checks routines' sets against
/// the catalog through `WorkoutLog`.
struct CommunityArea: Area {
    static let demo = [DemoSeed.Step(name: "demo community") { context in try await CommunityDemo.seed(context) }]
    static let notificationKinds = CommunityNotices.all

    let posts: PostService
    let routines: RoutineService
    let routes: [any RouteCollection]
    let personalData: [any PersonalData]
    let syncZones: [any SyncZone]

    init(_ platform: AreaPlatform) throws {
        let context = platform.context
        let likes = LikeToggle(context: context, inbox: platform.inbox)
        posts = PostService(context: context, likes: likes)
        routines = RoutineService(context: context, likes: likes, workouts: try platform.interfaces.need((any WorkoutLog).self))
        platform.interfaces.provide((any RoutinePlans).self, routines)
        routes = [PostRoutes(posts: posts), RoutineRoutes(routines: routines), SafetyRoutes(safety: SafetyService(posts: posts, suspension: try platform.interfaces.need((any AccountSuspension).self)))]
        personalData = [CommunityData(posts: posts)]
        syncZones = [RoutineSync(routines: routines)]
    }
}

extension RoutineService: RoutinePlans {}
