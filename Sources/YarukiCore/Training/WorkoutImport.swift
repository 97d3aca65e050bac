import Foundation

/// Another app's workout log, read from its CSV export: Strong's current comma file, its older
/// semicolon file (with weight and distance units on every row), and Hevy's. The rows of one
/// workout stand together in each; a workout is handed on when the next begins, so memory holds
/// one workout however long the file. Times in the file are local, read in `timeZone`.
public struct WorkoutImport {
    public enum Format: String, Codable, Sendable, CaseIterable {
        case strong, strongSemicolon, hevy

        /// The app it comes from, as the command line names it.
        public var app: String { self == .hevy ? "hevy" : "strong" }
    }

    public enum WeightUnit: String, Codable, Sendable, CaseIterable { case kg, lb }
    public enum DistanceUnit: String, Codable, Sendable, CaseIterable { case km, mi }

    /// One exercise of an imported workout, under the name the other app gave it.
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var notes: String?
        public var superset: Int?
        public var sets: [WorkoutSet]
        /// Where its first row is, for a problem found later.
        public var line: Int
    }

    public struct Imported: Equatable, Sendable {
        /// What makes the workout the same one in a later import of the same file: its start and title.
        public var key: String
        public var title: String
        public var startedAt: Date
        public var endedAt: Date?
        public var notes: String
        public var entries: [Entry]
        public var line: Int
    }

    public typealias Failure = CSVReader.Failure

    public let format: Format
    let columns: [String: Int]
    let timeZone: TimeZone
    let weightUnit: WeightUnit
    let distanceUnit: DistanceUnit
    private var current: Imported?
    private var seen: Set<String> = []
    private var supersets: [String: Int] = [:]

    /// The reader for the file whose first row is `header`; a header of no known app is refused.
    public init(header: [String], timeZone: TimeZone, weightUnit: WeightUnit = .kg, distanceUnit: DistanceUnit = .km) throws {
        var names: [String: Int] = [:]
        for (i, raw) in header.enumerated() {
            let name = raw.replacingOccurrences(of: "\u{FEFF}", with: "").trimmingCharacters(in: .whitespaces)
            if names[name] == nil { names[name] = i }
        }
        if names["exercise_title"] != nil {
            format = .hevy
        } else if names["Exercise Name"] != nil {
            format = names["Weight Unit"] != nil ? .strongSemicolon : .strong
        } else {
            throw Failure(line: 1, "this is not a Strong or Hevy export: the first line names no 'Exercise Name' or 'exercise_title' column")
        }
        let required: [String] = switch format {
        case .strong, .strongSemicolon: ["Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Reps"]
        case .hevy: ["title", "start_time", "exercise_title", "set_index", "reps"]
        }
        let missing = required.filter { names[$0] == nil }
        if !missing.isEmpty { throw Failure(line: 1, "the \(format.app == "hevy" ? "Hevy" : "Strong") file has no \(missing.map { "'\($0)'" }.joined(separator: ", ")) column") }
        if format == .hevy, names["weight_kg"] == nil, names["weight_lbs"] == nil {
            throw Failure(line: 1, "the Hevy file has neither a 'weight_kg' nor a 'weight_lbs' column")
        }
        columns = names
        self.timeZone = timeZone
        self.weightUnit = weightUnit
        self.distanceUnit = distanceUnit
    }

    /// Takes a row; hands on the workout before it when this one starts another.
    public mutating func take(_ row: [String], line: Int) throws -> Imported? {
        let columns = self.columns
        func value(_ name: String) -> String {
            guard let i = columns[name], i < row.count else { return "" }
            return row[i].trimmingCharacters(in: .whitespaces)
        }
        if row.count == 1, row[0].trimmingCharacters(in: .whitespaces).isEmpty { return nil }
        let hevy = format == .hevy
        let startText = value(hevy ? "start_time" : "Date"), title = value(hevy ? "title" : "Workout Name")
        let key = startText + "\u{1F}" + title
        var finished: Imported?
        if current?.key != key {
            finished = current
            guard !seen.contains(key) else {
                throw Failure(line: line, "the workout '\(title)' of \(startText) began earlier in the file; its rows must stand together")
            }
            guard let start = Self.instant(startText, timeZone) else { throw Failure(line: line, "'\(startText.prefix(40))' is not a date and time") }
            seen.insert(key)
            supersets = [:]
            var end: Date?
            if hevy {
                let endText = value("end_time")
                if !endText.isEmpty {
                    guard let e = Self.instant(endText, timeZone) else { throw Failure(line: line, "'\(endText.prefix(40))' is not a date and time") }
                    end = e >= start ? e : nil
                }
            } else if let seconds = Self.duration(value(format == .strong ? "Duration" : "Workout Duration")) {
                end = start.addingTimeInterval(Double(seconds))
            }
            current = Imported(key: key, title: title, startedAt: start, endedAt: end, notes: value(hevy ? "description" : "Workout Notes"),
                               entries: [], line: line)
        }
        try takeSet(row, line: line, value)
        return finished
    }

    /// The last workout, once the file has ended.
    public mutating func finish() -> Imported? {
        defer { current = nil }
        return current
    }

    private mutating func takeSet(_ row: [String], line: Int, _ value: (String) -> String) throws {
        let hevy = format == .hevy
        let name = value(hevy ? "exercise_title" : "Exercise Name")
        let order = value(hevy ? "set_type" : "Set Order")
        if !hevy, order.lowercased() == "rest timer" {
            // Strong writes the rest after a set as a row of its own.
            if let seconds = Self.number(value("Seconds")), let e = current?.entries.indices.last, let s = current?.entries[e].sets.indices.last {
                current?.entries[e].sets[s].restSeconds = min(3600, max(0, Int(seconds)))
            }
            return
        }
        guard !name.isEmpty else { throw Failure(line: line, "the exercise has no name") }
        var set = WorkoutSet()
        set.type = try Self.setType(order, hevy: hevy, line: line)
        let weight = try number(value, hevy ? (columns["weight_kg"] != nil ? "weight_kg" : "weight_lbs") : "Weight", line: line)
        let unit: WeightUnit = switch format {
        case .hevy: columns["weight_kg"] != nil ? .kg : .lb
        case .strongSemicolon: value("Weight Unit").lowercased().hasPrefix("lb") ? .lb : .kg
        case .strong: weightUnit
        }
        if let weight, weight > 0 { set.weightKg = ((unit == .lb ? weight * YarukiCore.WeightUnit.poundKg : weight) * 1000).rounded() / 1000 }
        if let reps = try number(value, "reps", "Reps", line: line) {
            guard reps == reps.rounded(), (0...1000).contains(reps) else { throw Failure(line: line, "reps '\(reps)' is not a whole number from 0 to 1000") }
            set.reps = Int(reps)
        }
        if let seconds = try number(value, hevy ? "duration_seconds" : "Seconds", line: line), seconds > 0 {
            guard seconds <= 86_400 else { throw Failure(line: line, "\(Int(seconds)) seconds is more than a day") }
            set.seconds = Int(seconds.rounded())
        }
        let distanceColumn = hevy ? (columns["distance_km"] != nil ? "distance_km" : "distance_miles") : "Distance"
        if let distance = try number(value, distanceColumn, line: line), distance > 0 {
            let miles: Bool = switch format {
            case .hevy: columns["distance_km"] == nil
            case .strongSemicolon: value("Distance Unit").lowercased().hasPrefix("mi")
            case .strong: distanceUnit == .mi
            }
            let metres = format == .strongSemicolon && value("Distance Unit").lowercased() == "m" ? distance : distance * (miles ? 1609.344 : 1000)
            guard metres <= WorkoutSet.maxDistanceM else { throw Failure(line: line, "a distance of \(Int(metres)) m is more than 1000 km") }
            set.distanceM = metres.rounded()
        }
        if let rpe = try number(value, hevy ? "rpe" : "RPE", line: line), rpe > 0 {
            guard WorkoutSet.rpeRange.contains(rpe) else { throw Failure(line: line, "RPE \(rpe) is not 6 to 10") }
            set.rpe = (rpe * 2).rounded() / 2
        }
        let notes = value(hevy ? "exercise_notes" : "Notes")
        var group: Int?
        if hevy, let id = Self.number(value("superset_id")) {
            let key = String(Int(id))
            if supersets[key] == nil { supersets[key] = supersets.count + 1 }
            group = supersets[key]
            guard let g = group, WorkoutEntry.supersetRange.contains(g) else { throw Failure(line: line, "more than 25 supersets in one workout") }
        }
        guard var workout = current else { return }
        // Another name or superset begins another entry; so does Hevy's first set of the same exercise again.
        let again = hevy && Self.number(value("set_index")) == 0
        if let last = workout.entries.last, last.name == name, last.superset == group, !again {
            workout.entries[workout.entries.count - 1].sets.append(set)
            if let n = workout.entries.last?.notes, !notes.isEmpty, !n.contains(notes) {
                workout.entries[workout.entries.count - 1].notes = n + "\n" + notes
            } else if workout.entries.last?.notes == nil, !notes.isEmpty {
                workout.entries[workout.entries.count - 1].notes = notes
            }
        } else {
            workout.entries.append(Entry(name: name, notes: notes.isEmpty ? nil : notes, superset: group, sets: [set], line: line))
        }
        guard workout.entries.count <= Workout.maxExercises else { throw Failure(line: line, "a workout of more than \(Workout.maxExercises) exercises") }
        guard workout.entries[workout.entries.count - 1].sets.count <= Workout.maxSetsPerExercise else {
            throw Failure(line: line, "an exercise of more than \(Workout.maxSetsPerExercise) sets in one workout")
        }
        current = workout
    }

    /// The number in the first of `names` that the file has; nil when empty.
    private func number(_ value: (String) -> String, _ names: String..., line: Int) throws -> Double? {
        guard let name = names.first(where: { columns[$0] != nil }) else { return nil }
        let text = value(name)
        if text.isEmpty { return nil }
        guard let n = Self.number(format == .strongSemicolon ? text.replacingOccurrences(of: ",", with: ".") : text), n >= 0 else {
            throw Failure(line: line, "\(name) '\(text.prefix(20))' is not a number")
        }
        return n
    }

    static func number(_ text: String) -> Double? {
        guard !text.isEmpty, let n = Double(text), n.isFinite else { return nil }
        return n
    }

    static func setType(_ text: String, hevy: Bool, line: Int) throws -> SetType? {
        switch text.lowercased() {
        case "", "normal": return nil
        case "w", "warmup", "warm-up", "warm up": return .warmup
        case "d", "dropset", "drop", "drop set": return .drop
        case "f", "failure": return .failure
        default:
            if !hevy, let n = Int(text), n >= 0 { return nil }
            throw Failure(line: line, "'\(text.prefix(20))' is not a set order or type (a number, W, D or F; normal, warmup, dropset or failure)")
        }
    }

    /// "1h 5m", "45m", "50s", "1:05:00", or minutes alone.
    static func duration(_ text: String) -> Int? {
        let t = text.lowercased().trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return nil }
        if let minutes = Double(t) { return Int(minutes * 60) }
        let clock = t.split(separator: ":").compactMap { Int($0) }
        if clock.count == 3 { return clock[0] * 3600 + clock[1] * 60 + clock[2] }
        var total = 0, digits = "", any = false
        for ch in t {
            if ch.isNumber { digits.append(ch); continue }
            guard let n = Int(digits) else { digits = ""; continue }
            switch ch {
            case "h": total += n * 3600; any = true
            case "m": total += n * 60; any = true
            case "s": total += n; any = true
            default: break
            }
            digits = ""
        }
        return any && total <= 86_400 ? total : nil
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// A local date and time as the apps write it: "2024-08-13 7:32:05 AM" (any space before the
    /// AM, a narrow no-break one too), "2024-08-13 07:32:05", "2024-08-13T07:32:05Z", "13 Aug 2024, 07:32".
    public static func instant(_ text: String, _ zone: TimeZone) -> Date? {
        var t = text.lowercased()
        for space in ["\u{202F}", "\u{00A0}", "\u{2009}", ","] { t = t.replacingOccurrences(of: space, with: " ") }
        t = t.replacingOccurrences(of: "(?<=[0-9])t(?=[0-9])", with: " ", options: .regularExpression)
        var utc = false
        if t.hasSuffix("z") {
            utc = true
            t.removeLast()
        }
        let pm = t.hasSuffix("pm"), am = t.hasSuffix("am")
        if pm || am { t.removeLast(2) }
        var numbers: [Int] = []
        var month: Int?
        var word = "", digits = ""
        func flush() {
            if let n = Int(digits) { numbers.append(n) }
            if let m = months.firstIndex(where: { word.hasPrefix($0) }), word.count >= 3 { month = m + 1 }
            word = ""
            digits = ""
        }
        for ch in t {
            if ch.isASCII && ch.isNumber {
                if !word.isEmpty { flush() }
                digits.append(ch)
            } else if ch.isLetter {
                if !digits.isEmpty { flush() }
                word.append(ch)
            } else {
                flush()
            }
        }
        flush()
        var parts = DateComponents()
        if let month {
            guard numbers.count >= 2 else { return nil }  // 13 Aug 2024, 07:32
            (parts.day, parts.month, parts.year) = (numbers[0], month, numbers[1])
            numbers.removeFirst(2)
        } else {
            guard numbers.count >= 3 else { return nil }  // 2024-08-13 07:32:05
            (parts.year, parts.month, parts.day) = (numbers[0], numbers[1], numbers[2])
            numbers.removeFirst(3)
        }
        var hour = numbers.first ?? 0
        if pm && hour < 12 { hour += 12 }
        if am && hour == 12 { hour = 0 }
        parts.hour = hour
        parts.minute = numbers.count > 1 ? numbers[1] : 0
        parts.second = numbers.count > 2 ? numbers[2] : 0
        guard let y = parts.year, (1970...2999).contains(y), let m = parts.month, (1...12).contains(m), let d = parts.day, (1...31).contains(d),
              (0...23).contains(hour), (0...59).contains(parts.minute!), (0...60).contains(parts.second!) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc ? TimeZone(identifier: "UTC")! : zone
        guard let date = calendar.date(from: parts), calendar.component(.day, from: date) == d else { return nil }
        return date
    }
}
