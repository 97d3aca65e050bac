import Foundation
import YarukiCore

public struct GroupMember: APIModel, Equatable {
    public var id: UUID
    public var displayName: String
    public var joinedAt: Date
    public var isOwner: Bool

    public init(id: UUID, displayName: String, joinedAt: Date, isOwner: Bool) {
        self.id = id
        self.displayName = displayName
        self.joinedAt = joinedAt
        self.isOwner = isOwner
    }

    public static let example = GroupMember(id: Example.personID, displayName: "Mina", joinedAt: Example.instant, isOwner: true)
}

/// A group as its members see it.
public struct Group: APIModel, Equatable {
    public var id: UUID
    public var name: String
    public var ownerId: UUID
    public var inviteCode: String
    public var members: [GroupMember]
    /// How many breaks for illness (starting in the week under way) each member may take a quarter.
    public var illnessPausesPerQuarter: Int

    public init(id: UUID, name: String, ownerId: UUID, inviteCode: String, members: [GroupMember], illnessPausesPerQuarter: Int) {
        self.id = id
        self.name = name
        self.ownerId = ownerId
        self.inviteCode = inviteCode
        self.members = members
        self.illnessPausesPerQuarter = illnessPausesPerQuarter
    }

    public static let example = Group(id: Example.otherID, name: "Morning crew", ownerId: Example.personID, inviteCode: "K7M2P9QX4R",
                                      members: [GroupMember.example], illnessPausesPerQuarter: 2)
}

/// `PUT /v1/groups/{id}/rules` (its owner).
public struct GroupRulesBody: APIModel, RuledModel {
    public var illnessPausesPerQuarter: Int

    public init(illnessPausesPerQuarter: Int) { self.illnessPausesPerQuarter = illnessPausesPerQuarter }

    public static let rules: [String: FieldRule] = ["illnessPausesPerQuarter": .integer(0...13)]

    public static let example = GroupRulesBody(illnessPausesPerQuarter: 2)
}

/// A break from the quota: whole weeks of the person's own calendar.
public struct Pause: APIModel, Equatable {
    public var id: UUID
    /// The first day of the first week paused, and of the last.
    public var firstWeek: String
    public var lastWeek: String
    /// The last day of the break.
    public var until: String
    public var reason: QuotaPause.Reason
    /// Its first week has begun (it can no longer be called off).
    public var started: Bool
    public var createdAt: Date

    public init(id: UUID, firstWeek: String, lastWeek: String, until: String, reason: QuotaPause.Reason, started: Bool, createdAt: Date) {
        self.id = id
        self.firstWeek = firstWeek
        self.lastWeek = lastWeek
        self.until = until
        self.reason = reason
        self.started = started
        self.createdAt = createdAt
    }

    public static let example = Pause(id: Example.otherID, firstWeek: "2026-12-07", lastWeek: "2026-12-14", until: "2026-12-20", reason: .planned,
                                      started: false, createdAt: Example.instant)
}

/// `GET /v1/me/pauses`: my breaks, newest first, and how many for illness I have left this quarter.
public struct Pauses: APIModel, Equatable {
    public var items: [Pause]
    /// The fewest any of my groups allows (the standard when in none).
    public var illnessPerQuarter: Int
    public var illnessLeftThisQuarter: Int

    public init(items: [Pause], illnessPerQuarter: Int, illnessLeftThisQuarter: Int) {
        self.items = items
        self.illnessPerQuarter = illnessPerQuarter
        self.illnessLeftThisQuarter = illnessLeftThisQuarter
    }

    public static let example = Pauses(items: [Pause.example], illnessPerQuarter: 2, illnessLeftThisQuarter: 1)
}

/// `POST /v1/me/pauses`.
public struct PauseBody: APIModel, RuledModel {
    /// A day of the first week to pause (next week when left out); planned breaks begin after the
    /// week under way, illness may begin in it.
    public var firstWeek: String?
    public var weeks: Int
    public var reason: String

    public init(firstWeek: String?, weeks: Int, reason: String) {
        self.firstWeek = firstWeek
        self.weeks = weeks
        self.reason = reason
    }

