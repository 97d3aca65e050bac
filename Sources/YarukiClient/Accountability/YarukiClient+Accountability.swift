import Foundation
import YarukiCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension YarukiClient {
    public struct GroupMember: Decodable, Sendable, Equatable {
        public var id: UUID
        public var displayName: String
        public var joinedAt: Date
        public var isOwner: Bool
    }

    public struct Group: Decodable, Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var ownerId: UUID
        public var inviteCode: String
        public var members: [GroupMember]
    }

    public struct MemberStanding: Decodable, Sendable, Equatable {
        public var id: UUID
        public var displayName: String
        public var week: String
        public var done: Int
        public var quota: Int
        public var status: StandingStatus
        public var days: [String]
        public var streak: Int
    }

    public struct Standings: Decodable, Sendable, Equatable {
        public var group: UUID
        public var date: String
        public var members: [MemberStanding]
        public var yarukiMono: [UUID]
        public var namakeMono: [UUID]
    }

    public struct ProofInfo: Decodable, Sendable, Equatable {
        public var id: UUID
        public var recordedAt: Date
        public var recordedDay: String
        public var uploadedAt: Date
        public var exerciseId: String?
        public var type: String
        public var size: Int
        public var durationMs: Int?
        /// Signed for ten minutes, relative to the server.
        public var videoURL: String
        public var thumbnailURL: String?
    }

    public func createGroup(name: String) async throws -> Group {
        struct Body: Encodable { var name: String }
        return try await authorized(request("POST", "/v1/groups", body: Body(name: name)))
    }

    public func joinGroup(code: String) async throws -> Group {
        struct Body: Encodable { var code: String }
        return try await authorized(request("POST", "/v1/groups/join", body: Body(code: code)))
    }

    public func groups() async throws -> [Group] {
        struct Items: Decodable { var items: [Group] }
        let items: Items = try await authorized(request("GET", "/v1/groups"))
        return items.items
    }

    public func leaveGroup(_ id: UUID) async throws {
        let _: Empty = try await authorized(request("POST", "/v1/groups/\(id.uuidString.lowercased())/leave"))
    }

    /// Applies from next week.
    @discardableResult
    public func setQuota(days: Int) async throws -> QuotaChange {
        struct Body: Encodable { var days: Int }
        return try await authorized(request("PUT", "/v1/me/quota", body: Body(days: days)))
    }

    /// This week's standings of a group, or those of the week holding `date` (YYYY-MM-DD).
    public func standings(group: UUID, date: String? = nil) async throws -> Standings {
        try await authorized(request("GET", "/v1/groups/\(group.uuidString.lowercased())/standings" + (date.map { "?date=\($0)" } ?? "")))
    }

    /// Uploads a proof video from a file (streamed from disk, never read into memory), filed
    /// under its recording time. `progress` hears the share sent so far, 0…1, as it grows.
    @discardableResult
    public func uploadProof(file: URL, recordedAt: Date, exerciseId: String? = nil,
                            progress: (@Sendable (Double) -> Void)? = nil) async throws -> ProofInfo {
        var query = ["recordedAt=" + ISO8601DateFormatter().string(from: recordedAt).replacingOccurrences(of: "+", with: "%2B")]
        if let exerciseId { query.append("exerciseId=\(exerciseId)") }
        var upload = try request("POST", "/v1/proofs?" + query.joined(separator: "&"))
        upload.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        return try await withAccessToken { token in
            let (data, status) = try await self.upload(with(upload, token), file: file, progress: progress)
            return try YarukiClient.decode(data, status: status)
        }
    }

    public struct QuotaState: Decodable, Sendable, Equatable {
        public var thisWeek: Int
        public var nextWeek: Int
        /// Where I stand this week, judged as a group page would.
        public var week: WeekStanding
        public var history: [QuotaChange]
    }

    public func quota() async throws -> QuotaState {
        try await authorized(request("GET", "/v1/me/quota"))
    }

    public struct CalendarMonth: Decodable, Sendable, Equatable {
        public struct Day: Decodable, Sendable, Equatable {
            public var date: String
            public var proofs: Int
            public var workouts: Int
        }
        public var month: String
        public var days: [Day]
    }

    public struct CalendarDay: Decodable, Sendable, Equatable {
        public var date: String
        public var proofs: [ProofInfo]
        public var workouts: [Workout]
    }

    /// A month (YYYY-MM; this one when nil) of proof and workout counts per day, in my time zone.
    public func calendar(month: String? = nil) async throws -> CalendarMonth {
        try await authorized(request("GET", "/v1/calendar" + (month.map { "?month=\($0)" } ?? "")))
    }

    /// One day's proofs (with playback links) and workouts.
    public func calendar(day: String) async throws -> CalendarDay {
        try await authorized(request("GET", "/v1/calendar/\(day)"))
    }

    public struct CalendarFeedState: Decodable, Sendable, Equatable {
        public var active: Bool
        public var createdAt: Date?
        public var lastReadAt: Date?
    }

    public func calendarFeed() async throws -> CalendarFeedState {
        try await authorized(request("GET", "/v1/me/calendar-feed"))
    }

    /// A new private feed link for Apple or Google Calendar (any earlier one stops working).
    /// Keep it secret: whoever has it sees which days I trained.
    public func makeCalendarFeed() async throws -> URL {
        struct Made: Decodable { var url: String }
        let made: Made = try await authorized(request("POST", "/v1/me/calendar-feed"))
        return url(made.url)
    }

    public func turnOffCalendarFeed() async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/me/calendar-feed"))
    }
}
