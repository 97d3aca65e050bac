import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// The document of a route table, made when it is first asked for (a server that nobody asks
/// starts without the cost) and then kept as its bytes. Filled once the routes are complete, so
/// the document describes its own route too.
final class OpenAPIHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Data?
    var endpoints: [Endpoint] = []

    var data: Data {
        lock.withLock {
            if let made { return made }
            let data = (try? JSONCoding.encoder.encode(OpenAPI.document(for: endpoints))) ?? Data("{}".utf8)
            made = data
            return data
        }
    }
}

/// The OpenAPI 3.1 document, made from the route table: each route's summary and answers as
/// written beside it, its security from its group, its request and reply schemas from the
/// handler's own types (`components.schemas`, one per API type, each with its example).
enum OpenAPI {
    static func document(for endpoints: [Endpoint]) -> JSONValue {
        let schemas = SchemaRegistry()
        var paths: [String: [String: JSONValue]] = [:]
        for endpoint in endpoints {
            paths[endpoint.pattern, default: [:]][endpoint.method.rawValue.lowercased()] = operation(endpoint, schemas)
        }
        var components = schemas.schemas
        components["Problem"] = problem
        let schemes = Set(endpoints.flatMap(\.security))
        return [
            "openapi": "3.1.0",
            "info": ["title": "Yaruki API", "version": .string(YarukiVersion.current), "license": ["name": "Apache-2.0", "identifier": "Apache-2.0"]],
            "paths": .object(paths.mapValues(JSONValue.object)),
            "components": [
                "securitySchemes": .object(Dictionary(uniqueKeysWithValues: schemes.map { ($0.rawValue, $0.definition) })),
                "schemas": .object(components),
            ],
        ]
    }

    static func operation(_ endpoint: Endpoint, _ schemas: SchemaRegistry) -> JSONValue {
        var answers = endpoint.doc.responses
        if !answers.keys.contains(where: { (200..<300).contains($0) }) { answers[200] = "OK" }
        // A route behind a token answers 401 without one, whatever else it says.
        if endpoint.security.contains(.bearer), answers[401] == nil { answers[401] = "Not signed in, or the access token has expired" }
        var responses: [String: JSONValue] = ["default": ["description": "A problem (RFC 9457)", "content": problemContent]]
        for (status, description) in answers {
            var response: [String: JSONValue] = ["description": .string(description)]
            if (200..<300).contains(status), status != 204 {
                let schema = endpoint.reply.map { schemas.reference($0) } ?? [:]
                response["content"] = .object([endpoint.doc.produces: .object(endpoint.doc.produces == "application/json" ? ["schema": schema] : [:])])
            } else if status >= 400 {
                response["content"] = problemContent
            }
            responses[String(status)] = .object(response)
        }
        var operation: [String: JSONValue] = [
            "summary": .string(endpoint.doc.summary), "tags": [.string(endpoint.tag)], "operationId": .string(operationID(endpoint)),
            "responses": .object(responses),
        ]
        var parameters = Router.parameterNames(endpoint.pattern).map { name -> JSONValue in
            let declared = endpoint.doc.path.first { $0.name == name } ?? OpenAPI.pathParameter(name)
            return parameter(declared, in: "path", required: true)
        }
        parameters += endpoint.doc.query.map { parameter($0, in: "query", required: $0.required) }
        if !parameters.isEmpty { operation["parameters"] = .array(parameters) }
        if let body = endpoint.body {
            operation["requestBody"] = ["required": .bool(endpoint.bodyRequired), "content": ["application/json": ["schema": schemas.reference(body)]]]
        } else if !endpoint.doc.upload.isEmpty {
            let file: JSONValue = ["schema": ["type": "string", "format": "binary"]]
            // A JSON file (a location history) is any JSON document as far as the request goes: what it holds is read afterwards.
            let json: JSONValue = ["schema": .object([:])]
            operation["requestBody"] = ["required": true, "description": "The file itself, as the body; its bytes decide its type, not Content-Type",
                                        "content": .object(Dictionary(uniqueKeysWithValues: endpoint.doc.upload.map {
                                            ($0, $0 == "application/json" || $0.hasSuffix("+json") ? json : file)
                                        }))]
        }
        if !endpoint.security.isEmpty { operation["security"] = .array(endpoint.security.map { [$0.rawValue: []] }) }
        return .object(operation)
    }

    static func parameter(_ p: Parameter, in place: String, required: Bool) -> JSONValue {
        ["name": .string(p.name), "in": .string(place), "required": .bool(required), "description": .string(p.description),
         "schema": SchemaRegistry.apply(p.rule, to: ["type": .string(p.type)])]
    }

    /// A path segment by its name alone: every `{id}` (and a person's `{user}` or `{member}`) is a uuid.
    static func pathParameter(_ name: String) -> Parameter {
        switch name {
        case "id", "user", "member": .id(name, "An id")
        default: .text(name, FieldRule(), name)
        }
    }

    static let problemContent: JSONValue = ["application/problem+json": ["schema": ["$ref": "#/components/schemas/Problem"]]]

    static let problem: JSONValue = [
        "type": "object",
        "properties": [
            "type": ["type": "string"], "title": ["type": "string"], "status": ["type": "integer"], "detail": ["type": "string"],
            "errors": ["type": "array", "items": ["type": "object", "properties": ["field": ["type": "string"], "message": ["type": "string"]],
                                                  "required": ["field", "message"]]],
        ],
        "required": ["type", "title", "status"],
    ]

    static func operationID(_ endpoint: Endpoint) -> String {
        let words = endpoint.pattern.split(separator: "/").map { segment -> String in
            let s = segment.hasPrefix("{") ? "by-" + segment.dropFirst().dropLast() : String(segment)
            return s.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        return endpoint.method.rawValue.lowercased() + words.joined()
    }
}
