import Foundation
import YarukiAPI
import YarukiCore

/// Every area, built once from the context: its services (which routes, the demo, the CLI and
/// other areas call), its routes, and what it holds for a person. Adding an area is adding it
/// here; no other area changes.
struct Areas: Sendable {
    let training: TrainingService
    let proofs: ProofService
    let groups: GroupService
    let lifelog: LifelogService
    let signage: SignageService
    let health: HealthService
    let classes: ClassService
    let sync: SyncService
    let accounts: AccountService
    let routes: [any RouteCollection]

    /// What each area tells people in the inbox.
    static let notificationKinds = CommunityNotices.all + CheerNotices.all + ClassNotices.all

    init(_ context: AppContext) throws {
        let settings = context.settings
        training = TrainingService(context: context)
        let standingsEvents = StandingsEvents(context: context)
        proofs = ProofService(context: context, training: training, events: standingsEvents)
        groups = GroupService(context: context, events: standingsEvents)
        let calendar = CalendarService(context: context, proofs: proofs, workouts: training)
        let inbox = Inbox(context: context, kinds: Areas.notificationKinds)
        let likes = LikeToggle(context: context, inbox: inbox)
        let posts = PostService(context: context, likes: likes)
        let routines = RoutineService(context: context, likes: likes, workouts: training)
        lifelog = LifelogService(context: context, proofs: proofs, workouts: training, plans: PlaybackParts())
        let map = try settings.mapExtract.map { path in
            do { return try MapData.shared(path) } catch { throw SettingError(setting: "--map", reason: "\(error)") }
        }
        let provider: (any RouteProvider)? = settings.osrmURL.map { OSRMRouter(base: $0) }
            ?? map.map { BuiltInRouter(extract: $0.path, graph: $0.graph, width: max(1, settings.http.loops)) }
        let playback = PlaybackService(lifelog: lifelog, book: RouteBook(provider: provider, database: context.database, clock: context.clock),
                                       credit: map != nil || settings.tileURL != nil ? MapData.credit : nil)
        let hub = SignageHub(database: context.database, bus: context.bus, clock: context.clock)
        let kafka = try settings.kafka.map { try SalesFromKafka(setting: $0, hub: hub, database: context.database, node: context.jobs.node, clock: context.clock) }
        signage = SignageService(context: context, hub: hub, kafka: kafka)
        health = HealthService(context: context)
        sync = SyncService(context: context, zones: [LifelogSync(lifelog: lifelog), WorkoutSync(training: training), RoutineSync(routines: routines)])
        classes = ClassService(context: context, orders: try ClassOrders.make(context: context, sales: signage.hub, inbox: inbox))
        // Each area's part of a person; the account row itself goes last, after all of them.
        let personalData: [any PersonalData] = [AccountsData(context: context), TrainingData(context: context), AccountabilityData(proofs: proofs),
                                                CommunityData(posts: posts), LifelogData(lifelog: lifelog), SignageData(),
                                                HealthData(health: health), ClassesData(classes: classes), InboxData(), EventData()]
        accounts = try AccountService(context: context, personalData: personalData)
        routes = [
            AccountRoutes(accounts: accounts, export: AccountExport(context: context, areas: personalData)), AdminRoutes(accounts: accounts),
            WebSignInRoutes(web: WebSignIn(accounts: accounts)),
            EmailRoutes(email: EmailService(accounts: accounts)),
            TrainingRoutes(training: training), TrainingSessionRoutes(sessions: TrainingSessionService(training: training, routines: routines)),
            ProofRoutes(proofs: proofs), CalendarRoutes(calendar: calendar),
            GroupRoutes(groups: groups, standings: StandingsService(context: context)),
            CheerRoutes(cheers: CheerService(context: context, inbox: inbox)),
            PostRoutes(posts: posts), RoutineRoutes(routines: routines), SafetyRoutes(context: context), NotificationRoutes(inbox: inbox),
            SignageRoutes(signage: signage),
            LifelogRoutes(lifelog: lifelog),
            HealthRoutes(health: health),
            ClassRoutes(classes: classes),
            SyncRoutes(sync: sync),
            PlaybackRoutes(playback: playback, map: map, tileURL: settings.tileURL,
                           router: settings.osrmURL != nil ? "osrm" : map != nil ? "builtin" : "none"),
        ]
    }
}
