/// A value one loop owns, carried through another thread (a body producer's) only to be used
/// back on that loop: strict checking cannot see thread ownership, so the carrying is declared here
/// once instead of unchecked at each use.
struct LoopBound<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
