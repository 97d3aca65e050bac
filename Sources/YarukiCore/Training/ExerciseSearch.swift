import Foundation

/// Finding an exercise among the catalog's hundreds, by any of its names in any language, with or
/// without its equipment: "ベンチ", "bench", "덤벨 벤치" and "べんち" all find the bench presses.
/// Text is folded (compatibility forms, lower case, hiragana as katakana, no spaces or
/// punctuation) and each word of the query must be found in the exercise's names or its
/// equipment's names. The browser's copy (`web/js/training/search.js`) answers the same, checked
/// against the vectors the Swift tests write.
public enum ExerciseSearch {
    /// The text as searched: NFKC, lower case, hiragana as katakana, letters, digits and marks only.
    public static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.precomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            if (0x3041...0x3096).contains(scalar.value), let katakana = Unicode.Scalar(scalar.value + 0x60) {
                out.append(katakana)
            } else if CharacterSet.alphanumerics.contains(scalar) || scalar == "ー" {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// An exercise's names and its equipment's, folded, each after a space.
    public static func haystack(_ e: Exercise) -> String {
        var words = AppLanguage.allCases.compactMap { e.names[$0.rawValue] }
        words += e.equipment?.names ?? []
        return words.map { " " + fold($0) }.joined()
    }

    /// The exercises that match `query`, `muscle` (primary or secondary) and `equipment`, best first:
    /// those used lately (`recent`, the latest first), then a name in `language` that starts with
    /// the query, then the shorter name, then by name in `language`.
    public static func search(_ items: [Exercise], query: String, language: String = "en", muscle: String? = nil,
                              equipment: ExerciseEquipment? = nil, recent: [String] = []) -> [Exercise] {
        let words = query.split(whereSeparator: \.isWhitespace).map { fold(String($0)) }.filter { !$0.isEmpty }
        let lead = fold(query)
        let used = Dictionary(recent.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var ranked: [(rank: (Int, Int, Int), name: String, exercise: Exercise)] = []
        for e in items {
            if let equipment, e.equipment != equipment { continue }
            if let muscle, !e.muscles.contains(muscle), !e.secondaryMuscles.contains(muscle) { continue }
            let name = e.names[language] ?? e.names["en"] ?? e.id
            if !words.isEmpty {
                let hay = haystack(e)
                guard words.allSatisfy({ hay.contains($0) }) else { continue }
            }
            let folded = fold(name)
            let starts = !lead.isEmpty && folded.hasPrefix(lead) ? 0 : 1
            ranked.append(((used[e.id] ?? Int.max, starts, folded.unicodeScalars.count), folded, e))
        }
        ranked.sort { a, b in a.rank != b.rank ? a.rank < b.rank : (a.name != b.name ? a.name < b.name : a.exercise.id < b.exercise.id) }
        return ranked.map(\.exercise)
    }
}
