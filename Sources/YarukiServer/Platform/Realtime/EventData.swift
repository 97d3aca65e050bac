import Foundation
import YarukiStore

/// The event log keeps a day of what screens were sent; an account's deletion takes every event
/// for or about the person with it (a groupmate's replay may lose a standings update, which their
/// screen reads again anyway). The node's outbox is written out first (`EventBus.settled`); the
/// deletion locks the person's row first and the log's appends read the rows of the people they
/// are for, so an event for the person published on any node while or after the account goes is
/// either deleted with it or never written (`EventLogStore.append`). An event *about* them sent
/// to someone else in that moment goes with the day's log. Nothing to export: it is what the
/// other parts already hold.
struct EventData: PersonalData {
    var area: String { "events" }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        try EventLogStore.forget(user.lowercasedString, c)
        return Removed()
    }

    func export(user: UUID, into folder: ExportFolder) async throws {}
}
