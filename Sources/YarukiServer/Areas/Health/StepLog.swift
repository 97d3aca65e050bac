import Foundation
import YarukiStore

/// What other areas may read of Health, inside a read of their own: a person's daily steps, as
/// Health merges its sources (a group's challenge counts them). Health provides it.
protocol StepLog: Sendable {
    /// The person's steps over days `first` to `last` (their local days).
    func steps(user: UUID, first: Int, last: Int, _ c: SQLConnection) throws -> Int
}
