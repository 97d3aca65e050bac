// Writes each Codable type's JSON writer from its declaration, at build time (the JSONWriters
// build-tool plugin runs this over a target's sources; no network, no SwiftSyntax).
//
// For every struct or class that is Codable (directly, or through a protocol of the target that
// refines Codable) it writes `writeJSON(to:)`: the members JSONEncoder would write, in the order
// `.sortedKeys` puts them (their keys' UTF-8 bytes), each key's bytes a constant, an optional
// member left out when nil (as `encodeIfPresent` does). The members are the stored properties,
// or the cases of the type's `CodingKeys`, or what its own `encode(to:)` writes when that is a
// plain list of `encode`/`encodeIfPresent` calls. An enum with a raw value writes its raw value.
// Anything else (a single-value `encode(to:)`, an enum with associated values) is the type's to
// write by hand; the compiler then names the type that lacks a writer.
//
// Usage: yaruki-json-writers OUTPUT.swift SOURCE.swift...
import Foundation

struct Failure: Error, CustomStringConvertible {
    var description: String
}

// MARK: Tokens

struct Token {
    enum Kind { case word, punct, string, number }
    var kind: Kind
    var text: String
    /// Where it starts and ends in the source's UTF-8 bytes.
    var start: Int
    var end: Int
}

