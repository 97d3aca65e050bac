/// A closure or connection handed to one worker thread while the caller waits for its result
/// (the caller touches it no more until then): strict checking cannot see that hand-over, so it
/// is declared here once instead of unchecked at each use.
struct HandedOver<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
