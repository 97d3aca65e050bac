import Foundation
import YarukiAPI
import YarukiCore

/// Every area, built once from the context in the order of `list`, with the platform's inbox and
/// sync beside them. The platform, the demo and the CLI loop over the list and name no area.
struct Areas: Sendable {
    /// The one list of areas, in the order they are built and their demo steps run (an area may
    /// need an interface of one listed before it). Adding an area is a line here.
    static let list: [any Area.Type] = [
        AccountsArea.self, TrainingArea.self, AccountabilityArea.self, CommunityArea.self, SignageArea.self, LifelogArea.self,
        HealthArea.self, ClassesArea.self,
    ]

    /// What each area tells people in the inbox.
    static var notificationKinds: [NotificationKind] { list.flatMap { $0.notificationKinds } }

    let all: [any Area]
    let inbox: Inbox
    let digest: WeeklyDigest
    let sync: SyncService
    /// The routes of the areas and of the platform services beside them.
    let routes: [any RouteCollection]

    init(_ context: AppContext) throws {
        let push = try WebPush(context: context)
        // Pushes mostly wait on the push service: up to 64 at once on a node, beside the other work.
        context.jobs.register(WebPush.jobKind, maxAttempts: 6, lease: 30, firstRetry: 10, ownWidth: 64) { job in try await push.deliver(job) }
        inbox = Inbox(context: context, kinds: Areas.notificationKinds, push: push)
        let personalData = PersonalDataList()
        let platform = AreaPlatform(context: context, inbox: inbox, personalData: personalData, interfaces: Interfaces())
        all = try Areas.list.map { try $0.init(platform) }
        // Each area's part of a person, then the platform's; the account row itself goes last, after all of them.
        personalData.set(all.flatMap(\.personalData) + [InboxData(), PushData(database: context.database), EventData()])
        sync = SyncService(context: context, zones: all.flatMap(\.syncZones))
        for kind in all.flatMap(\.jobs) { context.jobs.register(kind) }
        let digest = WeeklyDigest(context: context, inbox: inbox)
        self.digest = digest
        context.jobs.register(.recurring(WeeklyDigest.jobName, every: 600) { try await digest.sweep(at: context.now) })
        context.jobs.register(.recurring("housekeeping", every: 3600) { [inbox] in
            try await context.jobs.prune(finishedBefore: context.now.addingTimeInterval(-7 * 86_400))
            try await inbox.forgetReminders(sentBefore: context.now.addingTimeInterval(-62 * 86_400))
        })
        routes = all.flatMap(\.routes) + [NotificationRoutes(inbox: inbox), PushRoutes(push: push), SyncRoutes(sync: sync)]
    }

    /// The built area of a type (tests reach into one).
    func the<A: Area>(_ type: A.Type) -> A? {
        all.lazy.compactMap { $0 as? A }.first
    }
}
