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

/// `challenge` on the event stream: a group's challenge moved (someone joined, left or added to it).
public struct ChallengeChange: APIModel, Equatable {
    public var group: UUID
    public var challenge: UUID
    /// It has just reached its goal.
    public var finished: Bool?

    public init(group: UUID, challenge: UUID, finished: Bool? = nil) {
        self.group = group
        self.challenge = challenge
        self.finished = finished
    }

    public static let example = ChallengeChange(group: Example.otherID, challenge: Example.personID, finished: true)
}

/// `crew` on the event stream: something new is in a group's feed (or left it), so a page
/// showing its newest items asks for them again.
public struct CrewChange: APIModel, Equatable {
    public var group: UUID

    public init(group: UUID) {
        self.group = group
    }

    public static let example = CrewChange(group: Example.otherID)
}
