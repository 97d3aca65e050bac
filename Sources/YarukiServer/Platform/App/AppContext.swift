import Foundation
import Synchronization
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// What every area works with: the database, the clock, the event hub, the signers, the media
/// folders and the settings. Areas receive it; none holds another's state.
final class AppContext: Sendable {
    let settings: Settings
    let database: Database
    /// Every rule that depends on "now" reads this; tests step it.
    let clock: @Sendable () -> Date
    /// Events between every node's screens (in process on SQLite, PostgreSQL NOTIFY between nodes).
    let bus: EventBus
    let events: EventHub
    /// Background work any node may do, each job by exactly one.
    let jobs: JobRunner
    let keyring: SigningKeyring
    let authenticator: Authenticator
    let links: LinkSigner
    let media: MediaFiles
    let photos: PhotoFiles
    let hasher: PasswordHasher
    /// CPU-heavy hashing off the event loops.
    let hashing: BlockingWork
    let accesses: Accesses
    /// Outgoing mail, delivered in the background.
    let mail: MailOutbox
    /// Encoded replies kept until a write changes what they were made from (on PostgreSQL, with
    /// their versions shared between the nodes).
    let replies: ReplyCache
    /// What each person's uploads may take on disk.
    let storage: StorageQuota
    /// Work writes leave to run after their replies, which a stop waits for.
    let followUps = FollowUps()
    /// The port served, once listening: the public URL's default.
    let servedPort = Atomic<Int>(0)

    init(settings: Settings, database: Database, clock: @escaping @Sendable () -> Date, hasher: PasswordHasher) throws {
        self.settings = settings
        self.database = database
        self.clock = clock
        bus = EventBus(database: database, clock: clock)
        events = EventHub(bus: bus)
        jobs = JobRunner(database: database, bus: bus, clock: clock, width: max(1, settings.http.loops))
        let width = max(1, settings.http.loops)
        keyring = try SigningKeyring(directory: settings.dataDirectory + "/keys", now: clock())
        replies = ReplyCache(maxAge: 60, shared: database.dialect == .postgres ? database : nil, clock: clock)
        authenticator = Authenticator(database: database, keyring: keyring, replies: replies, trustedProxies: settings.trustedProxies, clock: clock, idleLifetime: RefreshRule().idleLifetime)
        links = LinkSigner(secret: keyring.refreshSecret, clock: clock)
        media = try MediaFiles(dataDirectory: settings.dataDirectory, width: width)
        photos = PhotoFiles(media: media)
        self.hasher = hasher
        hashing = BlockingWork(name: "argon2", width: width, maxWaiting: 256)
        accesses = Accesses(authenticator: authenticator, links: links)
        storage = StorageQuota(limit: settings.storagePerPerson, database: database, clock: clock)
        mail = try MailOutbox(database: database, jobs: jobs, from: settings.mailFrom ?? MailAddress("no-reply@localhost")!,
                              transport: settings.smtp.map { .smtp($0) } ?? .folder(settings.dataDirectory + "/mail"), clock: clock)
    }

    /// Where people open the app: `--public-url`, else this machine and the port served.
    var publicURL: String {
        settings.publicURL ?? "http://localhost:\(servedPort.load(ordering: .relaxed))"
    }

    var now: Date { clock() }

    /// A write transaction that changes the data under `tags`: once it has committed, replies made
    /// from that data are no longer given (`ReplyCache`).
    /// `then`: more statements to follow the COMMIT, after the versions' bump and in its transaction.
    func transaction<T>(changing tags: [ReplyCache.Tag], then: @escaping (T) -> [SQLStatement] = { _ in [] },
                        _ work: @escaping (SQLConnection) throws -> T) async throws -> T {
        // Every node's versions are bumped in the COMMIT's round trip, this node's once it is back.
        let bump = replies.sharedBump(tags)
        let (result, bumpFailed) = try await database.transaction(work, then: { (bump.map { [$0] } ?? []) + then($0) })
        replies.invalidateHere(tags)
        if let bumpFailed { replies.bumpFailed(tags, bumpFailed) }
        return result
    }

    /// The address of the person sending `request`: the peer, or behind a trusted proxy the
    /// address it forwards for.
    func clientAddress(_ request: Request) -> String {
        AddressRange.client(peer: request.remoteAddress, forwardedFor: request.headers["X-Forwarded-For"], trusted: settings.trustedProxies)
    }

}

/// The groups' ways in, made once from the authenticator and the link signer.
struct Accesses: Sendable {
    /// Anyone at all.
    let open: Access<Visitor>
    /// A bearer access token of a session that still stands.
    let signedIn: Access<Principal>
    /// The same, from an admin; 404 to everybody else.
    let admin: Access<Principal>
    /// Signed in, the token also accepted as `?access_token=` (EventSource sends no headers).
    let events: Access<Principal>
    /// The owner's token, or a link signed for the path.
    let media: Access<MediaCaller>
    /// A link signed for the path, nothing else (photo copies are named by their content, not by an owner).
    let photoLinks: Access<Visitor>

    init(authenticator: Authenticator, links: LinkSigner) {
        open = Access(security: []) { request in authenticator.visitor(request) }
        signedIn = Access(security: [.bearer]) { request in try await authenticator.authenticate(request) }
        admin = Access(security: [.bearer], hiddenFrom: "Not an admin") { request in try await authenticator.authenticate(request, atLeast: .admin) }
        events = Access(security: [.bearer, .accessTokenQuery]) { request in try await authenticator.authenticate(request.bearerFromQuery()) }
        media = Access(security: [.bearer, .signedLink]) { request in
            if request.headers["Authorization"] != nil { return .owner(try await authenticator.authenticate(request)) }
            try links.verify(request)
            return .link
        }
        photoLinks = Access(security: [.signedLink]) { request in
            try links.verify(request)
            return authenticator.visitor(request)
        }
    }
}

extension AppContext {
    /// Signed links to a photo's copy to show and its thumbnail (posts and the lifelog both hand
    /// these out), good until the end of the next hour.
    func photoLinks(_ sha: String) -> (url: String, thumbnail: String) {
        links.hourlyLinks(LinkSigner.HourlyKey(name: sha, form: 1)) {
            ("/v1/photos/\(sha)/\(PhotoFiles.Copy.display.rawValue)", "/v1/photos/\(sha)/\(PhotoFiles.Copy.thumbnail.rawValue)")
        }
    }

    /// Removes a file from disk once no row uses it any more.
    func remove(_ file: StoredFile) {
        switch file {
        case let .media(sha, kind): media.remove(sha, kind)
        case let .photo(sha): photos.remove(sha)
        }
    }
}
