import Foundation
import Synchronization
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// How a kind of notification reaches its person besides the list they open.
enum NotificationDelivery: Sendable {
    /// Only in the list, found when the person looks.
    case list
    /// In the list, and at once on the person's open screens: the unread count on their event
    /// stream (`notification`).
    case live
}

/// A kind of notification, registered by the area it belongs to: its name (the reply's `kind`),
/// how it reads in each language, whether several of it fold into one when told outside the list,
/// how it is delivered, and what its items are about.
struct NotificationKind: Sendable {
    /// How a kind reads: `{name}` is who caused it, `{title}` the title of what it is about
    /// (`{time}` a class's start, HH:MM where it takes place),
    /// `{toGo}` and `{daysLeft}` a quota reminder's numbers, and for a batch `{count}` how many
    /// more people did the same.
    struct Words: Sendable {
        let one: [AppLanguage: String]
        let batch: [AppLanguage: String]

        init(one: [AppLanguage: String], batch: [AppLanguage: String] = [:]) {
            self.one = one
            self.batch = batch
        }
    }

    let name: String
    let words: Words
    /// Several of this kind about one subject are told as one ("Mina and 2 others liked your post").
    let batches: Bool
    let delivery: NotificationDelivery
    /// Fills in what a page of this kind's items are about (each item beside its entry; the
    /// result in the same order). Called once per kind per page, inside one read.
    let describe: @Sendable (_ items: [NotificationItem], _ entries: [InboxStore.Entry], _ c: SQLConnection) throws -> [NotificationItem]

    /// The page a device opens when its notification is clicked (a path with the app's `#/` route).
    let opens: @Sendable (NotificationItem) -> String

    init(_ name: String, words: Words, batches: Bool = false, delivery: NotificationDelivery = .live,
         opens: @escaping @Sendable (NotificationItem) -> String = { _ in "/#/notifications" },
         describe: @escaping @Sendable ([NotificationItem], [InboxStore.Entry], SQLConnection) throws -> [NotificationItem] = { items, _, _ in items }) {
        self.name = name
        self.words = words
        self.batches = batches
        self.delivery = delivery
        self.opens = opens
        self.describe = describe
    }

    /// A kind whose items say what they are about from their own entry alone.
    init(_ name: String, words: Words, batches: Bool = false, delivery: NotificationDelivery = .live,
         opens: @escaping @Sendable (NotificationItem) -> String = { _ in "/#/notifications" },
         each fill: @escaping @Sendable (inout NotificationItem, InboxStore.Entry) -> Void) {
        self.init(name, words: words, batches: batches, delivery: delivery, opens: opens) { items, entries, _ in
            zip(items, entries).map { item, entry in
                var item = item
                fill(&item, entry)
                return item
            }
        }
    }

    /// One item, in `language` (English where a language has no words).
    func text(_ item: NotificationItem, others: Int = 0, in language: AppLanguage) -> String {
        text(["name": item.actor?.displayName ?? "", "title": item.classTitle ?? "", "toGo": String(item.proofsToGo ?? 0),
              "daysLeft": String(item.daysLeft ?? 0), "count": String(others), "time": NotificationKind.clock(item)], batch: others > 0, in: language)
    }

