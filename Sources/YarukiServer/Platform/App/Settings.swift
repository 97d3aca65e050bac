import Foundation
import YarukiAPI
import YarukiHTTP

/// A setting that cannot be used: the CLI prints it as one line and exits 1.
public struct SettingError: Error, CustomStringConvertible, Equatable {
    public let setting: String
    public let reason: String
    public var description: String { "\(setting): \(reason)" }
}

/// Everything `yaruki serve` needs, from flags first and `YARUKI_*` variables second.
public struct Settings: Sendable {
    public var http = ServerConfiguration()
    public var databaseURL: String
    public var dataDirectory: String
    public var webDirectory: String?
    public var maxUploadBytes = 500 << 20
    public var maxPhotoBytes = 25 << 20
    public var maxVoiceBytes = 50 << 20
    public var maxHealthImportBytes = 4 << 30
    /// A Strong or Hevy CSV: ten years of daily training is about 40 MB.
    public var maxWorkoutImportBytes = 256 << 20
    /// What one person's uploads may take on disk in all (0: no limit).
    public var storagePerPerson: Int64 = 5_000_000_000
    /// The regions' maps the built-in router, place names and the offline base map read: map files, or extracts built at start.
    public var maps: [String] = []
    /// An OSRM server to route with instead of the built-in router.
    public var osrmURL: URL?
    /// A tile URL template for the map pages instead of the offline base map.
    public var tileURL: String?
    /// Distinct reports that hide a post or comment until an admin decides.
    public var reportThreshold = 3
    /// Web Push endpoints a subscription may name: only https to a public host (false), or any
    /// http(s) URL (a push service of one's own on the network, or a test's).
    public var pushToAnyEndpoint = false
    /// Accounts one client address may make in an hour (each costs an argon2 hash).
    public var signupsPerHour = 10
    /// A bearer token a metrics scraper shows when the server listens beyond loopback.
    public var metricsToken: String?
    /// Addresses that may read the metrics without the token.
    public var metricsAllow: [AddressRange] = []
    /// Proxies whose `X-Forwarded-For` names the client (loopback: a reverse proxy on this host).
    public var trustedProxies: [AddressRange] = AddressRange.loopback
    /// What the demo's own background traffic calls itself (its sales simulator posts every few
    /// seconds): the terminal's access log leaves those requests out.
    static let quietUserAgent = "yaruki-sales-simulator/1"
    /// Sign in with Apple / Google, each present only when its client ids are set.
    public var identityProviders: [IdentityProvider] = []
    /// Where people open the app, for links in mail; nil: http://localhost and the port served.
    public var publicURL: String?
    /// Days deletions are remembered for sync (a device away longer syncs again from the start).
    public var syncTombstoneDays = 90
    /// The payment provider classes are paid through: PortOne, the built-in sandbox (the demo's),
    /// or none (the default: seats cannot be sold until the operator chooses).
    public var payments: PaymentsSetting = .off
    /// The sender of every mail.
    var mailFrom: MailAddress?
    /// Mail goes to this SMTP server, or without one into `DATA_DIR/mail` as .eml files.
    var smtp: SMTPServer?
    /// A Kafka topic that sales come from, besides `POST /v1/signage/events`.
    public var kafka: KafkaSetting?

