import Foundation
import YarukiAPI
import YarukiStore

/// Tells people's screens that a group's standings moved (`standings` on their event stream).
struct StandingsEvents: Sendable {
    let context: AppContext
    /// Their groups' challenges are counted again (a proof may count).
    let activity: any GroupActivity
    /// Feeds that gained or lost an item are told.
    let crew: CrewFeed

    /// Everyone who shares a group with `user` (them included) hears that `user` changed.
    func changed(of user: UUID) async {
        activity.moved(user)
        guard let rows = try? await context.database.read({ c in try GroupStore.groupmates(of: user, c) }) else { return }
        for (group, members) in rows {
            context.events.publish("standings", StandingsChange(group: group, member: user), to: members)
        }
    }

    /// Someone left (or was removed from) `group`: the rest see the standings change, and the one
    /// who left sees the group go from their screens.
    func left(_ user: UUID, group: UUID, notifying members: [UUID]) {
        context.events.publish("standings", StandingsChange(group: group, member: user, left: true), to: members)
    }
}