    public static let rules: [String: FieldRule] = ["firstWeek": .day, "weeks": .integer(1...QuotaPause.maxWeeks),
                                                    "reason": .words(QuotaPause.Reason.allCases.map(\.rawValue))]

    public static let example = PauseBody(firstWeek: "2026-12-07", weeks: 2, reason: "planned")
}

/// `POST /v1/groups`, `PATCH /v1/groups/{id}`.
public struct GroupNameBody: APIModel, RuledModel {
    public var name: String

    public init(name: String) { self.name = name }

    public static let rules: [String: FieldRule] = ["name": .line(max: 60)]

    public static let example = GroupNameBody(name: "Morning crew")
}

/// `POST /v1/groups/join`.
public struct InviteCodeBody: APIModel, RuledModel {
    public var code: String

    public init(code: String) { self.code = code }

    public static let rules: [String: FieldRule] = ["code": .matching("^[A-Za-z0-9]{4,32}$")]

    public static let example = InviteCodeBody(code: "K7M2P9QX4R")
}

/// `PUT /v1/me/quota`.
public struct QuotaBody: APIModel, RuledModel {
    public var days: Int
    /// For the week under way too, prorated to the days left of it: only in one's first week.
    public var thisWeek: Bool?

    public init(days: Int, thisWeek: Bool? = nil) {
        self.days = days
        self.thisWeek = thisWeek
    }

    public static let rules: [String: FieldRule] = ["days": .integer(1...7)]

    public static let example = QuotaBody(days: 3)
}

/// `GET /v1/me/quota`.
public struct QuotaState: APIModel, Equatable {
    public var thisWeek: Int
    public var nextWeek: Int
    /// Where I stand this week, judged as a group page would.
    public var week: WeekStanding
    public var history: [QuotaChange]
    /// This is my first week in a group: it owes my quota prorated to the days left when I joined,
    /// and I may set this week's quota too (`thisWeek` in `PUT /v1/me/quota`).
    public var firstWeek: Bool
    /// The last day of the break this week is in, when it is in one.
    public var pausedUntil: String?

    public init(thisWeek: Int, nextWeek: Int, week: WeekStanding, history: [QuotaChange], firstWeek: Bool = false, pausedUntil: String? = nil) {
        self.thisWeek = thisWeek
        self.nextWeek = nextWeek
        self.week = week
        self.history = history
        self.firstWeek = firstWeek
        self.pausedUntil = pausedUntil
    }

    public static let example = QuotaState(thisWeek: 3, nextWeek: 4, week: WeekStanding.example, history: [QuotaChange.example], firstWeek: false,
                                           pausedUntil: "2026-12-20")
}

public struct MemberStanding: APIModel, Equatable {
    public var id: UUID
    public var displayName: String
    /// The member's own week (its first day, in their time zone).
    public var week: String
    public var done: Int
    public var quota: Int
    public var status: StandingStatus
    public var days: [String]
    /// Of `days`, those proved only late: every proof of the day was uploaded on a later day.
    public var backdated: [String]
    public var streak: Int
    /// On a break: its last day (the member is `resting`).
    public var pausedUntil: String?

    public init(id: UUID, displayName: String, week: String, done: Int, quota: Int, status: StandingStatus, days: [String], backdated: [String] = [],
                streak: Int, pausedUntil: String? = nil) {
        self.id = id
        self.displayName = displayName
        self.week = week
        self.done = done
        self.quota = quota
        self.status = status
        self.days = days
        self.backdated = backdated
        self.streak = streak
        self.pausedUntil = pausedUntil
    }

    public static let example = MemberStanding(id: Example.personID, displayName: "Mina", week: "2026-11-30", done: 2, quota: 3, status: .resting,
                                               days: ["2026-11-30", "2026-12-02"], backdated: ["2026-11-30"], streak: 5,
                                               pausedUntil: "2026-12-06")
}

/// `GET /v1/groups/{id}/standings`.
public struct Standings: APIModel, Equatable {
    public var group: UUID
    public var date: String
    public var members: [MemberStanding]
    /// The motivated: quota met.
    public var yarukiMono: [UUID]
    /// The sloths: can no longer make it, or did not.
    public var namakeMono: [UUID]

