import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON

/// A parameter of a route as the document describes it (a query item, or a path segment's
/// shape): its JSON type and the rules the handler holds it to.
struct Parameter: Sendable {
    var name: String
    var type: String
    var rule: FieldRule
    var required = false
    var description: String
    /// What a value that misses `rule.pattern` is told ("is not valid" when nil).
    var patternMessage: String? = nil

    static func day(_ name: String, _ description: String) -> Parameter {
        Parameter(name: name, type: "string", rule: .day, description: description)
    }

    static func instant(_ name: String, _ description: String) -> Parameter {
        Parameter(name: name, type: "string", rule: FieldRule(format: "date-time"), description: description)
    }

    static func id(_ name: String, _ description: String) -> Parameter {
        Parameter(name: name, type: "string", rule: FieldRule(format: "uuid"), description: description)
    }

    static func integer(_ name: String, _ range: ClosedRange<Int>, _ description: String) -> Parameter {
        Parameter(name: name, type: "integer", rule: .integer(range), description: description)
    }

    static func words(_ name: String, _ values: [String], _ description: String) -> Parameter {
        Parameter(name: name, type: "string", rule: .words(values), description: description)
    }

    static func text(_ name: String, _ rule: FieldRule, _ description: String) -> Parameter {
        Parameter(name: name, type: "string", rule: rule, description: description)
    }

    /// Where a page starts: the `nextCursor` of the page before.
    static let cursor = Parameter(name: "cursor", type: "string", rule: FieldRule(pattern: Paging.cursorPattern),
                                  description: "The nextCursor of the page before (left out: the first page)", patternMessage: "is not a cursor")

    static func limit(default standard: Int = 20, most: Int = 50) -> Parameter {
        .integer("limit", 1...most, "Items on a page (\(standard) when left out)")
    }

    static let from = Parameter.day("from", "The first day, YYYY-MM-DD in my time zone (30 days before to when left out)")
    static let to = Parameter.day("to", "The last day, inclusive (today when left out); a year after from at most")
}

extension Parameter {
    /// Said of a value that does not match the parameter's pattern.
    func invalid(_ message: String) -> Parameter {
        var parameter = self
        parameter.patternMessage = message
        return parameter
    }
}

/// A route's query items as declared, checked before its handler runs: a value outside its
/// declaration is a 400 that names every such field, and the handler reads values already
/// known good (`Request.value`, `Request.day`). Query items are parsed once, from the document.
struct QueryRules: @unchecked Sendable {  // NSRegularExpression is immutable and safe to share
    private let checks: [(Parameter, NSRegularExpression?)]

    init(_ parameters: [Parameter]) {
        checks = parameters.map { parameter in
            // A date is held to more than its pattern by its format's check (a real day of 1900
            // to 2999, `PersonalCalendar.accepts`); the pattern stays for the document alone.
            let pattern = parameter.rule.format == "date" ? nil : parameter.rule.pattern
            return (parameter, pattern.map { pattern in
                // Patterns are written in the code beside the route; one that does not compile is a programming error.
                guard let regex = try? NSRegularExpression(pattern: pattern) else { preconditionFailure("The pattern of '\(parameter.name)' does not compile: \(pattern)") }
                return regex
            })
        }
    }

    func check(_ request: Request) throws {
        var check = FieldCheck()
        for i in checks.indices {  // by index: a declaration copied out per item was a third of this
            guard let text = request.queryItem(checks[i].0.name) else {
                if checks[i].0.required { check.fail(checks[i].0.name, "is required") }
                continue
            }
            if let problem = checks[i].0.problem(text, checks[i].1) { check.fail(checks[i].0.name, problem) }
        }
        try check.done()
    }
}

extension Parameter {
    /// What is wrong with `text` as this parameter, or nil when it is good.
    fileprivate func problem(_ text: String, _ regex: NSRegularExpression?) -> String? {
        switch type {
        case "integer":
            guard let n = Int(text) else { return "is not a whole number" }
            if let low = rule.minimum, let high = rule.maximum, !(low...high).contains(Double(n)) { return "must be \(Int(low)) to \(Int(high))" }
            return nil
        case "number":
            guard let x = Double(text), x.isFinite else { return "is not a number" }
            if let low = rule.minimum, let high = rule.maximum, !(low...high).contains(x) { return "must be \(Self.plain(low)) to \(Self.plain(high))" }
            return nil
        default: break
        }
        if let words = rule.oneOf, !words.contains(text) { return "must be one of \(words.joined(separator: ", "))" }
        switch rule.format {
        case "uuid": if UUID(strict: text) == nil { return "is not a UUID" }
        case "date": if !PersonalCalendar.accepts(text) { return "must be YYYY-MM-DD" }
        case "date-time": if JSONCoding.parseDate(text) == nil { return "is not an RFC 3339 date-time" }
        default: break
        }
        let length = TextRule.length(text)
        if let most = rule.maxLength, length > most { return "must be at most \(most) characters" }
        if let least = rule.minLength, length < least { return least == 1 ? "must not be empty" : "must be at least \(least) characters" }
        if let regex, !Self.matches(regex, text) { return patternMessage ?? "is not valid" }
        return nil
    }

    /// As ECMA-262 matches (the document's dialect): `$` is the end of the text, never before a
    /// last line break as ICU also allows.
    private static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        let whole = NSRange(text.startIndex..., in: text)
        guard let match = regex.firstMatch(in: text, range: whole) else { return false }
        return !regex.pattern.hasSuffix("$") || NSMaxRange(match.range) == whole.length
    }

    private static func plain(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
}

extension Request {
    /// A query item its route declared, as `T` (an integer, a number, a UUID, one of a set of
    /// words): checked against the declaration before the handler ran, so nil means left out.
    func value<T: LosslessStringConvertible>(_ name: String, as _: T.Type) -> T? { queryItem(name).flatMap(T.init) }

    func value<T: RawRepresentable>(_ name: String, as _: T.Type) -> T? where T.RawValue == String { queryItem(name).flatMap(T.init(rawValue:)) }

    func value(_ name: String, as _: UUID.Type) -> UUID? { queryItem(name).flatMap(UUID.init(strict:)) }

    func value(_ name: String, as _: Date.Type) -> Date? { queryItem(name).flatMap(JSONCoding.parseDate) }

    /// A declared day (`YYYY-MM-DD`) as its day number.
    func day(_ name: String) -> Int? { queryItem(name).flatMap(DayNumber.of) }
}
