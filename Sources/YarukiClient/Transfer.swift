import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension YarukiClient {
    /// Sends a file as the body with an upload task, reporting progress from the task's byte
    /// counts (works with any URLSession, on Apple platforms and Linux alike). Cancelling the
    /// calling task cancels the upload.
    func upload(_ request: URLRequest, file: URL, progress: (@Sendable (Double) -> Void)?) async throws -> (Data, Int) {
        let expected = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int).map(Int64.init) ?? 0
        let box = TaskBox()
        let reporter = ProgressReporter(progress)
        // Byte counts are read every 50 ms while the task runs; the last report (1) comes once
        // the server has answered, so a caller never sees 1 for an upload that then fails.
        let poller = progress.map { _ in
            Task {
                while !Task.isCancelled {
                    if let task = box.current {
                        let total = task.countOfBytesExpectedToSend > 0 ? task.countOfBytesExpectedToSend : expected
                        if total > 0 { reporter.report(min(0.99, Double(task.countOfBytesSent) / Double(total))) }
                    }
                    try? await Task.sleep(nanoseconds: 50_000_000)
                }
            }
        }
        defer { poller?.cancel() }
        let (data, response): (Data, URLResponse?) = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.uploadTask(with: request, fromFile: file) { data, response, error in
                    if let error { continuation.resume(throwing: error); return }
                    continuation.resume(returning: (data ?? Data(), response))
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
        poller?.cancel()
        _ = await poller?.value
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            if let problem = try? YarukiClient.decoder.decode(Problem.self, from: data) { throw YarukiClientError.problem(problem) }
            throw YarukiClientError.unexpectedResponse(status: status)
        }
        reporter.report(1)
        return (data, status)
    }
}

/// Passes on only growing shares, from whichever thread reports.
final class ProgressReporter: @unchecked Sendable {
    private let lock = NSLock()
    private var last = -1.0
    private let sink: (@Sendable (Double) -> Void)?

    init(_ sink: (@Sendable (Double) -> Void)?) { self.sink = sink }

    func report(_ share: Double) {
        guard let sink, lock.withLock({ () -> Bool in
            guard share > last else { return false }
            last = share
            return true
        }) else { return }
        sink(share)
    }
}

/// The running task, for a cancellation handler that may run before or after it exists.
final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    var current: URLSessionTask? { lock.withLock { task } }

    func set(_ task: URLSessionTask) {
        let cancelNow = lock.withLock { () -> Bool in
            self.task = task
            return cancelled
        }
        if cancelNow { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock { () -> URLSessionTask? in
            cancelled = true
            return self.task
        }
        task?.cancel()
    }
}
