import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// The demo's accountability group: five people in three time zones, each with a quota and
/// weeks of proofs, shaped so that this week shows every kind of standing whatever the weekday
/// (someone has met their quota, someone is on track, someone at risk or already a sloth, someone
/// resting on a break for illness) and the streaks differ; and a newcomer who joined today, whose
/// first week owes a prorated quota; a challenge of the month's proofs; and the crew's feed of
/// the last week's proofs, the break, the challenge and a cheer. Proof videos are short ffmpeg test patterns; without ffmpeg
/// the proofs are rows whose files are missing.
enum AccountabilityDemo {
    static let name = "Morning crew"

    struct Plan {
        var email: String
        var quota: Int
        /// Days (0 = the first of the person's week) with a proof, for a finished week `weeksAgo` back.
        var past: @Sendable (_ weeksAgo: Int) -> [Int]
        /// Days with a proof this week; only those up to today are filed.
        var thisWeek: [Int]
    }

    static let weeks = 8
    /// Resting this week, on a break for illness.
    static let resting = "jiwoo@yaruki.example"
    /// Joined today: a first week.
    static let newcomer = "aino@yaruki.example"
    /// The month's proofs the group's challenge asks for.
    static let challengeGoal = 60

    static let plans: [Plan] = [
        Plan(email: "mina@yaruki.example", quota: 3, past: { $0 == 6 ? [1] : [0, 2, 4] }, thisWeek: [0, 2]),
        Plan(email: "coach@yaruki.example", quota: 4, past: { _ in [0, 1, 3, 5] }, thisWeek: [0, 2, 4, 6]),
        Plan(email: "ren@yaruki.example", quota: 2, past: { $0 % 2 == 0 ? [1, 4] : [3] }, thisWeek: [0, 1]),
        Plan(email: "jiwoo@yaruki.example", quota: 5, past: { $0 <= 3 ? [0, 1, 2, 3, 4] : [0, 2] }, thisWeek: []),
        Plan(email: "sora@yaruki.example", quota: 6, past: { $0 % 3 == 0 ? [0] : [] }, thisWeek: []),
    ]

