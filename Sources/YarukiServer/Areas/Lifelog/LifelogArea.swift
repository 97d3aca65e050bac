import Foundation
import YarukiStore

/// Lifelog: memos, check-ins, photos and voice notes through the day, location history brought
/// in from elsewhere, and their playback on a map with routes between them. Reads a day's workouts and proofs through `WorkoutLog` and
/// `ProofLog`.
struct LifelogArea: Area {
    static let demo = [DemoSeed.Step(name: "demo lifelog") { context in try await LifelogDemo.seed(context) }]

    static func prepare(_ database: Database) async throws {
        // Records whose stored JSON is missing or older than their last change.
        while try await database.transaction({ c in try LifelogService.writeUnwritten(limit: 500, c) }) == 500 {}
    }

    let lifelog: LifelogService
    let routes: [any RouteCollection]
    let personalData: [any PersonalData]
    let syncZones: [any SyncZone]
    let jobs: [JobRunner.Kind]

    init(_ platform: AreaPlatform) throws {
        let (context, settings) = (platform.context, platform.context.settings)
        var map: MapData?
        if !settings.maps.isEmpty {
            do { map = try MapData.shared(settings.maps) } catch { throw SettingError(setting: "--map", reason: "\(error)") }
        }
        lifelog = LifelogService(context: context, proofs: try platform.interfaces.need((any ProofLog).self),
                                 workouts: try platform.interfaces.need((any WorkoutLog).self), plans: PlaybackParts(),
                                 placeNear: { [map] point in map?.name(near: point) })
        let provider: (any RouteProvider)? = settings.osrmURL.map { OSRMRouter(base: $0) }
            ?? map.map { BuiltInRouter(map: $0, width: max(1, settings.http.loops)) }
        let playback = PlaybackService(lifelog: lifelog, book: RouteBook(provider: provider, database: context.database, clock: context.clock),
                                       credit: map != nil || settings.tileURL != nil ? MapData.credit : nil)
        let imports = LifelogImports(context: context, lifelog: lifelog)
        jobs = imports.jobs
        routes = [LifelogRoutes(lifelog: lifelog), LifelogImportRoutes(imports: imports),
                  PlaybackRoutes(playback: playback, map: map, tileURL: settings.tileURL,
                                 router: settings.osrmURL != nil ? "osrm" : map != nil ? "builtin" : "none")]
        personalData = [LifelogData(lifelog: lifelog)]
        syncZones = [LifelogSync(lifelog: lifelog)]
    }
}