    public init(group: UUID, date: String, members: [MemberStanding], yarukiMono: [UUID], namakeMono: [UUID]) {
        self.group = group
        self.date = date
        self.members = members
        self.yarukiMono = yarukiMono
        self.namakeMono = namakeMono
    }

    public static let example = Standings(group: Example.otherID, date: Example.day, members: [MemberStanding.example], yarukiMono: [],
                                          namakeMono: [Example.personID])
}

/// A proof as its owner sees it, with links to play it.
public struct ProofInfo: APIModel, Equatable {
    public var id: UUID
    public var recordedAt: Date
    /// The local date it counts for.
    public var recordedDay: String
    public var uploadedAt: Date
    public var exerciseId: String?
    public var workoutId: UUID?
    /// video/mp4, video/quicktime or video/webm.
    public var type: String
    public var size: Int
    public var durationMs: Int?
    /// Signed for ten minutes, relative to the server.
    public var videoURL: String
    public var thumbnailURL: String?

    public init(id: UUID, recordedAt: Date, recordedDay: String, uploadedAt: Date, exerciseId: String?, workoutId: UUID?, type: String,
                size: Int, durationMs: Int?, videoURL: String, thumbnailURL: String?) {
        self.id = id
        self.recordedAt = recordedAt
        self.recordedDay = recordedDay
        self.uploadedAt = uploadedAt
        self.exerciseId = exerciseId
        self.workoutId = workoutId
        self.type = type
        self.size = size
        self.durationMs = durationMs
        self.videoURL = videoURL
        self.thumbnailURL = thumbnailURL
    }

    public static let example = ProofInfo(id: Example.otherID, recordedAt: Example.instant, recordedDay: Example.day, uploadedAt: Example.instant,
                                          exerciseId: "squat", workoutId: Example.otherID, type: "video/mp4", size: 1_482_113, durationMs: 3000,
                                          videoURL: "/v1/proofs/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/video?expires=1764500600&sig=c2ln",
                                          thumbnailURL: "/v1/proofs/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/thumbnail?expires=1764500600&sig=c2ln")
}

/// `GET /v1/calendar`: a month, its days counted.
public struct CalendarMonth: APIModel, Equatable {
    public struct Day: APIModel, Equatable {
        public var date: String
        public var proofs: Int
        public var workouts: Int

        public init(date: String, proofs: Int, workouts: Int) {
            self.date = date
            self.proofs = proofs
            self.workouts = workouts
        }

        public static let example = Day(date: Example.day, proofs: 1, workouts: 1)
    }

    public var month: String
    public var days: [Day]

    public init(month: String, days: [Day]) {
        self.month = month
        self.days = days
    }

    public static let example = CalendarMonth(month: "2026-11", days: [Day.example])
}

/// `GET /v1/calendar/{date}`.
public struct CalendarDay: APIModel, Equatable {
    public var date: String
    public var proofs: [ProofInfo]
    public var workouts: [Workout]

    public init(date: String, proofs: [ProofInfo], workouts: [Workout]) {
        self.date = date
        self.proofs = proofs
        self.workouts = workouts
    }

    public static let example = CalendarDay(date: Example.day, proofs: [ProofInfo.example], workouts: [Workout.example])
}

/// `GET /v1/me/calendar-feed`.
public struct CalendarFeedState: APIModel, Equatable {
    public var active: Bool
    public var createdAt: Date?
    public var lastReadAt: Date?

    public init(active: Bool, createdAt: Date?, lastReadAt: Date?) {
        self.active = active
        self.createdAt = createdAt
        self.lastReadAt = lastReadAt
    }

    public static let example = CalendarFeedState(active: true, createdAt: Example.instant, lastReadAt: Example.instant)
}

/// `POST /v1/me/calendar-feed`: the secret link, shown once.
public struct CalendarFeedLink: APIModel, Equatable {
    /// Relative to the server.
    public var url: String
    public var createdAt: Date

    public init(url: String, createdAt: Date) {
        self.url = url
        self.createdAt = createdAt
    }

