import Foundation
import YarukiAPI
import YarukiCore

/// A parameter of a route as the document describes it (a query item, or a path segment's
/// shape): its JSON type and the rules the handler holds it to.
struct Parameter: Sendable {
    var name: String
    var type: String
    var rule: FieldRule
    var required = false
    var description: String

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
                                  description: "The nextCursor of the page before (left out: the first page)")

    static func limit(default standard: Int = 20, most: Int = 50) -> Parameter {
        .integer("limit", 1...most, "Items on a page (\(standard) when left out)")
    }

    static let from = Parameter.day("from", "The first day, YYYY-MM-DD in my time zone (30 days before to when left out)")
    static let to = Parameter.day("to", "The last day, inclusive (today when left out); a year after from at most")
}
