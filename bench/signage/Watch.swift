// The fan-out benchmark's load: N wall screens on one board's stream (epoll, one thread) while
// a till sends one sale every 1/rate s over its own connection, in the same process so both
// read one clock. For every update a screen gets, two delays:
//   newest: from the moment the newest sale it carries was sent to the moment the screen has it
//           (the server's own delay: database, change, fan-out);
//   every:  the same for each sale the update brings, so it includes the deliberate wait of the
//           server's coalescing (at most one update per 250 ms).
// Also: the spread of each update from the first screen to the last; the till's POST times;
// the server's memory before and with the screens; and, as the reference, what one loopback
// send of a change-sized event costs on this machine with no server at all. The first second
// is warm-up. Prints one line of key=value.
//
// "The screen has it" is when the update's bytes reached the screen's socket, as the kernel
// stamped them on arrival (SO_TIMESTAMPING, software receive stamps), not when this one process,
// reading ten thousand sockets in turn on the cores the server uses, got round to reading them:
// ten thousand screens are ten thousand devices, each reading its own at once. The delay to this
// process's reading is printed beside it (apart_read_*), and reads that came without a stamp
// (which then count at the reading) are counted (unstamped).
// Build: swiftc -O -import-objc-header bench/signage/epoll.h bench/signage/Watch.swift -o .build/bench-signage-watch
// Usage: bench-signage-watch PORT BOARD TOKEN KEY CLIENTS RATE SECONDS SERVER_PID
import Foundation
#if canImport(Glibc)
import Glibc
#endif

let args = CommandLine.arguments
let ranked = ProcessInfo.processInfo.environment["SIGNAGE_RANKED"] == "1"
// PORT and SERVER_PID may be lists (a,b,c): the screens are spread over the nodes in turn, the
// till posts to the first, and the memory is the nodes' together.
let ports = args.count == 9 ? args[1].split(separator: ",").compactMap { UInt16($0) } : []
let serverPIDs = args.count == 9 ? args[8].split(separator: ",").compactMap { Int($0) } : []
guard args.count == 9, !ports.isEmpty, let clients = Int(args[5]), let rate = Double(args[6]), let seconds = Double(args[7]),
      !serverPIDs.isEmpty else {
    FileHandle.standardError.write(Data("usage: bench-signage-watch PORT BOARD TOKEN KEY CLIENTS RATE SECONDS SERVER_PID\n".utf8))
    exit(2)
}
let (board, token, key) = (args[2], args[3], args[4])

/// The wall clock, which the kernel's receive stamps read too.
@Sendable func nowNS() -> Int64 {
    var t = timespec()
    clock_gettime(CLOCK_REALTIME, &t)
    return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
}

func rssKiB(_ pids: [Int]) -> Int { pids.map(rssKiB).reduce(0, +) }

func rssKiB(_ pid: Int) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}

func connectTo(_ port: UInt16 = ports[0]) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    if status != 0 {
        perror("connect")
        exit(1)
    }
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    return fd
}

@Sendable func sendAll(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if n <= 0 { perror("send"); exit(1) }
        offset += n
    }
}

/// SO_TIMESTAMPING (asm-generic/socket.h) with software receive stamps reported
/// (SOF_TIMESTAMPING_RX_SOFTWARE | SOF_TIMESTAMPING_SOFTWARE): each read then carries, as a
/// control message of that type, when the last of its bytes reached the socket.
let soTimestamping: Int32 = 37
var stampFlags: Int32 = (1 << 3) | (1 << 4)

/// Delays in 10 µs steps up to 10 s.
struct Histogram {
    var counts = [UInt32](repeating: 0, count: 1_000_001)
    var total = 0
    mutating func add(_ ns: Int64) {
        counts[Int(min(1_000_000, max(0, ns / 10_000)))] &+= 1
        total += 1
    }
    func percentile(_ p: Double) -> Double {
        guard total > 0 else { return .nan }
        let rank = Int((Double(total) * p / 100).rounded(.up))
        var seen = 0
        for (i, c) in counts.enumerated() {
            seen += Int(c)
            if seen >= rank { return Double(i) / 100 }  // ms
        }
        return .nan
    }
}

// Send times of the till's sales, by their number from the start.
let capacity = Int(rate * seconds) + 10
let lastSale = Int(rate * seconds) - 1
let sentAt = UnsafeMutablePointer<Int64>.allocate(capacity: capacity)
sentAt.initialize(repeating: 0, count: capacity)