    static let flags: [(flag: String, env: String, help: String)] = [
        ("--host", "YARUKI_HOST", "address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)"),
        ("--port", "YARUKI_PORT", "TCP port (default 8080; 0 picks a free one)"),
        ("--db", "YARUKI_DB", "sqlite:PATH[?synchronous=full] or postgres://user@host:port/db (default sqlite:DATA_DIR/yaruki.sqlite)"),
        ("--data-dir", "YARUKI_DATA_DIR", "folder for the database, keys and media (default ./data)"),
        ("--web-dir", "YARUKI_WEB_DIR", "folder of the browser app (default ./web when it exists)"),
        ("--loops", "YARUKI_LOOPS", "event loops, one per core (default: the number of cores)"),
        ("--max-body", "YARUKI_MAX_BODY", "largest JSON request body in bytes (default 1048576)"),
        ("--max-upload", "YARUKI_MAX_UPLOAD", "largest video upload in bytes (default 524288000, 500 MB)"),
        ("--max-photo", "YARUKI_MAX_PHOTO", "largest photo upload in bytes (default 26214400, 25 MB)"),
        ("--max-voice", "YARUKI_MAX_VOICE", "largest voice note upload in bytes (default 52428800, 50 MB)"),
        ("--max-health-import", "YARUKI_MAX_HEALTH_IMPORT", "largest Apple Health export upload in bytes (default 4294967296, 4 GB)"),
        ("--max-workout-import", "YARUKI_MAX_WORKOUT_IMPORT", "largest Strong or Hevy CSV upload in bytes (default 268435456, 256 MB)"),
        ("--storage-per-person", "YARUKI_STORAGE_PER_PERSON", "bytes one person's videos, photos, voice notes and pending imports may take in all (default 5000000000, 5 GB; 0: no limit)"),
        ("--push-endpoints", "YARUKI_PUSH_ENDPOINTS", "Web Push endpoints a device may subscribe with: public (default: https to a public host) or any (also http and local hosts: a push service of your own)"),
        ("--map", "YARUKI_MAP", "regions' maps for routing, place names and the offline base map, comma-separated: files from `yaruki map build` (.yrkmap, opened in place) or extracts (.osm.pbf, .osm; built in memory at start) (default vendor/osm/helsinki.osm.pbf when present)"),
        ("--osrm", "YARUKI_OSRM", "base URL of an OSRM server to route lifelog playback with instead of the built-in router"),
        ("--tiles", "YARUKI_TILES", "map tile URL template with {z}/{x}/{y} for the map pages instead of the offline base map"),
        ("--signups-per-hour", "YARUKI_SIGNUPS_PER_HOUR", "accounts one client address may make in an hour (default 10)"),
        ("--trusted-proxies", "YARUKI_TRUSTED_PROXIES", "addresses or CIDR blocks of reverse proxies whose X-Forwarded-For names the client (default 127.0.0.0/8,::1; none: trust no header)"),
        ("--metrics-token", "YARUKI_METRICS_TOKEN", "bearer token for /metrics when the server listens beyond loopback (16 characters at least)"),
        ("--metrics-allow", "YARUKI_METRICS_ALLOW", "addresses or CIDR blocks that may read /metrics without the token (default: this machine only)"),
        ("--report-threshold", "YARUKI_REPORT_THRESHOLD", "distinct reports that hide a post or comment until an admin decides (default 3)"),
        ("--max-connections-per-address", "YARUKI_MAX_CONNECTIONS_PER_ADDRESS", "open connections one client address may hold, loopback exempt (default 256; 0: no cap)"),
        ("--stream-buffer", "YARUKI_STREAM_BUFFER", "bytes an event stream may hold for a slow reader before it is dropped (default 1048576)"),
        ("--access-log", "YARUKI_ACCESS_LOG", "on (a short line per request on a terminal, JSON otherwise), json, text or off (default on)"),
        ("--public-url", "YARUKI_PUBLIC_URL", "the address people open the app at, for links in mail (default http://localhost:PORT)"),
        ("--smtp-url", "YARUKI_SMTP_URL", "smtp://user:pass@host:587 (STARTTLS) or smtps://…:465 to send mail; unset: mail is written to DATA_DIR/mail as .eml files"),
        ("--smtp-ca-file", "YARUKI_SMTP_CA_FILE", "extra CA certificates (PEM) to trust for the SMTP server's TLS"),
        ("--mail-from", "YARUKI_MAIL_FROM", "the sender of mail, as Name <address> (default Yaruki <no-reply@the public URL's host>)"),
        ("--sync-tombstone-days", "YARUKI_SYNC_TOMBSTONE_DAYS", "days deletions are kept for devices that sync (default 90)"),
        ("--payments", "YARUKI_PAYMENTS", "portone to sell class seats through PortOne, or sandbox (the demo's: a local test checkout, no real money); unset: seats cannot be sold"),
        ("--portone-api-url", "YARUKI_PORTONE_API_URL", "PortOne's V2 API (default https://api.portone.io)"),
        ("--portone-api-secret", "YARUKI_PORTONE_API_SECRET", "PortOne V2 API secret (with --payments portone)"),
        ("--portone-store-id", "YARUKI_PORTONE_STORE_ID", "PortOne store id, store-… (with --payments portone)"),
        ("--portone-channel-key", "YARUKI_PORTONE_CHANNEL_KEY", "PortOne channel key the browser checkout pays by card through (with --payments portone)"),
        ("--portone-kakaopay-channel-key", "YARUKI_PORTONE_KAKAOPAY_CHANNEL_KEY", "PortOne channel key for KakaoPay (optional: offered when set)"),
        ("--portone-naverpay-channel-key", "YARUKI_PORTONE_NAVERPAY_CHANNEL_KEY", "PortOne channel key for NaverPay (optional: offered when set)"),
        ("--portone-tosspay-channel-key", "YARUKI_PORTONE_TOSSPAY_CHANNEL_KEY", "PortOne channel key for Toss Pay (optional: offered when set)"),
        ("--portone-webhook-secret", "YARUKI_PORTONE_WEBHOOK_SECRET", "PortOne webhook secret, whsec_… (with --payments portone)"),
        ("--apple-client-ids", "YARUKI_APPLE_CLIENT_IDS", "Sign in with Apple: the app's bundle/service ids, comma-separated (off when unset)"),
        ("--apple-jwks", "YARUKI_APPLE_JWKS", "Apple's keys: a URL or a file (default https://appleid.apple.com/auth/keys)"),
        ("--google-client-ids", "YARUKI_GOOGLE_CLIENT_IDS", "Sign in with Google: OAuth client ids, comma-separated (off when unset)"),
        ("--google-jwks", "YARUKI_GOOGLE_JWKS", "Google's keys: a URL or a file (default https://www.googleapis.com/oauth2/v3/certs)"),
        ("--google-web-client-id", "YARUKI_GOOGLE_WEB_CLIENT_ID", "Sign in with Google in the browser: the web application's OAuth client id"),
        ("--google-web-client-secret", "YARUKI_GOOGLE_WEB_CLIENT_SECRET", "…and its client secret"),
        ("--google-issuer", "YARUKI_GOOGLE_ISSUER", "Google's issuer, whose discovery document is read (default https://accounts.google.com)"),
        ("--apple-web-client-id", "YARUKI_APPLE_WEB_CLIENT_ID", "Sign in with Apple in the browser: the Services ID"),
        ("--apple-team-id", "YARUKI_APPLE_TEAM_ID", "…the Apple developer team id"),
        ("--apple-key-id", "YARUKI_APPLE_KEY_ID", "…the id of the Sign in with Apple key"),
        ("--apple-private-key", "YARUKI_APPLE_PRIVATE_KEY", "…the key's .p8 file, which signs the client secret"),
        ("--apple-issuer", "YARUKI_APPLE_ISSUER", "Apple's issuer, whose discovery document is read (default https://appleid.apple.com)"),
    ] + KafkaSetting.flags

