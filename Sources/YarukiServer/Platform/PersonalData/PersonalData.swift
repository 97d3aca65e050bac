import Foundation
import YarukiAPI
import YarukiStore

/// A file rows point at: kept once by its content and perhaps shared by several people, so it
/// goes only when no row of anyone's uses it any more.
enum StoredFile: Hashable, Sendable {
    /// A video or audio file (a `media` row).
    case media(sha256: String, kind: MediaFiles.Kind)
    /// A photo's two copies.
    case photo(sha256: String)

    var sha256: String {
        switch self {
        case let .media(sha, _), let .photo(sha): sha
        }
    }
}

/// What deleting one area's part of an account removed.
struct Removed: Sendable {
    /// Rows by kind, for the person's receipt (`workouts: 12`).
    var counts: [String: Int] = [:]
    /// Files those rows used; the platform removes the ones nobody else uses.
    var files: Set<StoredFile> = []
    /// Work for after the deletion has committed (telling a group its member left).
    var afterwards: [@Sendable () async -> Void] = []
}

/// What an area holds for a person (rows, files, caches), declared by the area itself, so that
/// deleting an account and exporting it go through every area while Accounts knows none of
/// their tables. An area that keeps anything of a person's provides one.
protocol PersonalData: Sendable {
    /// Its folder in an export.
    var area: String { get }
    /// Deletes the person's rows, inside the deletion's single transaction (other people's
    /// counts that the rows fed are put right, as an unlike or a deleted comment would).
    func delete(user: UUID, _ c: SQLConnection) throws -> Removed
    /// Once the deletion has committed: caches that may still hold the person.
    func forget(user: UUID)
    /// Writes the person's data into their export: JSON documents and the files they own.
    func export(user: UUID, into folder: ExportFolder) async throws
    /// The person's days moved (a new time zone or week start), inside the change's transaction:
    /// whatever was worked out by their old days is stale.
    func calendarChanged(user: UUID, _ c: SQLConnection) throws
}

extension PersonalData {
    func forget(user: UUID) {}
    func calendarChanged(user: UUID, _ c: SQLConnection) throws {}
}
