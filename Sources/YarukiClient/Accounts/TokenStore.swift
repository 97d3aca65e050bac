import Foundation

/// What an app keeps between launches to sign the person back in, and the device's own token
/// (kept after signing out: it tells the server this device is the owner's when they next sign in).
public struct StoredSession: Codable, Sendable, Equatable {
    /// Empty when signed out.
    public var refreshToken: String
    public var userID: UUID?
    public var deviceToken: String?

    public init(refreshToken: String, userID: UUID?, deviceToken: String? = nil) {
        self.refreshToken = refreshToken
        self.userID = userID
        self.deviceToken = deviceToken
    }
}

/// Where the refresh token lives. The app decides: the Keychain on Apple platforms, a file
/// readable only by its owner on Linux. `nil` clears it.
public protocol TokenStore: Sendable {
    func load() throws -> StoredSession?
    func save(_ session: StoredSession?) throws
}

/// Keeps the session for the life of the process only.
public final class MemoryTokenStore: TokenStore, @unchecked Sendable {
    private let lock = NSLock()
    private var session: StoredSession?

    public init(_ session: StoredSession? = nil) { self.session = session }

    public func load() throws -> StoredSession? { lock.withLock { session } }
    public func save(_ session: StoredSession?) throws { lock.withLock { self.session = session } }
}

/// A JSON file with mode 0600, replaced atomically.
public final class FileTokenStore: TokenStore, @unchecked Sendable {
    public let path: String
    private let lock = NSLock()

    public init(path: String) { self.path = path }

    public func load() throws -> StoredSession? {
        try lock.withLock {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return try JSONDecoder().decode(StoredSession.self, from: data)
        }
    }

    public func save(_ session: StoredSession?) throws {
        try lock.withLock {
            guard let session else {
                if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
                return
            }
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            let temporary = path + ".tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: try JSONEncoder().encode(session),
                                                 attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
            guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        }
    }
}
