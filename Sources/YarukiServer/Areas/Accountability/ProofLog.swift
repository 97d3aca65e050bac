import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// What other areas may read of a person's proofs, inside a read of their own (the lifelog's
/// timeline): the rows, and each as its owner sees it, with signed links. Accountability
/// implements it; no other area names its store.
protocol ProofLog: Sendable {
    /// The person's proofs recorded in [from, to), with their files, answered later: the query
    /// goes out with the next one waited for (read it inside the read).
    func proofs(user: UUID, from: Date, to: Date, _ c: SQLConnection) throws -> Later<[(Proof, MediaRow)]>
    /// A proof as its owner sees it.
    func info(_ proof: Proof, _ row: MediaRow) -> ProofInfo
}

extension ProofService: ProofLog {
    func proofs(user: UUID, from: Date, to: Date, _ c: SQLConnection) throws -> Later<[(Proof, MediaRow)]> {
        try ProofStore.proofsLater(user: user, from: from, to: to, c)
    }
}
