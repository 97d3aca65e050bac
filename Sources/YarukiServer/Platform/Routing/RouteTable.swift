import Foundation
import YarukiAPI
import YarukiHTTP

/// What a route's author writes beside it: the summary and the answers it may give. The request
/// and reply schemas come from the handler's own types, the security from its group.
struct Doc: Sendable {
    var summary: String
    var responses: [Int: String]
    /// The content type of a successful reply.
    var produces: String
    /// The shape of a reply the handler writes itself (a raw `Response`, cached bytes).
    var reply: (any APIModel.Type)?
    /// A body the handler decodes itself because it may be left out.
    var optionalBody: (any APIModel.Type)?
    /// Query items the handler reads.
    var query: [Parameter]
    /// Path segments whose shape is more than "a string" (ids are uuids on their own).
    var path: [Parameter]
    /// The media types of a raw body (an upload): the body is the file itself.
    var upload: [String]
    /// The path holds a secret (a private feed's token): logs write the route, never the path.
    var secretPath: Bool

    init(_ summary: String, _ responses: [Int: String] = [:], produces: String = "application/json", reply: (any APIModel.Type)? = nil,
         optionalBody: (any APIModel.Type)? = nil, query: [Parameter] = [], path: [Parameter] = [], upload: [String] = [], secretPath: Bool = false) {
        self.summary = summary
        self.responses = responses
        self.produces = produces
        self.reply = reply
        self.optionalBody = optionalBody
        self.query = query
        self.path = path
        self.upload = upload
        self.secretPath = secretPath
    }
}

/// One route as the OpenAPI document describes it.
struct Endpoint: Sendable {
    var method: HTTPMethod
    var pattern: String
    var tag: String
    var doc: Doc
    var body: (any APIModel.Type)?
    var bodyRequired: Bool
    var reply: (any APIModel.Type)?
    var security: [SecurityScheme]
    /// Who else the route answers 404 (its group's `Access.hiddenFrom`).
    var hiddenFrom: String?
}

/// A JSON reply: an API value, its status and extra headers; or a value's bytes kept from before
/// (`ReplyCache`), answered with its ETag.
struct Reply<Value: APIModel>: Sendable {
    private enum Content: Sendable {
        case value(Value)
        case kept(EncodedJSON)
    }

    private var content: Content
    var status: Int
    var headers: [(String, String)]

    init(_ value: Value, status: Int = 200, headers: [(String, String)] = []) {
        content = .value(value)
        self.status = status
        self.headers = headers
    }

    /// The bytes of a `Value` encoded before (304 to a request that holds them already).
    init(kept json: EncodedJSON) {
        content = .kept(json)
        status = 200
        headers = []
    }

    static func created(_ value: Value) -> Reply { Reply(value, status: 201) }
}

/// What a handler may return: a `Reply` of an API type (described in the document), a stored
/// file (`FileReply`), or a raw `Response` (streams, bytes made once).
protocol ReplyConvertible: Sendable {
    func response(to request: Request) throws -> Response
    static var replyType: (any APIModel.Type)? { get }
}

extension Response: ReplyConvertible {
    func response(to _: Request) throws -> Response { self }
    static var replyType: (any APIModel.Type)? { nil }
}

extension Reply: ReplyConvertible {
    func response(to request: Request) throws -> Response {
        var response = switch content {
        case let .value(value): try Response.json(value, status: status)
        case let .kept(json): json.response(to: request, status: status)
        }
        for (name, value) in headers { response.headers.add(name, value) }
        return response
    }

    static var replyType: (any APIModel.Type)? { Value.self }
}

/// Every route of the application and what the document says of each. Areas add theirs through
/// groups (`signedIn`, `admin`, `open`…), which authenticate before the handler runs.
final class RouteTable: @unchecked Sendable {
    private(set) var router = Router()
    private(set) var endpoints: [Endpoint] = []
    let accesses: Accesses
    /// Every upload route checks its caller's room before the handler keeps anything.
    let storage: StorageQuota?

    init(accesses: Accesses, storage: StorageQuota? = nil) {
        self.accesses = accesses
        self.storage = storage
    }

    func group<Caller>(_ access: Access<Caller>, tag: String) -> RouteGroup<Caller> {
        RouteGroup(table: self, access: access, tag: tag)
    }

    func open(tag: String) -> RouteGroup<Visitor> { group(accesses.open, tag: tag) }
    func signedIn(tag: String) -> RouteGroup<Principal> { group(accesses.signedIn, tag: tag) }
    func admin(tag: String) -> RouteGroup<Principal> { group(accesses.admin, tag: tag) }
    func media(tag: String) -> RouteGroup<MediaCaller> { group(accesses.media, tag: tag) }

    fileprivate func add(_ endpoint: Endpoint, _ handler: @escaping Handler) {
        router.on(endpoint.method, endpoint.pattern, secretPath: endpoint.doc.secretPath, handler)
        endpoints.append(endpoint)
    }
}

