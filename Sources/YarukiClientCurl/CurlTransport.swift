import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import CCurl
import YarukiClient

/// The SDK's request-and-reply exchanges through libcurl's easy interface, each on a thread of its
/// own, for Linux: hand it to `YarukiClient(transport:)`. FoundationNetworking's URLSession drives
/// libcurl's multi interface from libdispatch sources: in a first sync that machinery
/// (manager-thread wake-ups, an epoll update per socket event) was ~45% of the engine's time, three
/// times its own work. Apple platforms keep URLSession (the SDK's default), so the SDK itself
/// imports Foundation only.
/// Easy handles are kept between exchanges, each for the server it last spoke to, so their
/// connections stay open (libcurl does not support sharing one connection cache across threads).
public final class CurlTransport: ClientTransport, @unchecked Sendable {
    public static let shared = CurlTransport()

    private let lock = NSLock()
    private var idle: [(origin: String, handle: UnsafeMutableRawPointer)] = []
    private static let keptHandles = 8
    private static let transfers = DispatchQueue(label: "yaruki.client.transfers", attributes: .concurrent)
    /// The largest reply kept in memory: every reply is JSON (a page of changes is under 1 MB);
    /// a server sending more is refused rather than filling the device's memory.
    let maxReply: Int

    private init(maxReply: Int = 64 << 20) {
        self.maxReply = maxReply
        _ = yaruki_curl_global_init()
    }

    public func exchange(_ request: URLRequest) async throws -> (Data, Int) {
        try Task.checkCancellation()
        let flag = CancelFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // A blocking transfer must not hold one of the few threads Swift's tasks share, nor
                // wait for one of the global queue's (as few as the cores): a queue of our own runs
                // each on a thread of its own (libdispatch's overcommitting pool).
                CurlTransport.transfers.async { continuation.resume(with: Result { try self.perform(request, flag) }) }
            }
        } onCancel: {
            flag.set()
        }
    }

    private func perform(_ request: URLRequest, _ flag: CancelFlag) throws -> (Data, Int) {
        guard let address = request.url else { throw URLError(.badURL) }
        let url = address.absoluteString
        let origin = "\(address.scheme ?? "")://\(address.host ?? ""):\(address.port ?? 0)"
        var headers: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.allHTTPHeaderFields ?? [:] { headers = curl_slist_append(headers, "\(name): \(value)") }
        // No "Expect: 100-continue" wait before a body: the server reads it either way.
        headers = curl_slist_append(headers, "Expect:")
        defer { curl_slist_free_all(headers) }
        guard let handle = take(origin) else { throw URLError(.unknown) }
        var reply = yaruki_http_buffer()
        reply.limit = size_t(maxReply)
        defer { free(reply.data) }
        var status = 0
        var error = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let timeout = request.timeoutInterval > 0 ? max(1, Int(request.timeoutInterval.rounded(.up))) : 60
        let method = request.httpMethod ?? "GET"
        let body = request.httpBody
        let code = (body ?? Data()).withUnsafeBytes { bytes in
            yaruki_http_exchange(handle, method, url, headers, bytes.baseAddress, bytes.count, body == nil ? 0 : 1, timeout,
                                 flag.pointer, &reply, &status, &error)
        }
        give(handle, origin)
        guard code == 0 else {
            if code == Int32(CURLE_ABORTED_BY_CALLBACK.rawValue) { throw CancellationError() }
            throw URLError(CurlTransport.errorCode(code), userInfo: [NSLocalizedDescriptionKey: CurlTransport.describe(code, error)])
        }
        let data = reply.data.map { Data(bytes: $0, count: reply.length) } ?? Data()
        return (data, status)
    }

    /// An idle handle last used for the same server, whose connection may still be open, or a new one.
    private func take(_ origin: String) -> UnsafeMutableRawPointer? {
        lock.withLock { () -> UnsafeMutableRawPointer? in
            guard let index = idle.lastIndex(where: { $0.origin == origin }) else { return nil }
            return idle.remove(at: index).handle
        } ?? curl_easy_init()
    }

    private func give(_ handle: UnsafeMutableRawPointer, _ origin: String) {
        let dropped = lock.withLock { () -> UnsafeMutableRawPointer? in
            idle.append((origin, handle))
            return idle.count > CurlTransport.keptHandles ? idle.removeFirst().handle : nil
        }
        if let dropped { curl_easy_cleanup(dropped) }
    }

    private static func describe(_ code: Int32, _ error: [CChar]) -> String {
        let detail = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return detail.isEmpty ? String(cString: yaruki_curl_describe(code)) : detail
    }

    /// The URLError a URLSession would have thrown for the same trouble, so callers (the sync
    /// engine's retries among them) see one kind of network error on every platform.
    static func errorCode(_ code: Int32) -> URLError.Code {
        switch CURLcode(rawValue: UInt32(code)) {
        case CURLE_UNSUPPORTED_PROTOCOL: return .unsupportedURL
        case CURLE_URL_MALFORMAT: return .badURL
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .cannotFindHost
        case CURLE_COULDNT_CONNECT: return .cannotConnectToHost
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        case CURLE_TOO_MANY_REDIRECTS: return .httpTooManyRedirects
        case CURLE_PEER_FAILED_VERIFICATION: return .serverCertificateUntrusted
        case CURLE_SSL_CONNECT_ERROR: return .secureConnectionFailed
        case CURLE_OUT_OF_MEMORY: return .cannotDecodeRawData
        case CURLE_FILESIZE_EXCEEDED: return .dataLengthExceedsMaximum
        case CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: return .networkConnectionLost
        default: return .unknown
        }
    }
}

/// Set once by a cancelled task, read by libcurl's progress callback on the transfer's thread.
final class CancelFlag: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int32>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    deinit { pointer.deallocate() }

    func set() { yaruki_flag_set(pointer) }
}
