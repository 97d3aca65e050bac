import Foundation

/// The exercises every Yaruki starts with (`rows`, in ExerciseCatalog+Rows.swift). The server adds
/// them at start when missing (the Training area's `ExerciseCatalog.ensure`).
public enum ExerciseCatalog {
    /// Raise it when `rows` changes, so that entries already stored take the new facts.
    public static let revision = 1

    public static let builtIn: [Exercise] = rows.split(separator: "\n").map { line in
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        precondition(f.count == 10, "a catalog line has 10 fields: \(line)")
        guard let kind = ExerciseKind(rawValue: f[1]), let category = ExerciseCategory(rawValue: f[2]) else {
            preconditionFailure("a catalog line holds an unknown kind or category: \(line)")
        }
        let list = { (text: String) in text.isEmpty ? [] : text.split(separator: ",").map(String.init) }
        return Exercise(id: f[0], category: category, muscles: list(f[5]), unit: kind.unit, names: ["en": f[7], "ja": f[8], "ko": f[9]],
                        builtIn: true, kind: kind, equipment: ExerciseEquipment(rawValue: f[3]), secondaryMuscles: list(f[6]),
                        level: f[4].isEmpty ? nil : f[4])
    }
}
