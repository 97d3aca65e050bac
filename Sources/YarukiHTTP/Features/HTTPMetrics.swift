import Foundation

/// Request counters and latency histograms in Prometheus' text format.
/// Each loop writes its own shard, so recording takes an uncontended lock.
public final class HTTPMetrics: @unchecked Sendable {
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    struct Histogram {
        var counts = [Int](repeating: 0, count: HTTPMetrics.buckets.count + 1)
        var sum = 0.0
        var total = 0

        mutating func add(_ other: Histogram) {
            for i in counts.indices { counts[i] += other.counts[i] }
            sum += other.sum
            total += other.total
        }
    }

    /// One route's numbers, changed in place (a struct in a dictionary was copied per request).
    final class RouteStats {
        var requests: [MethodStatus: Int] = [:]
        var latency = Histogram()
    }

    struct MethodStatus: Hashable { let method: String, status: Int }

    final class Shard: @unchecked Sendable {
        let lock = NSLock()
        var routes: [String: RouteStats] = [:]
        var openStreams = 0
        var refused = 0

        func refusedConnection() {
            lock.lock()
            refused += 1
            lock.unlock()
        }

        func record(method: String, route: String, status: Int, seconds: Double) {
            let slot = HTTPMetrics.buckets.firstIndex { seconds <= $0 } ?? HTTPMetrics.buckets.count
            lock.lock()
            let stats: RouteStats
            if let existing = routes[route] {
                stats = existing
            } else {
                stats = RouteStats()
                routes[route] = stats
            }
            stats.requests[MethodStatus(method: method, status: status), default: 0] += 1
            stats.latency.counts[slot] += 1
            stats.latency.sum += seconds
            stats.latency.total += 1
            lock.unlock()
        }

        func adjustStreams(_ delta: Int) {
            lock.lock()
            openStreams += delta
            lock.unlock()
        }
    }

    public struct Gauge: Sendable {
        public var name: String
        public var help: String
        public var read: @Sendable () -> [(labels: String, value: Double)]
        public init(name: String, help: String, read: @escaping @Sendable () -> [(labels: String, value: Double)]) {
            self.name = name
            self.help = help
            self.read = read
        }
    }

    private let lock = NSLock()
    private var shards: [Shard] = []
    private var gauges: [Gauge] = []

    public init() {}

    func makeShard() -> Shard {
        let shard = Shard()
        lock.lock()
        shards.append(shard)
        lock.unlock()
        return shard
    }

    public func register(_ gauge: Gauge) {
        lock.lock()
        gauges.append(gauge)
        lock.unlock()
    }

    public var openStreams: Int {
        lock.lock()
        let all = shards
        lock.unlock()
        return all.reduce(0) { total, shard in
            shard.lock.lock()
            defer { shard.lock.unlock() }
            return total + shard.openStreams
        }
    }

    public func render() -> String {
        lock.lock()
        let all = shards
        let gaugeList = gauges
        lock.unlock()
        var requests: [String: [MethodStatus: Int]] = [:]
        var latency: [String: Histogram] = [:]
        var streams = 0
        var refused = 0
        for shard in all {
            shard.lock.lock()
            for (route, stats) in shard.routes {
                requests[route, default: [:]].merge(stats.requests, uniquingKeysWith: +)
                latency[route, default: Histogram()].add(stats.latency)
            }
            streams += shard.openStreams
            refused += shard.refused
            shard.lock.unlock()
        }
        var out = "# HELP yaruki_http_requests_total Requests answered, by method, route and status.\n"
        out += "# TYPE yaruki_http_requests_total counter\n"
        for (route, counts) in requests.sorted(by: { $0.key < $1.key }) {
            for (key, count) in counts.sorted(by: { ($0.key.method, $0.key.status) < ($1.key.method, $1.key.status) }) {
                out += "yaruki_http_requests_total{method=\(label(key.method)),route=\(label(route)),status=\"\(key.status)\"} \(count)\n"
            }
        }
        out += "# HELP yaruki_http_request_duration_seconds Time from the first byte of a request to its response.\n"
        out += "# TYPE yaruki_http_request_duration_seconds histogram\n"
        for (route, h) in latency.sorted(by: { $0.key < $1.key }) {
            var cumulative = 0
            for (i, bound) in HTTPMetrics.buckets.enumerated() {
                cumulative += h.counts[i]
                out += "yaruki_http_request_duration_seconds_bucket{route=\(label(route)),le=\"\(bound)\"} \(cumulative)\n"
            }
            out += "yaruki_http_request_duration_seconds_bucket{route=\(label(route)),le=\"+Inf\"} \(h.total)\n"
            out += "yaruki_http_request_duration_seconds_sum{route=\(label(route))} \(h.sum)\n"
            out += "yaruki_http_request_duration_seconds_count{route=\(label(route))} \(h.total)\n"
        }
        out += "# HELP yaruki_sse_streams_open Server-Sent Event streams open now.\n"
        out += "# TYPE yaruki_sse_streams_open gauge\n"
        out += "yaruki_sse_streams_open \(streams)\n"
        out += "# HELP yaruki_http_connections_refused_total Connections refused because their address held its limit.\n"
        out += "# TYPE yaruki_http_connections_refused_total counter\n"
        out += "yaruki_http_connections_refused_total \(refused)\n"
        for gauge in gaugeList {
            out += "# HELP \(gauge.name) \(gauge.help)\n# TYPE \(gauge.name) gauge\n"
            for sample in gauge.read() {
                out += sample.labels.isEmpty ? "\(gauge.name) \(sample.value)\n" : "\(gauge.name){\(sample.labels)} \(sample.value)\n"
            }
        }
        return out
    }

    private func label(_ value: String) -> String {
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
