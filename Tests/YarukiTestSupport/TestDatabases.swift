import Foundation
import YarukiStore

public enum Engine: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite, postgres
    public var description: String { rawValue }
}

public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// A PostgreSQL cluster made from Debian's package by scripts/pg-cluster.sh.
public final class PostgresCluster: @unchecked Sendable {
    public let url: String
    let directory: String?
    /// The same cluster over its Unix socket (in the cluster's folder), as a server on the same
    /// host reaches it: libpq's URL with the folder, percent-encoded, as the host.
    public let socketURL: String?

    /// `make test` starts one and exports its URL; a lone `swift test` starts its own.
    public static let shared: PostgresCluster = {
        if let url = ProcessInfo.processInfo.environment["YARUKI_TEST_POSTGRES_URL"], !url.isEmpty {
            return PostgresCluster(url: url, directory: nil, socketURL: ProcessInfo.processInfo.environment["YARUKI_TEST_POSTGRES_SOCKET_URL"])
        }
        do {
            // The cluster stops by itself when this test process ends.
            return try PostgresCluster.start(owner: getpid())
        } catch {
            return PostgresCluster(url: "postgres://unavailable:1/none", directory: nil)
        }
    }()

    init(url: String, directory: String?, socketURL: String? = nil) {
        self.url = url
        self.directory = directory
        self.socketURL = socketURL ?? directory.flatMap {
            try? PostgresCluster.run(["socket-url", $0]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    public static func start(owner: pid_t? = nil) throws -> PostgresCluster {
        let directory = "/tmp/yaruki-pg-\(UUID().uuidString.prefix(8))"
        let url = try run(["start", directory, String(freePort())] + (owner.map { [String($0)] } ?? []))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return PostgresCluster(url: url, directory: directory)
    }

    public func pause() throws { _ = try PostgresCluster.run(["pause", directory!]) }
    public func resume() throws { _ = try PostgresCluster.run(["resume", directory!]) }
    public func stop() { if let directory { _ = try? PostgresCluster.run(["stop", directory]) } }

    /// A new database on this cluster: empty, or (`migrated`) a copy of a template that has
    /// every migration applied already, made once per process, so a test pays for a file copy
    /// instead of the whole schema.
    public func freshDatabaseURL(migrated: Bool = false) async throws -> String {
        let template = migrated ? try await migratedTemplate().value : "template1"
        let admin = try PostgresDatabase(url: url, poolSize: 1)
        defer { admin.close() }
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        _ = try await admin.read { try $0.execute("CREATE DATABASE \(name) TEMPLATE \(template)", []) }
        return databaseURL(name)
    }

    private func databaseURL(_ name: String) -> String {
        url.replacingOccurrences(of: "/yaruki_test", with: "/\(name)")
    }

    /// The migrated template: made and migrated once, then left without connections (a template
    /// with a session open cannot be copied).
    private let templateLock = NSLock()
    private var template: Task<String, Error>?

    private func migratedTemplate() -> Task<String, Error> {
        templateLock.withLock {
            if let template { return template }
            let made = PostgresCluster.makeTemplate(url)
            template = made
            return made
        }
    }

    private static func makeTemplate(_ url: String) -> Task<String, Error> {
        Task {
            let name = "tpl_\(getpid())_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8).lowercased()
            let admin = try PostgresDatabase(url: url, poolSize: 1)
            defer { admin.close() }
            _ = try await admin.read { try $0.execute("CREATE DATABASE \(name)", []) }
            let database = try PostgresDatabase(url: url.replacingOccurrences(of: "/yaruki_test", with: "/\(name)"), poolSize: 1)
            try await Migrator.migrate(database)
            database.close()
            return name
        }
    }

    @discardableResult
    static func run(_ arguments: [String]) throws -> String {
        let result = try Command.run(["/bin/bash", repositoryRoot + "/scripts/pg-cluster.sh"] + arguments)
        guard result.status == 0 else {
            throw DatabaseError.configuration("pg-cluster.sh \(arguments.first ?? "") failed with \(result.status)")
        }
        return result.output
    }

    public static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// An empty database of the engine: a file in the temporary folder (SQLite; `make test` gives the
/// run its own and removes it) or a database of the test cluster (PostgreSQL), left behind.
public func freshDatabase(_ engine: Engine) async throws -> Database {
    switch engine {
    case .sqlite:
        let path = NSTemporaryDirectory() + "yaruki-test-\(UUID().uuidString).sqlite"
        return try SQLiteDatabase(path: path, readers: 4)
    case .postgres:
        return try PostgresDatabase(url: try await PostgresCluster.shared.freshDatabaseURL(), poolSize: 8)
    }
}