    /// Every flag with its variable and what it does, each name whole: the columns are as wide
    /// as the longest name in them.
    public static var help: String {
        let flagWidth = flags.map(\.flag.count).max() ?? 0
        let envWidth = flags.map(\.env.count).max() ?? 0
        return flags.map { "  \($0.flag.padding(toLength: flagWidth, withPad: " ", startingAt: 0))  \($0.env.padding(toLength: envWidth, withPad: " ", startingAt: 0))  \($0.help)" }
            .joined(separator: "\n")
    }

    public init(arguments: [String], environment: [String: String]) throws {
        var values: [String: (value: String, source: String)] = [:]
        for entry in Settings.flags {
            if let v = environment[entry.env] { values[entry.flag] = (v, entry.env) }
        }
        var i = 0
        while i < arguments.count {
            var argument = arguments[i]
            var inline: String?
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                inline = String(argument[argument.index(after: eq)...])
                argument = String(argument[..<eq])
            }
            guard Settings.flags.contains(where: { $0.flag == argument }) else {
                throw SettingError(setting: argument, reason: "unknown option (see yaruki --help)")
            }
            if let inline {
                values[argument] = (inline, argument)
            } else {
                let next = i + 1 < arguments.count ? arguments[i + 1] : nil
                guard let next, !Settings.flags.contains(where: { next == $0.flag || next.hasPrefix($0.flag + "=") }) else {
                    throw SettingError(setting: argument, reason: "needs a value")
                }
                values[argument] = (arguments[i + 1], argument)
                i += 1
            }
            i += 1
        }
        let given = SettingValues(values: values)
        let named = given.named
        let integer = given.integer
        if let host = values["--host"]?.value {
            guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || ".:-*".contains($0) }) else {
                throw SettingError(setting: named("--host"), reason: "'\(host)' is not a host name or address")
            }
            http.host = host
        }
        http.port = try integer("--port", 0...65535) ?? 8080
        http.loops = try integer("--loops", 1...64) ?? ProcessInfo.processInfo.activeProcessorCount
        http.maxBodyBytes = try integer("--max-body", 1024...(1 << 30)) ?? http.maxBodyBytes
        maxUploadBytes = try integer("--max-upload", 1024...(64 << 30)) ?? maxUploadBytes
        maxPhotoBytes = try integer("--max-photo", 1024...(1 << 30)) ?? maxPhotoBytes
        maxVoiceBytes = try integer("--max-voice", 1024...(1 << 30)) ?? maxVoiceBytes
        maxHealthImportBytes = try integer("--max-health-import", 1024...(64 << 30)) ?? maxHealthImportBytes
        maxWorkoutImportBytes = try integer("--max-workout-import", 1024...(16 << 30)) ?? maxWorkoutImportBytes
        storagePerPerson = Int64(try integer("--storage-per-person", 0...(1 << 50)) ?? Int(storagePerPerson))
        reportThreshold = try integer("--report-threshold", 1...1000) ?? reportThreshold
        signupsPerHour = try integer("--signups-per-hour", 1...1_000_000) ?? signupsPerHour
        syncTombstoneDays = try integer("--sync-tombstone-days", 1...3650) ?? syncTombstoneDays
        switch values["--push-endpoints"]?.value {
        case nil, "public": pushToAnyEndpoint = false
        case "any": pushToAnyEndpoint = true
        case let other?: throw SettingError(setting: named("--push-endpoints"), reason: "'\(other)' is neither public nor any")
        }
        if let token = values["--metrics-token"]?.value {
            guard token.count >= 16, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                throw SettingError(setting: named("--metrics-token"), reason: "must be 16 or more characters without spaces")
            }
            metricsToken = token
        }
        if let list = values["--metrics-allow"]?.value { metricsAllow = try Settings.addressRanges(list, named("--metrics-allow")) }
        if let list = values["--trusted-proxies"]?.value {
            trustedProxies = try Settings.addressRanges(list, named("--trusted-proxies"))
        }
        http.maxConnectionsPerAddress = try integer("--max-connections-per-address", 0...1_000_000) ?? http.maxConnectionsPerAddress
        http.sseMaxBufferedBytes = try integer("--stream-buffer", (64 << 10)...(64 << 20)) ?? http.sseMaxBufferedBytes
        if let log = values["--access-log"]?.value {
            switch log.lowercased() {
            case "on", "true", "1": http.accessLog = isatty(1) == 1 ? .terminal : .standardOutput
            case "json": http.accessLog = .standardOutput
            case "text": http.accessLog = .terminal
            case "off", "false", "0": http.accessLog = .none
            default: throw SettingError(setting: named("--access-log"), reason: "must be on, off, json or text, got '\(log)'")
            }
        } else if isatty(1) == 1 {
            http.accessLog = .terminal
        }
        http.quietUserAgents = [Settings.quietUserAgent]

        dataDirectory = values["--data-dir"]?.value ?? "data"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: dataDirectory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw SettingError(setting: named("--data-dir"), reason: "'\(dataDirectory)' is a file, not a folder")
            }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
            } catch {
                throw SettingError(setting: named("--data-dir"), reason: "cannot create '\(dataDirectory)'")
            }
        }
        guard access(dataDirectory, W_OK) == 0 else {
            throw SettingError(setting: named("--data-dir"), reason: "'\(dataDirectory)' is not writable")
        }

        databaseURL = values["--db"]?.value ?? "sqlite:\(dataDirectory)/yaruki.sqlite"
        let url = databaseURL
        guard url.hasPrefix("sqlite:") || url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
            throw SettingError(setting: named("--db"), reason: "must start with sqlite: or postgres://, got '\(url)'")
        }
        if url.hasPrefix("sqlite:") && url.dropFirst(7).isEmpty {
            throw SettingError(setting: named("--db"), reason: "sqlite: needs a file path, as in sqlite:./data/yaruki.sqlite")
        }

        identityProviders = try IdentityProvider.configured(given)

        try readMail(given)
        payments = try PaymentsSetting(given)
        kafka = try KafkaSetting(given)

        if let web = values["--web-dir"]?.value {
            guard FileManager.default.fileExists(atPath: web + "/index.html") else {
                throw SettingError(setting: named("--web-dir"), reason: "'\(web)' has no index.html")
            }
            webDirectory = web
        } else {
            webDirectory = FileManager.default.fileExists(atPath: "web/index.html") ? "web" : nil
        }

        if let given = values["--map"]?.value {
            maps = given.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            for map in maps {
                guard map.hasSuffix(".yrkmap") || map.hasSuffix(".osm.pbf") || map.hasSuffix(".osm"), FileManager.default.fileExists(atPath: map) else {
                    throw SettingError(setting: named("--map"), reason: "'\(map)' is not a map file (.yrkmap, from `yaruki map build`) or an .osm.pbf or .osm extract")
                }
            }
        } else {
            maps = FileManager.default.fileExists(atPath: "vendor/osm/helsinki.osm.pbf") ? ["vendor/osm/helsinki.osm.pbf"] : []
        }
        if let osrm = values["--osrm"]?.value {
            guard let url = URL(string: osrm), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw SettingError(setting: named("--osrm"), reason: "'\(osrm)' is not an http(s) URL")
            }
            osrmURL = url
        }
        if let tiles = values["--tiles"]?.value {
            guard tiles.hasPrefix("https://") || tiles.hasPrefix("http://"), ["{z}", "{x}", "{y}"].allSatisfy(tiles.contains) else {
                throw SettingError(setting: named("--tiles"), reason: "'\(tiles)' is not an http(s) template with {z}, {x} and {y}")
            }
            tileURL = tiles
        }
    }
}

