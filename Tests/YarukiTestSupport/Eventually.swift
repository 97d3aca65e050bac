import Foundation

/// Polls `condition` until it holds or `timeout` seconds pass; for effects that land a moment
/// later (a closed socket, a removed file). In an async test the overload below is chosen: it
/// sleeps between tries instead of holding one of the cooperative pool's two threads.
public func eventually(timeout: Double = 3, _ condition: () -> Bool) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// The same for a condition that awaits (a database read): it sleeps between tries instead of
/// blocking, so the tasks it waits on are never starved of the cooperative pool's threads.
public func eventuallyAsync(timeout: Double = 3, _ condition: () async -> Bool) async -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return await condition()
}

/// `eventually` for async tests: the same polling, sleeping between tries (a blocked pool thread
/// left other tests' background tasks unscheduled for minutes in a loaded full suite).
public func eventually(timeout: Double = 3, _ condition: () -> Bool) async -> Bool {
    let end = Date().addingTimeInterval(timeout)
    while Date() < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
}
