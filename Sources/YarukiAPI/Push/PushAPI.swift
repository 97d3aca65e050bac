import Foundation
import YarukiCore

/// The server's Web Push key (VAPID, RFC 8292), for `PushManager.subscribe({ applicationServerKey })`.
public struct PushKey: APIModel, Equatable {
    /// The uncompressed P-256 public key, base64url.
    public var publicKey: String

    public init(publicKey: String) { self.publicKey = publicKey }

    public static let example = PushKey(publicKey: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
}

/// A browser's keys for its subscription, as `PushSubscription.toJSON().keys` gives them.
public struct PushKeys: APIModel, RuledModel, Equatable {
    /// Its P-256 public key, uncompressed, base64url (87 characters).
    public var p256dh: String
    /// Its 16-byte authentication secret, base64url (22 characters).
    public var auth: String

    public init(p256dh: String, auth: String) {
        self.p256dh = p256dh
        self.auth = auth
    }

    public static let rules: [String: FieldRule] = ["p256dh": .matching("^[A-Za-z0-9_-]{87}$"), "auth": .matching("^[A-Za-z0-9_-]{22}$")]

    public static let example = PushKeys(p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
                                         auth: "BTBZMqHH6r4Tts7J_aSIgg")
}

/// This device's subscription: where its push service takes messages, and its keys.
public struct PushSubscriptionBody: APIModel, RuledModel, Equatable {
    public var endpoint: String
    public var keys: PushKeys
    /// What to call this device in the list ("Pixel 8, Chrome"); the browser's name when left out.
    public var device: String?

    public init(endpoint: String, keys: PushKeys, device: String? = nil) {
        self.endpoint = endpoint
        self.keys = keys
        self.device = device
    }

    public static let maxEndpoint = 2048
    public static let rules: [String: FieldRule] = ["endpoint": .matching("^https?://[^\\s]+$", max: maxEndpoint),
                                                    "device": .line(max: 100, required: false)]

    public static let example = PushSubscriptionBody(endpoint: "https://fcm.googleapis.com/fcm/send/dGhpcyBpcyBhbiBleGFtcGxl", keys: .example,
                                                     device: "Pixel 8, Chrome")
}

/// A device that receives my notifications when the app is closed.
public struct PushDevice: APIModel, Equatable {
    public var id: UUID
    public var device: String
    /// The push service's host (fcm.googleapis.com, web.push.apple.com…): the endpoint itself stays on the server.
    public var service: String
    public var createdAt: Date
    public var lastPushedAt: Date?

    public init(id: UUID, device: String, service: String, createdAt: Date, lastPushedAt: Date?) {
        self.id = id
        self.device = device
        self.service = service
        self.createdAt = createdAt
        self.lastPushedAt = lastPushedAt
    }

    public static let example = PushDevice(id: Example.otherID, device: "Pixel 8, Chrome", service: "fcm.googleapis.com",
                                           createdAt: Example.instant, lastPushedAt: nil)
}

/// How I want one kind of notification: pushed to my devices, in the app only, or not at all.
public struct NotificationKindSetting: APIModel, RuledModel, Equatable {
    /// cheer, nudge, comment, like, save, refund, classMoved…
    public var kind: String
    /// push, app or off.
    public var mode: String

    public init(kind: String, mode: String) {
        self.kind = kind
        self.mode = mode
    }

    public static let modes = ["push", "app", "off"]
    public static let rules: [String: FieldRule] = ["kind": .matching("^[A-Za-z]{1,40}$"), "mode": .words(modes)]
    public static let example = NotificationKindSetting(kind: "like", mode: "app")
}

/// Hours in my own time zone when nothing is pushed (what comes meanwhile waits for the end).
public struct QuietHours: APIModel, RuledModel, Equatable {
    /// HH:MM, like 22:00.
    public var start: String
    /// HH:MM, like 07:00; before start means the next morning.
    public var end: String

    public init(start: String, end: String) {
        self.start = start
        self.end = end
    }

    public static let pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$"
    public static let rules: [String: FieldRule] = ["start": .matching(pattern), "end": .matching(pattern)]
    public static let example = QuietHours(start: "22:00", end: "07:00")
}

/// My notification settings: a mode for every kind there is, quiet hours (none when left out),
/// and when my quota reminder comes on the days my week is at risk.
public struct NotificationSettings: APIModel, RuledModel, Equatable {
    public var kinds: [NotificationKindSetting]
    public var quietHours: QuietHours?
    /// HH:MM in my own time zone; 20:00 until I choose. Left out of a change, it stays as it was.
    public var quotaReminderAt: String?
    /// A mail each Monday morning (my week's first day, 08:00 my time) with what my notifications
    /// said that week, to a confirmed address; off until I turn it on. Left out of a change, it stays.
    public var weeklyDigest: Bool?

    public init(kinds: [NotificationKindSetting], quietHours: QuietHours?, quotaReminderAt: String? = nil, weeklyDigest: Bool? = nil) {
        self.kinds = kinds
        self.quietHours = quietHours
        self.quotaReminderAt = quotaReminderAt
        self.weeklyDigest = weeklyDigest
    }

    public static let rules: [String: FieldRule] = ["quotaReminderAt": .matching(QuietHours.pattern)]
    public static let example = NotificationSettings(kinds: [.init(kind: "cheer", mode: "push"), .example], quietHours: .example, quotaReminderAt: "20:00",
                                                     weeklyDigest: false)
}
