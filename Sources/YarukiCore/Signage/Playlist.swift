import Foundation

/// Several boards on one wall link: shown in turn for `seconds` each, or two side by side on a
/// wide screen (`split`, pairs in turn when there are more). Its screens follow each edit.
public struct SignagePlaylist: Codable, Equatable, Sendable {
    public enum Layout: String, Codable, Sendable, CaseIterable {
        /// One board at a time.
        case rotate
        /// Two boards side by side on a screen wider than tall (one at a time on others).
        case split
    }

    public var id: UUID
    public var title: String
    /// The boards in the order they are shown (a deleted board leaves the list).
    public var boards: [UUID]
    /// How long each board (or pair) stays on screen.
    public var seconds: Int
    public var layout: Layout
    public var updatedAt: Date

    public static let seconds = 5...3_600
    public static let maxBoards = 12

    public init(id: UUID, title: String, boards: [UUID], seconds: Int, layout: Layout, updatedAt: Date) {
        self.id = id
        self.title = title
        self.boards = boards
        self.seconds = seconds
        self.layout = layout
        self.updatedAt = updatedAt
    }
}