extension Settings {
    /// A comma-separated list of addresses and CIDR blocks; `none` is the empty list.
    static func addressRanges(_ list: String, _ setting: String) throws -> [AddressRange] {
        if list.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return [] }
        return try list.split(separator: ",").map { item in
            guard let range = AddressRange(String(item)) else {
                throw SettingError(setting: setting, reason: "'\(item.trimmingCharacters(in: .whitespaces))' is not an address or a CIDR block like 10.0.0.0/8")
            }
            return range
        }
    }

    /// The public URL, the sender and the SMTP server.
    private mutating func readMail(_ given: SettingValues) throws {
        if let text = given["--public-url"] {
            guard let url = URLComponents(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
                  url.query == nil, url.fragment == nil else {
                throw SettingError(setting: given.named("--public-url"), reason: "'\(text)' is not an http(s) URL like https://yaruki.example")
            }
            publicURL = text.hasSuffix("/") ? String(text.dropLast()) : text
        }
        let host = publicURL.flatMap { URLComponents(string: $0)?.host } ?? "localhost"
        if let text = given["--mail-from"] {
            guard let address = MailAddress(text) else {
                throw SettingError(setting: given.named("--mail-from"), reason: "'\(text)' is not an address like Yaruki <no-reply@yaruki.example>")
            }
            mailFrom = address
        } else {
            mailFrom = MailAddress("Yaruki <no-reply@\(host)>")
        }
        let caFile = given["--smtp-ca-file"]
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw SettingError(setting: given.named("--smtp-ca-file"), reason: "'\(caFile)' is not a readable file")
        }
        if let text = given["--smtp-url"] {
            guard let server = SMTPServer(text, caFile: caFile) else {
                throw SettingError(setting: given.named("--smtp-url"), reason: "must be smtp://host:port or smtps://host:port, with user:password@ when the server asks")
            }
            smtp = server
        }
    }
}