    public static let example = CalendarFeedLink(url: "/v1/calendar/feed/3q2-Vb7lPyyF9y8KkZzM9Vq1m2T4u6w8y0A2c4e6g8i.ics", createdAt: Example.instant)
}

/// `POST /v1/groups/{id}/members/{member}/cheers`: a cheer ("you can do it") or a push ("move!").
public struct CheerBody: APIModel, RuledModel, Equatable {
    public static let rules: [String: FieldRule] = ["kind": .words(["cheer", "nudge"])]

    /// cheer or nudge
    public var kind: String

    public init(kind: String) { self.kind = kind }

    public static let example = CheerBody(kind: "cheer")
}

/// A cheer sent: once a day from one person to another.
public struct CheerSent: APIModel, Equatable {
    public var kind: String
    public var to: Person
    public var day: String

    public init(kind: String, to: Person, day: String) {
        self.kind = kind
        self.to = to
        self.day = day
    }

    public static let example = CheerSent(kind: "cheer", to: Person.example, day: Example.day)
}

/// What a person hears live on their event stream (`cheer`) when a groupmate cheers or pushes them.
public struct CheerEvent: APIModel, Equatable {
    public var kind: String
    public var from: Person
    public var groupId: UUID

    public init(kind: String, from: Person, groupId: UUID) {
        self.kind = kind
        self.from = from
        self.groupId = groupId
    }

    public static let example = CheerEvent(kind: "nudge", from: Person.example, groupId: Example.otherID)
}

/// One member's part in a challenge.
public struct ChallengeShare: APIModel, Equatable {
    public var id: UUID
    public var displayName: String
    /// What they added, in the challenge's unit.
    public var amount: Int
    /// They left the group: what they did before still counts.
    public var left: Bool?

    public init(id: UUID, displayName: String, amount: Int, left: Bool? = nil) {
        self.id = id
        self.displayName = displayName
        self.amount = amount
        self.left = left
    }

    public static let example = ChallengeShare(id: Example.personID, displayName: "Mina", amount: 12, left: false)
}

/// A group's goal for a month, with where it stands.
public struct Challenge: APIModel, Equatable {
    public var id: UUID
    public var group: UUID
    /// proofs, minutes (of training sessions) or steps.
    public var metric: ChallengeMetric
    public var goal: Int
    /// YYYY-MM, counted over each member's own days of it.
    public var month: String
    public var total: Int
    /// When the goal was reached (once).
    public var finishedAt: Date?
    public var proposedBy: UUID?
    /// I joined it (and have not left).
    public var joined: Bool
    /// Each member who joined, most first.
    public var members: [ChallengeShare]

    public init(id: UUID, group: UUID, metric: ChallengeMetric, goal: Int, month: String, total: Int, finishedAt: Date?, proposedBy: UUID?,
                joined: Bool, members: [ChallengeShare]) {
        self.id = id
        self.group = group
        self.metric = metric
        self.goal = goal
        self.month = month
        self.total = total
        self.finishedAt = finishedAt
        self.proposedBy = proposedBy
        self.joined = joined
        self.members = members
    }

    public static let example = Challenge(id: Example.otherID, group: Example.otherID, metric: .proofs, goal: 40, month: "2026-12", total: 12,
                                          finishedAt: Example.instant, proposedBy: Example.personID, joined: true, members: [ChallengeShare.example])
}

/// `POST /v1/groups/{id}/challenges`: a month's goal (this month when left out, or the next).
public struct ChallengeBody: APIModel, RuledModel {
    public var metric: String
    public var goal: Int
    public var month: String?

    public init(metric: String, goal: Int, month: String? = nil) {
        self.metric = metric
        self.goal = goal
        self.month = month
    }

    public static let rules: [String: FieldRule] = ["metric": .words(ChallengeMetric.allCases.map(\.rawValue)),
                                                    "goal": .integer(1...ChallengeMetric.steps.maxGoal),
                                                    "month": .matching(PersonalCalendar.monthPattern)]

    public static let example = ChallengeBody(metric: "proofs", goal: 40, month: "2026-12")
}