    static func seed(_ context: DemoSeed.Context) async throws {
        let database = context.database, now = context.now
        var accounts: [Account] = []
        for plan in plans {
            let key = try EmailAddress(plan.email).key
            guard let account = try await database.read({ c in try AccountStore.credentials(emailKey: key, c)?.account }) else { return }
            accounts.append(account)
        }
        // Once only: the group's owner already being in a group means this ran before.
        guard try await database.read({ c in try GroupStore.groups(of: accounts[0].id, c).isEmpty }) else { return }
        let newcomer = try await database.read { c in try AccountStore.credentials(emailKey: try EmailAddress(AccountabilityDemo.newcomer).key, c)?.account }
        let videos = await demoVideos(context.dataDirectory)
        try await database.transaction { c in
            let group = UUID()
            try GroupStore.create(id: group, name: name, owner: accounts[0].id, code: GroupService.inviteCode(), at: now, c)
            var n = 0
            for (plan, account) in zip(plans, accounts) {
                if account.id != accounts[0].id { _ = try GroupStore.join(group, user: account.id, at: now, c) }
                let calendar = PersonalCalendar(timeZone: TimeZone(identifier: account.timeZone) ?? .gmt, weekStart: account.weekStart)
                guard let today = DayNumber.of(calendar.day(of: now)) else { continue }
                let thisWeek = DayNumber.weekStart(of: today, account.weekStart)
                // In the group for months: started long before this week.
                _ = try PauseStore.start(account.id, at: now.addingTimeInterval(-Double(7 * (weeks + 2)) * 86_400), c)
                try GroupStore.setQuota(account.id, effectiveWeek: DayNumber.day(thisWeek - 7 * (weeks + 2)), days: plan.quota, at: now, c)
                if plan.email == AccountabilityDemo.resting {
                    let pause = QuotaPause(id: UUID(), firstWeek: DayNumber.day(thisWeek), lastWeek: DayNumber.day(thisWeek), reason: .illness,
                                           createdAt: now.addingTimeInterval(-3 * 3600))
                    try PauseStore.add(pause, user: account.id, c)
                    _ = try CrewFeed.paused(pause, by: account.id, c)
                }
                var days = plan.thisWeek.map { thisWeek + $0 }.filter { $0 <= today }
                for weeksAgo in 1...weeks { days += plan.past(weeksAgo).map { thisWeek - 7 * weeksAgo + $0 } }
                for day in days {
                    guard let start = calendar.start(ofDayNumber: day) else { continue }
                    // Mornings, a few minutes apart; today's only if the morning has passed.
                    let recorded = start.addingTimeInterval(7 * 3600 + Double(n % 5) * 600)
                    guard recorded <= now else { continue }
                    let video = videos[n % videos.count]
                    n += 1
                    let proof = Proof(id: UUID(), recordedAt: recorded, recordedDay: DayNumber.day(day), uploadedAt: recorded.addingTimeInterval(120),
                                      exerciseId: ["squat", "push-up", "burpee", "plank"][n % 4], workoutId: nil, type: "video/mp4", size: video.size,
                                      durationMs: video.durationMs, hasThumbnail: video.hasThumbnail)
                    try ProofStore.insert(id: proof.id, user: account.id, media: video, exercise: proof.exerciseId, workout: nil, recordedAt: recorded,
                                          recordedDay: proof.recordedDay, uploadedAt: proof.uploadedAt, c)
                    // The crew's feed tells the last week's.
                    if now.timeIntervalSince(recorded) < 7 * 86_400 { _ = try CrewFeed.proofFiled(proof, backdated: false, by: account.id, c) }
                }
            }
            if let newcomer, try GroupStore.join(group, user: newcomer.id, at: now, c) {
                try GroupService.startIfFirst(newcomer.id, calendar: PersonalCalendar(of: newcomer), now: now, c)
            }
            // A running challenge: the month's proofs, proposed by the owner, joined by all but Sora.
            let month = String(PersonalCalendar(of: accounts[0]).day(of: now).prefix(7))
            let challenge = ChallengeStore.ChallengeRow(id: UUID(), groupID: group, proposedBy: accounts[0].id, metric: .proofs, goal: challengeGoal,
                                                        month: month, createdAt: now, finishedAt: nil)
            try ChallengeStore.create(challenge, c)
            _ = try CrewFeed.milestone(.proposed, of: challenge, at: now.addingTimeInterval(-2 * 3600), c)
            for (plan, account) in zip(plans, accounts) where plan.email != "sora@yaruki.example" {
                _ = try ChallengeStore.join(challenge.id, user: account.id, at: now, c)
            }
            // Mina cheered Ren on this morning.
            _ = try CrewFeed.cheered(UUID(), group: group, from: accounts[0].id, to: accounts[2].id, at: now.addingTimeInterval(-3600), c)
        }
    }

    /// Three short clips, stored through the media store (thumbnail and duration included), or
    /// rows standing in for them when there is no ffmpeg or no data folder.
    static func demoVideos(_ dataDirectory: String?) async -> [MediaRow] {
        let sources = ["testsrc2=size=320x240:rate=15", "smptebars=size=320x240:rate=15", "mandelbrot=size=320x240:rate=15"]
        if let dataDirectory, let media = try? MediaFiles(dataDirectory: dataDirectory, width: 1) {
            var rows: [MediaRow] = []
            for source in sources {
                guard let file = DemoSeed.testPattern(media, source, ["-t", "3", "-pix_fmt", "yuv420p", "-movflags", "+faststart"], ext: "mp4")
                else { continue }
                guard let stored = try? await media.ingest(file) else {
                    unlink(file.path)
                    continue
                }
                rows.append(stored.row)
            }
            if rows.count == sources.count { return rows }
        }
        return sources.indices.map { i in
            MediaRow(sha256: Crypto.hex(Crypto.sha256(Data("yaruki-demo-proof-\(i)".utf8))), kind: "mp4", size: 0,
                                durationMs: 3000, hasThumbnail: false)
        }
    }
}
