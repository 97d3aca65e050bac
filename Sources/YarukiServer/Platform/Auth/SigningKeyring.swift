import Foundation
import YarukiAPI

/// The server's own keys, in `DATA_DIR/keys`: P-256 signing keys for access tokens (the newest
/// signs, all verify, so a rotation never signs anybody out) and the secret that derives refresh
/// token successors. Made on first start; `yaruki keys rotate` adds a signing key.
final class SigningKeyring: @unchecked Sendable {
    struct SigningKey {
        let kid: String
        let key: EVPKey
        let created: Date
    }

    let directory: String
    private let lock = NSLock()
    private var keys: [String: SigningKey] = [:]
    private var newest: SigningKey
    private var scannedAt: Date
    let refreshSecret: Data

    static let rescanInterval: TimeInterval = 60

    init(directory: String, now: Date = Date()) throws {
        self.directory = directory
        let fm = FileManager.default
        try fm.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let secretPath = directory + "/refresh-secret"
        if let existing = fm.contents(atPath: secretPath), existing.count == 32 {
            refreshSecret = existing
        } else {
            refreshSecret = Crypto.randomBytes(32)
            try SigningKeyring.writePrivate(refreshSecret, to: secretPath)
        }
        var loaded = try SigningKeyring.scan(directory)
        if loaded.isEmpty {
            let key = try SigningKeyring.create(in: directory, now: now)
            loaded[key.kid] = key
        }
        keys = loaded
        newest = loaded.values.max { ($0.created, $0.kid) < ($1.created, $1.kid) }!
        scannedAt = now
    }

    /// Writes a new signing key; the servers pick it up within a minute.
    @discardableResult
    static func create(in directory: String, now: Date) throws -> SigningKey {
        let key = try EVPKey.generateP256()
        let stamp = ISO8601DateFormatter.string(from: now, timeZone: TimeZone(identifier: "UTC")!,
                                                formatOptions: [.withFullDate, .withTime])
        let kid = "\(stamp)-\(Crypto.hex(Crypto.randomBytes(3)))"
        try writePrivate(try key.privatePEM(), to: "\(directory)/\(kid).pem")
        return SigningKey(kid: kid, key: key, created: now)
    }

    private static func writePrivate(_ data: Data, to path: String) throws {
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    }

    private static func scan(_ directory: String) throws -> [String: SigningKey] {
        var found: [String: SigningKey] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".pem") {
            let path = directory + "/" + name
            guard let pem = FileManager.default.contents(atPath: path) else { continue }
            let kid = String(name.dropLast(4))
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            let created = attributes[.modificationDate] as? Date ?? .distantPast
            found[kid] = SigningKey(kid: kid, key: try EVPKey.readPrivatePEM(pem), created: created)
        }
        return found
    }

    private func rescanIfDue(_ now: Date) {
        lock.lock()
        defer { lock.unlock() }
        guard now.timeIntervalSince(scannedAt) >= SigningKeyring.rescanInterval else { return }
        scannedAt = now
        guard let loaded = try? SigningKeyring.scan(directory), !loaded.isEmpty else { return }
        keys = loaded
        newest = loaded.values.max { ($0.created, $0.kid) < ($1.created, $1.kid) }!
    }

    func signer(now: Date) -> SigningKey {
        rescanIfDue(now)
        lock.lock()
        defer { lock.unlock() }
        return newest
    }

    func verificationKey(kid: String?, now: Date) -> EVPKey? {
        guard let kid else { return nil }
        lock.lock()
        let key = keys[kid]?.key
        lock.unlock()
        if key != nil { return key }
        rescanIfDue(now)
        lock.lock()
        defer { lock.unlock() }
        return keys[kid]?.key
    }

    /// Every public key, for `/.well-known/jwks.json`.
    func publicKeys() -> JSONWebKeySet {
        lock.lock()
        let all = keys.values.sorted { $0.kid < $1.kid }
        lock.unlock()
        return JSONWebKeySet(keys: all.compactMap { try? $0.key.publicJWK(kid: $0.kid) })
    }
}
