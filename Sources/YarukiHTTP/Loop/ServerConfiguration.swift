public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port; `HTTPServer.port` tells which.
    public var port = 8080
    public var loops = 2
    public var maxBodyBytes = 1 << 20
    public var maxHeaderBytes = 32 << 10
    /// The whole head must arrive within this many seconds of its first byte.
    public var headTimeout = 10.0
    /// A body that makes no progress for this long is cut off.
    public var bodyIdleTimeout = 30.0
    /// How long a connection may wait for its next request after answering one. A connection
    /// that has sent nothing yet gets `headTimeout` only.
    public var keepAliveTimeout = 60.0
    /// Open connections one address may hold (0: no cap); one more is answered 503 and closed.
    /// Loopback is exempt unless `capLoopback`: a reverse proxy on the same host brings everyone.
    public var maxConnectionsPerAddress = 256
    /// Open connections in all (0: from the descriptor limit at start, keeping a quarter of it,
    /// 64 to 4,096, for the files, database connections and uploads of those already open). One
    /// more is answered 503 and closed, so a flood of idle sockets never starves the server.
    public var maxConnections = 0
    public var capLoopback = false
    /// A client that reads nothing of a pending response for this long is dropped.
    public var writeTimeout = 60.0
    public var shutdownGrace = 10.0
    public var sseKeepAlive = 15.0
    public var sseMaxBufferedBytes = 1 << 20
    public var accessLog: AccessLog.Destination = .standardOutput
    /// Requests whose User-Agent starts with one of these are a machine's routine (the demo's
    /// sales simulator): the terminal log leaves them out unless they fail.
    public var quietUserAgents: [String] = []
    /// Written on every response, the connection's own problem answers (400, 408, 413, 431)
    /// included, unless the response sets a header of the same name itself.
    public var responseHeaders = HTTPHeaders()
    /// Which requests' bodies go to a file as they arrive instead of into memory (uploads), and
    /// their own size limit; decided from the method, path and headers before the body is read
    /// (nil: the body is read into memory under `maxBodyBytes`).
    public var streamedBody: (@Sendable (HTTPMethod, String, HTTPHeaders) -> StreamedBody?)?

    public init() {}
}

/// Where a streamed request body is written and how large it may be.
public struct StreamedBody: Sendable {
    public var directory: String
    public var maxBytes: Int
    /// The problem a larger body is answered with (nil: a 413 saying it is larger than the limit).
    public var tooLarge: HTTPError?

    public init(directory: String, maxBytes: Int, tooLarge: HTTPError? = nil) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.tooLarge = tooLarge
    }
}
