import Foundation
import YarukiStore

/// Health: a person's daily numbers from their devices, goals, and Apple Health imports. Provides
/// `StepLog`; tells Accountability of new days through `GroupActivity`.
struct HealthArea: Area {
    static let demo = [DemoSeed.Step(name: "demo health") { context in try await HealthDemo.seed(context) }]

    let health: HealthService
    let routes: [any RouteCollection]
    let personalData: [any PersonalData]
    var jobs: [JobRunner.Kind] { health.imports.jobs }

    init(_ platform: AreaPlatform) throws {
        health = HealthService(context: platform.context, activity: platform.interfaces.later((any GroupActivity).self))
        platform.interfaces.provide((any StepLog).self, health)
        routes = [HealthRoutes(health: health)]
        personalData = [HealthData(health: health)]
    }
}
