// The sync engine's side of bench/sync: devices as SyncEngines against a running server.
//   yaruki-sync-bench URL EMAIL PASSWORD COUNT FOLDER
// prints one JSON object: the first sync of COUNT records sent from one device and received by
// another (seconds, bytes sent), an incremental sync of 100 changes both ways, and the delay
// from a push on one device to the record on another that pulled when its event stream said so.
import Foundation
import YarukiClient
import YarukiClientCurl
import YarukiCore

let arguments = CommandLine.arguments
guard arguments.count == 6, let url = URL(string: arguments[1]), let count = Int(arguments[4]) else {
    print("usage: yaruki-sync-bench URL EMAIL PASSWORD COUNT FOLDER")
    exit(2)
}
let (email, password, folder) = (arguments[2], arguments[3], arguments[5])

func device(_ name: String) async throws -> SyncEngine {
    let client = YarukiClient(baseURL: url, transport: CurlTransport.shared)
    try await client.signIn(email: email, password: password, device: name)
    return try SyncEngine(client: client, path: "\(folder)/\(name).sqlite", device: name, batchSize: 500, pageSize: 1000)
}

func seconds(_ work: () async throws -> Void) async rethrows -> Double {
    let start = Date()
    try await work()
    return Date().timeIntervalSince(start)
}

func memo(_ text: String) -> [String: JSONValue] {
    ["kind": "memo", "occurredAt": "2026-11-30T08:15:00+09:00", "text": .string(text), "source": "phone"]
}

// Detached: top-level code runs on the main actor (Swift 6), and a Task made here would wait
// for the main thread this file then blocks on the semaphore.
let semaphore = DispatchSemaphore(value: 0)
Task.detached {
    do {
        let phone = try await device("phone")
        let ids = (0..<count).map { _ in UUID.timeOrdered() }  // as the SDK's and the browser's records get theirs
        let local = try await seconds { for (i, id) in ids.enumerated() { try await phone.save("lifelog", id, fields: memo("Memo number \(i), written offline on the phone")) } }
        var sent = SyncEngine.Report()
        let first = try await seconds { sent = try await phone.sync() }
        let watch = try await device("watch")
        var received = SyncEngine.Report()
        let pulled = try await seconds { received = try await watch.sync() }
        // 100 changes on the phone, then the watch catches up.
        for id in ids.prefix(100) { try await phone.save("lifelog", id, fields: memo("Edited \(id.uuidString.prefix(8))")) }
        var small = SyncEngine.Report()
        let incrementalPush = try await seconds { small = try await phone.sync() }
        let incrementalPull = try await seconds { _ = try await watch.sync() }
        // The nudge: the watch listens; each time the phone pushes, the watch pulls on the event.
        let listener = YarukiClient(baseURL: url, transport: CurlTransport.shared)
        try await listener.signIn(email: email, password: password, device: "watch-events")
        let nudges = AsyncStream<Date>.makeStream()
        let listening = Task {
            for try await event in listener.events() where event.name == "sync" { nudges.continuation.yield(Date()) }
        }
        var events = nudges.stream.makeAsyncIterator()
        try await Task.sleep(for: .milliseconds(300))
        var delays: [Double] = []
        var idle: [Double] = []
        for round in 0..<40 {
            idle.append(try await seconds { _ = try await watch.sync() })
            let id = UUID.timeOrdered()
            let start = Date()
            try await phone.save("lifelog", id, fields: memo("Nudge \(round)"))
            try await phone.sync()
            guard await events.next() != nil else { break }
            try await watch.sync()
            guard try await watch.record("lifelog", id) != nil else { throw CocoaError(.fileReadUnknown) }
            delays.append(Date().timeIntervalSince(start))
        }
        listening.cancel()
        func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
        let result: [String: Any] = [
            "count": count, "localWriteSeconds": local, "firstPushSeconds": first, "firstPushBytes": sent.bytesSent, "firstPushSent": sent.sent,
            "firstPullSeconds": pulled, "firstPullReceived": received.received,
            "incrementalPushSeconds": incrementalPush, "incrementalPushSent": small.sent, "incrementalPullSeconds": incrementalPull,
            "nudgeP50Ms": percentile(delays, 0.5) * 1000, "nudgeP95Ms": percentile(delays, 0.95) * 1000, "nudges": delays.count,
            "idlePullP50Ms": percentile(idle, 0.5) * 1000,
        ]
        print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
    } catch {
        print("{\"error\": \"\(error)\"}")
    }
    semaphore.signal()
}
semaphore.wait()