// Each screen, by its socket: what it holds of an unfinished event, the board's sale count it
// shows (-1 before its first state) and how many states it got.
var pending = [[UInt8]](repeating: [], count: 65_536)
var shown = [Int](repeating: -2, count: 65_536)  // -2: not a screen
var received = [Int](repeating: 0, count: 65_536)
let salesKey = Array("\"sales\":".utf8)

/// The top-level `sales` of an event: its last "sales": (channels come before it in sorted
/// keys), found from the end.
func salesIn(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int? {
    var j = to - salesKey.count
    while j >= from {
        if b[j] == 34, b[j + 1] == 115, b[j + 6] == 34, b[j + 7] == 58, b[j + 2] == 97, b[j + 3] == 108, b[j + 4] == 101, b[j + 5] == 115 {
            var value = 0
            var i = j + 8
            var any = false
            while i < to, b[i] >= 48, b[i] <= 57 {
                value = value * 10 + Int(b[i] - 48)
                i += 1
                any = true
            }
            // The board's own count is followed by more of its keys (stores, total; keys are sorted);
            // a channel's, product's or store's count ends its object.
            if any, i < to, b[i] == 44 { return value }
        }
        j -= 1
    }
    return nil
}

let request = "GET /v1/signage/boards/\(board)/stream?token=\(token) HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n"
let epoll = epoll_create1(0)
var screenCount = 0
var newest = Histogram()
var every = Histogram()
// Each sale's delay split in two: how long it was held for the newest sale its update carries
// (the deliberate coalescing window), and the rest, from that newest sale's sending to the screen.
var held = Histogram()
var apart = Histogram()
// The rest again, to when this process read the update instead of when it arrived.
var apartRead = Histogram()
var unstamped = 0
var base = -1  // the board's count when the till starts
var closed = 0
var buffer = [UInt8](repeating: 0, count: 1 << 16)
var measuring = false
var firsts = 0
// When the first and the last screen got the update that brought sale k (the fan-out's spread).
var firstAt = [Int64](repeating: 0, count: capacity)
var lastAt = [Int64](repeating: 0, count: capacity)

/// A sale count seen by screen `fd`: arrived `at`, read at `readAt`.
func saw(_ fd: Int32, _ sales: Int, at: Int64, readAt: Int64) {
    let before = shown[Int(fd)]
    if before < 0 { firsts += 1 }
    else if measuring, base >= 0, sales > before {
        let newestIndex = sales - base - 1
        // The update that brings the run's last sale waits out the coalescing window with no sale
        // after it: it counts for "every", not for "newest".
        if newestIndex >= 0, newestIndex < lastSale, sentAt[newestIndex] > 0 { newest.add(at - sentAt[newestIndex]) }
        let counted = newestIndex >= 0 && newestIndex < lastSale && sentAt[newestIndex] > 0
        for index in max(0, before - base)..<max(max(0, before - base), min(capacity, sales - base)) where sentAt[index] > 0 {
            every.add(at - sentAt[index])
            if counted {
                held.add(sentAt[newestIndex] - sentAt[index])
                apart.add(at - sentAt[newestIndex])
                apartRead.add(readAt - sentAt[newestIndex])
            }
        }
    }
    if measuring, base >= 0, sales - base >= 0, sales - base < capacity, sales > before {
        let k = sales - base
        if firstAt[k] == 0 { firstAt[k] = at }
        lastAt[k] = max(lastAt[k], at)
    }
    shown[Int(fd)] = max(before, sales)
    received[Int(fd)] += 1
}

/// Every whole event in `b`; returns where the unfinished rest starts.
func events(_ fd: Int32, _ b: UnsafeBufferPointer<UInt8>, at: Int64, readAt: Int64) -> Int {
    var start = 0
    var i = 0
    while i + 1 < b.count {
        if b[i] == 10, b[i + 1] == 10 {
            if let sales = salesIn(b, start, i) { saw(fd, sales, at: at, readAt: readAt) }
            i += 2
            start = i
        } else {
            i += 1
        }
    }
    return start
}

/// Reads what is waiting on `fd` into `buffer`: the bytes read (as `recv` answers) and when the
/// last of them arrived, from the kernel's stamp (nil when the read carried none).
var control = [UInt8](repeating: 0, count: 256)
func receive(_ fd: Int32) -> (got: Int, arrived: Int64?) {
    buffer.withUnsafeMutableBytes { data in
        control.withUnsafeMutableBytes { room in
            var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
            return withUnsafeMutablePointer(to: &vector) { vector in
                var message = msghdr()
                message.msg_iov = vector
                message.msg_iovlen = 1
                message.msg_control = room.baseAddress
                message.msg_controllen = room.count
                let got = recvmsg(fd, &message, Int32(MSG_DONTWAIT))
                guard got > 0 else { return (got, nil) }
                // Each control message: its length (8 bytes), level and type (4 each), its data
                // from 16 on, the next at the length rounded up to 8. A stamp is three timespecs,
                // the software one first.
                var offset = 0
                while offset + 32 <= message.msg_controllen {
                    let length = room.load(fromByteOffset: offset, as: Int.self)
                    let level = room.load(fromByteOffset: offset + 8, as: Int32.self)
                    let type = room.load(fromByteOffset: offset + 12, as: Int32.self)
                    if level == SOL_SOCKET, type == soTimestamping, length >= 32 {
                        let seconds = room.load(fromByteOffset: offset + 16, as: Int64.self)
                        let nanoseconds = room.load(fromByteOffset: offset + 24, as: Int64.self)
                        if seconds > 0 { return (got, seconds * 1_000_000_000 + nanoseconds) }
                    }
                    guard length > 0 else { break }
                    offset += (length + 7) & ~7
                }
                return (got, nil)
            }
        }
    }
}

/// Reads what is ready; returns how many screens got their first state in this pass.
func poll(timeoutMS: Int32) -> Int {
    var ready = [epoll_event](repeating: epoll_event(), count: 512)
    let n = epoll_wait(epoll, &ready, 512, timeoutMS)
    guard n > 0 else { return 0 }
    // Ten thousand screens are ten thousand devices, none of which a server's write has to wake
    // from sleep; one reader woken per write would charge its own wake-ups to the server. So
    // the reader takes what is ready in passes half a millisecond apart (at most 0.5 ms added).
    defer { usleep(500) }
    let readAt = nowNS()
    firsts = 0
    for e in ready.prefix(Int(n)) {
        let fd = e.data.fd
        while true {
            let (got, arrived) = receive(fd)
            if got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                closed += 1
                epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
                close(fd)
                shown[Int(fd)] = -2
                screenCount -= 1
                break
            }
            if got < 0 { break }
            if arrived == nil && measuring { unstamped += 1 }
            let at = arrived ?? readAt
            if pending[Int(fd)].isEmpty {
                let rest = buffer.withUnsafeBufferPointer { events(fd, UnsafeBufferPointer(rebasing: $0[0..<got]), at: at, readAt: readAt) }
                if rest < got { pending[Int(fd)] = Array(buffer[rest..<got]) }
            } else {
                var joined = pending[Int(fd)]
                joined += buffer[0..<got]
                let rest = joined.withUnsafeBufferPointer { events(fd, $0, at: at, readAt: readAt) }
                pending[Int(fd)] = rest < joined.count ? Array(joined[rest...]) : []
            }
            if got < buffer.count { break }
        }
    }
    return firsts
}

