import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// Three months of days for every demo person, as their iPhone and Apple Watch counted them:
/// an export in the real schema is written and imported the way a person's own would be, so the
/// phone's and the Watch's overlapping walks meet the same merge (mornings before the Watch is on
/// are the phone's alone). Made from a fixed seed per person: every demo has the same months.
enum HealthDemo {
    static let days = 90

    static func seed(_ context: DemoSeed.Context) async throws {
        let people = AccountsDemo.people.map { ($0.email, $0.name) } + [(LifelogDemo.person.email, LifelogDemo.person.name)]
        for (index, (email, name)) in people.enumerated() {
            let key = try EmailAddress(email).key
            guard let account = try await context.database.read({ c in try AccountStore.credentials(emailKey: key, c)?.account }),
                  try await context.database.read({ c in try HealthStore.span(user: account.id, c) }) == nil else { continue }
            let zone = TimeZone(identifier: account.timeZone) ?? .gmt
            let folder = NSTemporaryDirectory() + "yaruki-health-demo-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/export.xml"
            try Data(export(name: name, zone: zone, now: context.now, seed: UInt64(2026 + index)).utf8).write(to: URL(fileURLWithPath: path))
            let outcome = try HealthImporter(timeZone: zone, scratch: folder).read(path) { _ in }
            let id = UUID()
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            try await context.database.transaction { c in
                try HealthStore.startImport(id, user: account.id, fileName: "export.zip", bytes: size, at: context.now, c)
            }
            try await HealthService.land(outcome, user: account.id, importID: id, database: context.database, now: context.now)
        }
    }

    /// The export's text: `days` days up to now, in the person's zone.
    static func export(name: String, zone: TimeZone, now: Date, seed: UInt64) -> String {
        var random = SeededRandom(seed: seed)
        func roll(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        let watch = #"sourceName="\#(name)’s Apple Watch" sourceVersion="11.1" device="&lt;&lt;HKDevice: 0x2834a8f00&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,1, software:11.1&gt;""#
        let phone = #"sourceName="\#(name)’s iPhone" sourceVersion="18.1" device="&lt;&lt;HKDevice: 0x28349c0a0&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone16,1, software:18.1&gt;""#
        let calendar = PersonalCalendar(timeZone: zone, weekStart: .monday)
        let today = calendar.dayNumber(of: now)
        var lines: [String] = []
        // Apple's own form: "2026-11-30 08:03:41 +0900".
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = zone
        format.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        func stamp(_ t: Int64) -> String { format.string(from: Date(timeIntervalSince1970: TimeInterval(t))) }
        func record(_ type: String, _ source: String, _ unit: String?, _ start: Int64, _ end: Int64, _ value: String) {
            lines.append(" <Record type=\"\(type)\" \(source)\(unit.map { " unit=\"\($0)\"" } ?? "") creationDate=\"\(stamp(end))\" startDate=\"\(stamp(start))\" endDate=\"\(stamp(end))\" value=\"\(value)\"/>")
        }
        for back in stride(from: days - 1, through: 0, by: -1) {
            let dayNumber = today - back
            guard let midnight = calendar.start(ofDayNumber: dayNumber) else { continue }
            let base = Int64(midnight.timeIntervalSince1970)
            let weekday = ((dayNumber + 3) % 7 + 7) % 7
            // Some days are lazy, weekends longer; the last day stops at now.
            let lazy = roll(0...9) == 0
            let walks = lazy ? roll(2...3) : roll(4...8) + (weekday >= 5 ? 2 : 0)
            let watchOn = base + Int64(roll(7 * 60...9 * 60)) * 60
            let end = back == 0 ? Int64(now.timeIntervalSince1970) : base + 86_400
            var exercise = 0
            for walk in 0..<walks {
                var t = base + Int64(7 * 3600 + walk * (13 * 3600 / max(walks, 1)) + roll(0...40) * 60)
                for _ in 0..<roll(1...4) {
                    let span = Int64(roll(4...10) * 60)
                    guard t + span < end else { break }
                    let steps = roll(300...1100)
                    if t >= watchOn {
                        record("HKQuantityTypeIdentifierStepCount", watch, "count", t, t + span, "\(steps)")
                        record("HKQuantityTypeIdentifierDistanceWalkingRunning", watch, "km", t, t + span, String(format: "%.4f", Double(steps) * 0.00074))
                        if span >= 8 * 60 { exercise += Int(span / 60) }
                    }
                    // The phone in a pocket counts the same walk a little differently.
                    let pocket = steps * roll(85...105) / 100
                    record("HKQuantityTypeIdentifierStepCount", phone, "count", t, t + span, "\(pocket)")
                    record("HKQuantityTypeIdentifierDistanceWalkingRunning", phone, "km", t, t + span, String(format: "%.4f", Double(pocket) * 0.00072))
                    t += span + Int64(roll(1...6) * 60)
                }
            }
            for hour in 7..<23 {
                let h = base + Int64(hour * 3600)
                guard h >= watchOn - 3600, h + 3600 <= end else { continue }
                record("HKQuantityTypeIdentifierActiveEnergyBurned", watch, "kcal", h, h + 3600, String(format: "%.2f", Double(roll(lazy ? 5...20 : 12...48))))
                let up = roll(0...9) < (lazy ? 5 : 8)
                record("HKCategoryTypeIdentifierAppleStandHour", watch, nil, h, h + 3600,
                       up ? "HKCategoryValueAppleStandHourStood" : "HKCategoryValueAppleStandHourIdle")
                if up {
                    record("HKQuantityTypeIdentifierAppleStandTime", watch, "min", h + 600, h + 600 + 300, "\(roll(2...9))")
                }
            }
            if exercise > 0 {
                let at = base + 19 * 3600
                if at + Int64(exercise * 60) < end { record("HKQuantityTypeIdentifierAppleExerciseTime", watch, "min", at, at + Int64(exercise * 60), "\(exercise)") }
            }
        }
        let head = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
            <!ATTLIST HealthData locale CDATA #REQUIRED>
            ]>
            <HealthData locale="en_US">
             <ExportDate value="\(stamp(Int64(now.timeIntervalSince1970)))"/>

            """
        return head + lines.joined(separator: "\n") + "\n</HealthData>\n"
    }
}
