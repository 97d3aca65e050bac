import Foundation
import YarukiCore

/// `standings` on a person's event stream: something changed in one of their groups (a member
/// proved, set a quota, joined), or someone left it (`left`: the one who left sees it go).
public struct StandingsChange: APIModel, Equatable {
    public var group: UUID
    public var member: UUID
    public var left: Bool?

    public init(group: UUID, member: UUID, left: Bool? = nil) {
        self.group = group
        self.member = member
        self.left = left
    }

    public static let example = StandingsChange(group: Example.otherID, member: Example.personID, left: true)
}
