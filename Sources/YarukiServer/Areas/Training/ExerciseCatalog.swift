import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// The exercises every Yaruki starts with. Added once at start when missing; admins edit them
/// from there, and a later release may add more without touching theirs.
enum ExerciseCatalog {
    static func e(_ id: String, _ category: ExerciseCategory, _ unit: ExerciseUnit, _ muscles: [String],
                  _ en: String, _ ja: String, _ ko: String) -> Exercise {
        Exercise(id: id, category: category, muscles: muscles, unit: unit, names: ["en": en, "ja": ja, "ko": ko], builtIn: true)
    }

    static let builtIn: [Exercise] = [
        e("squat", .bodyweight, .reps, ["quadriceps", "glutes"], "Squat", "スクワット", "스쿼트"),
        e("push-up", .bodyweight, .reps, ["chest", "triceps", "shoulders"], "Push-up", "腕立て伏せ", "푸시업"),
        e("sit-up", .core, .reps, ["abdominals"], "Sit-up", "腹筋（シットアップ）", "윗몸일으키기"),
        e("crunch", .core, .reps, ["abdominals"], "Crunch", "クランチ", "크런치"),
        e("plank", .core, .seconds, ["abdominals", "lower back"], "Plank", "プランク", "플랭크"),
        e("side-plank", .core, .seconds, ["obliques"], "Side plank", "サイドプランク", "사이드 플랭크"),
        e("lunge", .bodyweight, .reps, ["quadriceps", "glutes", "hamstrings"], "Lunge", "ランジ", "런지"),
        e("burpee", .cardio, .reps, ["full body"], "Burpee", "バーピー", "버피"),
        e("jumping-jack", .cardio, .reps, ["full body"], "Jumping jack", "ジャンピングジャック", "팔벌려뛰기"),
        e("mountain-climber", .cardio, .reps, ["abdominals", "shoulders"], "Mountain climber", "マウンテンクライマー", "마운틴 클라이머"),
        e("pull-up", .bodyweight, .reps, ["back", "biceps"], "Pull-up", "懸垂", "풀업"),
        e("dip", .bodyweight, .reps, ["triceps", "chest"], "Dip", "ディップス", "딥스"),
        e("glute-bridge", .bodyweight, .reps, ["glutes", "hamstrings"], "Glute bridge", "ヒップリフト", "글루트 브릿지"),
        e("wall-sit", .bodyweight, .seconds, ["quadriceps"], "Wall sit", "空気椅子", "월 싯"),
        e("bench-press", .strength, .reps, ["chest", "triceps", "shoulders"], "Bench press", "ベンチプレス", "벤치프레스"),
        e("deadlift", .strength, .reps, ["hamstrings", "glutes", "lower back"], "Deadlift", "デッドリフト", "데드리프트"),
        e("barbell-squat", .strength, .reps, ["quadriceps", "glutes"], "Barbell squat", "バーベルスクワット", "바벨 스쿼트"),
        e("overhead-press", .strength, .reps, ["shoulders", "triceps"], "Overhead press", "ショルダープレス", "오버헤드 프레스"),
        e("barbell-row", .strength, .reps, ["back", "biceps"], "Barbell row", "ベントオーバーロウ", "바벨 로우"),
        e("dumbbell-curl", .strength, .reps, ["biceps"], "Dumbbell curl", "ダンベルカール", "덤벨 컬"),
        e("hamstring-stretch", .stretch, .seconds, ["hamstrings"], "Hamstring stretch", "ハムストリングのストレッチ", "햄스트링 스트레칭"),
        e("quad-stretch", .stretch, .seconds, ["quadriceps"], "Quad stretch", "太もも前のストレッチ", "대퇴사두 스트레칭"),
        e("shoulder-stretch", .stretch, .seconds, ["shoulders"], "Shoulder stretch", "肩のストレッチ", "어깨 스트레칭"),
        e("childs-pose", .stretch, .seconds, ["lower back"], "Child's pose", "チャイルドポーズ", "아기 자세"),
    ]

    /// Adds the built-in exercises that are missing; changes nothing else.
    static func ensure(_ database: Database, now: Date = Date()) async throws {
        let catalog = builtIn
        _ = try await database.transaction { c in
            for exercise in catalog { try TrainingStore.upsert(exercise, replace: false, at: now, c) }
        }
    }
}
