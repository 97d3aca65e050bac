import Foundation
import Synchronization
import YarukiHTTP
import YarukiStore

/// An area of the app as the platform sees it: everything it plugs in, declared in one place.
/// `Areas.list` names every area once; the server, the demo and the CLI loop over it, so adding
/// an area is its own folder and one line there.
protocol Area: Sendable {
    /// Builds the area from the platform's services and the interfaces areas listed before it
    /// provide (an interface of a later area is found when first used, through `later`).
    init(_ platform: AreaPlatform) throws
    /// Its demo steps, run in the list's order (each idempotent: seeding twice changes nothing).
    static var demo: [DemoSeed.Step] { get }
    /// What it tells people in the inbox.
    static var notificationKinds: [NotificationKind] { get }
    /// Done once a database is migrated, before serving (rows the area's code relies on).
    static func prepare(_ database: Database) async throws
    /// Its HTTP surface.
    var routes: [any RouteCollection] { get }
    /// What it holds for a person, for deletion and export.
    var personalData: [any PersonalData] { get }
    /// The record types devices sync offline.
    var syncZones: [any SyncZone] { get }
    /// Background work any node may run.
    var jobs: [JobRunner.Kind] { get }
    /// What it reports on `/metrics`.
    var gauges: [HTTPMetrics.Gauge] { get }
    /// Starts what it runs beside requests (a Kafka reader), once the server listens.
    func start()
    /// Stops it; work in flight gets `grace` seconds.
    func stop(grace: Double)
}

extension Area {
    static var demo: [DemoSeed.Step] { [] }
    static var notificationKinds: [NotificationKind] { [] }
    static func prepare(_: Database) async throws {}
    var personalData: [any PersonalData] { [] }
    var syncZones: [any SyncZone] { [] }
    var jobs: [JobRunner.Kind] { [] }
    var gauges: [HTTPMetrics.Gauge] { [] }
    func start() {}
    func stop(grace _: Double) {}
}

/// What an area is built from: the context, the platform's inbox, every area's part of a person
/// (complete once all are built), and the interfaces areas provide each other.
struct AreaPlatform: Sendable {
    let context: AppContext
    let inbox: Inbox
    let personalData: PersonalDataList
    let interfaces: Interfaces
}

/// The narrow interfaces areas provide each other (`WorkoutLog`, `ProofLog`…), by their protocol:
/// an area asks for the protocol, never for the area behind it.
final class Interfaces: Sendable {
    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "no area provides \(name); an area that needs it is listed before the one that provides it" }
    }

    private let provided = Mutex<[ObjectIdentifier: any Sendable]>([:])

    func provide<T>(_ type: T.Type, _ value: T) where T: Sendable {
        provided.withLock { $0[ObjectIdentifier(type)] = value }
    }

    /// One provided by an area listed earlier.
    func need<T>(_ type: T.Type) throws -> T {
        guard let value = provided.withLock({ $0[ObjectIdentifier(type)] }) as? T else { throw Missing(name: "\(type)") }
        return value
    }

    /// One any area provides, found when first used (areas that need each other).
    func later<T>(_ type: T.Type) -> Later<T> where T: Sendable { Later(interfaces: self) }

    struct Later<T: Sendable>: Sendable {
        let interfaces: Interfaces
        func get() throws -> T { try interfaces.need(T.self) }
    }
}

/// Every area's part of a person, in the list's order; set once every area is built.
final class PersonalDataList: Sendable {
    private let list = Mutex<[any PersonalData]>([])
    var all: [any PersonalData] { list.withLock { $0 } }
    func set(_ areas: [any PersonalData]) { list.withLock { $0 = areas } }
}
