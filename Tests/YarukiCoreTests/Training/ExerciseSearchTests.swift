import Foundation
import Testing
import YarukiCore

@Suite struct ExerciseSearchTests {
    let catalog = ExerciseCatalog.builtIn

    @Test func textIsFoldedAcrossScriptsWidthsAndSpacing() {
        #expect(ExerciseSearch.fold("べんち　プレス") == "ベンチプレス")
        #expect(ExerciseSearch.fold("Ｂｅｎｃｈ-Press (Dumbbell)") == "benchpressdumbbell")
        #expect(ExerciseSearch.fold("덤벨 벤치 프레스") == "덤벨벤치프레스")
        #expect(ExerciseSearch.fold("ﾍﾞﾝﾁ") == "ベンチ", "half-width katakana")
    }

    @Test func everyWordMustBeFoundInANameOrTheEquipment() {
        let dumbbellBench = ExerciseSearch.search(catalog, query: "ダンベル ベンチ", language: "ja").map(\.id)
        #expect(dumbbellBench.first == "dumbbell-bench-press")
        #expect(dumbbellBench.allSatisfy { id in catalog.first { $0.id == id }?.haystack.contains("ダンベル") == true })
        #expect(!dumbbellBench.contains("bench-press"))
        // The barbell bench press is named without its bar; its equipment finds it.
        #expect(ExerciseSearch.search(catalog, query: "바벨 벤치", language: "ko").map(\.id).contains("bench-press"))
        #expect(ExerciseSearch.search(catalog, query: "no such thing").isEmpty)
    }

    @Test func recentOnesThenANameThatStartsWithTheQueryThenShortOnesComeFirst() {
        #expect(ExerciseSearch.search(catalog, query: "ベンチ", language: "ja").first?.id == "bench-press")
        let recent = ["dumbbell-bench-press", "incline-dumbbell-press"]
        let withRecent = ExerciseSearch.search(catalog, query: "", language: "en", recent: recent).map(\.id)
        #expect(Array(withRecent.prefix(2)) == recent, "recently used first when nothing is typed")
        #expect(ExerciseSearch.search(catalog, query: "bench", recent: recent).first?.id == "dumbbell-bench-press")
        let chest = ExerciseSearch.search(catalog, query: "", muscle: "chest", equipment: .dumbbell)
        #expect(!chest.isEmpty && chest.allSatisfy { $0.equipment == .dumbbell && ($0.muscles + $0.secondaryMuscles).contains("chest") })
    }

    /// What the browser's copy (web/js/training/search.js) must answer, over the real catalog.
    static let queries: [(String, String, String?, ExerciseEquipment?, [String])] = [
        ("ベンチ", "ja", nil, nil, []), ("べんち", "ja", nil, nil, []), ("벤치", "ko", nil, nil, []), ("bench", "en", nil, nil, []),
        ("bench", "en", nil, nil, ["dumbbell-bench-press"]), ("덤벨", "ko", nil, nil, []), ("ダンベル ベンチ", "ja", nil, nil, []),
        ("dumbbell bench", "en", nil, nil, []), ("바벨 벤치", "ko", nil, nil, []), ("スクワット", "ja", nil, .barbell, []),
        ("", "en", "lats", nil, []), ("", "ko", "chest", .cable, ["cable-crossover"]), ("curl", "en", "biceps", .ezBar, []),
        ("ＰＵＳＨ", "en", nil, nil, []), ("ﾌﾟﾙ", "ja", nil, nil, []), ("스트레칭 햄스트링", "ko", nil, nil, []), ("deadlift", "ja", nil, nil, []),
        ("", "ja", nil, .kettlebell, []), ("zzz", "en", nil, nil, []),
    ]

    struct Vector: Codable {
        var query: String
        var language: String
        var muscle: String?
        var equipment: String?
        var recent: [String]
        var ids: [String]
    }

    @Test func vectorsForTheBrowserAreUpToDate() throws {
        let vectors = Self.queries.map { q, language, muscle, equipment, recent in
            Vector(query: q, language: language, muscle: muscle, equipment: equipment?.rawValue, recent: recent,
                   ids: ExerciseSearch.search(catalog, query: q, language: language, muscle: muscle, equipment: equipment, recent: recent).map(\.id))
        }
        #expect(vectors.filter { !$0.ids.isEmpty }.count >= 17)
        #expect(try BrowserVectors.isUpToDate(vectors, file: "exercise-search.json"),
                "web/tests/vectors/exercise-search.json was out of date and has been rewritten: commit it")
    }
}

extension Exercise {
    var haystack: String { ExerciseSearch.haystack(self) }
}