/// A proof in a group's feed: the day it proves. Its thumbnail goes to its owner alone (a proof is
/// only ever seen by them); groupmates see that it was recorded.
public struct CrewProof: APIModel, Equatable {
    public var proofId: UUID
    public var day: String
    /// Filed under an earlier day than it was sent.
    public var backdated: Bool
    public var exerciseId: String?
    /// Signed for ten minutes; only in the owner's own feed.
    public var thumbnailUrl: String?

    public init(proofId: UUID, day: String, backdated: Bool, exerciseId: String?, thumbnailUrl: String? = nil) {
        self.proofId = proofId
        self.day = day
        self.backdated = backdated
        self.exerciseId = exerciseId
        self.thumbnailUrl = thumbnailUrl
    }

    public static let example = CrewProof(proofId: Example.otherID, day: Example.day, backdated: false, exerciseId: "squat",
                                          thumbnailUrl: "/v1/proofs/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/thumbnail?expires=1764500600&signature=q1w2e3")
}

/// A finished training session in a group's feed: its title, time, working sets and volume, and
/// the personal records it set (of catalog exercises: a person's own exercises stay theirs).
public struct CrewSession: APIModel, Equatable {
    public var workoutId: UUID
    public var title: String
    public var durationSeconds: Int
    public var sets: Int
    public var volumeKg: Double
    public var records: [PersonalRecords.Record]

    public init(workoutId: UUID, title: String, durationSeconds: Int, sets: Int, volumeKg: Double, records: [PersonalRecords.Record]) {
        self.workoutId = workoutId
        self.title = title
        self.durationSeconds = durationSeconds
        self.sets = sets
        self.volumeKg = volumeKg
        self.records = records
    }

    public static let example = CrewSession(workoutId: Example.otherID, title: "Leg day", durationSeconds: 3120, sets: 12, volumeKg: 4520,
                                            records: [PersonalRecords.Record(exerciseId: "squat", kind: .heaviest, value: 100, weightKg: 100, reps: 5, previous: 95)])
}

/// A group challenge's milestone in its feed.
public struct CrewChallenge: APIModel, Equatable {
    public var challengeId: UUID
    public var metric: ChallengeMetric
    public var goal: Int
    public var month: String
    public var milestone: ChallengeMilestone

    public init(challengeId: UUID, metric: ChallengeMetric, goal: Int, month: String, milestone: ChallengeMilestone) {
        self.challengeId = challengeId
        self.metric = metric
        self.goal = goal
        self.month = month
        self.milestone = milestone
    }

    public static let example = CrewChallenge(challengeId: Example.otherID, metric: .proofs, goal: 40, month: "2026-12", milestone: .halfway)
}

/// A break in a group's feed: its first week and last day (not its reason).
public struct CrewPause: APIModel, Equatable {
    public var firstWeek: String
    public var until: String

    public init(firstWeek: String, until: String) {
        self.firstWeek = firstWeek
        self.until = until
    }

    public static let example = CrewPause(firstWeek: "2026-12-07", until: "2026-12-20")
}

/// One thing the crew's feed shows, newest first: who did it (none for a challenge's halfway and
/// finish, which are everyone's), whom a cheer was for, and the part its kind fills in.
public struct CrewItem: APIModel, Equatable {
    public var id: UUID
    public var kind: CrewKind
    public var at: Date
    public var by: Person?
    public var to: Person?
    public var proof: CrewProof?
    public var session: CrewSession?
    public var challenge: CrewChallenge?
    public var pause: CrewPause?

    public init(id: UUID, kind: CrewKind, at: Date, by: Person?, to: Person? = nil, proof: CrewProof? = nil, session: CrewSession? = nil,
                challenge: CrewChallenge? = nil, pause: CrewPause? = nil) {
        self.id = id
        self.kind = kind
        self.at = at
        self.by = by
        self.to = to
        self.proof = proof
        self.session = session
        self.challenge = challenge
        self.pause = pause
    }

    public static let example = CrewItem(id: Example.personID, kind: .session, at: Example.instant, by: Person.example, session: CrewSession.example)
}
