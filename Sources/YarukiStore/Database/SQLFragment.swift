import Foundation

/// Pieces of SQL that stores of every area build their statements from.
enum SQLFragment {
    /// `?, ?, ?`: the placeholders of an `IN (…)` list of `n` values.
    static func marks(_ n: Int) -> String { Array(repeating: "?", count: n).joined(separator: ", ") }

    /// `column` is one of `texts`, as a statement PostgreSQL keeps one plan for: `column = ?` for
    /// one, else an `IN` list whose length is the next power of two (the last text repeated to
    /// fill it), so a node prepares a few texts for any number and each has its exact length.
    ///
    /// One array parameter for any number (`= ANY (?::text[])`) was planned again on every run:
    /// PostgreSQL guesses an array it has not seen at ten elements, so on a small table (an
    /// install's accounts, the kept replies' versions) the generic plan looked costlier than one
    /// made for the values, and planning took 9.3–9.5 µs of a statement that runs in 1.6–2.6.
    /// With the length in the text, the generic plan is the plan made for the values, and
    /// PostgreSQL keeps it after five runs. None is `FALSE`.
    static func anyOf(_ column: String, _ texts: [String]) -> (sql: String, parameters: [SQLValue]) {
        guard let last = texts.last else { return ("FALSE", []) }
        if texts.count == 1 { return ("\(column) = ?", [last.sqlValue]) }
        var length = 2
        while length < texts.count { length *= 2 }
        let values = texts.map(\.sqlValue) + Array(repeating: last.sqlValue, count: length - texts.count)
        return ("\(column) IN (\(marks(length)))", values)
    }

    /// Values in slices of 500 (or `size`), so a list of a thousand ids stays within every
    /// engine's parameter limit.
    static func slices<T>(_ values: [T], size: Int = 500) -> [[T]] {
        stride(from: 0, to: values.count, by: size).map { Array(values[$0..<min($0 + size, values.count)]) }
    }

    /// `0..<count` in slices whose lengths are powers of two, `largest` at most (the longest
    /// first): a statement built for each slice then has a few texts in all, which stay prepared
    /// (`StatementCache`), where slices of any length would prepare one per length.
    static func powerOfTwoSlices(_ count: Int, largest: Int = 256) -> [Range<Int>] {
        var (slices, start, size) = ([Range<Int>](), 0, largest)
        while start < count {
            while size > count - start { size /= 2 }
            slices.append(start..<start + size)
            start += size
        }
        return slices
    }

    /// Multi-row statements for `count` rows in `powerOfTwoSlices`: `sql` is given each slice's
    /// `VALUES` placeholders, `row` appends the `width` values of row `i`.
    static func multiRow(_ count: Int, width: Int, _ sql: (String) -> String, row: (Int, inout [SQLValue]) -> Void) -> [SQLStatement] {
        powerOfTwoSlices(count).map { slice in
            var values: [SQLValue] = []
            values.reserveCapacity(slice.count * width)
            for i in slice { row(i, &values) }
            return SQLStatement(sql: sql(rows(slice.count, width: width)), parameters: values)
        }
    }

    /// `(?, ?), (?, ?)`: `n` rows of `width` placeholders for a multi-row `VALUES`.
    static func rows(_ n: Int, width: Int) -> String {
        Array(repeating: "(" + marks(width) + ")", count: n).joined(separator: ", ")
    }

    /// The keyset page condition on `alias.<column>, alias.id` (`created_at` unless named; empty
    /// without a cursor): rows strictly older than it for a newest-first list, strictly newer for
    /// an oldest-first one.
    static func keyset(_ alias: String, _ cursor: (Date, UUID)?, column: String = "created_at",
                       newestFirst: Bool = true) -> (sql: String, values: [SQLValue]) {
        guard let (at, id) = cursor else { return ("", []) }
        let op = newestFirst ? "<" : ">"
        return ("AND (\(alias).\(column) \(op) ? OR (\(alias).\(column) = ? AND \(alias).id \(op) ?))", [at.sqlValue, at.sqlValue, id.sqlValue])
    }

    /// A subquery giving `value` of each row of `rows` (a table, its alias and a `WHERE`) as one
    /// text, a line each, in `order`; NULL when there are none. PostgreSQL orders the aggregate
    /// itself; SQLite 3.40 has no `ORDER BY` there, and keeps an ordered subquery's order for any
    /// aggregate but count, min and max (its own rule, as `group_concat` depends on it).
    static func lines(_ dialect: SQLDialect, of value: String, from rows: String, orderedBy order: String) -> String {
        switch dialect {
        case .postgres: "(SELECT string_agg(\(value), E'\\n' ORDER BY \(order)) FROM \(rows))"
        case .sqlite: "(SELECT group_concat(line, char(10)) FROM (SELECT \(value) AS line FROM \(rows) ORDER BY \(order)))"
        }
    }

    /// A `LIKE … ESCAPE '!'` pattern for text that holds `text` as typed (lower-cased, for a
    /// `LOWER(column)`): its own `%`, `_` and `!` escaped with `!` (a backslash means different
    /// things to the two engines).
    static func containing(_ text: String) -> SQLValue {
        .text("%" + text.lowercased().replacingOccurrences(of: "!", with: "!!").replacingOccurrences(of: "%", with: "!%")
            .replacingOccurrences(of: "_", with: "!_") + "%")
    }
}
