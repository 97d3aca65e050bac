import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// `GET /v1/me/export`: everything a person owns as one zip, gathered from every area's
/// `PersonalData` (JSON in the API's own shapes, and their photos, videos and voice notes beside
/// it), then streamed: its size is known first (the browser shows progress) and no part of it
/// is ever held in memory whole.
struct AccountExport: Sendable {
    let context: AppContext
    let areas: PersonalDataList

    struct Manifest: Encodable {
        var exportedAt: Date
        var account: UUID
        var email: String
        var server: String
        /// Files per area folder.
        var areas: [String: Int]
        var about: String
    }

    func archive(for principal: Principal) async throws -> Response {
        let account = try await principal.account()
        let now = context.now
        let folder = try ExportFolder(parent: context.media.uploads)
        let manifest: ExportFolder.Entry
        do {
            for area in areas.all { try await area.export(user: principal.userID, into: folder.folder(area.area)) }
            var counts: [String: Int] = [:]
            for entry in folder.entries { counts[String(entry.name.prefix { $0 != "/" }), default: 0] += 1 }
            try folder.write("export.json", Manifest(exportedAt: now, account: account.id, email: account.email, server: "Yaruki \(YarukiVersion.current)",
                                                     areas: counts, about: AccountExport.about))
            manifest = folder.entries[folder.entries.count - 1]
        } catch {
            folder.remove()
            throw error
        }
        let entries = [manifest] + folder.entries.dropLast()
        let zip = ZipStream(entries: entries.map { ZipStream.Entry(name: "yaruki-export/" + $0.name, source: $0.source, size: $0.size) },
                            modified: now)
        let day = PersonalCalendar(of: account).day(of: now)
        let headers = HTTPHeaders([("Content-Type", "application/zip"), ("Cache-Control", "no-store"),
                                   ("Content-Disposition", "attachment; filename=\"yaruki-export-\(day).zip\"")])
        return Response(status: 200, headers: headers, body: .stream(length: zip.length) { writer in
            defer { folder.remove() }
            try zip.write { try writer.write($0) }
        })
    }

    static let about = """
        Everything this Yaruki server kept for you when you asked: one folder per area, JSON in the shapes of the \
        API (see /openapi.json on your server), your photos, proof videos and voice notes beside the records that \
        use them (their links point into this archive).
        """
}
