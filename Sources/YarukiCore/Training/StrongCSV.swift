import Foundation

/// The workout log written as Strong's current CSV export, so a person can take it to Strong (or
/// any app that reads Strong's file, Hevy among them) as easily as they brought it here. Weights
/// are in the person's unit, as Strong writes them; distances in kilometres.
public enum StrongCSV {
    public static let header = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"

    /// A field, quoted when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// "1h 5m", as Strong writes a workout's length.
    static func duration(_ seconds: Int) -> String {
        let (h, m) = (seconds / 3600, (seconds % 3600) / 60)
        return h > 0 ? "\(h)h \(m)m" : m > 0 ? "\(m)m" : "\(seconds)s"
    }

    /// The workout's rows: one a set; `names` gives each exercise's name; the first line of its
    /// notes is its name, the rest its notes.
    public static func rows(_ w: Workout, names: [String: String], timeZone: TimeZone, unit: WeightUnit) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let date = formatter.string(from: w.startedAt)
        let parts = w.notes.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let title = field(parts.first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "")
        let notes = field(parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespacesAndNewlines) : "")
        let length = w.endedAt.map { duration(max(0, Int($0.timeIntervalSince(w.startedAt)))) } ?? ""
        var out = ""
        for entry in w.exercises {
            let name = field(names[entry.exerciseId] ?? entry.exerciseId)
            var working = 0
            for set in entry.sets {
                let order: String
                switch set.type {
                case .warmup?: order = "W"
                case .drop?: order = "D"
                case .failure?: order = "F"
                default:
                    working += 1
                    order = String(working)
                }
                let weight = set.weightKg.map { number(unit.shown($0)) } ?? "0"
                let distance = set.distanceM.map { number($0 / 1000) } ?? "0"
                out += "\(date),\(title),\(length),\(name),\(order),\(weight),\(set.reps ?? 0),\(distance),\(set.seconds ?? 0),"
                out += "\(field(entry.notes ?? "")),\(notes),\(set.rpe.map(number) ?? "")\n"
                if let rest = set.restSeconds, rest > 0 {
                    out += "\(date),\(title),\(length),\(name),Rest Timer,0,0,0,\(rest),,,\n"
                }
            }
        }
        return out
    }
}
