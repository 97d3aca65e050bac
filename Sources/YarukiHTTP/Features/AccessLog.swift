import Foundation

/// One line per request, buffered per loop and written in batches, so logging costs no system
/// call per request: JSON for a file, a pipe or a log collector, or a short human line for a
/// person watching a terminal.
public final class AccessLog {
    public enum Destination: Sendable {
        case standardOutput
        /// Short lines for a person at a terminal (time, method, status, path, duration), errors in colour.
        case terminal
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
        switch destination {
        case .standardOutput, .terminal:
            let timer = LoopTimer(loop: loop, repeating: true) { [unowned self] in self.flush() }
            timer.arm(0.25)
            self.timer = timer
        case .none, .lines:
            break
        }
    }

    /// `quiet`: a machine's routine request (the demo's sales simulator) that a person at a
    /// terminal need not see; JSON logs keep it.
    func request(method: String, route: String, path: String, status: Int, seconds: Double, bytes: Int,
                 requestID: String, remote: String, quiet: Bool = false) {
        if case .none = destination { return }
        if case .terminal = destination {
            if quiet && status < 400 { return }
            terminalLine(method: method, path: path, status: status, seconds: seconds)
            if buffer.count > 60 << 10 { flush() }
            return
        }
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
        case .terminal:
            return
        }
    }

    /// `12:04:31  GET  200  /v1/me  3.1 ms`, in local time; 4xx in yellow, 5xx in bold red.
    private func terminalLine(method: String, path: String, status: Int, seconds: Double) {
        var now = Glibc.time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let colour = status >= 500 ? "\u{1B}[1;31m" : status >= 400 ? "\u{1B}[33m" : ""
        let milliseconds = (seconds * 10_000).rounded() / 10
        buffer.write("\u{1B}[2m\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))\u{1B}[0m  ")
        buffer.write("\(colour)\(method.padding(toLength: 6, withPad: " ", startingAt: 0)) \(status)  \(path)")
        buffer.write("\(colour.isEmpty ? "" : "\u{1B}[0m")  \u{1B}[2m\(milliseconds) ms\u{1B}[0m\n")
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

    /// On a terminal, a person reads these: a short line, warnings and errors in colour.
    static let toTerminal = isatty(2) == 1

    static func write(_ level: String, _ message: String, _ fields: [String: String]) {
        if toTerminal {
            let colour = level == "error" ? "\u{1B}[1;31m" : level == "warning" ? "\u{1B}[33m" : ""
            let details = fields.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }.joined(separator: "  ")
            let line = "\(colour)\(message)\(colour.isEmpty ? "" : "\u{1B}[0m")" + (details.isEmpty ? "" : "  \u{1B}[2m\(details)\u{1B}[0m") + "\n"
            FileHandle.standardError.write(Data(line.utf8))
            return
        }
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