// 0. The reference: what one loopback TCP send of a change-sized event costs on this machine,
// over 2,000 plain socket pairs (the kernel's share of a fan-out, with no server at all).
func loopbackSendMicroseconds() -> Double {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
    listen(listener, 4_096)
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
    var pairs: [(Int32, Int32)] = []
    for _ in 0..<2_000 {
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) } }
        let server = accept(listener, nil, nil)
        var one: Int32 = 1
        setsockopt(server, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        pairs.append((server, client))
    }
    let event = [UInt8](repeating: 120, count: 320)
    var best = Double.infinity
    var sink = [UInt8](repeating: 0, count: 4_096)
    for _ in 0..<5 {
        let start = nowNS()
        for (server, _) in pairs { _ = event.withUnsafeBytes { send(server, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
        best = min(best, Double(nowNS() - start) / 1_000 / Double(pairs.count))
        for (_, client) in pairs { _ = recv(client, &sink, sink.count, 0) }
    }
    for (server, client) in pairs { close(server); close(client) }
    close(listener)
    return best
}
let sendMicroseconds = loopbackSendMicroseconds()

// 1. The screens connect in waves of 500, each wave answered before the next.
let rssBefore = rssKiB(serverPIDs)
let connectStart = nowNS()
var ready = 0
while screenCount + closed < clients {
    let wave = min(500, clients - screenCount - closed)
    for _ in 0..<wave {
        let fd = connectTo(ports[screenCount % ports.count])
        sendAll(fd, request)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        setsockopt(fd, SOL_SOCKET, soTimestamping, &stampFlags, socklen_t(MemoryLayout<Int32>.size))
        var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(fd: fd))
        epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
        shown[Int(fd)] = -1
        screenCount += 1
    }
    let target = ready + wave
    let deadline = nowNS() + 30_000_000_000
    while ready < target && nowNS() < deadline { ready += poll(timeoutMS: 100) }
}
let connectSeconds = Double(nowNS() - connectStart) / 1e9
Thread.sleep(forTimeInterval: 1)
_ = poll(timeoutMS: 0)
let rssConnected = rssKiB(serverPIDs)

// 2. The till: one sale every 1/rate s on a connection of its own, on another thread.
let till = connectTo()
@Sendable func tillPost(_ body: String) -> Bool {
    sendAll(till, "POST /v1/signage/events HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer \(key)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
    // Read one response: the head, then Content-Length bytes.
    var got: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
        if let end = got.firstRange(of: Array("\r\n\r\n".utf8)) {
            let head = String(decoding: got[..<end.lowerBound], as: UTF8.self)
            let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            if got.count >= end.upperBound + length { return head.hasPrefix("HTTP/1.1 200") }
        }
        let n = chunk.withUnsafeMutableBytes { recv(till, $0.baseAddress, $0.count, 0) }
        if n <= 0 { return false }
        got += chunk[0..<n]
    }
}
base = shown.max() ?? 0
let stamp = Int(Date().timeIntervalSince1970)
let iso = ISO8601DateFormatter()
var failedPosts = 0
nonisolated(unsafe) var postTimes = Histogram()
var sent = 0
measuring = true
let tillDone = DispatchSemaphore(value: 0)
Thread.detachNewThread {
    let start = nowNS()
    let step = Int64(1e9 / rate)
    for i in 0..<Int(rate * seconds) {
        let due = start + Int64(i) * step
        let wait = due - nowNS()
        if wait > 0 { usleep(UInt32(wait / 1_000)) }
        // With SIGNAGE_RANKED=1 each sale names one of 40 products and one of 6 stores, so the screens' rankings move too.
        let detail = ranked ? #","product":"SKU-\#(i % 40)","productName":"Product \#(i % 40)","store":"Store \#(i % 6)""# : ""
        let body = #"{"events":[{"id":"bench-\#(stamp)-\#(i)","amount":\#(1_000 + i % 97),"currency":"JPY","occurredAt":"\#(iso.string(from: Date()))","channel":"store"\#(detail)}]}"#
        sentAt[i] = nowNS()
        if tillPost(body) { sent += 1 } else { failedPosts += 1 }
        postTimes.add(nowNS() - sentAt[i])
    }
    tillDone.signal()
}
let runEnd = nowNS() + Int64(seconds * 1e9)
// The first second warms the server up (its first queries, its buffers) and is not counted.
let warm = nowNS() + 1_000_000_000
measuring = false
while nowNS() < warm { _ = poll(timeoutMS: 50) }
measuring = true
while nowNS() < runEnd { _ = poll(timeoutMS: 50) }
tillDone.wait()
// The last updates: every screen should end on the last sale.

let settle = nowNS() + 2_000_000_000
while nowNS() < settle { _ = poll(timeoutMS: 50) }
let rssAfter = rssKiB(serverPIDs)
// Per update: how long from the first screen having it to the last (the fan-out's spread).
var spreads: [Double] = []
for k in 1..<capacity where firstAt[k] > 0 { spreads.append(Double(lastAt[k] - firstAt[k]) / 1e6) }
spreads.sort()
let final = base + sent
let behind = shown.filter { $0 != -2 && $0 != final }.count
let updates = received.reduce(0, +)

print(String(format: "clients=%d connected=%d closed=%d connect_s=%.1f sales=%d failed=%d newest_p50=%.2f newest_p99=%.2f every_p50=%.2f every_p99=%.2f "
             + "held_p50=%.2f held_p99=%.2f apart_p50=%.2f apart_p99=%.2f apart_read_p50=%.2f apart_read_p99=%.2f unstamped=%d "
             + "spread_p50=%.2f spread_max=%.2f send_us=%.2f post_p50=%.2f post_p99=%.2f post_max=%.2f updates_per_s=%.2f behind=%d rss_before_kib=%d rss_connected_kib=%d rss_after_kib=%d",
             clients, screenCount, closed, connectSeconds, sent, failedPosts, newest.percentile(50), newest.percentile(99),
             every.percentile(50), every.percentile(99), held.percentile(50), held.percentile(99), apart.percentile(50), apart.percentile(99),
             apartRead.percentile(50), apartRead.percentile(99), unstamped,
             spreads.isEmpty ? .nan : spreads[spreads.count / 2], spreads.last ?? .nan, sendMicroseconds, postTimes.percentile(50), postTimes.percentile(99), postTimes.percentile(100), Double(updates - screenCount) / Double(max(1, screenCount)) / seconds,
             behind, rssBefore, rssConnected, rssAfter))