    /// A class's start as its own place tells it (HH:MM in the class's zone): a class in Seoul starts at 19:00 for everyone.
    static func clock(_ item: NotificationItem) -> String {
        guard let start = item.classStartsAt else { return "" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = item.classTimeZone.flatMap(TimeZone.init(identifier:)) ?? .gmt
        let parts = calendar.dateComponents([.hour, .minute], from: start)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The words with each `{key}` of `values` filled in.
    func text(_ values: [String: String], batch: Bool = false, in language: AppLanguage) -> String {
        let template = batch ? words.batch[language] ?? words.batch[.en] : nil
        return values.reduce(template ?? words.one[language] ?? words.one[.en] ?? name) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
    }
}

/// Said inside a write, delivered once it has committed.
struct Notice: Sendable {
    /// The inbox entry.
    let id: UUID
    let user: UUID
    let kind: NotificationKind
    /// The person wants this kind on their devices too, not only in the app.
    var pushed = true
    /// When it was said (quiet hours are judged at this instant).
    var at: Date
}

/// What a write said, gathered where the notices come deep inside other work (an order refunded
/// in a payment's check), to deliver once it has committed.
final class Said: Sendable {
    private let list = Mutex<[Notice]>([])

    func add(_ notice: Notice?) {
        if let notice { list.withLock { $0.append(notice) } }
    }

    /// What was gathered, now taken (delivered once).
    func take() -> [Notice] { list.withLock { taken in defer { taken = [] }; return taken } }
}

/// Every kind the areas register, by name (a name registered twice keeps its first kind).
struct NotificationKinds: Sendable {
    let byName: [String: NotificationKind]
    /// Their names in the order the areas register them (the order a person's settings list them).
    let names: [String]

    init(_ kinds: [NotificationKind]) {
        byName = Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        names = kinds.map(\.name).filter { seen.insert($0).inserted }
    }

    subscript(_ name: String) -> NotificationKind? { byName[name] }

    /// How items read told one by one outside the list (a push, a mail), newest first: the items
    /// of a batching kind about one subject fold into the newest of them.
    func lines(_ items: [NotificationItem], in language: AppLanguage) -> [String] {
        var seen = [String: Int]()
        var told = [(item: NotificationItem, kind: NotificationKind, others: Int)]()
        for item in items {
            guard let kind = byName[item.kind] else { continue }
            let subject = (item.postId ?? item.routineId ?? item.orderId).map { "\(kind.name) \($0)" }
            if kind.batches, let subject, let index = seen[subject] {
                told[index].others += 1
                continue
            }
            if kind.batches, let subject { seen[subject] = told.count }
            told.append((item, kind, 0))
        }
        return told.map { $0.kind.text($0.item, others: $0.others, in: language) }
    }
}

/// The platform's notification inbox: areas register their kinds and add to it inside their own
/// writes; it lists, counts, marks read and delivers. What an item is about is the registering
/// area's to describe, so the inbox never reads an area's tables.
struct Inbox: Sendable {
    let context: AppContext
    let kinds: NotificationKinds
    /// The devices that hear of live kinds when the app is closed.
    let push: WebPush?

    init(context: AppContext, kinds: [NotificationKind], push: WebPush? = nil) {
        self.context = context
        self.kinds = NotificationKinds(kinds)
        self.push = push
    }

    /// Adds one, inside the caller's write; nil when nothing is said (a person's own doing).
    /// Deliver what it returns once the write has committed.
    func add(_ kind: NotificationKind, to user: UUID, actor: UUID? = nil, subject: UUID? = nil, detail: UUID? = nil,
             facts: [String: Int] = [:], at now: Date, _ c: SQLConnection) throws -> Notice? {
        guard kinds[kind.name] != nil else {
            ServerLog.error("a notification of a kind no area registered", ["kind": kind.name])
            throw Refusal.bug()
        }
        let mode = try NotificationSettingsStore.settings(user, c).modes[kind.name] ?? "push"
        guard mode != "off" else { return nil }  // the person turned this kind off
        return try InboxStore.add(kind.name, to: user, actor: actor, subject: subject, detail: detail, facts: facts, at: now, c)
            .map { Notice(id: $0, user: user, kind: kind, pushed: mode == "push", at: now) }
    }

    /// A push the person set going themselves (a rest's end): at `at`, to their devices, urgent and
    /// kept by the push service only `ttl` seconds; never in the list (the open app says it
    /// itself), and not pushed when they keep the kind in the app or turned it off. Inside the
    /// caller's write; what waited under `key` is taken back first, and the same key at the same
    /// instant is pushed once however often it is asked for.
    func schedule(_ kind: NotificationKind, to user: UUID, key: String, at: Date, values: [String: String], language: AppLanguage,
                  ttl: Int, _ c: SQLConnection) throws {
        try unschedule(key: key, c)
        guard let push, (try NotificationSettingsStore.settings(user, c).modes[kind.name] ?? "push") == "push" else { return }
        let message = WebPush.Message(title: "Yaruki", body: kind.text(values, in: language), url: kind.opens(Inbox.nothing), tag: kind.name)
        try push.send(message, to: user, runAt: at, ttl: ttl, urgency: "high", key: "\(key) \(Int64(at.timeIntervalSince1970 * 1000))", c)
    }

    /// Takes back what `schedule` left waiting under `key`.
    func unschedule(key: String, _ c: SQLConnection) throws {
        try push?.cancel(keyPrefix: key + " ", c)
    }

    private static let nothing = NotificationItem(id: UUID(), kind: "", actor: nil, postId: nil, commentId: nil, routineId: nil, read: false, createdAt: .distantPast)

    /// Takes back what `actor` caused about `subject` (a like undone).
    func withdraw(_ kind: NotificationKind, actor: UUID, subject: UUID, _ c: SQLConnection) throws {
        try InboxStore.withdraw(kind.name, actor: actor, subject: subject, c)
    }

    /// After the write committed: each person told live hears their new unread count, and their
    /// devices a push (one line in their language; a batching kind's unread items about one
    /// subject as one line, which replaces the one before on the device).
    func deliver(_ notices: [Notice?]) {
        let live = notices.compactMap { $0 }.filter { $0.kind.delivery == .live }
        recount(Set(live.map(\.user)))
        let pushed = live.filter(\.pushed)
        guard let push, !pushed.isEmpty else { return }
        let inbox = self
        context.followUps.start {
            for notice in pushed {
                do {
                    guard let (message, runAt) = try await inbox.message(notice) else { continue }
                    try await push.send(message, to: notice.user, runAt: runAt)
                } catch {
                    ServerLog.error("a push could not be queued", ["kind": notice.kind.name, "error": String(describing: error)])
                }
            }
        }
    }

    /// What a device shows for `notice`, and when (after the person's quiet hours), or nil when
    /// it is no longer in the list (withdrawn).
    func message(_ notice: Notice) async throws -> (WebPush.Message, Date?)? {
        let found = try await context.database.read { c in
            (try AccountStore.account(id: notice.user, c), try NotificationSettingsStore.settings(notice.user, c))
        }
        guard let account = found.0 else { return nil }
        let recent = try await page(notice.user, before: nil, limit: 50).items
        guard let item = recent.first(where: { $0.id == notice.id }) else { return nil }
        let subject = item.postId ?? item.routineId ?? item.orderId
        let told = notice.kind.batches && subject != nil
            ? recent.filter { !$0.read && $0.kind == item.kind && ($0.postId ?? $0.routineId ?? $0.orderId) == subject }
            : [item]
        guard let line = kinds.lines(told, in: account.locale).first else { return nil }
        let tag = "\(item.kind) \((subject ?? item.id).lowercasedString)"
        let quiet = found.1.quietStart.flatMap { start in found.1.quietEnd.map { (start, $0) } }
        let after = quiet.flatMap { Inbox.quietUntil(now: notice.at, zone: PersonalCalendar(of: account).timeZone, start: $0.0, end: $0.1) }
        return (WebPush.Message(title: "Yaruki", body: line, url: notice.kind.opens(item), tag: tag), after)
    }

    /// The end of the quiet hours `now` falls in (minutes after midnight in `zone`, wrapping past
    /// midnight when the end is before the start), or nil outside them.
    static func quietUntil(now: Date, zone: TimeZone, start: Int, end: Int) -> Date? {
        guard start != end else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: now)
        let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        let inside = start < end ? (start..<end).contains(minute) : (minute >= start || minute < end)
        guard inside else { return nil }
        return calendar.nextDate(after: now, matching: DateComponents(hour: end / 60, minute: end % 60, second: 0), matchingPolicy: .nextTime)
    }

    /// When each of `users` wants their quota reminder, in minutes after midnight in their zone.
    func remindTimes(_ users: [UUID]) async throws -> [UUID: Int] {
        let chosen = try await context.database.read { c in try NotificationSettingsStore.remindTimes(users, c) }
        return Dictionary(uniqueKeysWithValues: users.map { ($0, chosen[$0] ?? NotificationSettingsStore.Settings.defaultRemindAt) })
    }

    /// Tells `user` of `kind` once for `occasion` (a reminder the server sends on its own): false,
    /// and nothing said, when it was told before. Deliver what it adds once the write commits.
    func remind(_ kind: NotificationKind, to user: UUID, occasion: String, subject: UUID? = nil, facts: [String: Int] = [:],
                at now: Date, _ c: SQLConnection) throws -> (sent: Bool, notice: Notice?) {
        guard try ReminderStore.claim(user, occasion: occasion, at: now, c) else { return (false, nil) }
        return (true, try add(kind, to: user, subject: subject, facts: facts, at: now, c))
    }

    /// Forgets reminders sent before `before` (their occasions are long past).
    @discardableResult
    func forgetReminders(sentBefore before: Date) async throws -> Int {
        try await context.database.transaction { c in try ReminderStore.prune(sentBefore: before, c) }
    }

    /// The person's settings: every registered kind with its mode (pushed unless they chose), and quiet hours.
    func settings(_ user: UUID) async throws -> NotificationSettings {
        let saved = try await context.database.read { c in try NotificationSettingsStore.settings(user, c) }
        return NotificationSettings(kinds: kinds.names.map { NotificationKindSetting(kind: $0, mode: saved.modes[$0] ?? "push") },
                                    quietHours: saved.quietStart.flatMap { start in saved.quietEnd.map { QuietHours(start: Inbox.clock(start), end: Inbox.clock($0)) } },
                                    quotaReminderAt: Inbox.clock(saved.remindAt), weeklyDigest: saved.weeklyDigest)
    }

    /// Changes them: each kind named must be one there is; quiet hours start and end apart.
    func setSettings(_ body: NotificationSettings, for user: UUID, at now: Date) async throws -> NotificationSettings {
        var check = FieldCheck()
        var modes: [String: String] = [:]
        for (i, setting) in body.kinds.prefix(100).enumerated() {
            if kinds[setting.kind] == nil { check.fail("kinds[\(i)].kind", "is not a kind of notification") }
            if !NotificationKindSetting.modes.contains(setting.mode) { check.fail("kinds[\(i)].mode", "must be one of push, app, off") }
            modes[setting.kind] = setting.mode
        }
        if body.kinds.count > 100 { check.fail("kinds", "must hold at most 100 kinds") }
        let start = body.quietHours.flatMap { Inbox.minutes($0.start) }, end = body.quietHours.flatMap { Inbox.minutes($0.end) }
        if let quiet = body.quietHours {
            if start == nil { check.fail("quietHours.start", "must be HH:MM, like 22:00") }
            if end == nil { check.fail("quietHours.end", "must be HH:MM, like 07:00") }
            if start != nil, start == end { check.conflict("quietHours.end", "must differ from the start (\(quiet.start))") }
        }
        let remindAt = body.quotaReminderAt.flatMap(Inbox.minutes)
        if body.quotaReminderAt != nil, remindAt == nil { check.fail("quotaReminderAt", "must be HH:MM, like 20:00") }
        try check.done()
        var saved = try await context.database.read { c in try NotificationSettingsStore.settings(user, c) }
        saved.modes.merge(modes) { $1 }
        (saved.quietStart, saved.quietEnd) = (start, end)
        if let remindAt { saved.remindAt = remindAt }
        if let digest = body.weeklyDigest { saved.weeklyDigest = digest }
        try await context.database.transaction { [saved] c in try NotificationSettingsStore.save(user, saved, at: now, c) }
        return try await settings(user)
    }

    static func minutes(_ text: String) -> Int? {
        guard text.range(of: QuietHours.pattern, options: .regularExpression) != nil, let h = Int(text.prefix(2)), let m = Int(text.suffix(2)) else { return nil }
        return h * 60 + m
    }

    static func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }

