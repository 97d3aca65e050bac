import Foundation

public struct Response: Sendable {
    public enum Body: Sendable {
        case empty
        case data(Data)
        /// A region of a file; the connection opens and sends it without copying it into memory.
        case file(path: String, offset: Int, length: Int)
        /// Server-Sent Events: the closure receives the open stream on the connection's loop.
        case eventStream(@Sendable (EventStream) -> Void)
        /// A body made while it is sent (an export of gigabytes): the producer writes it piece by
        /// piece on a thread of its own. With a length it goes out with Content-Length (a producer
        /// that writes less or more gets its connection closed), without one chunked.
        case stream(length: Int?, @Sendable (BodyWriter) throws -> Void)
    }

    public var status: Int
    public var headers: HTTPHeaders
    public var body: Body

    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: Body = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public static func json<T: JSONWritable>(_ value: T, status: Int = 200) throws -> Response {
        Response(status: status, headers: HTTPHeaders([("Content-Type", "application/json")]), body: .data(try JSONBytes.data(value)))
    }

    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> Response {
        Response(status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: .data(Data(text.utf8)))
    }

    public static func problem(_ error: HTTPError) -> Response {
        var headers = HTTPHeaders([("Content-Type", "application/problem+json")])
        for (name, value) in error.headers.sorted(by: { $0.key < $1.key }) { headers.add(name, value) }
        return Response(status: error.status, headers: headers, body: .data(error.encodedBody()))
    }

    public static func noContent() -> Response { Response(status: 204) }

    public static func eventStream(_ start: @escaping @Sendable (EventStream) -> Void) -> Response {
        Response(status: 200, headers: HTTPHeaders([("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")]),
                 body: .eventStream(start))
    }
}
