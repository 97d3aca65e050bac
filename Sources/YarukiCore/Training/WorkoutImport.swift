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
    /// What a row holds, whatever the app calls it: each field's column, found once from the header.
    enum Field: Int, CaseIterable {
        case start, title, end, workoutNotes, duration, exercise, order, weight, weightUnit, reps, seconds, distance, distanceUnit, notes, rpe,
             superset, setIndex
    }

    /// The header's name for each field in `format`'s file (the first found, where the apps wrote two).
    static func header(_ field: Field, _ format: Format) -> [String] {
        let hevy = format == .hevy
        switch field {
        case .start: return [hevy ? "start_time" : "Date"]
        case .title: return [hevy ? "title" : "Workout Name"]
        case .end: return hevy ? ["end_time"] : []
        case .workoutNotes: return [hevy ? "description" : "Workout Notes"]
        case .duration: return hevy ? [] : [format == .strong ? "Duration" : "Workout Duration"]
        case .exercise: return [hevy ? "exercise_title" : "Exercise Name"]
        case .order: return [hevy ? "set_type" : "Set Order"]
        case .weight: return hevy ? ["weight_kg", "weight_lbs"] : ["Weight"]
        case .weightUnit: return hevy ? [] : ["Weight Unit"]
        case .reps: return [hevy ? "reps" : "Reps"]
        case .seconds: return [hevy ? "duration_seconds" : "Seconds"]
        case .distance: return hevy ? ["distance_km", "distance_miles"] : ["Distance"]
        case .distanceUnit: return hevy ? [] : ["Distance Unit"]
        case .notes: return [hevy ? "exercise_notes" : "Notes"]
        case .rpe: return [hevy ? "rpe" : "RPE"]
        case .superset: return hevy ? ["superset_id"] : []
        case .setIndex: return hevy ? ["set_index"] : []
        }
    }

    /// Each field's column (-1: the file has none) and its name in the file, for problems.
    let columns: [Int]
    let columnNames: [String]
    /// Hevy's file names its units in its columns.
    let hevyPounds: Bool
    let hevyMiles: Bool
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
        var found: [Int] = [], called: [String] = []
        for field in Field.allCases {
            let name = Self.header(field, format).first { names[$0] != nil }
            found.append(name.flatMap { names[$0] } ?? -1)
            called.append(name ?? "")
        }
        columns = found
        columnNames = called
        hevyPounds = format == .hevy && names["weight_kg"] == nil
        hevyMiles = format == .hevy && names["distance_km"] == nil
        self.timeZone = timeZone
        self.weightUnit = weightUnit
        self.distanceUnit = distanceUnit
    }

    /// Takes a row; hands on the workout before it when this one starts another.
    public mutating func take(_ row: [String], line: Int) throws -> Imported? {
        let columns = self.columns
        func value(_ field: Field) -> String {
            let i = columns[field.rawValue]
            guard i >= 0, i < row.count else { return "" }
            return Self.trimmed(row[i])
        }
        if row.count == 1, Self.trimmed(row[0]).isEmpty { return nil }
        let hevy = format == .hevy
        let startText = value(.start), title = value(.title)
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
                let endText = value(.end)
                if !endText.isEmpty {
                    guard let e = Self.instant(endText, timeZone) else { throw Failure(line: line, "'\(endText.prefix(40))' is not a date and time") }
                    end = e >= start ? e : nil
                }
            } else if let seconds = Self.duration(value(.duration)) {
                end = start.addingTimeInterval(Double(seconds))
            }
            current = Imported(key: key, title: title, startedAt: start, endedAt: end, notes: value(.workoutNotes),
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

    private mutating func takeSet(_ row: [String], line: Int, _ value: (Field) -> String) throws {
        let hevy = format == .hevy
        let name = value(.exercise)
        let order = value(.order)
        if !hevy, order.lowercased() == "rest timer" {
            // Strong writes the rest after a set as a row of its own.
            if let seconds = Self.number(value(.seconds)), let e = current?.entries.indices.last, let s = current?.entries[e].sets.indices.last {
                current?.entries[e].sets[s].restSeconds = min(3600, max(0, Int(seconds)))
            }
            return
        }
        guard !name.isEmpty else { throw Failure(line: line, "the exercise has no name") }
        var set = WorkoutSet()
        set.type = try Self.setType(order, hevy: hevy, line: line)
        let weight = try number(value, .weight, line: line)
        let unit: WeightUnit = switch format {
        case .hevy: hevyPounds ? .lb : .kg
        case .strongSemicolon: value(.weightUnit).lowercased().hasPrefix("lb") ? .lb : .kg
        case .strong: weightUnit
        }
        if let weight, weight > 0 { set.weightKg = ((unit == .lb ? weight * YarukiCore.WeightUnit.poundKg : weight) * 1000).rounded() / 1000 }
        if let reps = try number(value, .reps, line: line) {
            guard reps == reps.rounded(), (0...1000).contains(reps) else { throw Failure(line: line, "reps '\(reps)' is not a whole number from 0 to 1000") }
            set.reps = Int(reps)
        }
        if let seconds = try number(value, .seconds, line: line), seconds > 0 {
            guard seconds <= 86_400 else { throw Failure(line: line, "\(Int(seconds)) seconds is more than a day") }
            set.seconds = Int(seconds.rounded())
        }
        if let distance = try number(value, .distance, line: line), distance > 0 {
            let miles: Bool = switch format {
            case .hevy: hevyMiles
            case .strongSemicolon: value(.distanceUnit).lowercased().hasPrefix("mi")
            case .strong: distanceUnit == .mi
            }
            let metres = format == .strongSemicolon && value(.distanceUnit).lowercased() == "m" ? distance : distance * (miles ? 1609.344 : 1000)
            guard metres <= WorkoutSet.maxDistanceM else { throw Failure(line: line, "a distance of \(Int(metres)) m is more than 1000 km") }
            set.distanceM = metres.rounded()
        }
        if let rpe = try number(value, .rpe, line: line), rpe > 0 {
            guard WorkoutSet.rpeRange.contains(rpe) else { throw Failure(line: line, "RPE \(rpe) is not 6 to 10") }
            set.rpe = (rpe * 2).rounded() / 2
        }
        let notes = value(.notes)
        var group: Int?
        if hevy, let id = Self.number(value(.superset)) {
            let key = String(Int(id))
            if supersets[key] == nil { supersets[key] = supersets.count + 1 }
            group = supersets[key]
            guard let g = group, WorkoutEntry.supersetRange.contains(g) else { throw Failure(line: line, "more than 25 supersets in one workout") }
        }
        guard var workout = current else { return }
        // Another name or superset begins another entry; so does Hevy's first set of the same exercise again.
        let again = hevy && Self.number(value(.setIndex)) == 0
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

    /// The field's number; nil when empty (or the file has no such column).
    private func number(_ value: (Field) -> String, _ field: Field, line: Int) throws -> Double? {
        let text = value(field)
        if text.isEmpty { return nil }
        let decimal = format == .strongSemicolon && text.utf8.contains(UInt8(ascii: ",")) ? text.replacingOccurrences(of: ",", with: ".") : text
        guard let n = Self.number(decimal), n >= 0 else {
            throw Failure(line: line, "\(columnNames[field.rawValue]) '\(text.prefix(20))' is not a number")
        }
        return n
    }

    /// The text without spaces around it; most fields have none, and are given back untouched.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last, first == 0x20 || last == 0x20 || first == 0x09 || last == 0x09 else { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }

    static func number(_ text: String) -> Double? {
        guard !text.isEmpty, let n = Double(text), n.isFinite else { return nil }
        return n
    }

    static func setType(_ text: String, hevy: Bool, line: Int) throws -> SetType? {
        if !hevy, let n = Int(text), n >= 0 { return nil }  // Strong's working sets, numbered
        switch text.lowercased() {
        case "", "normal": return nil
        case "w", "warmup", "warm-up", "warm up": return .warmup
        case "d", "dropset", "drop", "drop set": return .drop
        case "f", "failure": return .failure
        default:
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