    /// The people's open screens hear their unread count (after a change that may have moved it).
    func recount(_ users: Set<UUID>) {
        guard !users.isEmpty else { return }
        let (database, events) = (context.database, context.events)
        Task {
            for user in users {
                guard let unread = try? await database.read({ c in try InboxStore.unreadCount(user, c) }) else { continue }
                events.publish("notification", UnreadCount(unread: unread), to: [user])
            }
        }
    }

    func recount(_ user: UUID) { recount([user]) }

    /// A page of the person's notifications, newest first, each described by its kind; kinds no
    /// area registers any more are left out.
    func page(_ user: UUID, before: (Date, UUID)?, limit: Int) async throws -> Notifications {
        let kinds = self.kinds
        let (items, unread) = try await context.database.read { c -> ([NotificationItem], Int) in
            let entries = try InboxStore.list(user, before: before, limit: limit + 1, c)
            var described = [UUID: NotificationItem]()
            for (name, group) in Dictionary(grouping: entries, by: \.kind) {
                guard let kind = kinds[name] else { continue }
                let items = group.map { entry in
                    NotificationItem(id: entry.id, kind: entry.kind, actor: entry.actorID.map { Person(id: $0, displayName: entry.actorName ?? "") },
                                     postId: nil, commentId: nil, routineId: nil, read: entry.read, createdAt: entry.createdAt)
                }
                for item in try kind.describe(items, group, c) { described[item.id] = item }
            }
            return (entries.compactMap { described[$0.id] }, try InboxStore.unreadCount(user, c))
        }
        let page = Paging.page(items, limit: limit, key: { ($0.createdAt, $0.id) }) { $0 }
        return Notifications(items: page.items, unread: unread, nextCursor: page.nextCursor)
    }

    func markAllRead(_ user: UUID) async throws {
        let now = context.now
        _ = try await context.database.transaction { c in try InboxStore.markAllRead(user, at: now, c) }
    }
}

/// A person's notifications, for their account's deletion: those for them and those their
/// doings made for others.
struct InboxData: PersonalData {
    var area: String { "notifications" }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        Removed(counts: ["notifications": try InboxStore.deleteAll(user: user, c) + NotificationSettingsStore.delete(user: user, c)
                         + ReminderStore.delete(user: user, c)])
    }

    func export(user: UUID, into folder: ExportFolder) async throws {}
}
