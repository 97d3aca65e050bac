import Foundation

/// Which exercise of the catalog a name from another app means: the one the person chose last
/// time, else a name equal to one of the catalog's (in any language), else the name before the
/// parentheses done with the equipment inside them ("Bench Press (Dumbbell)"), else the most
/// similar name when it is close enough. A name none of these finds is the person's to map.
public struct ExerciseMatcher: Sendable {
    public enum How: String, Codable, Sendable, CaseIterable {
        case remembered, exact, equipment, similar, none
    }

    public struct Match: Equatable, Sendable {
        public var exerciseId: String?
        public var how: How
        /// Close candidates, best first, for the person to choose among.
        public var suggestions: [String]
    }

    let items: [Exercise]
    let remembered: [String: String]
    private let byName: [String: String]
    private let grams: [(id: String, grams: Set<String>)]

    /// Similar enough to be taken without asking (Dice over letter pairs).
    public static let closeEnough = 0.8

    public init(_ items: [Exercise], remembered: [String: String] = [:]) {
        self.items = items
        let ids = Set(items.map(\.id))
        self.remembered = remembered.filter { ids.contains($0.value) }
        var names: [String: String] = [:]
        for e in items.sorted(by: { $0.id < $1.id }) {
            for language in AppLanguage.allCases {
                if let name = e.names[language.rawValue], names[ExerciseSearch.fold(name)] == nil { names[ExerciseSearch.fold(name)] = e.id }
            }
        }
        byName = names
        grams = items.map { ($0.id, Self.pairs($0.names["en"] ?? $0.id)) }
    }

    public func match(_ name: String) -> Match {
        if let id = remembered[name] { return Match(exerciseId: id, how: .remembered, suggestions: []) }
        let folded = ExerciseSearch.fold(name)
        if let id = byName[folded] { return Match(exerciseId: id, how: .exact, suggestions: []) }
        let ranked = similar(name)
        if let open = name.lastIndex(of: "("), let close = name.lastIndex(of: ")"), open < close {
            let base = String(name[..<open]), inside = String(name[name.index(after: open)..<close])
            let equipment = ExerciseEquipment.allCases.first { e in
                e.names.contains { ExerciseSearch.fold($0) == ExerciseSearch.fold(inside) } || ExerciseSearch.fold(e.rawValue) == ExerciseSearch.fold(inside)
            }
            if let equipment {
                // Those done with it whose name holds the base's words, closest to the base once the
                // equipment's own words are left out ("Barbell Squat" is "Squat (Barbell)"); the shorter on a tie.
                let found = ExerciseSearch.search(items, query: base, equipment: equipment)
                let words = equipment.names.map(ExerciseSearch.fold) + [ExerciseSearch.fold(equipment.rawValue)]
                let target = Self.pairs(base)
                let ranked = found.map { e -> (Exercise, Double) in
                    var name = ExerciseSearch.fold(e.names["en"] ?? e.id)
                    for word in words where !word.isEmpty { name = name.replacingOccurrences(of: word, with: "") }
                    return (e, Self.dice(target, Self.pairs(name)))
                }.sorted { $0.1 > $1.1 }  // a stable sort: the search's order settles a tie
                if let best = ranked.first?.0 { return Match(exerciseId: best.id, how: .equipment, suggestions: Array(ranked.prefix(5).map(\.0.id))) }
            }
            if let id = byName[ExerciseSearch.fold(base)] { return Match(exerciseId: id, how: .equipment, suggestions: Array(ranked.prefix(5).map(\.id))) }
        }
        if let best = ranked.first, best.score >= Self.closeEnough {
            return Match(exerciseId: best.id, how: .similar, suggestions: Array(ranked.prefix(5).map(\.id)))
        }
        return Match(exerciseId: nil, how: .none, suggestions: Array(ranked.prefix(5).map(\.id)))
    }

    /// The catalog's names by likeness to `name`, best first.
    func similar(_ name: String) -> [(id: String, score: Double)] {
        let mine = Self.pairs(name)
        guard !mine.isEmpty else { return [] }
        var scored: [(id: String, score: Double)] = []
        for (id, theirs) in grams {
            guard !mine.isDisjoint(with: theirs) else { continue }
            scored.append((id, Self.dice(mine, theirs)))
        }
        return scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id }
    }

    static func dice(_ a: Set<String>, _ b: Set<String>) -> Double {
        a.isEmpty && b.isEmpty ? 1 : 2 * Double(a.intersection(b).count) / Double(a.count + b.count)
    }

    /// Pairs of neighbouring letters of the folded name.
    static func pairs(_ name: String) -> Set<String> {
        let letters = Array(ExerciseSearch.fold(name))
        guard letters.count > 1 else { return Set(letters.map(String.init)) }
        return Set((0..<(letters.count - 1)).map { String(letters[$0...$0 + 1]) })
    }
}
