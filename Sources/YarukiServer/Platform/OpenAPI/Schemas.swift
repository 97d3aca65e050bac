import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// The JSON Schemas of the API's types, read off the types themselves: each `APIModel`'s
/// example is encoded through a recording encoder that notes every key, whether it was written
/// with `encode` (required) or `encodeIfPresent` (optional), and the shape of its value; arrays,
/// dictionaries, dates, ids and closed word sets are known from their types. A shape is written
/// once, as a Swift type, and the document follows it.
final class SchemaRegistry {
    private(set) var schemas: [String: JSONValue] = [:]
    private var examples: [String: JSONValue] = [:]
    private var defining: Set<String> = []

    /// `{"$ref": …}` to a model's schema, defined on first use.
    func reference(_ type: any APIModel.Type) -> JSONValue {
        (type as? any PrewrittenModel.Type).map { reference($0.valueType) } ?? define(type)
    }

    private func define<M: APIModel>(_ type: M.Type) -> JSONValue {
        let name = SchemaRegistry.name(of: type)
        if schemas[name] == nil, !defining.contains(name) {
            defining.insert(name)
            var schema = SchemaRegistry.finish(shape(of: M.example, asModel: true), rules: (M.self as? any RuledModel.Type)?.rules ?? [:])
            if case var .object(members) = schema {
                if let data = try? JSONCoding.encoder.encode(M.example), let example = try? JSONCoding.decoder.decode(JSONValue.self, from: data) {
                    members["example"] = example
                }
                schema = .object(members)
            }
            schemas[name] = schema
            defining.remove(name)
        }
        return ["$ref": .string("#/components/schemas/\(name)")]
    }

    /// An object's properties with their rules, and its optional ones nullable: a decoder takes
    /// `null` for a field it may do without (Swift's optionals do), so the document says so.
    static func finish(_ schema: JSONValue, rules: [String: FieldRule]) -> JSONValue {
        guard case var .object(members) = schema, case let .object(properties)? = members["properties"] else { return schema }
        var required: Set<String> = []
        if case let .array(names)? = members["required"] { for case let .string(name) in names { required.insert(name) } }
        var finished: [String: JSONValue] = [:]
        for (name, property) in properties {
            let ruled = rules[name].map { apply($0, to: property) } ?? property
            finished[name] = required.contains(name) ? ruled : ["anyOf": [ruled, ["type": "null"]]]
        }
        members["properties"] = .object(finished)
        return .object(members)
    }

    /// A field's rule written into its schema (an array's item rules into its items).
    static func apply(_ rule: FieldRule, to schema: JSONValue) -> JSONValue {
        guard case var .object(members) = schema else { return schema }
        if let v = rule.minLength { members["minLength"] = .number(Double(v)) }
        if let v = rule.maxLength { members["maxLength"] = .number(Double(v)) }
        if let v = rule.pattern { members["pattern"] = .string(v) }
        if let v = rule.format { members["format"] = .string(v) }
        if let v = rule.minimum { members["minimum"] = .number(v) }
        if let v = rule.maximum { members["maximum"] = .number(v) }
        if let v = rule.multipleOf { members["multipleOf"] = .number(v) }
        if let v = rule.oneOf { members["enum"] = .array(v.map(JSONValue.string)) }
        if let v = rule.minItems { members["minItems"] = .number(Double(v)) }
        if let v = rule.maxItems { members["maxItems"] = .number(Double(v)) }
        if let v = rule.uniqueItems { members["uniqueItems"] = .bool(v) }
        if let item = rule.items?.first, let items = members["items"] { members["items"] = apply(item, to: items) }
        if let item = rule.items?.first, let values = members["additionalProperties"] { members["additionalProperties"] = apply(item, to: values) }
        if let keys = rule.requiredKeys { members["required"] = .array(keys.map(JSONValue.string)) }
        if let keys = rule.allowedKeys { members["propertyNames"] = ["enum": .array(keys.map(JSONValue.string))] }
        return .object(members)
    }

    /// `Items<YarukiAPI.Post>` → `ItemsOfPost`, `BoardTotals.Channel` → `BoardTotalsChannel`.
    static func name(of type: Any.Type) -> String {
        var text = String(reflecting: type).replacingOccurrences(of: "YarukiAPI.Prewritten<", with: "")  // named as the value it holds
        for module in ["YarukiAPI.", "YarukiCore.", "Swift."] { text = text.replacingOccurrences(of: module, with: "") }
        return text.replacingOccurrences(of: "<", with: "Of").replacingOccurrences(of: ">", with: "")
            .replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ", ", with: "And")
    }

    /// The schema of a type alone, when its type says it all.
    func shape(ofType type: Any.Type) -> JSONValue? {
        switch type {
        case is String.Type: return ["type": "string"]
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt64.Type, is UInt32.Type: return ["type": "integer"]
        case is Double.Type, is Float.Type: return ["type": "number"]
        case is Bool.Type: return ["type": "boolean"]
        case is Date.Type, is OffsetDateTime.Type: return ["type": "string", "format": "date-time"]
        case is UUID.Type: return ["type": "string", "format": "uuid"]
        case is URL.Type: return ["type": "string", "format": "uri"]
        case is JSONValue.Type: return [:]  // any JSON (a synced record, whose shape is its type's)
        case let words as any APIEnumeration.Type: return ["type": "string", "enum": .array(words.wireValues.map(JSONValue.string))]
        case let model as any APIModel.Type: return reference(model)
        case let container as any SchemaContainer.Type: return container.schema(self)
        default: return nil
        }
    }

    /// The schema of a value: its type's when that says it all, else what encoding it writes.
    func shape<T: Encodable>(of value: T, asModel: Bool = false) -> JSONValue {
        if !asModel, let known = shape(ofType: T.self) { return known }
        let recorder = ShapeRecorder(registry: self)
        try? value.encode(to: recorder)
        return recorder.box.schema ?? [:]
    }
}

