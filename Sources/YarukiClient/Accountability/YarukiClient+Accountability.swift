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

    /// Uploads a proof video from a file (streamed from disk), filed under its recording time.
    @discardableResult
    public func uploadProof(file: URL, recordedAt: Date, exerciseId: String? = nil) async throws -> ProofInfo {
        var query = ["recordedAt=" + ISO8601DateFormatter().string(from: recordedAt).replacingOccurrences(of: "+", with: "%2B")]
        if let exerciseId { query.append("exerciseId=\(exerciseId)") }
        var upload = try request("POST", "/v1/proofs?" + query.joined(separator: "&"))
        upload.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        let send = { (token: String) async throws -> ProofInfo in
            var signed = upload
            signed.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            let (data, response) = try await self.session.upload(for: signed, fromFile: file)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            guard (200..<300).contains(status) else {
                if let problem = try? YarukiClient.decoder.decode(Problem.self, from: data) { throw YarukiClientError.problem(problem) }
                throw YarukiClientError.unexpectedResponse(status: status)
            }
            return try YarukiClient.decode(data, status: status)
        }
        let token = try await auth.token(using: refresher)
        do {
            return try await send(token)
        } catch let YarukiClientError.problem(problem) where problem.status == 401 {
            return try await send(try await auth.renew(after: token, using: refresher))
        }
    }
}
