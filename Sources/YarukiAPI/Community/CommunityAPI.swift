import Foundation
import YarukiCore

/// A photo, as metadata-free copies behind signed links.
public struct Photo: APIModel, Equatable {
    public var id: UUID
    public var width: Int
    public var height: Int
    /// Signed links, relative to the server, good until the end of the next hour.
    public var url: String
    public var thumbnailURL: String

    public init(id: UUID, width: Int, height: Int, url: String, thumbnailURL: String) {
        self.id = id
        self.width = width
        self.height = height
        self.url = url
        self.thumbnailURL = thumbnailURL
    }

    public static let example = Photo(id: Example.otherID, width: 1600, height: 1200,
                                      url: "/v1/photos/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08/photo?expires=1764504000&sig=c2ln",
                                      thumbnailURL: "/v1/photos/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08/thumb?expires=1764504000&sig=c2ln")
}

public struct Post: APIModel, Equatable {
    public var id: UUID
    public var author: Person
    public var board: Board
    public var body: String
    public var routineId: UUID?
    public var photos: [Photo]
    public var likeCount: Int
    public var commentCount: Int
    public var likedByMe: Bool
    public var mine: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, author: Person, board: Board, body: String, routineId: UUID?, photos: [Photo], likeCount: Int, commentCount: Int,
                likedByMe: Bool, mine: Bool, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.author = author
        self.board = board
        self.body = body
        self.routineId = routineId
        self.photos = photos
        self.likeCount = likeCount
        self.commentCount = commentCount
        self.likedByMe = likedByMe
        self.mine = mine
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public static let example = Post(id: Example.otherID, author: Person.example, board: .done, body: "脚の日、完了！", routineId: Example.otherID,
                                     photos: [Photo.example], likeCount: 3, commentCount: 2, likedByMe: true, mine: false,
                                     createdAt: Example.instant, updatedAt: Example.instant)
}

/// `POST /v1/posts`, `PUT /v1/posts/{id}`.
public struct PostBody: APIModel, RuledModel {
    /// done (needs a photo), feedback (a photo or a routine) or talk.
    public var board: String
    public var body: String?
    public var photoIds: [UUID]?
    public var routineId: UUID?

    public init(board: Board, body: String, photoIds: [UUID] = [], routineId: UUID? = nil) {
        self.board = board.rawValue
        self.body = body
        self.photoIds = photoIds
        self.routineId = routineId
    }

    public static let rules: [String: FieldRule] = ["board": .words(Board.allCases.map(\.rawValue)), "body": .paragraph(max: PostDraft.maxBody),
                                                    "photoIds": FieldRule(maxItems: PostDraft.maxPhotos, uniqueItems: true)]

    public static let example = PostBody(board: .done, body: "Leg day, done.", photoIds: [Example.otherID], routineId: Example.otherID)
}

public struct PostComment: APIModel, Equatable {
    public var id: UUID
    public var postId: UUID
    public var author: Person
    public var body: String
    public var mine: Bool
    /// Mine, under my post, or I am an admin.
    public var canDelete: Bool
    public var createdAt: Date

    public init(id: UUID, postId: UUID, author: Person, body: String, mine: Bool, canDelete: Bool, createdAt: Date) {
        self.id = id
        self.postId = postId
        self.author = author
        self.body = body
        self.mine = mine
        self.canDelete = canDelete
        self.createdAt = createdAt
    }

    public static let example = PostComment(id: Example.otherID, postId: Example.otherID, author: Person.example, body: "Good form!", mine: true,
                                            canDelete: true, createdAt: Example.instant)
}

/// `POST /v1/posts/{id}/comments`.
public struct CommentBody: APIModel, RuledModel {
    public var body: String

    public init(body: String) { self.body = body }

    public static let rules: [String: FieldRule] = ["body": .paragraph(max: CommentRule.maxBody, required: true)]

    public static let example = CommentBody(body: "Good form!")
}

/// A post's likes after a like or unlike.
public struct Likes: APIModel, Equatable {
    public var liked: Bool
    public var likeCount: Int

    public init(liked: Bool, likeCount: Int) {
        self.liked = liked
        self.likeCount = likeCount
    }

    public static let example = Likes(liked: true, likeCount: 4)
}

public struct Routine: APIModel, Equatable {
    public var id: UUID
    public var author: Person
    public var title: String
    public var description: String
    public var `public`: Bool
    public var items: [RoutineItem]
    public var copiedFrom: UUID?
    public var saveCount: Int
    public var savedByMe: Bool
    public var mine: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, author: Person, title: String, description: String, public isPublic: Bool, items: [RoutineItem], copiedFrom: UUID?,
                saveCount: Int, savedByMe: Bool, mine: Bool, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.author = author
        self.title = title
        self.description = description
        self.public = isPublic
        self.items = items
        self.copiedFrom = copiedFrom
        self.saveCount = saveCount
        self.savedByMe = savedByMe
        self.mine = mine
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public static let example = Routine(id: Example.otherID, author: Person.example, title: "Beginner core", description: "Plank and sit-ups.",
                                        public: true, items: [RoutineItem.example], copiedFrom: Example.otherID, saveCount: 5, savedByMe: false,
                                        mine: true, createdAt: Example.instant, updatedAt: Example.instant)
}

/// A routine's saves after a like (save) or unlike.
public struct Saves: APIModel, Equatable {
    public var liked: Bool
    public var saveCount: Int

    public init(liked: Bool, saveCount: Int) {
        self.liked = liked
        self.saveCount = saveCount
    }

    public static let example = Saves(liked: true, saveCount: 6)
}

