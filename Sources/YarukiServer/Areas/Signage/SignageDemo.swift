import Foundation
import YarukiAPI
import YarukiCore
import YarukiJSON
import YarukiStore

/// The demo's sales board: a four-day beauty sale in yen that began yesterday (Tokyo time),
/// with the sales so far (quiet at night, a rush after work), so the wall screen has a total,
/// channels and an hourly strip before `make run`'s simulator adds more. A board whose sale
/// has ended is moved to run from yesterday again. A second board counts the sale's online
/// channel, and a playlist shows the two side by side on one link.
enum SignageDemo {
    static let boardSetting = "demo.signageBoard"
    static let wallSetting = "demo.signageWall"
    static let onlineSetting = "demo.signageOnlineBoard"
    static let playlistWallSetting = "demo.signagePlaylistWall"

    /// Sales a second at each hour of a Tokyo day, on average.
    static let hourly: [Double] = [0.004, 0.002, 0.001, 0.001, 0.001, 0.002, 0.005, 0.01, 0.02, 0.03, 0.04, 0.05,
                                   0.06, 0.05, 0.04, 0.04, 0.045, 0.05, 0.07, 0.08, 0.07, 0.05, 0.03, 0.01]

    static func seed(_ context: DemoSeed.Context) async throws {
        let (database, now) = (context.database, context.now)
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let start = tokyo.date(byAdding: .day, value: -1, to: tokyo.startOfDay(for: now))!
        let settings = SettingsStore(database: database)
        var board = SalesBoard(id: UUID(), title: "Winter beauty sale", currency: "JPY", startsAt: start, endsAt: start.addingTimeInterval(4 * 86_400),
                               campaign: "winter-beauty", channel: nil, goal: 50_000_000, timeZone: "Asia/Tokyo",
                               milestones: BoardMilestones(every: 5_000_000, goal: true, recordDay: true))
        let known = try await settings.value(boardSetting).flatMap(UUID.init(strict:))
        if let known, let existing = try await database.read({ c in try SignageStore.board(known, c) }) {
            board = existing
            if existing.endsAt <= now {
                board.startsAt = start
                board.endsAt = start.addingTimeInterval(4 * 86_400)
                _ = try await database.transaction { [board] c in try SignageStore.update(board, at: now, c) }
            }
        } else {
            let token = Crypto.randomToken(24)
            try await database.transaction { [board] c in
                try SignageStore.insert(board, tokenHash: Crypto.tokenHash(token), by: nil, at: now, c)
            }
            try await settings.set(boardSetting, board.id.lowercasedString, at: now)
            try await settings.set(wallSetting, SignageService.wallLink(board.id, token: token), at: now)
        }
        let online = try await seedOnline(board, context)
        try await seedPlaylist([board.id, online], context)
        // The same sales each time for the same start: seeding again adds only the hours since.
        var generator = SaleGenerator(board: board, seed: 7, prefix: "demo-\(Int64(board.startsAt.timeIntervalSince1970))-")
        var sales: [SaleEvent] = []
        var minute = board.startsAt
        while minute < min(now, board.endsAt) {
            let rate = hourly[tokyo.component(.hour, from: minute)]
            for _ in 0..<generator.arrivals(rate: rate, seconds: 60) {
                sales.append(generator.sale(at: minute.addingTimeInterval(Double(sales.count % 60))))
            }
            minute = minute.addingTimeInterval(60)
        }
        for batch in stride(from: 0, to: sales.count, by: 1_000) {
            let slice = Array(sales[batch..<min(sales.count, batch + 1_000)])
            _ = try await database.transaction { c in try SignageStore.ingest(slice, at: now, c) }
        }
    }

    /// The sale's online channel on a board of its own, in the same window.
    static func seedOnline(_ main: SalesBoard, _ context: DemoSeed.Context) async throws -> UUID {
        let (database, now) = (context.database, context.now)
        let settings = SettingsStore(database: database)
        var board = SalesBoard(id: UUID(), title: "Winter sale · online", currency: "JPY", startsAt: main.startsAt, endsAt: main.endsAt,
                               campaign: main.campaign, channel: "online", goal: 15_000_000, timeZone: "Asia/Tokyo",
                               milestones: BoardMilestones(every: 2_000_000, goal: true, recordDay: false))
        if let known = try await settings.value(onlineSetting).flatMap(UUID.init(strict:)),
           let existing = try await database.read({ c in try SignageStore.board(known, c) }) {
            board = existing
            if (existing.startsAt, existing.endsAt) != (main.startsAt, main.endsAt) {
                (board.startsAt, board.endsAt) = (main.startsAt, main.endsAt)
                _ = try await database.transaction { [board] c in try SignageStore.update(board, at: now, c) }
            }
            return board.id
        }
        try await database.transaction { [board] c in try SignageStore.insert(board, tokenHash: Crypto.tokenHash(Crypto.randomToken(24)), by: nil, at: now, c) }
        try await settings.set(onlineSetting, board.id.lowercasedString, at: now)
        return board.id
    }

    /// "Shop floor": both boards side by side on a wide screen (one at a time on others), 20 s each.
    static func seedPlaylist(_ boards: [UUID], _ context: DemoSeed.Context) async throws {
        let settings = SettingsStore(database: context.database)
        guard try await settings.value(playlistWallSetting) == nil else { return }
        let (playlist, token) = (SignagePlaylist(id: UUID(), title: "Shop floor", boards: boards, seconds: 20, layout: .split, updatedAt: context.now),
                                 Crypto.randomToken(24))
        try await context.database.transaction { c in try PlaylistStore.insert(playlist, tokenHash: Crypto.tokenHash(token), by: nil, c) }
        try await settings.set(playlistWallSetting, SignageService.playlistLink(playlist.id, token: token), at: context.now)
    }

    /// The playlist's wall screen link (a path), once the demo has been seeded.
    static func playlistLink(_ database: Database) async throws -> String? {
        try await SettingsStore(database: database).value(playlistWallSetting)
    }

    /// The wall screen's link (a path), once the demo has been seeded.
    static func wallLink(_ database: Database) async throws -> String? {
        try await SettingsStore(database: database).value(wallSetting)
    }
}
