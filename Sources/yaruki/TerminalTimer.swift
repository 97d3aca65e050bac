import Foundation
import YarukiCore

/// `yaruki timer`: the rep counter and rest timer full-screen in a terminal. Keys: Space or Enter
/// (main), + and - (reps), 1/2/3 (30/60/90 s rest), [ and ] (−15/+15 s during rest), R (reset),
/// Q or Ctrl-C (quit). The terminal is restored on every way out, SIGTERM included.
enum TerminalTimer {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var stop: sig_atomic_t = 0

    static func run(restPreset: Int) -> Int32 {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            FileHandle.standardError.write(Data("yaruki: timer needs a terminal\n".utf8))
            return 1
        }
        enterRawMode()
        var machine = RepRestMachine(restPreset: restPreset)
        var bell = false
        while stop == 0 {
            guard let bytes = keys() else { break }
            do {
                for byte in bytes {
                    guard let event = event(for: byte) else {
                        if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") || byte == 3 || byte == 4 { stop = 1 }
                        continue
                    }
                    bell = machine.send(event, at: Date()).contains(.playSound) || bell
                }
            }
            bell = machine.send(.tick, at: Date()).contains(.playSound) || bell
            draw(machine, bell: bell)
            bell = false
        }
        machine.send(.close, at: Date())
        restore()
        let sets = machine.sets
        print(sets.isEmpty ? "No sets recorded." : "\(sets.count) set\(sets.count == 1 ? "" : "s"): " + sets.map { "\($0.reps)" }.joined(separator: ", ") + " reps")
        return 0
    }

    /// Raw keys, no echo, the alternate screen; SIGTERM, SIGINT and SIGHUP set `stop` so the loop
    /// ends and `restore` runs.
    static func enterRawMode() {
        tcgetattr(STDIN_FILENO, &saved)
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        for sig in [SIGTERM, SIGINT, SIGHUP] {
            signal(sig) { _ in TerminalTimer.stop = 1 }
        }
        write("\u{1B}[?1049h\u{1B}[?25l")  // alternate screen, hidden cursor
    }

    /// The keys pressed within 100 ms (none: empty); nil when the terminal is gone.
    static func keys() -> [UInt8]? {
        var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 100) > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: 16)
        let n = read(STDIN_FILENO, &bytes, bytes.count)
        return n > 0 ? Array(bytes[0..<n]) : nil
    }

    static func restore() {
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    }

    static func event(for byte: UInt8) -> RepRestMachine.Event? {
        switch byte {
        case 32, 13, 10: .main
        case UInt8(ascii: "+"), UInt8(ascii: "="): .increment
        case UInt8(ascii: "-"), UInt8(ascii: "_"): .decrement
        case UInt8(ascii: "r"), UInt8(ascii: "R"): .reset
        case UInt8(ascii: "1"): .choosePreset(30)
        case UInt8(ascii: "2"): .choosePreset(60)
        case UInt8(ascii: "3"): .choosePreset(90)
        case UInt8(ascii: "["): .adjustRest(-15)
        case UInt8(ascii: "]"): .adjustRest(15)
        default: nil
        }
    }

    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Digits five rows high, so the count reads from across a gym.
    static let font: [Character: [String]] = [
        "0": ["█████", "█   █", "█   █", "█   █", "█████"], "1": ["  █  ", " ██  ", "  █  ", "  █  ", " ███ "],
        "2": ["█████", "    █", "█████", "█    ", "█████"], "3": ["█████", "    █", " ████", "    █", "█████"],
        "4": ["█   █", "█   █", "█████", "    █", "    █"], "5": ["█████", "█    ", "█████", "    █", "█████"],
        "6": ["█████", "█    ", "█████", "█   █", "█████"], "7": ["█████", "    █", "   █ ", "  █  ", "  █  "],
        "8": ["█████", "█   █", "█████", "█   █", "█████"], "9": ["█████", "█   █", "█████", "    █", "█████"],
        ":": ["     ", "  █  ", "     ", "  █  ", "     "],
    ]

    static func big(_ text: String) -> [String] {
        (0..<5).map { row in text.map { font[$0]?[row] ?? "     " }.joined(separator: " ") }
    }

    static func draw(_ m: RepRestMachine, bell: Bool) {
        var size = winsize()
        _ = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size)
        let width = max(40, Int(size.ws_col)), height = max(16, Int(size.ws_row))
        let now = Date()
        let resting = m.phase == .rest
        let seconds = m.remainingSeconds(at: now)
        let figure = resting ? (seconds >= 60 ? "\(seconds / 60):" + String(format: "%02d", seconds % 60) : "\(seconds)") : "\(m.reps)"
        let state = resting ? (m.restFinished ? "REST IS OVER - GO!" : "REST") : "TRAINING - REPS"
        let action = resting ? "[SPACE] NEXT SET" : "[SPACE] START REST"
        var lines: [String] = ["", state, ""] + big(figure) + ["", action, ""]
        lines.append("rest \(m.restPreset)s (1/2/3 = 30/60/90)" + (resting ? "   [ ] = -15s/+15s" : "") + "   +/- reps   R reset   Q quit")
        let last = m.sets.suffix(5).enumerated().map { i, set in "set \(m.sets.count - min(5, m.sets.count) + i + 1): \(set.reps) reps" }
        lines.append(last.isEmpty ? "no sets yet" : last.joined(separator: "   "))
        let top = max(0, (height - lines.count) / 2)
        var out = "\u{1B}[H\u{1B}[2J" + (bell ? "\u{7}" : "")
        out += String(repeating: "\r\n", count: top)
        let color = resting ? (m.restFinished ? "\u{1B}[1;32m" : "\u{1B}[1;33m") : "\u{1B}[1m"
        for (i, line) in lines.enumerated() {
            let pad = String(repeating: " ", count: max(0, (width - line.count) / 2))
            let styled = (3...7).contains(i) ? color + line + "\u{1B}[0m" : line
            out += pad + styled + "\r\n"
        }
        write(out)
    }
}