/// Someone I blocked.
public struct BlockedPerson: APIModel, Equatable {
    public var id: UUID
    public var displayName: String
    public var since: Date

    public init(id: UUID, displayName: String, since: Date) {
        self.id = id
        self.displayName = displayName
        self.since = since
    }

    public static let example = BlockedPerson(id: Example.otherID, displayName: "Ren", since: Example.instant)
}

/// `POST /v1/reports`.
public struct ReportBody: APIModel, RuledModel {
    /// post or comment.
    public var kind: String
    public var id: UUID
    public var reason: String?

    public init(kind: String, id: UUID, reason: String?) {
        self.kind = kind
        self.id = id
        self.reason = reason
    }

    public static let rules: [String: FieldRule] = ["kind": .words(["post", "comment"]), "reason": .paragraph(max: 500)]

    public static let example = ReportBody(kind: "post", id: Example.otherID, reason: "Spam")
}

/// Whether a report hid what it reported.
public struct ReportOutcome: APIModel, Equatable {
    public var hidden: Bool

    public init(hidden: Bool) { self.hidden = hidden }

    public static let example = ReportOutcome(hidden: false)
}

/// A reported post or comment, for admins.
public struct ReportedItem: APIModel, Equatable {
    public var kind: String
    public var id: UUID
    public var author: Person
    public var body: String
    public var hidden: Bool
    public var reports: Int
    public var reasons: [String]
    public var lastReportedAt: Date
    /// Whether its author's account is suspended (a ban lifted from the author's row).
    public var authorBanned: Bool

    public init(kind: String, id: UUID, author: Person, body: String, hidden: Bool, reports: Int, reasons: [String], lastReportedAt: Date,
                authorBanned: Bool = false) {
        self.kind = kind
        self.id = id
        self.author = author
        self.body = body
        self.hidden = hidden
        self.reports = reports
        self.reasons = reasons
        self.lastReportedAt = lastReportedAt
        self.authorBanned = authorBanned
    }

    public static let example = ReportedItem(kind: "post", id: Example.otherID, author: Person.example, body: "Buy followers here", hidden: true,
                                             reports: 3, reasons: ["Spam"], lastReportedAt: Example.instant)
}

/// `POST /v1/admin/reports/{kind}/{id}`.
public struct DecisionBody: APIModel, RuledModel {
    /// restore (shown again, reports cleared), hide (hidden now), delete, warn (its author is told
    /// in their inbox) or ban (its author's account is suspended and it is deleted).
    public var decision: String

    public init(decision: String) { self.decision = decision }

    public static let decisions = ["restore", "hide", "delete", "warn", "ban"]
    public static let rules: [String: FieldRule] = ["decision": .words(decisions)]

    public static let example = DecisionBody(decision: "restore")
}

public struct NotificationItem: APIModel, Equatable {
    public var id: UUID
    /// comment, like, save, cheer, nudge, quotaReminder (my week at risk), refund (a class order's money given back),
    /// classMoved (a class I paid for moved), classSoon (a class I hold a seat in starts tomorrow or within the hour).
    public var kind: String
    public var actor: Person?
    public var postId: UUID?
    public var commentId: UUID?
    public var routineId: UUID?
    /// For a refund: the order, why it was refunded (full, expired, classCancelled, alreadyBooked, memberCancelled) and the class's title.
    public var orderId: UUID?
    public var reason: String?
    public var classTitle: String?
    /// For a class's notifications: the class, and when and in which zone it starts now.
    public var classId: UUID?
    public var classStartsAt: Date?
    public var classTimeZone: String?
    /// For a quota reminder: the proofs still to record this week, and the days left to record them on.
    public var proofsToGo: Int?
    public var daysLeft: Int?
    public var read: Bool
    public var createdAt: Date

    public init(id: UUID, kind: String, actor: Person?, postId: UUID?, commentId: UUID?, routineId: UUID?, orderId: UUID? = nil, reason: String? = nil,
                classTitle: String? = nil, classId: UUID? = nil, classStartsAt: Date? = nil, classTimeZone: String? = nil, read: Bool, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.actor = actor
        self.postId = postId
        self.commentId = commentId
        self.routineId = routineId
        self.orderId = orderId
        self.reason = reason
        self.classTitle = classTitle
        self.classId = classId
        self.classStartsAt = classStartsAt
        self.classTimeZone = classTimeZone
        self.read = read
        self.createdAt = createdAt
    }

    public static let example = NotificationItem(id: Example.otherID, kind: "classMoved", actor: Person.example, postId: Example.otherID,
                                                 commentId: Example.otherID, routineId: Example.otherID, orderId: Example.otherID, reason: "classCancelled",
                                                 classTitle: "Kettlebell basics", classId: Example.otherID, classStartsAt: Example.instant,
                                                 classTimeZone: "Asia/Seoul", read: false, createdAt: Example.instant)
}

/// `GET /v1/notifications`.
public struct Notifications: APIModel, Equatable {
    public var items: [NotificationItem]
    public var unread: Int
    public var nextCursor: String?

    public init(items: [NotificationItem], unread: Int, nextCursor: String?) {
        self.items = items
        self.unread = unread
        self.nextCursor = nextCursor
    }

    public static let example = Notifications(items: [NotificationItem.example], unread: 1, nextCursor: "MTc2NDUwMDAwMDAwMC4w")
}

/// My unread notifications, on the event stream (`notification`) and after marking them read.
public struct UnreadCount: APIModel, Equatable {
    public var unread: Int

    public init(unread: Int) { self.unread = unread }

    public static let example = UnreadCount(unread: 2)
}