/// Swift source as tokens: comments, compiler directives' lines and string contents dropped
/// (a string is one token), words, numbers and single punctuation characters kept.
func tokenize(_ source: [UInt8]) -> [Token] {
    var tokens: [Token] = []
    var i = 0
    let n = source.count
    func at(_ k: Int) -> UInt8 { k < n ? source[k] : 0 }
    func isWordByte(_ b: UInt8) -> Bool { b == 95 || (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b >= 0x80 }
    var lineStart = true
    while i < n {
        let b = source[i]
        if b == 10 { lineStart = true; i += 1; continue }
        if b == 32 || b == 9 || b == 13 { i += 1; continue }
        // #if, #else, #elseif, #endif: the whole line goes; both branches are read.
        if lineStart, b == 35, at(i + 1) == 105 || at(i + 1) == 101 {
            let word = String(decoding: source[(i + 1)..<min(n, i + 7)], as: UTF8.self)
            if word.hasPrefix("if") || word.hasPrefix("else") || word.hasPrefix("endif") {
                while i < n, source[i] != 10 { i += 1 }
                continue
            }
        }
        lineStart = false
        if b == 47, at(i + 1) == 47 {  // line comment
            while i < n, source[i] != 10 { i += 1 }
            continue
        }
        if b == 47, at(i + 1) == 42 {  // block comment, nested
            var depth = 0
            repeat {
                if at(i) == 47, at(i + 1) == 42 { depth += 1; i += 2 } else if at(i) == 42, at(i + 1) == 47 { depth -= 1; i += 2 } else { i += 1 }
            } while depth > 0 && i < n
            continue
        }
        if b == 34 || (b == 35 && (at(i + 1) == 34 || at(i + 1) == 35)) {  // string, raw string, multi-line
            let start = i
            var hashes = 0
            while at(i) == 35 { hashes += 1; i += 1 }
            let multi = at(i) == 34 && at(i + 1) == 34 && at(i + 2) == 34
            i += multi ? 3 : 1
            var interpolation = 0
            while i < n {
                let c = source[i]
                if c == 92 {  // backslash: an escape, or an interpolation when followed by the hashes and (
                    var k = i + 1
                    var h = 0
                    while h < hashes, at(k) == 35 { h += 1; k += 1 }
                    if h == hashes, at(k) == 40 {
                        // \( … ): skip to the matching parenthesis, strings inside included.
                        interpolation = 1
                        i = k + 1
                        while i < n, interpolation > 0 {
                            if source[i] == 40 { interpolation += 1 } else if source[i] == 41 { interpolation -= 1 } else if source[i] == 34 {
                                i += 1
                                while i < n, source[i] != 34 { if source[i] == 92 { i += 1 }; i += 1 }
                            }
                            i += 1
                        }
                        continue
                    }
                    i = h == hashes ? k + 1 : i + 1
                    continue
                }
                if c == 34 {
                    if multi {
                        if at(i + 1) == 34, at(i + 2) == 34 {
                            var k = i + 3
                            var h = 0
                            while h < hashes, at(k) == 35 { h += 1; k += 1 }
                            if h == hashes { i = k; break }
                        }
                    } else {
                        var k = i + 1
                        var h = 0
                        while h < hashes, at(k) == 35 { h += 1; k += 1 }
                        if h == hashes { i = k; break }
                    }
                }
                i += 1
            }
            tokens.append(Token(kind: .string, text: String(decoding: source[start..<i], as: UTF8.self), start: start, end: i))
            continue
        }
        if b == 96 {  // `word`
            let start = i
            i += 1
            while i < n, source[i] != 96 { i += 1 }
            i += 1
            tokens.append(Token(kind: .word, text: String(decoding: source[(start + 1)..<(i - 1)], as: UTF8.self), start: start, end: i))
            continue
        }
        if isWordByte(b) {
            let start = i
            while i < n, isWordByte(source[i]) { i += 1 }
            let text = String(decoding: source[start..<i], as: UTF8.self)
            tokens.append(Token(kind: b >= 48 && b <= 57 ? .number : .word, text: text, start: start, end: i))
            continue
        }
        if b == 35 || b == 36, isWordByte(at(i + 1)) {  // #selector, $0: one word
            let start = i
            i += 1
            while i < n, isWordByte(source[i]) { i += 1 }
            tokens.append(Token(kind: .word, text: String(decoding: source[start..<i], as: UTF8.self), start: start, end: i))
            continue
        }
        tokens.append(Token(kind: .punct, text: String(UnicodeScalar(b)), start: i, end: i + 1))
        i += 1
    }
    return tokens
}

// MARK: Declarations

struct Property {
    var name: String
    var optional: Bool
}

final class TypeDecl {
    enum Kind: String { case `struct`, `class`, `enum`, `actor` }
    var kind: Kind
    var name: String  // qualified: Outer.Inner
    var generics: [String] = []
    var inherits: [String] = []
    var hidden = false  // private or fileprivate, itself or an enclosing type
    var isPublic = false  // public or open, and so is every enclosing type
    var file: String
    var properties: [Property] = []
    var codingKeys: [(name: String, key: String)]?
    var cases: [(name: String, raw: String?)] = []
    var hasAssociatedValues = false
    /// What its own `encode(to:)` writes, when that is a plain list of keyed calls.
    var customEncode: [(key: String, value: String, ifPresent: Bool)]?
    var hasCustomEncode = false
    var unsupported: [String] = []

    init(kind: Kind, name: String, file: String) {
        self.kind = kind
        self.name = name
        self.file = file
    }
}

struct Extension {
    var name: String
    var inherits: [String]
}

final class Parser {
    let tokens: [Token]
    let source: [UInt8]
    let file: String
    var i = 0
    var types: [TypeDecl] = []
    var extensions: [Extension] = []
    var protocols: [String: [String]] = [:]
    var imports: Set<String> = []

    static let modifiers: Set<String> = ["public", "private", "fileprivate", "internal", "open", "final", "static", "lazy", "indirect", "override",
                                         "mutating", "nonmutating", "nonisolated", "required", "convenience", "dynamic", "weak", "unowned",
                                         "package", "consuming", "borrowing", "isolated", "sending"]
    static let declarations: Set<String> = ["var", "let", "func", "init", "deinit", "subscript", "case", "struct", "enum", "class", "actor",
                                            "protocol", "extension", "typealias", "associatedtype", "import", "precedencegroup", "operator"]

    init(source: [UInt8], file: String) {
        self.source = source
        self.file = file
        tokens = tokenize(source)
    }

    var token: Token? { i < tokens.count ? tokens[i] : nil }
    func peek(_ k: Int = 1) -> Token? { i + k < tokens.count ? tokens[i + k] : nil }
    func isPunct(_ t: Token?, _ c: String) -> Bool { t?.kind == .punct && t?.text == c }

    /// Past a balanced (…), […], {…} or <…> starting at the current token.
    func skipBalanced() {
        guard let open = token?.text else { return }
        let close = ["(": ")", "[": "]", "{": "}", "<": ">"][open]!
        var depth = 0
        while let t = token {
            if t.kind == .punct, t.text == open { depth += 1 }
            if t.kind == .punct, t.text == close { depth -= 1 }
            i += 1
            if depth == 0 { return }
        }
    }

    /// A declaration's start, at the level of a type's members.
    func startsDeclaration(_ t: Token) -> Bool {
        (t.kind == .word && (Parser.declarations.contains(t.text) || Parser.modifiers.contains(t.text))) || (t.kind == .punct && (t.text == "@" || t.text == "}" || t.text == ";"))
    }

    func parse() throws {
        try members(of: nil, scope: "", hidden: false)
    }

    /// The members of a type (or of the file at the top, or an extension), up to its closing brace.
    func members(of type: TypeDecl?, scope: String, hidden: Bool, inPublic: Bool = true) throws {
        var mods: Set<String> = []
        while let t = token {
            if t.kind == .punct {
                switch t.text {
                case "}": i += 1; return
                case "@":
                    i += 2  // @attribute
                    if isPunct(token, "(") { skipBalanced() }
                    continue
                case "{": skipBalanced(); mods = []; continue
                case "(" where !mods.isEmpty: skipBalanced(); continue  // private(set)
                default: i += 1; mods = []; continue
                }
            }
            guard t.kind == .word else { i += 1; continue }
            if Parser.modifiers.contains(t.text) || (t.text == "class" && peek().map { ["var", "func", "let", "subscript"].contains($0.text) } == true) {
                mods.insert(t.text)
                i += 1
                continue
            }
            let isHidden = hidden || mods.contains("private") || mods.contains("fileprivate")
            switch t.text {
            case "import":
                i += 1
                var path: [String] = []
                if let kind = token?.text, ["struct", "class", "enum", "func", "var", "let", "typealias", "protocol"].contains(kind) { i += 1 }
                while let w = token, w.kind == .word {
                    path.append(w.text)
                    i += 1
                    if isPunct(token, ".") { i += 1 } else { break }
                }
                if let first = path.first { imports.insert(first) }
            case "struct", "class", "enum", "actor":
                i += 1
                guard let nameToken = token, nameToken.kind == .word else { continue }
                i += 1
                let decl = TypeDecl(kind: TypeDecl.Kind(rawValue: t.text)!, name: scope.isEmpty ? nameToken.text : "\(scope).\(nameToken.text)", file: file)
                decl.hidden = isHidden
                decl.isPublic = inPublic && (mods.contains("public") || mods.contains("open"))
                if isPunct(token, "<") { decl.generics = genericNames() }
                decl.inherits = inheritance()
                skipWhere()
                guard isPunct(token, "{") else { throw Failure(description: "\(file): no body for \(decl.name)") }
                i += 1
                types.append(decl)
                try members(of: decl, scope: decl.name, hidden: isHidden, inPublic: decl.isPublic)
            case "protocol":
                i += 1
                guard let nameToken = token else { continue }
                i += 1
                if isPunct(token, "<") { skipBalanced() }
                protocols[nameToken.text] = inheritance()
                while let u = token, !isPunct(u, "{") { i += 1 }
                skipBalanced()
            case "extension":
                i += 1
                var name = ""
                while let w = token, w.kind == .word {
                    name += w.text
                    i += 1
                    if isPunct(token, ".") { name += "."; i += 1 } else { break }
                }
                if isPunct(token, "<") { skipBalanced() }
                let inherits = inheritance()
                skipWhere()
                extensions.append(Extension(name: name, inherits: inherits))
                guard isPunct(token, "{") else { throw Failure(description: "\(file): no body for extension \(name)") }
                i += 1
                try members(of: nil, scope: name, hidden: isHidden)
            case "var", "let":
                i += 1
                let stored = try property(type: mods.contains("static") || mods.contains("class") ? nil : type)
                if let stored, let type { type.properties.append(stored) }
            case "case":
                i += 1
                enumCases(type)
            case "func":
                i += 1
                let name = token?.text ?? ""
                i += 1
                if isPunct(token, "<") { skipBalanced() }
                let isEncode = name == "encode" && isPunct(token, "(") && peek()?.text == "to" && !mods.contains("static")
                while let u = token, !isPunct(u, "{"), !(u.kind == .word && (Parser.declarations.contains(u.text) || Parser.modifiers.contains(u.text))), !isPunct(u, "}") {
                    if isPunct(u, "(") || isPunct(u, "<") || isPunct(u, "[") { skipBalanced() } else { i += 1 }
                }
                if isPunct(token, "{") {
                    let body = i
                    skipBalanced()
                    if isEncode, let type {
                        type.hasCustomEncode = true
                        type.customEncode = keyedCalls(from: body + 1, to: i - 1)
                    }
                }
            case "init", "subscript", "deinit":
                i += 1
                while let u = token, !isPunct(u, "{"), !isPunct(u, "}") {
                    if isPunct(u, "(") || isPunct(u, "<") { skipBalanced() } else { i += 1 }
                }
                if isPunct(token, "{") { skipBalanced() }
            case "typealias", "associatedtype":
                i += 1
                while let u = token, !startsDeclaration(u) {
                    if isPunct(u, "(") || isPunct(u, "<") || isPunct(u, "[") { skipBalanced() } else { i += 1 }
                }
            default:
                i += 1
            }
            mods = []
        }
    }

    /// `<A: P, B>` → ["A", "B"].
    func genericNames() -> [String] {
        var names: [String] = []
        var depth = 0
        var expectName = true
        while let t = token {
            i += 1
            if t.kind == .punct {
                if t.text == "<" { depth += 1 } else if t.text == ">" { depth -= 1; if depth == 0 { break } } else if t.text == "," && depth == 1 { expectName = true }
                continue
            }
            if expectName, depth == 1, t.kind == .word { names.append(t.text); expectName = false }
        }
        return names
    }

    /// `: A, B.C, D<E>` → ["A", "B.C", "D"]; stops before `where` or `{`.
    func inheritance() -> [String] {
        guard isPunct(token, ":") else { return [] }
        i += 1
        var names: [String] = []
        var current = ""
        while let t = token, !isPunct(t, "{"), t.text != "where" {
            if isPunct(t, "<") { skipBalanced(); continue }
            if isPunct(t, ",") || isPunct(t, "&") {
                if !current.isEmpty { names.append(current) }
                current = ""
            } else if t.kind == .word || isPunct(t, ".") {
                current += t.text
            }
            i += 1
        }
        if !current.isEmpty { names.append(current) }
        return names
    }

    func skipWhere() {
        guard token?.text == "where" else { return }
        while let t = token, !isPunct(t, "{") { if isPunct(t, "<") { skipBalanced() } else { i += 1 } }
    }

    /// After `var`/`let`: the stored property it declares (nil for a computed one or a static one).
    func property(type: TypeDecl?) throws -> Property? {
        guard let nameToken = token, nameToken.kind == .word else { return nil }
        if isPunct(nameToken, "(") { skipBalanced(); return nil }
        i += 1
        var typeText = ""
        if isPunct(token, ":") {
            i += 1
            var depth = 0
            while let t = token {
                if depth == 0, t.kind == .punct, ["=", "{", "}", ";", "@", ","].contains(t.text) { break }
                if depth == 0, t.kind == .word, Parser.declarations.contains(t.text) || Parser.modifiers.contains(t.text) { break }
                if t.kind == .punct, ["<", "[", "("].contains(t.text) { depth += 1 }
                if t.kind == .punct, [">", "]", ")"].contains(t.text) { depth -= 1 }
                // `->` is not a closing angle bracket.
                if t.kind == .punct, t.text == "-", isPunct(peek(), ">") { typeText += "->"; i += 2; continue }
                typeText += t.text
                i += 1
            }
        }
        var initialNil = false
        if isPunct(token, "=") {
            i += 1
            initialNil = token?.text == "nil"
            while let t = token {
                if t.kind == .punct, ["(", "[", "{"].contains(t.text) { skipBalanced(); continue }
                if startsDeclaration(t) || isPunct(t, ",") { break }
                i += 1
            }
        }
        if isPunct(token, ",") {
            type?.unsupported.append("several properties in one declaration (\(nameToken.text), …)")
            return nil
        }
        if isPunct(token, "{") {
            let observed = peek().map { ["willSet", "didSet"].contains($0.text) } ?? false
            skipBalanced()
            if !observed { return nil }
        }
        guard type != nil else { return nil }
        let optional = typeText.hasSuffix("?") || typeText.hasSuffix("!") || typeText.hasPrefix("Optional<") || (typeText.isEmpty && initialNil)
        return Property(name: nameToken.text, optional: optional)
    }

    /// After `case` in an enum: its cases and raw values.
    func enumCases(_ type: TypeDecl?) {
        while let t = token, t.kind == .word {
            i += 1
            var raw: String?
            if isPunct(token, "(") {
                type?.hasAssociatedValues = true
                skipBalanced()
            }
            if isPunct(token, "=") {
                i += 1
                var text = ""
                if isPunct(token, "-") { text = "-"; i += 1 }
                if let v = token { text += v.text; i += 1 }
                raw = text
            }
            type?.cases.append((t.text, raw))
            if isPunct(token, ",") { i += 1 } else { break }
        }
    }

    /// An `encode(to:)` body made only of `var c = encoder.container(keyedBy: CodingKeys.self)`
    /// and `try c.encode(X, forKey: .k)` / `try c.encodeIfPresent(X, forKey: .k)`: those calls.
    func keyedCalls(from start: Int, to end: Int) -> [(key: String, value: String, ifPresent: Bool)]? {
        let words = tokens[start..<end].map(\.text)
        let opening = ["var", "", "=", "encoder", ".", "container", "(", "keyedBy", ":", "CodingKeys", ".", "self", ")"]
        guard words.count >= opening.count else { return nil }
        let container = words[1]
        for (k, w) in opening.enumerated() where !w.isEmpty && words[k] != w { return nil }
        var calls: [(String, String, Bool)] = []
        var k = start + opening.count
        while k < end {
            guard tokens[k].text == "try", k + 4 < end, tokens[k + 1].text == container, tokens[k + 2].text == ".",
                  ["encode", "encodeIfPresent"].contains(tokens[k + 3].text), tokens[k + 4].text == "(" else { return nil }
            let ifPresent = tokens[k + 3].text == "encodeIfPresent"
            // The argument list: the value, then `forKey: .key`.
            var depth = 0
            var m = k + 4
            var comma = -1
            repeat {
                let t = tokens[m]
                if t.kind == .punct, ["(", "[", "{"].contains(t.text) { depth += 1 }
                if t.kind == .punct, [")", "]", "}"].contains(t.text) { depth -= 1 }
                if depth == 1, t.kind == .punct, t.text == "," { comma = m }
                m += 1
            } while depth > 0 && m < end
            guard comma > 0, m - comma == 6, tokens[comma + 1].text == "forKey", tokens[comma + 2].text == ":", tokens[comma + 3].text == "." else { return nil }
            let value = String(decoding: source[tokens[k + 5].start..<tokens[comma - 1].end], as: UTF8.self)
            calls.append((tokens[comma + 4].text, value, ifPresent))
            k = m
        }
        return calls
    }
}

// MARK: Writing

/// Whether `a` sorts before `b` by UTF-8 bytes, as `.sortedKeys` does.
func precedes(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }

/// `"key":` as a Swift string literal of the JSON bytes.
func keyLiteral(_ key: String) -> String {
    var escaped = ""
    for scalar in key.unicodeScalars {
        switch scalar {
        case "\"": escaped += "\\\\\\\""
        case "\\": escaped += "\\\\\\\\"
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return "\"\\\"\(escaped)\\\":\""
}

func main() throws {
    var arguments = CommandLine.arguments.dropFirst()
    guard let output = arguments.popFirst() else { throw Failure(description: "usage: yaruki-json-writers OUTPUT.swift SOURCE.swift...") }
    var types: [TypeDecl] = []
    var extensions: [Extension] = []
    var protocols: [String: [String]] = [:]
    var imports: Set<String> = ["Foundation", "YarukiJSON"]
    for path in arguments.sorted() {
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(description: "cannot read \(path)") }
        let parser = Parser(source: Array(data), file: (path as NSString).lastPathComponent)
        try parser.parse()
        types += parser.types
        extensions += parser.extensions
        protocols.merge(parser.protocols) { a, _ in a }
        imports.formUnion(parser.imports)
    }
    // Protocols of the target that bring Codable, and those that bring JSONWritable itself.
    func refines(_ name: String, _ goal: Set<String>, _ seen: Set<String> = []) -> Bool {
        if goal.contains(name) { return true }
        guard !seen.contains(name), let parents = protocols[name] else { return false }
        return parents.contains { refines($0, goal, seen.union([name])) }
    }
    let encodable: Set<String> = ["Codable", "Encodable"]
    let byName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for e in extensions {
        if let t = byName[e.name] { t.inherits += e.inherits }
    }
    for type in types {
        guard let keys = byName["\(type.name).CodingKeys"] else { continue }
        type.codingKeys = keys.cases.map { ($0.name, $0.raw.map { String($0.dropFirst().dropLast()) } ?? $0.name) }
    }
    var out = "// Made by yaruki-json-writers (the JSONWriters build-tool plugin) from this target's Codable types. Do not edit.\n"
    // Foundation and the project's own modules: what members' types and conformances come from
    // (a platform's module, imported under #if by some source, is left to that source).
    for module in imports.sorted() where module == "Foundation" || module.hasPrefix("Yaruki") { out += "import \(module)\n" }
    var problems: [String] = []
    for type in types.sorted(by: { $0.name < $1.name }) {
        guard type.inherits.contains(where: { refines($0, encodable) }) else { continue }
        let implied = type.inherits.contains { refines($0, ["JSONWritable"]) }
        let handWritten = type.inherits.contains("JSONWritable")
        if handWritten || type.hidden { continue }
        var members: [(key: String, value: String, ifPresent: Bool)] = []
        switch type.kind {
        case .enum:
            if type.hasCustomEncode || type.hasAssociatedValues {
                problems.append("\(type.file): \(type.name) writes itself its own way; give it a hand-written JSONWritable conformance")
                continue
            }
            let raw = type.inherits.first ?? ""
            guard ["String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float"].contains(raw) else {
                problems.append("\(type.file): \(type.name) is an enum without a raw value")
                continue
            }
        default:
            if type.hasCustomEncode {
                guard let calls = type.customEncode else { continue }  // hand-written, or the compiler says it is missing
                let keys = Dictionary((type.codingKeys ?? []).map { ($0.name, $0.key) }, uniquingKeysWith: { a, _ in a })
                members = calls.map { (keys[$0.key] ?? $0.key, $0.value, $0.ifPresent) }
            } else {
                let keys = type.codingKeys.map { Dictionary($0.map { ($0.name, $0.key) }, uniquingKeysWith: { a, _ in a }) }
                for p in type.properties {
                    guard let key = keys == nil ? p.name : keys![p.name] else { continue }
                    members.append((key, p.name, p.optional))
                }
            }
            if !type.unsupported.isEmpty { problems.append("\(type.file): \(type.name): \(type.unsupported.joined(separator: "; "))"); continue }
        }
        let conformance = implied ? "" : ": JSONWritable"
        let constraints = implied || type.generics.isEmpty ? "" : " where " + type.generics.map { "\($0): JSONWritable" }.joined(separator: ", ")
        out += "\nextension \(type.name)\(conformance)\(constraints) {\n"
        out += "    \(type.isPublic ? "public " : "")func writeJSON(to w: inout JSONWriter) throws {\n"
        if type.kind == .enum {
            out += "        try w.write(rawValue)\n"
        } else {
            members.sort { precedes($0.key, $1.key) }
            out += "        w.beginObject()\n"
            for m in members {
                let value = m.value.contains(where: { !$0.isLetter && !$0.isNumber && $0 != "_" }) ? "(\(m.value))" : "self.\(m.value)"
                out += m.ifPresent ? "        try w.member(\(keyLiteral(m.key)), ifPresent: \(value))\n" : "        try w.member(\(keyLiteral(m.key)), \(value))\n"
            }
            out += "        w.endObject()\n"
        }
        out += "    }\n}\n"
    }
    if !problems.isEmpty { throw Failure(description: problems.joined(separator: "\n")) }
    let url = URL(fileURLWithPath: output)
    // Rewritten only when it changed, so an unchanged target is not compiled again.
    if (try? Data(contentsOf: url)) != Data(out.utf8) { try Data(out.utf8).write(to: url) }
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
