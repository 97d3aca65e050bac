import Foundation
import YarukiCore

/// `POST /v1/signage/events`: up to 1,000 sales.
public struct SaleBatch: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = ["events": .list(1...1000)]

    public var events: [SaleEvent]

    public init(events: [SaleEvent]) { self.events = events }

    public static let example = SaleBatch(events: [SaleEvent.example])
}

/// What a batch of sales did: new ones, and repeats of known ids (ignored).
public struct SaleReceipt: APIModel, Equatable {
    public var accepted: Int
    public var duplicates: Int

    public init(accepted: Int, duplicates: Int) {
        self.accepted = accepted
        self.duplicates = duplicates
    }

    public static let example = SaleReceipt(accepted: 999, duplicates: 1)
}

/// `POST /v1/signage/boards`, `PUT /v1/signage/boards/{id}`.
public struct BoardBody: APIModel, RuledModel {
    /// A date-time on a quarter hour (an offset of whole quarter hours keeps it on one in UTC too).
    public static let quarterHour = FieldRule(pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:(00|15|30|45):00(\\.0+)?([Zz]|[+-][0-9]{2}:(00|15|30|45))$",
                                              format: "date-time")
    public static let rules: [String: FieldRule] = [
        "title": .line(max: 80), "currency": .matching(Currency.pattern), "startsAt": quarterHour, "endsAt": quarterHour,
        "campaign": .matching(SaleEvent.campaignPattern), "channel": .matching(SaleEvent.channelPattern),
        "goal": FieldRule(minimum: 1, maximum: Double(SaleEvent.maxAmount)),
        "embedOrigins": .list(0...10, .matching("^[Hh][Tt][Tt][Pp]([Ss])?://[A-Za-z0-9.-]{1,200}(:[0-9]{1,5})?$")),
        "timeZone": .line(max: 64),
    ]

    public var title: String
    /// ISO 4217, like JPY.
    public var currency: String
    /// Both on a quarter hour.
    public var startsAt: Date
    public var endsAt: Date
    public var campaign: String?
    public var channel: String?
    /// In the currency's minor units.
    public var goal: Int64?
    /// Sites that may show the wall screen in a frame, as origins (`https://dashboard.example`); none when left out.
    public var embedOrigins: [String]?
    /// Where the board's days begin (an IANA name like Asia/Tokyo): today beside yesterday is
    /// counted from its midnight. When left out: the maker's own zone (on a change: as it was).
    public var timeZone: String?
    /// What the wall celebrates: every so much sold (minor units), the goal, a record day; nothing when left out.
    public var milestones: BoardMilestones?

    public init(title: String, currency: String, startsAt: Date, endsAt: Date, campaign: String? = nil, channel: String? = nil, goal: Int64? = nil,
                embedOrigins: [String]? = nil, timeZone: String? = nil, milestones: BoardMilestones? = nil) {
        self.timeZone = timeZone
        self.milestones = milestones
        self.title = title
        self.currency = currency
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.campaign = campaign
        self.channel = channel
        self.goal = goal
        self.embedOrigins = embedOrigins
    }

    /// A window on quarter hours, as boards' windows are.
    public static let example = BoardBody(title: "Winter beauty sale", currency: "JPY", startsAt: Example.quarterHour,
                                          endsAt: Example.quarterHour.addingTimeInterval(4 * 86_400), campaign: "winter-beauty", channel: "online",
                                          goal: 50_000_000, embedOrigins: ["https://dashboard.yaruki.example"], timeZone: "Asia/Tokyo",
                                          milestones: BoardMilestones(every: 1_000_000, goal: true, recordDay: true))
}

/// A new board with its wall screen's secret link (shown once).
public struct MadeBoard: APIModel, Equatable {
    public var board: SalesBoard
    public var wallURL: String

    public init(board: SalesBoard, wallURL: String) {
        self.board = board
        self.wallURL = wallURL
    }

    public static let example = MadeBoard(board: SalesBoard.example, wallURL: WallLink.example.wallURL)
}

/// A board's wall screen link, relative to the server.
public struct WallLink: APIModel, Equatable {
    public var wallURL: String

    public init(wallURL: String) { self.wallURL = wallURL }

    public static let example = WallLink(wallURL: "/wall/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d?token=bXl3YWxsdG9rZW4tMjRieXRlcw")
}

/// `POST /v1/admin/api-keys`.
public struct APIKeyBody: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = ["name": .line(max: 80), "scopes": .list(1...10, .words(["signage:write"]))]

    public var name: String
    /// ["signage:write"]
    public var scopes: [String]

    public init(name: String, scopes: [String]) {
        self.name = name
        self.scopes = scopes
    }

    public static let example = APIKeyBody(name: "Till 3", scopes: ["signage:write"])
}

/// A new API key, shown once.
public struct MadeAPIKey: APIModel, Equatable {
    public var id: UUID
    public var name: String
    public var scopes: [String]
    public var key: String

    public init(id: UUID, name: String, scopes: [String], key: String) {
        self.id = id
        self.name = name
        self.scopes = scopes
        self.key = key
    }

    public static let example = MadeAPIKey(id: Example.otherID, name: "Till 3", scopes: ["signage:write"],
                                           key: "yk_3q2-Vb7lPyyF9y8KkZzM9Vq1m2T4u6w8y0A2c4e6g8i")
}

/// An API key as admins see it later (never the key itself).
public struct APIKeyInfo: APIModel, Equatable {
    public var id: UUID
    public var name: String
    public var scopes: [String]
    public var createdAt: Date
    public var lastUsedAt: Date?
    public var revokedAt: Date?

    public init(id: UUID, name: String, scopes: [String], createdAt: Date, lastUsedAt: Date?, revokedAt: Date?) {
        self.id = id
        self.name = name
        self.scopes = scopes
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }

    public static let example = APIKeyInfo(id: Example.otherID, name: "Till 3", scopes: ["signage:write"], createdAt: Example.instant,
                                           lastUsedAt: Example.instant, revokedAt: Example.instant)
}

/// `POST /v1/signage/playlists`, `PUT /v1/signage/playlists/{id}`.
public struct PlaylistBody: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = [
        "title": .line(max: 80), "boards": .list(1...SignagePlaylist.maxBoards), "seconds": .integer(SignagePlaylist.seconds),
    ]

    public var title: String
    /// Board ids in the order they are shown, each once.
    public var boards: [UUID]
    /// How long each board (or pair) stays on screen: 5 to 3,600.
    public var seconds: Int
    /// `rotate`: one board at a time; `split`: two side by side on a wide screen.
    public var layout: SignagePlaylist.Layout

    public init(title: String, boards: [UUID], seconds: Int, layout: SignagePlaylist.Layout) {
        self.title = title
        self.boards = boards
        self.seconds = seconds
        self.layout = layout
    }

    public static let example = PlaylistBody(title: "Shop floor", boards: [Example.otherID, Example.personID], seconds: 20, layout: .rotate)
}

/// A new playlist with its wall screen's secret link (shown once).
public struct MadePlaylist: APIModel, Equatable {
    public var playlist: SignagePlaylist
    public var wallURL: String

    public init(playlist: SignagePlaylist, wallURL: String) {
        self.playlist = playlist
        self.wallURL = wallURL
    }

    public static let example = MadePlaylist(playlist: SignagePlaylist.example,
                                             wallURL: "/wall/playlist/1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e?token=cGxheWxpc3R0b2tlbi0yNGJ5dGVz")
}
