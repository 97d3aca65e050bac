import Foundation
import YarukiStore

/// The event log keeps a day of what screens were sent; an account's deletion takes every event
/// for or about the person with it (a groupmate's replay may lose a standings update, which their
/// screen reads again anyway). The node's outbox is written out first (`EventBus.settled`), and
/// the deletion waits for appends in progress, so the person's own requests leave nothing behind;
/// an event that another person's request publishes about them while the account goes is pruned
/// with the day's log. Nothing to export: it is what the other parts already hold.
struct EventData: PersonalData {
    var area: String { "events" }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        try EventLogStore.forget(user.uuidString.lowercased(), c)
        return Removed()
    }

    func export(user: UUID, into folder: ExportFolder) async throws {}
}
