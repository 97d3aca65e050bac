import Foundation
import YarukiCore
import YarukiHTTP
import YarukiStore

/// Signage: sales boards counted live on every wall screen, fed by the API or a Kafka topic.
/// Provides `SalesLedger` to the areas that take money.
struct SignageArea: Area {
    static let demo = [DemoSeed.Step(name: "demo sales board") { context in
        context.interfaces.provide((any SalesBook).self, SignageSalesBook())
        try await SignageDemo.seed(context)
    }]

    let signage: SignageService
    let routes: [any RouteCollection]

    /// A board's milestone, to the admin who made it.
    static let milestone = NotificationKind("boardMilestone", words: .init(one: [
        .en: "A sales board you made reached a milestone", .ja: "あなたが作った売上ボードが節目に届きました", .ko: "내가 만든 매출 보드가 목표 지점에 도달했어요",
    ]), opens: { _ in "/#/signage" })
    static let notificationKinds = [milestone]
    let personalData: [any PersonalData] = [SignageData()]

    init(_ platform: AreaPlatform) throws {
        let context = platform.context
        let hub = SignageHub(database: context.database, bus: context.bus, inbox: platform.inbox, clock: context.clock)
        let kafka = try context.settings.kafka.map { try SalesFromKafka(setting: $0, hub: hub, database: context.database, node: context.jobs.node, clock: context.clock) }
        signage = SignageService(context: context, hub: hub, kafka: kafka)
        platform.interfaces.provide((any SalesLedger).self, hub)
        routes = [SignageRoutes(signage: signage), PlaylistRoutes(signage: signage)]
    }

    func start() { signage.kafka?.start() }

    func stop(grace: Double) { signage.kafka?.stop(waiting: grace) }

    /// What this node's Kafka reader has done: messages per partition, lag, dead letters, the last commit.
    var gauges: [HTTPMetrics.Gauge] {
        guard let kafka = signage.kafka else { return [] }
        return [
            HTTPMetrics.Gauge(name: "yaruki_kafka_consumed", help: "Kafka messages this node has read since start, per partition.") {
                kafka.snapshot.consumed.sorted { $0.key < $1.key }.map { ("partition=\"\($0.key)\"", Double($0.value)) }
            },
            HTTPMetrics.Gauge(name: "yaruki_kafka_lag", help: "Messages in each partition this node holds that it has not read yet.") {
                SalesFromKafka.partitions(kafka.snapshot).compactMap { p in p.lag.map { ("partition=\"\(p.partition)\"", Double($0)) } }
            },
            HTTPMetrics.Gauge(name: "yaruki_kafka_dead_letters", help: "Kafka messages this node put in the dead letters since start.") {
                [("", Double(kafka.snapshot.deadLetters))]
            },
            HTTPMetrics.Gauge(name: "yaruki_kafka_last_commit_seconds", help: "When this node last committed offsets (seconds since 1970; 0: not yet).") {
                [("", kafka.snapshot.lastCommit?.timeIntervalSince1970 ?? 0)]
            },
            HTTPMetrics.Gauge(name: "yaruki_kafka_connected", help: "1 while this node is a member of its consumer group and reaches the brokers.") {
                [("", kafka.snapshot.connected ? 1 : 0)]
            },
        ]
    }
}

/// Money another area took or gave back, counted on the walls in the same transaction as that
/// area's own change (`also`); a sale recorded twice counts once. Returns the sales newly counted.
protocol SalesLedger: Sendable {
    func record(_ sales: [SaleEvent], at now: Date, also: ((SQLConnection) throws -> Void)?) async throws -> [SaleEvent]
}

extension SignageHub: SalesLedger {}

/// Sales written inside another area's transaction, before any server runs (the demo's class
/// orders): what the Signage demo step offers the steps after it.
protocol SalesBook: Sendable {
    func enter(_ sales: [SaleEvent], at now: Date, _ c: SQLConnection) throws
}

struct SignageSalesBook: SalesBook {
    func enter(_ sales: [SaleEvent], at now: Date, _ c: SQLConnection) throws { _ = try SignageStore.ingest(sales, at: now, c) }
}
