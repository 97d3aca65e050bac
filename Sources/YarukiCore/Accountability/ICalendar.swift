import Foundation

/// Training days as an iCalendar feed (RFC 5545) that Apple and Google Calendar subscribe to:
/// one all-day event per day with proofs or workouts. Text is escaped, lines end in CRLF and
/// are folded at 75 octets without splitting a UTF-8 character.
public enum ICalendar {
    public struct TrainingDay: Sendable, Equatable {
        /// YYYY-MM-DD in the person's time zone.
        public var date: String
        public var proofs: Int
        public var workouts: Int
        /// Exercise names, in the person's language.
        public var exercises: [String]

        public init(date: String, proofs: Int, workouts: Int, exercises: [String]) {
            self.date = date
            self.proofs = proofs
            self.workouts = workouts
            self.exercises = exercises
        }
    }

    /// A group's challenge reached its goal: an all-day event on the day it did.
    public struct Milestone: Sendable, Equatable {
        /// Unique among the feed's events (the challenge's id).
        public var uid: String
        public var date: String
        public var group: String
        public var metric: ChallengeMetric
        public var goal: Int

        public init(uid: String, date: String, group: String, metric: ChallengeMetric, goal: Int) {
            self.uid = uid
            self.date = date
            self.group = group
            self.metric = metric
            self.goal = goal
        }
    }

    /// The words a feed needs, in one language.
    public struct Words: Sendable {
        public var calendarName: String
        public var summary: @Sendable (_ proofs: Int, _ workouts: Int) -> String
        public var challengeDone: @Sendable (_ group: String, _ metric: ChallengeMetric, _ goal: Int) -> String

        public static func of(_ language: AppLanguage) -> Words {
            switch language {
            case .ja:
                Words(calendarName: "Yaruki トレーニング", summary: { proofs, workouts in
                    ["Yaruki", proofs > 0 ? "証明動画 \(proofs)" : nil, workouts > 0 ? "ワークアウト \(workouts)" : nil].compactMap { $0 }.joined(separator: " · ")
                }, challengeDone: { group, metric, goal in
                    "\(group): チャレンジ達成 (" + (metric == .proofs ? "証明\(goal)回" : metric == .minutes ? "トレーニング\(goal)分" : "\(goal)歩") + ")"
                })
            case .ko:
                Words(calendarName: "Yaruki 트레이닝", summary: { proofs, workouts in
                    ["Yaruki", proofs > 0 ? "인증 영상 \(proofs)" : nil, workouts > 0 ? "운동 \(workouts)" : nil].compactMap { $0 }.joined(separator: " · ")
                }, challengeDone: { group, metric, goal in
                    "\(group): 챌린지 달성 (" + (metric == .proofs ? "인증 \(goal)번" : metric == .minutes ? "운동 \(goal)분" : "\(goal)걸음") + ")"
                })
            case .en:
                Words(calendarName: "Yaruki training", summary: { proofs, workouts in
                    ["Yaruki", proofs > 0 ? "\(proofs) proof\(proofs == 1 ? "" : "s")" : nil,
                     workouts > 0 ? "\(workouts) workout\(workouts == 1 ? "" : "s")" : nil].compactMap { $0 }.joined(separator: " · ")
                }, challengeDone: { group, metric, goal in
                    "\(group): challenge done (\(goal) " + (metric == .proofs ? "proofs" : metric == .minutes ? "minutes of training" : "steps") + ")"
                })
            }
        }
    }

    /// `owner` makes the event UIDs stable across fetches (a calendar app updates, never duplicates).
    public static func feed(days: [TrainingDay], milestones: [Milestone] = [], owner: UUID, words: Words, timeZone: String, generatedAt: Date) -> String {
        let stamp = timestamp(generatedAt)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Yaruki//Training days//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
                     "X-WR-CALNAME:" + escape(words.calendarName), "X-WR-TIMEZONE:" + escape(timeZone),
                     "REFRESH-INTERVAL;VALUE=DURATION:PT1H", "X-PUBLISHED-TTL:PT1H"]
        let ownerID = owner.lowercasedString
        for day in days.sorted(by: { $0.date < $1.date }) {
            guard let number = DayNumber.of(day.date) else { continue }
            let compact = day.date.replacingOccurrences(of: "-", with: "")
            lines += ["BEGIN:VEVENT", "UID:\(compact)-\(ownerID)@yaruki", "DTSTAMP:\(stamp)",
                      "DTSTART;VALUE=DATE:\(compact)",
                      "DTEND;VALUE=DATE:" + DayNumber.day(number + 1).replacingOccurrences(of: "-", with: ""),
                      "SUMMARY:" + escape(words.summary(day.proofs, day.workouts)), "TRANSP:TRANSPARENT"]
            if !day.exercises.isEmpty { lines.append("DESCRIPTION:" + escape(day.exercises.joined(separator: ", "))) }
            lines.append("END:VEVENT")
        }
        for milestone in milestones.sorted(by: { ($0.date, $0.uid) < ($1.date, $1.uid) }) {
            guard let number = DayNumber.of(milestone.date) else { continue }
            lines += ["BEGIN:VEVENT", "UID:challenge-\(milestone.uid)-\(ownerID)@yaruki", "DTSTAMP:\(stamp)",
                      "DTSTART;VALUE=DATE:" + milestone.date.replacingOccurrences(of: "-", with: ""),
                      "DTEND;VALUE=DATE:" + DayNumber.day(number + 1).replacingOccurrences(of: "-", with: ""),
                      "SUMMARY:" + escape(words.challengeDone(milestone.group, milestone.metric, milestone.goal)), "TRANSP:TRANSPARENT", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined()
    }

    /// One event to add to a calendar (a class): its time in UTC, which every calendar shows in
    /// its own zone; `uid` keeps it one event when added again after a change of time.
    public static func event(uid: String, title: String, startsAt: Date, minutes: Int, location: String?, description: String?,
                             url: String?, generatedAt: Date) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Yaruki//Classes//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
                     "BEGIN:VEVENT", "UID:\(uid)@yaruki", "DTSTAMP:\(timestamp(generatedAt))", "DTSTART:\(timestamp(startsAt))",
                     "DTEND:\(timestamp(startsAt.addingTimeInterval(Double(minutes) * 60)))", "SUMMARY:" + escape(title)]
        if let location, !location.isEmpty { lines.append("LOCATION:" + escape(location)) }
        if let description, !description.isEmpty { lines.append("DESCRIPTION:" + escape(description)) }
        if let url { lines.append("URL:" + url) }
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT1H", "DESCRIPTION:" + escape(title), "END:VALARM", "END:VEVENT", "END:VCALENDAR"]
        return lines.map(fold).joined()
    }

    /// TEXT values: backslash, semicolon, comma and newlines escaped (RFC 5545 §3.3.11).
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// One content line, folded so no physical line passes 75 octets (RFC 5545 §3.1), plus CRLF.
    public static func fold(_ line: String) -> String {
        var out = ""
        var width = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if width + size > 75 {
                out += "\r\n "
                width = 1
            }
            out.unicodeScalars.append(scalar)
            width += size
        }
        return out + "\r\n"
    }

    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }
}
