import Foundation

/// One JSON line per request, buffered per loop and written in batches,
/// so logging costs no system call per request.
public final class AccessLog {
    public enum Destination: Sendable {
        case standardOutput
        case none
        /// Each line, for tests.
        case lines(@Sendable (String) -> Void)
    }

    private let destination: Destination
    private let buffer = ByteBuffer(capacity: 64 << 10)
    private var timer: LoopTimer?
    private var time = LogTime()

    init(loop: EventLoop, destination: Destination) {
        self.destination = destination
        if case .standardOutput = destination {
            let timer = LoopTimer(loop: loop, repeating: true) { [unowned self] in self.flush() }
            timer.arm(0.25)
            self.timer = timer
        }
    }

    func request(method: String, route: String, path: String, status: Int, seconds: Double, bytes: Int,
                 requestID: String, remote: String) {
        if case .none = destination { return }
        // Written straight into the batch; a test's sink gets the line on its own.
        let line = buffer
        let start = line.count
        line.write("{\"time\":\"" as StaticString)
        time.write(to: line)
        line.write("\",\"level\":\"info\",\"msg\":\"request\",\"method\":" as StaticString)
        line.writeJSONString(method)
        line.write(",\"route\":" as StaticString)
        line.writeJSONString(route)
        line.write(",\"path\":" as StaticString)
        line.writeJSONString(path)
        line.write(",\"status\":" as StaticString)
        line.write(status)
        let micros = Int(seconds * 1_000_000)
        line.write(",\"durationMs\":" as StaticString)
        line.write(micros / 1000)
        line.append(UInt8(ascii: "."))
        let fraction = micros % 1000
        if fraction < 100 { line.append(48) }
        if fraction < 10 { line.append(48) }
        line.write(fraction)
        line.write(",\"bytes\":" as StaticString)
        line.write(bytes)
        line.write(",\"requestId\":" as StaticString)
        line.writeJSONString(requestID)
        line.write(",\"remote\":" as StaticString)
        line.writeJSONString(remote)
        line.write("}\n" as StaticString)
        switch destination {
        case .none: return
        case let .lines(sink):
            sink(String(decoding: UnsafeRawBufferPointer(rebasing: line.bytes[start...]), as: UTF8.self))
            line.clear()
        case .standardOutput:
            if buffer.count > 60 << 10 { flush() }
        }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        let raw = buffer.bytes
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(1, raw.baseAddress! + offset, raw.count - offset)
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        buffer.clear()
    }

    deinit { flush() }
}

/// Log lines for events other than requests (start, stop, errors), written at once.
public enum ServerLog {
    public static func info(_ message: String, _ fields: [String: String] = [:]) { write("info", message, fields) }
    public static func warning(_ message: String, _ fields: [String: String] = [:]) { write("warning", message, fields) }
    public static func error(_ message: String, _ fields: [String: String] = [:]) { write("error", message, fields) }

    static func write(_ level: String, _ message: String, _ fields: [String: String]) {
        var line = "{\"time\":\"\(LogTime.now())\",\"level\":\"\(level)\",\"msg\":\(JSONString.quote(message))"
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            line += ",\(JSONString.quote(key)):\(JSONString.quote(value))"
        }
        line += "}\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}

/// RFC 3339 UTC timestamps with milliseconds; the date and second part is formatted once a second.
struct LogTime {
    private var second = -1
    private var prefix = ""

    static func now() -> String {
        var time = LogTime()
        let bytes = ByteBuffer(capacity: 32)
        time.write(to: bytes)
        return bytes.string
    }

    /// Reads the clock once and writes that instant, so the second and its milliseconds agree.
    mutating func write(to bytes: ByteBuffer) {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        if ts.tv_sec != second {
            second = ts.tv_sec
            var seconds = ts.tv_sec
            var parts = tm()
            gmtime_r(&seconds, &parts)
            func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
            prefix = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))."
        }
        bytes.write(prefix)
        let ms = ts.tv_nsec / 1_000_000
        if ms < 100 { bytes.append(48) }
        if ms < 10 { bytes.append(48) }
        bytes.write(ms)
        bytes.append(UInt8(ascii: "Z"))
    }
}

enum JSONString {
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
