import Foundation

/// The three boards: show today's finished workout (needs a photo), ask for feedback on form or
/// a routine (a photo or an attached routine), and talk.
public enum Board: String, Codable, Sendable, CaseIterable {
    case done, feedback, talk
}

/// What a person writes: checked as a whole, every broken field named.
public struct PostDraft: Sendable, Equatable {
    public var board: Board
    public var body: String
    public var photoCount: Int
    public var hasRoutine: Bool

    public static let maxBody = 5_000
    public static let maxPhotos = 10

    public init(board: Board, body: String, photoCount: Int, hasRoutine: Bool) {
        self.board = board
        self.body = body
        self.photoCount = photoCount
        self.hasRoutine = hasRoutine
    }

    /// The text as stored: trimmed, NFC.
    public static func normalize(_ body: String) -> String { TextRule.normalize(body) }

    /// The rules of the board (the text's own rules are `TextRule`'s, checked on what was sent).
    public static func check(_ draft: PostDraft) -> [FieldRuleError] {
        var errors: [FieldRuleError] = []
        if draft.photoCount > maxPhotos { errors.append(FieldRuleError(field: "photoIds", message: "has more than \(maxPhotos) photos")) }
        switch draft.board {
        case .done where draft.photoCount == 0:
            errors.append(.conflict("photoIds", "needs at least one photo on the done board"))
        case .feedback where draft.photoCount == 0 && !draft.hasRoutine:
            errors.append(.conflict("photoIds", "needs a photo or an attached routine on the feedback board"))
        case .talk where draft.body.isEmpty && draft.photoCount == 0:
            errors.append(.conflict("body", "is empty, and there is no photo"))
        default: break
        }
        return errors
    }
}

/// A comment: 1 to 2,000 characters.
public enum CommentRule {
    public static let maxBody = 2_000

    /// Checks the text as sent.
    public static func check(_ body: String) -> [FieldRuleError] {
        TextRule.check(body, field: "body", max: maxBody, required: true, paragraph: true)
    }
}
