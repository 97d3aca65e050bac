import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// A person's lifelog records with their photos and voice notes, for their account's deletion
/// and export; the playback parts kept for them are forgotten.
struct LifelogData: PersonalData {
    let lifelog: LifelogService
    var area: String { "lifelog" }
    var context: AppContext { lifelog.context }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        let (count, photos, media) = try LifelogStore.deleteAll(user: user, c)
        var files = Set(photos.map { StoredFile.photo(sha256: $0) })
        for row in media { if let kind = MediaFiles.Kind(rawValue: row.kind) { files.insert(.media(sha256: row.sha256, kind: kind)) } }
        let (points, imports) = try LifelogImportStore.deleteAll(user: user, c)
        return Removed(counts: ["lifelogRecords": count, "lifelogTrackPoints": points, "lifelogImports": imports], files: files)
    }

    func forget(user: UUID) { lifelog.plans.forget(user: user) }

    func export(user: UUID, into folder: ExportFolder) async throws {
        let (database, photos, media) = (context.database, context.photos, context.media)
        try await folder.writeArray("records.json", of: LifelogRecord.self) { emit in
            var cursor: (Date, UUID)?
            while true {
                let page = try await database.read { c in try LifelogStore.page(user: user, after: cursor, limit: 500, c) }
                for row in page {
                    var record = lifelog.reply(row)
                    let id = row.id.lowercasedString
                    if let photo = row.photo {
                        folder.addFile("photos/\(id).jpg", from: photos.path(photo.sha256, .display))
                        record.photo?.url = "photos/\(id).jpg"
                        record.photo?.thumbnailURL = "photos/\(id).jpg"
                    }
                    if let voice = row.voice, let kind = MediaFiles.Kind(rawValue: voice.kind) {
                        folder.addFile("voice/\(id).\(kind.rawValue)", from: media.path(voice.sha256, kind))
                        record.voice?.url = "voice/\(id).\(kind.rawValue)"
                    }
                    try emit(record)
                }
                guard page.count == 500, let last = page.last else { return }
                cursor = (last.draft.occurredAt.date, last.id)
            }
        }
        // The same records with a place, and the whole track, as GPX for map apps.
        try await folder.writeText("lifelog.gpx") { emit in
            try await LifelogGPX(database: database).write(user: user, from: nil, to: nil, name: "Yaruki lifelog", emit)
        }
        let imports = try await database.read { c in try LifelogImportStore.imports(user: user, limit: 10_000, c) }
        try folder.write("imports.json", imports.map { ImportEntry(fileName: $0.fileName, format: $0.format, state: $0.state, addedVisits: $0.addedVisits,
                                                                 addedPoints: $0.addedPoints, createdAt: $0.createdAt) })
    }

    struct ImportEntry: Encodable {
        var fileName: String
        var format: String?
        var state: String
        var addedVisits: Int
        var addedPoints: Int
        var createdAt: Date
    }
}
