import Foundation

/// Polls `condition` until it holds or `timeout` seconds pass; for effects that land a moment
/// later (a closed socket, a removed file).
public func eventually(timeout: Double = 3, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
