import Foundation
import YarukiCore
import YarukiHTTP

/// Filled once the router is complete, so the document can describe its own route.
final class OpenAPIHolder: @unchecked Sendable {
    var document: JSONValue = .null {
        didSet { data = (try? JSONCoding.encoder.encode(document)) ?? Data("{}".utf8) }
    }
    private(set) var data = Data("{}".utf8)
}

/// The OpenAPI 3.1 document, made from the router's own table.
public enum OpenAPI {
    public enum Schema {
        case string, integer, number, boolean, object
        indirect case array(Schema)
        case ref(String)

        public var json: JSONValue {
            switch self {
            case .string: ["type": "string"]
            case .integer: ["type": "integer"]
            case .number: ["type": "number"]
            case .boolean: ["type": "boolean"]
            case .object: ["type": "object"]
            case let .array(item): ["type": "array", "items": item.json]
            case let .ref(name): ["$ref": .string("#/components/schemas/\(name)")]
            }
        }
    }

    public static func object(_ properties: [String: Schema], required: [String]? = nil) -> JSONValue {
        .object(["type": "object",
                 "properties": .object(properties.mapValues(\.json)),
                 "required": .array((required ?? properties.keys.sorted()).map(JSONValue.string))])
    }

    static func document(for routes: [Route]) -> JSONValue {
        var paths: [String: [String: JSONValue]] = [:]
        for route in routes {
            let doc = route.doc
            var responses: [String: JSONValue] = [:]
            for (status, description) in doc.responses {
                var response: [String: JSONValue] = ["description": .string(description)]
                if status < 300, status != 204 {
                    response["content"] = .object([doc.produces: .object(doc.responseBody.map { ["schema": $0] } ?? [:])])
                } else if status >= 400 {
                    response["content"] = ["application/problem+json": ["schema": Schema.ref("Problem").json]]
                }
                responses[String(status)] = .object(response)
            }
            responses["default"] = ["description": "A problem (RFC 9457)",
                                    "content": ["application/problem+json": ["schema": Schema.ref("Problem").json]]]
            var operation: [String: JSONValue] = [
                "summary": .string(doc.summary),
                "tags": [.string(doc.tag)],
                "operationId": .string(operationID(route)),
                "responses": .object(responses),
            ]
            let parameters = Router.parameterNames(route.pattern).map { name -> JSONValue in
                ["name": .string(name), "in": "path", "required": true, "schema": ["type": "string"]]
            }
            if !parameters.isEmpty { operation["parameters"] = .array(parameters) }
            if let body = doc.requestBody {
                operation["requestBody"] = ["required": true, "content": ["application/json": ["schema": body]]]
            }
            if doc.authenticated { operation["security"] = [["bearer": []]] }
            paths[route.pattern, default: [:]][route.method.rawValue.lowercased()] = .object(operation)
        }
        return [
            "openapi": "3.1.0",
            "info": ["title": "Yaruki API", "version": .string(YarukiVersion.current),
                     "license": ["name": "Apache-2.0", "identifier": "Apache-2.0"]],
            "paths": .object(paths.mapValues(JSONValue.object)),
            "components": [
                "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer", "bearerFormat": "JWT"]],
                "schemas": ["Problem": [
                    "type": "object",
                    "properties": [
                        "type": ["type": "string"], "title": ["type": "string"], "status": ["type": "integer"],
                        "detail": ["type": "string"],
                        "errors": ["type": "array", "items": object(["field": .string, "message": .string])],
                    ],
                    "required": ["type", "title", "status"],
                ]],
            ],
        ]
    }

    static func operationID(_ route: Route) -> String {
        let words = route.pattern.split(separator: "/").map { segment -> String in
            let s = segment.hasPrefix("{") ? "by-" + segment.dropFirst().dropLast() : String(segment)
            return s.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }
        return route.method.rawValue.lowercased() + words.joined()
    }
}