/// The values given for `serve`'s settings, each with where it came from (a flag or a variable),
/// so an error names what the person typed.
struct SettingValues {
    let values: [String: (value: String, source: String)]

    subscript(flag: String) -> String? { values[flag]?.value }

    func named(_ flag: String) -> String {
        values[flag].map { $0.source == flag ? flag : "\($0.source) (\(flag))" } ?? flag
    }

    func integer(_ flag: String, _ range: ClosedRange<Int>) throws -> Int? {
        guard let raw = values[flag]?.value else { return nil }
        guard let v = Int(raw), range.contains(v) else {
            throw SettingError(setting: named(flag), reason: "must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(raw)'")
        }
        return v
    }
}

/// Which provider classes are paid through, and PortOne's settings when it is the one.
public enum PaymentsSetting: Sendable, Equatable {
    /// No provider chosen: classes are published and shown, but no seat can be sold.
    case off
    /// The built-in test checkout (the demo's): no real money moves.
    case sandbox
    case portone(PortOneSettings)

    public struct PortOneSettings: Sendable, Equatable {
        public var apiURL: URL
        public var apiSecret: String
        public var storeID: String
        /// The card channel.
        public var channelKey: String
        public var webhookSecret: String
        /// Easy-pay channels by method (kakaopay, naverpay, tosspay), those the operator set.
        public var easyPay: [(method: String, channelKey: String)] = []

