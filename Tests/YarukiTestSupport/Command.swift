import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Child processes through posix_spawn: Foundation's Process.waitUntilExit never returns
/// inside the test runner here.
public enum Command {
    public struct Result {
        public let status: Int32
        public let output: String
    }

    /// Runs to the end and returns its exit status and standard output.
    public static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let child = try spawn(arguments, environment: environment, captureOutput: true)
        let output = child.readAll()
        return Result(status: child.wait(), output: output)
    }

    private static let spawning = NSLock()

    /// glibc's posix_spawn_file_actions_addclosefrom_np (2.34 and later), which Swift's Glibc
    /// module does not export.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()

    private static func closeOnExec(_ fds: [Int32]) {
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }

    public static func spawn(_ arguments: [String], environment: [String: String]? = nil, captureOutput: Bool = true,
                             captureError: Bool = false) throws -> Child {
        var out: [Int32] = [-1, -1]
        var err: [Int32] = [-1, -1]
        // Pipes are made close-on-exec under one lock with the spawn, so a child another test
        // starts meanwhile (a database server that lives on) never holds this pipe open.
        spawning.lock()
        defer { spawning.unlock() }
        if captureOutput { guard pipe(&out) == 0 else { throw POSIXError(.EMFILE) }; closeOnExec(out) }
        if captureError { guard pipe(&err) == 0 else { throw POSIXError(.EMFILE) }; closeOnExec(err) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, out[1], 1)
            posix_spawn_file_actions_addclose(&actions, out[0])
            posix_spawn_file_actions_addclose(&actions, out[1])  // or a daemon it starts keeps the pipe open
        }
        if captureError {
            posix_spawn_file_actions_adddup2(&actions, err[1], 2)
            posix_spawn_file_actions_addclose(&actions, err[0])
            posix_spawn_file_actions_addclose(&actions, err[1])
        }
        // The child starts with standard input, output and error only: sockets and files the
        // parallel tests hold open would otherwise be inherited (a server under `ulimit -n 256`
        // started with a hundred of them is out of descriptors before its first connection).
        if let closeFrom = closeFrom { _ = closeFrom(&actions, 3) }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let status = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        if captureOutput { close(out[1]) }
        if captureError { close(err[1]) }
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOENT) }
        return Child(pid: pid, output: captureOutput ? out[0] : -1, error: captureError ? err[0] : -1)
    }

    public final class Child: @unchecked Sendable {
        public let pid: pid_t
        let output: Int32
        let error: Int32
        private var status: Int32?

        init(pid: pid_t, output: Int32, error: Int32) {
            self.pid = pid
            self.output = output
            self.error = error
        }

        public func readAll() -> String { Child.drain(output) }
        public func readAllErrors() -> String { Child.drain(error) }

        /// Reads standard output until `marker` appears (or EOF); returns what was read.
        public func readOutput(until marker: String, timeout: Double = 30) -> String {
            var text = ""
            let end = Date().addingTimeInterval(timeout)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !text.contains(marker) && Date() < end {
                var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) >= 0 else { break }
                if poller.revents == 0 { continue }
                let n = read(output, &buffer, buffer.count)
                if n <= 0 { break }
                text += String(decoding: buffer[0..<n], as: UTF8.self)
            }
            return text
        }

        public func signal(_ number: Int32) { kill(pid, number) }

        @discardableResult
        public func wait() -> Int32 {
            if let status { return status }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
            let code = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
            status = code
            return code
        }

        /// Waits up to `timeout` seconds; nil if it is still running.
        public func wait(timeout: Double) -> Int32? {
            let end = Date().addingTimeInterval(timeout)
            while Date() < end {
                if let status { return status }
                var raw: Int32 = 0
                let r = waitpid(pid, &raw, WNOHANG)
                if r == pid {
                    status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                    return status
                }
                usleep(20_000)
            }
            return nil
        }

        static func drain(_ fd: Int32) -> String {
            guard fd >= 0 else { return "" }
            var data = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                data += buffer[0..<n]
            }
            return String(decoding: data, as: UTF8.self)
        }

        deinit {
            if output >= 0 { close(output) }
            if error >= 0 { close(error) }
        }
    }
}
