import Foundation
import YarukiAPI

/// Runs a tool (ffprobe, ffmpeg) with posix_spawn and waits for it, with a time limit. Foundation's
/// Process is not used: its wait hangs when the server runs inside the test runner on Linux.
enum ExternalTool {
    struct Result {
        var status: Int32
        var output: String
    }

    /// The tool's full path when it is installed, else nil.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static let spawning = NSLock()

    /// Nil when the tool cannot start, runs out of time or is killed.
    static func run(_ arguments: [String], timeout: TimeInterval = 30) -> Result? {
        var pipe: [Int32] = [0, 0]
        // Close-on-exec, made under one lock with the spawn: a tool another thread starts
        // meanwhile must not hold this pipe open.
        ExternalTool.spawning.lock()
        guard Glibc.pipe(&pipe) == 0 else { ExternalTool.spawning.unlock(); return nil }
        for fd in pipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        ExternalTool.spawning.unlock()
        Glibc.close(pipe[1])
        guard status == 0 else {
            Glibc.close(pipe[0])
            return nil
        }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        // A monotonic deadline: a wall clock set back (NTP, an operator) must not stretch the limit.
        let deadline = DispatchTime.now().uptimeNanoseconds &+ UInt64(max(0, timeout) * 1_000_000_000)
        var poller = pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            guard poll(&poller, 1, 200) >= 0 else { break }
            if poller.revents == 0 { continue }
            let n = read(pipe[0], &buffer, buffer.count)
            if n <= 0 { break }
            if output.count < 1 << 20 { output.append(contentsOf: buffer[0..<n]) }
        }
        Glibc.close(pipe[0])
        var exit: Int32 = 0
        let late = DispatchTime.now().uptimeNanoseconds >= deadline
        if late { kill(pid, SIGKILL) }
        waitpid(pid, &exit, 0)
        // Out of time, or ended by a signal: no result (a killed tool's status reads as 0).
        guard !late, exit & 0x7F == 0 else { return nil }
        return Result(status: (exit >> 8) & 0xFF, output: String(decoding: output, as: UTF8.self))
    }
}
