import Foundation
import YarukiAPI
import YarukiStore

/// Boards and API keys an admin made belong to the gym, not to the admin: deleting the admin's
/// account keeps them and forgets who made them. Nothing of theirs to export here.
struct SignageData: PersonalData {
    var area: String { "signage" }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        try SignageStore.forgetCreator(user, c)
        return Removed()
    }

    func export(user: UUID, into folder: ExportFolder) async throws {}
}
