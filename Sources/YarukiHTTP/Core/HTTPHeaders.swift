/// Header fields in arrival order; names compare case-insensitively.
public struct HTTPHeaders: Sendable, Sequence {
    public private(set) var fields: [(name: String, value: String)] = []

    public init(_ fields: [(String, String)] = []) {
        self.fields.reserveCapacity(fields.count + 4)  // middleware usually adds a few
        for (name, value) in fields { self.fields.append((name: name, value: value)) }
    }

    public subscript(name: String) -> String? {
        for field in fields where field.name.caseInsensitiveEquals(name) { return field.value }
        return nil
    }

    public func all(_ name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field of that name with one.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name: name, value: value))
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var a = self, b = other
        return a.withUTF8 { x in
            b.withUTF8 { y in
                for i in 0..<x.count where x[i] != y[i] {
                    let lx = (x[i] >= 65 && x[i] <= 90) ? x[i] | 32 : x[i]
                    let ly = (y[i] >= 65 && y[i] <= 90) ? y[i] | 32 : y[i]
                    if lx != ly { return false }
                }
                return true
            }
        }
    }
}
