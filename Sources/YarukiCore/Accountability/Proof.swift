import Foundation

/// A self-recorded video that proves a day's training. Only its owner ever sees it.
public struct Proof: Codable, Equatable, Sendable {
    public var id: UUID
    /// When the person recorded it (as the app said, never later than the upload).
    public var recordedAt: Date
    /// The local date it counts for, fixed when it was filed.
    public var recordedDay: String
    public var uploadedAt: Date
    public var exerciseId: String?
    public var workoutId: UUID?
    public var type: String
    public var size: Int
    public var durationMs: Int?
    public var hasThumbnail: Bool

    public init(id: UUID, recordedAt: Date, recordedDay: String, uploadedAt: Date, exerciseId: String?, workoutId: UUID?, type: String, size: Int,
                durationMs: Int?, hasThumbnail: Bool) {
        self.id = id
        self.recordedAt = recordedAt
        self.recordedDay = recordedDay
        self.uploadedAt = uploadedAt
        self.exerciseId = exerciseId
        self.workoutId = workoutId
        self.type = type
        self.size = size
        self.durationMs = durationMs
        self.hasThumbnail = hasThumbnail
    }

    /// The recording time a proof is filed under: what the app sent, never after the upload
    /// itself, and not more than `window` before it (a week by default).
    public static func recordingTime(sent: Date?, uploadedAt: Date, window: TimeInterval = 7 * 24 * 3600) -> Date? {
        guard let sent else { return uploadedAt }
        if sent > uploadedAt { return uploadedAt }
        return uploadedAt.timeIntervalSince(sent) > window ? nil : sent
    }
}
