import Foundation
import YarukiCore

// The domain's own values that travel as they are: their wire form is their Codable form.

extension Account: APIModel {
    public static let example = Account(id: Example.personID, email: "mina@yaruki.example", displayName: "Mina", timeZone: "Asia/Tokyo",
                                        locale: .ja, weekStart: .monday, role: .member, hasPassword: true, emailVerified: true,
                                        createdAt: Example.instant, weightUnit: .kg)
}

extension SessionInfo: APIModel {
    public static let example = SessionInfo(id: Example.otherID, device: "Safari on iPhone", createdAt: Example.instant,
                                            lastUsedAt: Example.instant, current: true)
}

extension Exercise: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = [
        "id": .matching(Exercise.idPattern), "muscles": .list(0...Exercise.maxMuscles, .line(max: Exercise.maxMuscle)),
        "names": .languageNames(max: Exercise.maxName, all: true),
        "videoURL": FieldRule(maxLength: Exercise.maxVideoURL, pattern: Exercise.videoURLPattern),
        "secondaryMuscles": .list(0...Exercise.maxMuscles, .line(max: Exercise.maxMuscle)), "level": .words(Exercise.levels),
    ]

    public static let example = Exercise(id: "push-up", category: .bodyweight, muscles: ["chest", "triceps"], unit: .reps,
                                         names: ["en": "Push-up", "ja": "腕立て伏せ", "ko": "푸시업"], videoURL: "https://example.org/push-up.mp4",
                                         builtIn: true)
}

extension WorkoutSet: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = ["reps": .integer(0...1000), "seconds": .integer(0...86_400), "weightKg": .number(0...1000),
                                                    "restSeconds": .integer(0...3600), "rpe": .effort, "rir": .integer(WorkoutSet.rirRange),
                                                    "distanceM": .number(0...WorkoutSet.maxDistanceM)]

    public static let example = WorkoutSet(reps: 12, seconds: 40, weightKg: 20, restSeconds: 60, type: .working, rpe: 8.5, distanceM: 0)
}

extension FieldRule {
    /// RPE: 6 to 10 in halves.
    public static let effort = FieldRule(minimum: WorkoutSet.rpeRange.lowerBound, maximum: WorkoutSet.rpeRange.upperBound, multipleOf: 0.5)
}

extension SetType: APIEnumeration {}

extension WorkoutEntry: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = ["exerciseId": .matching(Exercise.idPattern), "sets": .list(1...Workout.maxSetsPerExercise),
                                                    "notes": .paragraph(max: WorkoutEntry.maxNotes), "superset": .integer(WorkoutEntry.supersetRange)]

    public static let example = WorkoutEntry(exerciseId: "squat", sets: [WorkoutSet.example], notes: "Belt from the third set", superset: 1)
}

extension Workout: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = WorkoutBody.rules

    public static let example = Workout(id: Example.otherID, startedAt: Example.instant, endedAt: Example.instant.addingTimeInterval(2700),
                                        notes: "Felt strong today.", exercises: [WorkoutEntry.example])
}

extension QuotaChange: APIModel {
    public static let example = QuotaChange(effectiveWeek: "2026-11-30", days: 3)
}

extension WeekStanding: APIModel {
    public static let example = WeekStanding(week: "2026-11-30", done: 2, quota: 3, status: .onTrack, days: ["2026-11-30", "2026-12-02"])
}

extension RoutineItem: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = ["exerciseId": .matching(Exercise.idPattern), "sets": .integer(1...20), "reps": .integer(1...500),
                                                    "seconds": .integer(1...3600), "restSeconds": .integer(0...600),
                                                    "superset": .integer(WorkoutEntry.supersetRange)]

    /// A plank is held for seconds: an item counts reps or seconds, never both.
    public static let example = RoutineItem(exerciseId: "plank", sets: 3, seconds: 40, restSeconds: 30)
}

extension RoutineDraft: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = ["title": .line(max: RoutineDraft.maxTitle),
                                                    "description": .paragraph(max: RoutineDraft.maxDescription),
                                                    "items": .list(1...RoutineDraft.maxItems)]

    public static let example = RoutineDraft(title: "Beginner core", description: "Plank and sit-ups.", isPublic: true, items: [RoutineItem.example])
}

extension GeoPoint: APIModel {
    public static let example = GeoPoint(latitude: 60.1699, longitude: 24.9384)
}

extension SalesBoard: APIModel {
    public static let example = SalesBoard(id: Example.otherID, title: "Winter beauty sale", currency: "JPY", startsAt: Example.instant,
                                           endsAt: Example.instant.addingTimeInterval(4 * 86_400), campaign: "winter-beauty", channel: "online",
                                           goal: 50_000_000, timeZone: "Asia/Tokyo", milestones: BoardMilestones.example)
}

