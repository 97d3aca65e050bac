import Foundation
import YarukiAPI
import YarukiCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension YarukiClient {

    public func createGroup(name: String) async throws -> Group {
        try await authorized(request("POST", "/v1/groups", body: GroupNameBody(name: name)))
    }

    public func joinGroup(code: String) async throws -> Group {
        try await authorized(request("POST", "/v1/groups/join", body: InviteCodeBody(code: code)))
    }

    public func groups() async throws -> [Group] {
        let items: Items<Group> = try await authorized(request("GET", "/v1/groups"))
        return items.items
    }

    public func leaveGroup(_ id: UUID) async throws {
        let _: Empty = try await authorized(request("POST", "/v1/groups/\(id.lowercasedString)/leave"))
    }

    /// Applies from next week.
    @discardableResult
    public func setQuota(days: Int) async throws -> QuotaChange {
        try await authorized(request("PUT", "/v1/me/quota", body: QuotaBody(days: days)))
    }

    /// This week's standings of a group, or those of the week holding `date` (YYYY-MM-DD).
    public func standings(group: UUID, date: String? = nil) async throws -> Standings {
        try await authorized(request("GET", "/v1/groups/\(group.lowercasedString)/standings" + (date.map { "?date=\($0)" } ?? "")))
    }

    /// A page of the crew's feed of one of my groups, newest first (`cursor`: the page before's `nextCursor`).
    public func crewFeed(group: UUID, cursor: String? = nil, limit: Int = 20) async throws -> Page<CrewItem> {
        try await authorized(request("GET", "/v1/groups/\(group.lowercasedString)/feed?limit=\(limit)" + (cursor.map { "&cursor=\($0)" } ?? "")))
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

    public func quota() async throws -> QuotaState {
        try await authorized(request("GET", "/v1/me/quota"))
    }

    /// A month (YYYY-MM; this one when nil) of proof and workout counts per day, in my time zone.
    public func calendar(month: String? = nil) async throws -> CalendarMonth {
        try await authorized(request("GET", "/v1/calendar" + (month.map { "?month=\($0)" } ?? "")))
    }

    /// One day's proofs (with playback links) and workouts.
    public func calendar(day: String) async throws -> CalendarDay {
        try await authorized(request("GET", "/v1/calendar/\(day)"))
    }

    public func calendarFeed() async throws -> CalendarFeedState {
        try await authorized(request("GET", "/v1/me/calendar-feed"))
    }

    /// A new private feed link for Apple or Google Calendar (any earlier one stops working).
    /// Keep it secret: whoever has it sees which days I trained.
    public func makeCalendarFeed() async throws -> URL {
        let made: CalendarFeedLink = try await authorized(request("POST", "/v1/me/calendar-feed"))
        return url(made.url)
    }

    public func turnOffCalendarFeed() async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/me/calendar-feed"))
    }
}