        public static func == (a: PortOneSettings, b: PortOneSettings) -> Bool {
            a.apiURL == b.apiURL && a.apiSecret == b.apiSecret && a.storeID == b.storeID && a.channelKey == b.channelKey
                && a.webhookSecret == b.webhookSecret && a.easyPay.map(\.method) == b.easyPay.map(\.method) && a.easyPay.map(\.channelKey) == b.easyPay.map(\.channelKey)
        }
    }

    /// The easy-pay methods PortOne can offer, with their flag and PortOne's provider name.
    static let easyPayMethods = [("kakaopay", "--portone-kakaopay-channel-key"), ("naverpay", "--portone-naverpay-channel-key"),
                                 ("tosspay", "--portone-tosspay-channel-key")]

    public var name: String {
        switch self {
        case .off: "off"
        case .sandbox: "sandbox"
        case .portone: "portone"
        }
    }

    init(_ given: SettingValues) throws {
        let values = given.values
        let named = given.named
        let choice = values["--payments"]?.value.lowercased().trimmingCharacters(in: .whitespaces) ?? "off"
        let portoneFlags = ["--portone-api-url", "--portone-api-secret", "--portone-store-id", "--portone-channel-key", "--portone-webhook-secret"]
            + Self.easyPayMethods.map(\.1)
        switch choice {
        case "off", "sandbox":
            if let stray = portoneFlags.first(where: { values[$0] != nil }) {
                throw SettingError(setting: named(stray), reason: choice == "off" ? "is for --payments portone, which is not set"
                                                                                  : "is for --payments portone (payments are the sandbox's)")
            }
            self = choice == "off" ? .off : .sandbox
        case "portone":
            func required(_ flag: String) throws -> String {
                guard let value = values[flag]?.value.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
                    throw SettingError(setting: flag, reason: "is needed with --payments portone")
                }
                return value
            }
            let text = values["--portone-api-url"]?.value ?? "https://api.portone.io"
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw SettingError(setting: named("--portone-api-url"), reason: "'\(text)' is not an http(s) URL")
            }
            let webhookSecret = try required("--portone-webhook-secret")
            guard (try? StandardWebhook(secret: webhookSecret)) != nil else {
                throw SettingError(setting: named("--portone-webhook-secret"), reason: "must be whsec_ followed by base64, as PortOne's console shows it")
            }
            var settings = PortOneSettings(apiURL: url, apiSecret: try required("--portone-api-secret"), storeID: try required("--portone-store-id"),
                                           channelKey: try required("--portone-channel-key"), webhookSecret: webhookSecret)
            for (method, flag) in Self.easyPayMethods {
                guard let given = values[flag]?.value.trimmingCharacters(in: .whitespaces) else { continue }
                guard !given.isEmpty, !given.contains(where: \.isWhitespace) else {
                    throw SettingError(setting: named(flag), reason: "must be a PortOne channel key as its console shows it (channel-key-…), got '\(given)'")
                }
                settings.easyPay.append((method, given))
            }
            self = .portone(settings)
        default:
            throw SettingError(setting: named("--payments"), reason: "must be portone, sandbox or off, got '\(choice)'")
        }
    }
}
