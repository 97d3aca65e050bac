import Foundation
import YarukiStore

/// Classes: paid classes with seats, checkout through the payment provider, refunds as jobs.
/// Counts its money on the walls through `SalesLedger`.
struct ClassesArea: Area {
    static let demo = [DemoSeed.Step(name: "demo classes") { context in try await ClassesDemo.seed(context) }]
    static let notificationKinds = ClassNotices.all

    let classes: ClassService
    let routes: [any RouteCollection]
    let personalData: [any PersonalData]
    let reminders: ClassReminders
    var jobs: [JobRunner.Kind] {
        [.recurring(ClassReminders.jobName, every: 60) { [reminders] in try await reminders.sweep(at: reminders.context.now) }] + classes.orders.jobs
    }

    init(_ platform: AreaPlatform) throws {
        let context = platform.context
        classes = ClassService(context: context, orders: try ClassOrders.make(context: context, sales: try platform.interfaces.need((any SalesLedger).self),
                                                                               inbox: platform.inbox))
        reminders = ClassReminders(context: context, inbox: platform.inbox)
        routes = [ClassRoutes(classes: classes)]
        personalData = [ClassesData(classes: classes)]
    }
}
