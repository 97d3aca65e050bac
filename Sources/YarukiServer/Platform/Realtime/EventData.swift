import Foundation
import YarukiStore

/// The event log keeps a day of what screens were sent; an account's deletion takes every event
/// for or about the person with it (a groupmate's replay may lose a standings update, which their
/// screen reads again anyway). Nothing to export: it is what the other parts already hold.
struct EventData: PersonalData {
    var area: String { "events" }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        try EventLogStore.forget(user.uuidString.lowercased(), c)
        return Removed()
    }

    func export(user: UUID, into folder: ExportFolder) async throws {}
}