extension SignagePlaylist: APIModel {
    public static let example = SignagePlaylist(id: Example.otherID, title: "Shop floor", boards: [Example.otherID, Example.personID], seconds: 20,
                                                layout: .rotate, updatedAt: Example.instant)
}

extension BoardMilestones: APIModel {
    public static let example = BoardMilestones(every: 1_000_000, goal: true, recordDay: true)
}

extension Milestone: APIModel {
    public static let example = Milestone(key: "every-1000000", kind: .every, amount: 1_000_000, reachedAt: Example.instant)
}

extension SalesRank: APIModel {
    public static let example = SalesRank(key: "LIP-204", name: "Rose lip balm", amount: 48_000, sales: 15, at: Example.instant)
}

extension SalesPace.Point: APIModel {
    public static let example = SalesPace.Point(minute: 600, amount: 42_000)
}

extension SalesPace: APIModel {
    public static let example = SalesPace(day: "2026-12-04", timeZone: "Asia/Tokyo", today: [Point.example], yesterday: [Point(minute: 1440, amount: 120_000)],
                                          lastWeek: [Point(minute: 1440, amount: 98_000)], todayTotal: 42_000, yesterdayAtThisTime: 38_000,
                                          lastWeekAtThisTime: 30_500, projection: 131_000, projectedTotal: 51_200_000, goalMet: true)
}

extension PaceChange: APIModel {
    public static let example = PaceChange(todayTotal: 45_000, yesterdayAtThisTime: 38_400, lastWeekAtThisTime: 30_900, projection: 139_000,
                                           projectedTotal: 51_210_000, goalMet: true, todayFrom: 40, today: [SalesPace.Point(minute: 601, amount: 45_000)],
                                           yesterday: nil, lastWeek: nil)
}

extension BoardTotals.Channel: APIModel {
    public static let example = BoardTotals.Channel(channel: "online", amount: 128_000, sales: 31)
}

extension BoardTotals.Hour: APIModel {
    public static let example = BoardTotals.Hour(start: Example.instant, amount: 12_800)
}

extension BoardTotals: APIModel {
    public static let example = BoardTotals(board: SalesBoard.example, total: 128_000, sales: 31, channels: [Channel.example],
                                            hours: [Hour.example], pace: SalesPace.example, orders: 30, refunded: 2_400, products: [SalesRank.example],
                                            stores: [SalesRank(key: "Shibuya", name: nil, amount: 96_000, sales: 22, at: Example.instant)], version: 7,
                                            at: Example.instant)
}

extension BoardChange: APIModel {
    public static let example = BoardChange(version: 8, total: 131_000, sales: 32, channels: [BoardTotals.Channel.example],
                                            hours: [BoardTotals.Hour.example], pace: PaceChange.example, orders: 31, refunded: 2_400,
                                            products: [SalesRank.example], stores: nil, at: Example.instant)
}

extension SaleEvent: APIModel, RuledModel {
    public static let rules: [String: FieldRule] = [
        "id": .matching(SaleEvent.idPattern), "amount": .number(-Double(SaleEvent.maxAmount)...Double(SaleEvent.maxAmount)),
        "currency": .matching(Currency.pattern), "channel": .matching(SaleEvent.channelPattern), "campaign": .matching(SaleEvent.campaignPattern),
        "product": .matching(SaleEvent.labelPattern), "productName": .matching(SaleEvent.labelPattern), "store": .matching(SaleEvent.labelPattern),
        "staff": .matching(SaleEvent.labelPattern),
    ]

    public static let example = SaleEvent(id: "till-3-000184", amount: 3_200, currency: "JPY", occurredAt: Example.instant, channel: "store",
                                          campaign: "winter-beauty", product: "LIP-204", productName: "Rose lip balm", store: "Shibuya",
                                          staff: "Aoi")
}

extension Board: APIEnumeration {}
extension Role: APIEnumeration {}
extension WeekStart: APIEnumeration {}
extension WeightUnit: APIEnumeration {}
extension AppLanguage: APIEnumeration {}
extension StandingStatus: APIEnumeration {}
extension SignagePlaylist.Layout: APIEnumeration {}
extension QuotaPause.Reason: APIEnumeration {}
extension ChallengeMetric: APIEnumeration {}
extension LifelogKind: APIEnumeration {}
extension LifelogSource: APIEnumeration {}
extension TravelMode: APIEnumeration {}
extension LifelogRange.Kind: APIEnumeration {}
extension ExerciseCategory: APIEnumeration {}
extension ExerciseUnit: APIEnumeration {}
extension ExerciseKind: APIEnumeration {}
extension ExerciseEquipment: APIEnumeration {}
