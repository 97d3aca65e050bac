import Foundation

/// Text as people send it, judged exactly as the API document describes it, so a client (or
/// a fuzzer) that follows the document is never surprised: lengths count Unicode scalars (JSON
/// Schema's characters), before any trimming; spaces are one fixed set (JavaScript's, with the
/// few more other languages count), trimmed at both ends, and a text of nothing but them is
/// blank; control characters are refused (a paragraph keeps its tabs and line breaks).
public enum TextRule {
    /// The spaces: ECMAScript's white space and line terminators, and U+001C–001F and U+0085.
    public static let spaces: Set<UInt32> = Set([0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x1F, 0x20, 0x85, 0xA0, 0x1680,
                                                 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF] + Array(0x2000...0x200A))

    /// The same set as a regular-expression class body, for patterns.
    public static let spaceClass = #"\u0009-\u000D\u001C-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF"#
    /// Control characters (Unicode Cc), and those a paragraph may not hold (all but tab, LF and CR).
    public static let controlClass = #"\u0000-\u001F\u007F-\u009F"#
    public static let paragraphControlClass = #"\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F"#

    public static func length(_ text: String) -> Int { text.unicodeScalars.count }

    public static func trim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !spaces.contains($0.value) }),
              let last = scalars.lastIndex(where: { !spaces.contains($0.value) }) else { return "" }
        return String(scalars[first...last])
    }

    public static func isBlank(_ text: String) -> Bool { text.unicodeScalars.allSatisfy { spaces.contains($0.value) } }

    /// True when `text` holds a control character (tab, LF and CR allowed when `paragraph`).
    public static func hasControl(_ text: String, paragraph: Bool = false) -> Bool {
        text.unicodeScalars.contains { s in
            let v = s.value
            guard v < 0x20 || (0x7F...0x9F).contains(v) else { return false }
            return !(paragraph && (v == 0x09 || v == 0x0A || v == 0x0D))
        }
    }

    /// One line: no control characters, and (when `required`) something besides spaces.
    public static func linePattern(required: Bool) -> String {
        required ? "^[^\(controlClass)]*[^\(controlClass)\(spaceClass)][^\(controlClass)]*$" : "^[^\(controlClass)]*$"
    }

    /// Paragraphs: tabs and line breaks allowed, other control characters not.
    public static func paragraphPattern(required: Bool) -> String {
        required ? "^[^\(paragraphControlClass)]*[^\(paragraphControlClass)\(spaceClass)][^\(paragraphControlClass)]*$"
            : "^[^\(paragraphControlClass)]*$"
    }

    /// The errors of a text field: too long, control characters, blank when required.
    public static func check(_ text: String, field: String, max: Int, required: Bool, paragraph: Bool = false) -> [FieldRuleError] {
        if length(text) > max { return [FieldRuleError(field: field, message: "is longer than \(max) characters")] }
        if hasControl(text, paragraph: paragraph) { return [FieldRuleError(field: field, message: "contains control characters")] }
        if required && isBlank(text) { return [FieldRuleError(field: field, message: "is required")] }
        return []
    }

    /// Trimmed and NFC, as stored.
    public static func normalize(_ text: String) -> String { trim(text).precomposedStringWithCanonicalMapping }

    /// Unicode's bidirectional controls: marks (ALM, LRM, RLM), embeddings and overrides
    /// (U+202A–202E) and isolates (U+2066–2069). In a name shown beside others they reorder what
    /// follows ("Mina" + RLO shows the next words backwards), so names carry none.
    public static let bidiControls: Set<UInt32> = Set([0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E) + Array(0x2066...0x2069))

    /// `text` without bidirectional controls.
    public static func withoutBidiControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { bidiControls.contains($0.value) }) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !bidiControls.contains($0.value) })
        return String(scalars)
    }
}