/// Arrays, dictionaries and optionals: their schema is their elements'.
protocol SchemaContainer {
    static func schema(_ registry: SchemaRegistry) -> JSONValue?
}

extension Array: SchemaContainer where Element: Encodable {
    static func schema(_ registry: SchemaRegistry) -> JSONValue? {
        ["type": "array", "items": registry.shape(ofType: Element.self) ?? [:]]
    }
}

extension Dictionary: SchemaContainer where Key == String, Value: Encodable {
    static func schema(_ registry: SchemaRegistry) -> JSONValue? {
        ["type": "object", "additionalProperties": registry.shape(ofType: Value.self) ?? [:]]
    }
}

extension Optional: SchemaContainer where Wrapped: Encodable {
    static func schema(_ registry: SchemaRegistry) -> JSONValue? { registry.shape(ofType: Wrapped.self) }
}

/// What the recording encoder found: an object's properties (and which are required), an
/// array's first element, or a single value.
final class ShapeBox {
    var properties: [(String, JSONValue)] = []
    var required: [String] = []
    var isObject = false
    var item: JSONValue?
    var isArray = false
    var single: JSONValue?

    var schema: JSONValue? {
        if isObject {
            var object: [String: JSONValue] = ["type": "object", "properties": .object(Dictionary(properties, uniquingKeysWith: { a, _ in a }))]
            if !required.isEmpty { object["required"] = .array(required.map(JSONValue.string)) }
            return .object(object)
        }
        if isArray { return ["type": "array", "items": item ?? [:]] }
        return single
    }
}

struct ShapeRecorder: Encoder {
    let registry: SchemaRegistry
    let box = ShapeBox()
    var codingPath: [CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(registry: SchemaRegistry) { self.registry = registry }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.isObject = true
        return KeyedEncodingContainer(KeyedShape<Key>(registry: registry, box: box))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        box.isArray = true
        return UnkeyedShape(registry: registry, box: box)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { SingleShape(registry: registry, box: box) }
}

struct KeyedShape<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let registry: SchemaRegistry
    let box: ShapeBox
    var codingPath: [CodingKey] = []

    private func note(_ key: Key, _ schema: JSONValue, required: Bool) {
        box.properties.append((key.stringValue, schema))
        if required { box.required.append(key.stringValue) }
    }

    mutating func encodeNil(forKey key: Key) throws { note(key, ["type": "null"], required: true) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { note(key, registry.shape(of: value), required: true) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        note(key, value.map { registry.shape(of: $0) } ?? registry.shape(ofType: T.self) ?? [:], required: false)
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { note(key, ["type": "string"], required: false) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { note(key, ["type": "boolean"], required: false) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { note(key, ["type": "integer"], required: false) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { note(key, ["type": "integer"], required: false) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { note(key, ["type": "number"], required: false) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let recorder = ShapeRecorder(registry: registry)
        defer { note(key, recorder.box.schema ?? [:], required: true) }
        return recorder.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        note(key, ["type": "array"], required: true)
        return ShapeRecorder(registry: registry).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder { ShapeRecorder(registry: registry) }
    mutating func superEncoder(forKey key: Key) -> Encoder { ShapeRecorder(registry: registry) }
}

struct UnkeyedShape: UnkeyedEncodingContainer {
    let registry: SchemaRegistry
    let box: ShapeBox
    var codingPath: [CodingKey] = []
    var count = 0

    private mutating func note(_ schema: JSONValue) {
        if box.item == nil { box.item = schema }
        count += 1
    }

    mutating func encodeNil() throws { note(["type": "null"]) }
    mutating func encode<T: Encodable>(_ value: T) throws { note(registry.shape(of: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        ShapeRecorder(registry: registry).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { ShapeRecorder(registry: registry).unkeyedContainer() }
    mutating func superEncoder() -> Encoder { ShapeRecorder(registry: registry) }
}

struct SingleShape: SingleValueEncodingContainer {
    let registry: SchemaRegistry
    let box: ShapeBox
    var codingPath: [CodingKey] = []

    mutating func encodeNil() throws { box.single = ["type": "null"] }
    mutating func encode(_ value: String) throws { box.single = ["type": "string"] }
    mutating func encode(_ value: Bool) throws { box.single = ["type": "boolean"] }
    mutating func encode(_ value: Double) throws { box.single = ["type": "number"] }
    mutating func encode(_ value: Int) throws { box.single = ["type": "integer"] }
    mutating func encode(_ value: Int64) throws { box.single = ["type": "integer"] }
    mutating func encode<T: Encodable>(_ value: T) throws { box.single = registry.shape(of: value) }
}