/// The routes one kind of caller may use, in one area (the document's tag).
struct RouteGroup<Caller: Sendable> {
    let table: RouteTable
    let access: Access<Caller>
    let tag: String

    func on<Output: ReplyConvertible>(_ method: HTTPMethod, _ path: String, _ doc: Doc,
                                      _ handler: nonisolated(nonsending) @escaping @Sendable (Request, Caller) async throws -> Output) {
        let (resolve, personal, query) = (access.resolve, access.isPersonal, QueryRules(doc.query))
        let storage = doc.upload.isEmpty ? nil : table.storage
        table.add(endpoint(method, path, doc, body: nil, reply: Output.replyType)) { request in
            let caller = try await resolve(request)
            try query.check(request)
            // An upload counts against its person's storage: refused (413) before anything is kept.
            let uploader = storage == nil ? nil : (caller as? Principal)?.userID
            if let storage, let uploader, let file = request.bodyFile { try await storage.admit(uploader, bytes: file.size) }
            let response = try await handler(request, caller).response(to: request)
            if let storage, let uploader, let file = request.bodyFile, (200..<300).contains(response.status) { storage.added(uploader, bytes: file.size) }
            return personal ? RouteGroup.personal(response) : response
        }
    }

    /// A route whose JSON body is decoded (after the caller is known) into `Body`.
    func on<Body: APIModel, Output: ReplyConvertible>(_ method: HTTPMethod, _ path: String, _ doc: Doc,
                                                      _ handler: nonisolated(nonsending) @escaping @Sendable (Request, Caller, Body) async throws -> Output) {
        let (resolve, personal, query) = (access.resolve, access.isPersonal, QueryRules(doc.query))
        table.add(endpoint(method, path, doc, body: Body.self, reply: Output.replyType)) { request in
            let caller = try await resolve(request)
            try query.check(request)
            let response = try await handler(request, caller, try request.decode(Body.self)).response(to: request)
            return personal ? RouteGroup.personal(response) : response
        }
    }

    /// A reply made for one person is theirs alone: no shared cache keeps it
    /// (`private`), and the browser asks again each time (`no-cache`, answered 304 by ETag when
    /// nothing changed). A reply that says more of its own caching keeps what it says.
    static func personal(_ response: Response) -> Response {
        var response = response
        switch response.headers["Cache-Control"] {
        case nil, "no-cache": response.headers.set("Cache-Control", "private, no-cache")
        default: break
        }
        return response
    }

    private func endpoint(_ method: HTTPMethod, _ path: String, _ doc: Doc, body: (any APIModel.Type)?,
                          reply: (any APIModel.Type)?) -> Endpoint {
        var doc = doc
        if !doc.upload.isEmpty, doc.responses[413] == nil { doc.responses[413] = "Larger than the limit, or than the room left in my storage" }
        if let hidden = access.hiddenFrom, doc.responses[404] == nil { doc.responses[404] = hidden }
        return Endpoint(method: method, pattern: path, tag: tag, doc: doc, body: body ?? doc.optionalBody, bodyRequired: body != nil,
                        reply: reply ?? doc.reply, security: access.security, hiddenFrom: access.hiddenFrom)
    }

    func get<O: ReplyConvertible>(_ p: String, _ d: Doc, _ h: nonisolated(nonsending) @escaping @Sendable (Request, Caller) async throws -> O) { on(.get, p, d, h) }
    func post<O: ReplyConvertible>(_ p: String, _ d: Doc, _ h: nonisolated(nonsending) @escaping @Sendable (Request, Caller) async throws -> O) { on(.post, p, d, h) }
    func put<O: ReplyConvertible>(_ p: String, _ d: Doc, _ h: nonisolated(nonsending) @escaping @Sendable (Request, Caller) async throws -> O) { on(.put, p, d, h) }
    func patch<O: ReplyConvertible>(_ p: String, _ d: Doc, _ h: nonisolated(nonsending) @escaping @Sendable (Request, Caller) async throws -> O) { on(.patch, p, d, h) }
    func delete<O: ReplyConvertible>(_ p: String, _ d: Doc, _ h: nonisolated(nonsending) @escaping @Sendable (Request, Caller) async throws -> O) { on(.delete, p, d, h) }

    func post<B: APIModel, O: ReplyConvertible>(_ p: String, _ d: Doc, _ h: nonisolated(nonsending) @escaping @Sendable (Request, Caller, B) async throws -> O) {
        on(.post, p, d, h)
    }
    func put<B: APIModel, O: ReplyConvertible>(_ p: String, _ d: Doc, _ h: nonisolated(nonsending) @escaping @Sendable (Request, Caller, B) async throws -> O) {
        on(.put, p, d, h)
    }
    func patch<B: APIModel, O: ReplyConvertible>(_ p: String, _ d: Doc, _ h: nonisolated(nonsending) @escaping @Sendable (Request, Caller, B) async throws -> O) {
        on(.patch, p, d, h)
    }
}

/// An area's HTTP surface: a short table of routes naming its handler methods.
protocol RouteCollection: Sendable {
    func add(to routes: RouteTable)
}
