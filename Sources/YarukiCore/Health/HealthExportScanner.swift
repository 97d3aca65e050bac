import Foundation

/// A sample of one metric from an Apple Health export, in seconds since 1970.
public struct HealthSample: Sendable, Equatable {
    public var metric: HealthMetric
    /// Index into the scanner's `sources`.
    public var source: Int
    /// Its source's place in the priority order (lower wins; unique per source).
    public var priority: Int
    public var start: Int64
    public var end: Int64
    /// In Yaruki's unit for the metric: steps, metres, kcal, minutes, or 1 for an hour stood.
    public var value: Double

    public init(metric: HealthMetric, source: Int, priority: Int, start: Int64, end: Int64, value: Double) {
        self.metric = metric
        self.source = source
        self.priority = priority
        self.start = start
        self.end = end
        self.value = value
    }
}

/// An `ActivitySummary` row: the rings as the Watch closed them on its local day.
public struct HealthActivitySummary: Sendable, Equatable {
    public var day: Int
    public var activeEnergyKcal: Double?
    public var exerciseMinutes: Double?
    public var standHours: Double?

    public init(day: Int, activeEnergyKcal: Double?, exerciseMinutes: Double?, standHours: Double?) {
        self.day = day
        self.activeEnergyKcal = activeEnergyKcal
        self.exerciseMinutes = exerciseMinutes
        self.standHours = standHours
    }
}

/// A device or app that wrote samples. Apple Health shows one figure for movement counted by
/// several of them, taking each moment from the highest in its priority list: a Watch first,
/// then an iPhone, then other apps (the order a person gets unless they change it).
public struct HealthSource: Sendable, Equatable {
    public var name: String
    /// Lower wins; ties go to the source seen first.
    public var rank: Int

    public static func rank(name: String, device: String) -> Int {
        if device.contains("Watch") || (device.isEmpty && name.contains("Watch")) { return 0 }
        if device.contains("iPhone") || (device.isEmpty && name.contains("iPhone")) { return 1 }
        return 2
    }
}

/// Why an export could not be read, with the byte where it went wrong.
public enum HealthExportError: Error, Equatable, CustomStringConvertible {
    case empty
    case notXML(offset: Int)
    case notHealthExport(root: String)
    case malformed(offset: Int, reason: String)
    case truncated(offset: Int)
    case elementTooLarge(offset: Int)

    public var description: String {
        switch self {
        case .empty: "The file is empty."
        case let .notXML(offset): "This is not XML (byte \(offset) is not markup); expected Apple Health's export.xml or export.zip."
        case let .notHealthExport(root): "This XML is not an Apple Health export: it starts with <\(root)>, not <HealthData>."
        case let .malformed(offset, reason): "The export is broken at byte \(offset): \(reason)."
        case let .truncated(offset): "The export ends early, at byte \(offset), before </HealthData>: the file looks cut short."
        case let .elementTooLarge(offset): "An element at byte \(offset) is larger than the reader allows."
        }
    }
}

/// Reads Apple Health's `export.xml` as it streams past, without building a tree and without
/// a strict parser's objections: the iOS 16 DTD whose declarations contradict each other, and
/// stray control characters inside values, are passed over rather than refused. It emits the
/// samples of the metrics Yaruki keeps (steps, distance, active energy, stand time, stand hours,
/// exercise time) and `ActivitySummary` rows; every other record is skipped by its type alone.
///
/// Feed it whole buffers: `scan` returns how many bytes it used (it stops before a construct
/// the buffer cuts in two); the caller keeps the rest at the front of the next buffer.
public struct HealthExportScanner {
    public private(set) var sources: [HealthSource] = []
    /// Records of any type read so far.
    public private(set) var records = 0
    /// Records of the metrics Yaruki keeps.
    public private(set) var used = 0
    /// Records of kept metrics skipped: a unit the scanner does not know, a time it cannot read,
    /// a negative or non-numeric value.
    public private(set) var skipped = 0
    /// Bytes consumed so far.
    public private(set) var position = 0

    private var started = false
    private var root = false
    private var closed = false
    private var sourceIndex: [[UInt8]: Int] = [:]
    private var lastSource: [UInt8] = []
    private var lastSourceIndex = -1
    private var lastUnit: (metric: HealthMetric, unit: [UInt8], factor: Double?)?

    public init() {}

    /// Reads what it can of `buffer`; `final` when nothing follows it. Returns the bytes used.
    public mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, final: Bool, _ emit: (HealthSampleOrSummary) throws -> Void) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            if final { try finish() }
            return 0
        }
        let n = buffer.count
        var i = 0
        scanning: while i < n {
            if !started {
                while i < n, base[i] == 0x20 || base[i] == 0x0A || base[i] == 0x0D || base[i] == 0x09 || base[i] == 0xEF || base[i] == 0xBB || base[i] == 0xBF { i += 1 }
                if i == n { break }
                guard base[i] == UInt8(ascii: "<") else { throw HealthExportError.notXML(offset: position + i) }
                started = true
            }
            guard let found = memchr(base + i, 0x3C, n - i) else { i = n; break }
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if at + 1 >= n { i = at; break }
            let next: Int?
            switch base[at + 1] {
            case UInt8(ascii: "?"):
                next = Self.find("?>", base, from: at + 2, n)
            case UInt8(ascii: "!"):
                if at + 4 > n { i = at; break scanning }
                if Self.has("<!--", base, at, n) {
                    next = Self.find("-->", base, from: at + 4, n)
                } else if at + 9 > n {
                    i = at
                    break scanning
                } else if Self.has("<![CDATA[", base, at, n) {
                    next = Self.find("]]>", base, from: at + 9, n)
                } else {
                    next = try declarationEnd(base, from: at + 2, n)
                }
            case UInt8(ascii: "/"):
                next = Self.find(">", base, from: at + 2, n)
                if next != nil, Self.nameIs("HealthData", base, at + 2, n) { closed = true }
            default:
                next = try element(base, at: at, n, emit)
            }
            guard let next else {
                i = at
                break
            }
            i = next
        }
        if i < n, final { throw HealthExportError.truncated(offset: position + i) }
        position += i
        if final { try finish() }
        return i
    }

    private func finish() throws {
        if !started { throw HealthExportError.empty }
        if !root { throw HealthExportError.notHealthExport(root: "nothing") }
        if !closed { throw HealthExportError.truncated(offset: position) }
    }

    // MARK: elements

    private static let record = Array("Record".utf8)
    private static let summary = Array("ActivitySummary".utf8)
    private static let healthData = Array("HealthData".utf8)

    /// A start tag at `at`: the index after it, or nil when the buffer cuts it.
    private mutating func element(_ base: UnsafePointer<UInt8>, at: Int, _ n: Int, _ emit: (HealthSampleOrSummary) throws -> Void) throws -> Int? {
        var j = at + 1
        guard Self.isNameByte(base[j]) else { throw HealthExportError.malformed(offset: position + at, reason: "'<' does not start a tag") }
        while j < n, Self.isNameByte(base[j]) { j += 1 }
        if j == n { return nil }
        let name = UnsafeBufferPointer(start: base + at + 1, count: j - at - 1)
        if !root {
            guard name.elementsEqual(Self.healthData) else { throw HealthExportError.notHealthExport(root: String(decoding: name, as: UTF8.self)) }
            root = true
        }
        if name.elementsEqual(Self.record) {
            var fields = RecordFields()
            guard let end = try attributes(base, from: j, n, { name, value in fields.take(name, value) }) else { return nil }
            records += 1
            try record(fields, base, emit)
            return end
        }
        if name.elementsEqual(Self.summary) {
            var fields = SummaryFields()
            guard let end = try attributes(base, from: j, n, { name, value in fields.take(name, value) }) else { return nil }
            if let day = fields.day.flatMap({ DayNumber.of(String(decoding: $0, as: UTF8.self)) }) {
                let factor = fields.energyUnit.map { Self.energyUnits[String(decoding: $0, as: UTF8.self)] } ?? 1
                try emit(.summary(HealthActivitySummary(day: day, activeEnergyKcal: fields.energy.flatMap(Self.number).flatMap { v in factor.map { v * $0 } },
                                                        exerciseMinutes: fields.exercise.flatMap(Self.number), standHours: fields.stand.flatMap(Self.number))))
            }
            return end
        }
        return try attributes(base, from: j, n, nil)
    }

    private mutating func record(_ f: RecordFields, _ base: UnsafePointer<UInt8>, _ emit: (HealthSampleOrSummary) throws -> Void) throws {
        guard let type = f.type, let metric = Self.metric(type) else { return }
        guard let startText = f.start, let endText = f.end, let start = Self.instant(startText), let end = Self.instant(endText), end >= start else {
            skipped += 1
            return
        }
        let value: Double
        if metric == .standHours {
            guard let v = f.value, v.elementsEqual(Self.stood) else { return }
            value = 1
        } else {
            guard let text = f.value, let number = Self.number(text), number.isFinite, number >= 0, let factor = factor(metric, f.unit) else {
                skipped += 1
                return
            }
            value = number * factor
        }
        used += 1
        let index = source(f.source, device: f.device)
        try emit(.sample(HealthSample(metric: metric, source: index, priority: sources[index].rank << 16 | index, start: start, end: end, value: value)))
    }

    private mutating func source(_ name: UnsafeBufferPointer<UInt8>?, device: UnsafeBufferPointer<UInt8>?) -> Int {
        let bytes = name ?? UnsafeBufferPointer(start: nil, count: 0)
        if lastSourceIndex >= 0, bytes.elementsEqual(lastSource) { return lastSourceIndex }
        lastSource = Array(bytes)
        if let known = sourceIndex[lastSource] {
            lastSourceIndex = known
            return known
        }
        let text = Self.unescaped(bytes)
        sources.append(HealthSource(name: text.isEmpty ? "Unknown" : text,
                                    rank: HealthSource.rank(name: text, device: device.map(Self.unescaped) ?? "")))
        lastSourceIndex = sources.count - 1
        sourceIndex[lastSource] = lastSourceIndex
        return lastSourceIndex
    }

    // MARK: markup

    /// Walks a tag's attributes from `from` to its end, giving each name and value to `visit`.
    /// The index after `>`, or nil when the buffer ends first.
    private func attributes(_ base: UnsafePointer<UInt8>, from: Int, _ n: Int,
                            _ visit: ((UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void)?) throws -> Int? {
        var j = from
        while true {
            while j < n, Self.isSpace(base[j]) { j += 1 }
            if j >= n { return nil }
            let c = base[j]
            if c == UInt8(ascii: ">") { return j + 1 }
            if c == UInt8(ascii: "/") {
                if j + 1 >= n { return nil }
                guard base[j + 1] == UInt8(ascii: ">") else { throw HealthExportError.malformed(offset: position + j, reason: "'/' inside a tag") }
                return j + 2
            }
            let nameStart = j
            while j < n, base[j] != UInt8(ascii: "="), !Self.isSpace(base[j]), base[j] != UInt8(ascii: ">") { j += 1 }
            if j >= n { return nil }
            let nameEnd = j
            while j < n, Self.isSpace(base[j]) { j += 1 }
            if j >= n { return nil }
            guard base[j] == UInt8(ascii: "="), nameEnd > nameStart else {
                throw HealthExportError.malformed(offset: position + nameStart, reason: "an attribute without a value")
            }
            j += 1
            while j < n, Self.isSpace(base[j]) { j += 1 }
            if j >= n { return nil }
            let quote = base[j]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw HealthExportError.malformed(offset: position + j, reason: "an attribute value without quotes")
            }
            guard let close = memchr(base + j + 1, Int32(quote), n - j - 1) else { return nil }
            let closeAt = base.distance(to: close.assumingMemoryBound(to: UInt8.self))
            visit?(UnsafeBufferPointer(start: base + nameStart, count: nameEnd - nameStart),
                   UnsafeBufferPointer(start: base + j + 1, count: closeAt - j - 1))
            j = closeAt + 1
        }
    }

    /// The end of `<!DOCTYPE …>` or another declaration, its internal subset and quoted strings
    /// included, whatever they declare.
    private func declarationEnd(_ base: UnsafePointer<UInt8>, from: Int, _ n: Int) throws -> Int? {
        var j = from
        var depth = 0
        while j < n {
            let c = base[j]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                guard let close = memchr(base + j + 1, Int32(c), n - j - 1) else { return nil }
                j = base.distance(to: close.assumingMemoryBound(to: UInt8.self)) + 1
                continue
            }
            if c == UInt8(ascii: "<"), Self.has("<!--", base, j, n) {
                guard let end = Self.find("-->", base, from: j + 4, n) else { return nil }
                j = end
                continue
            }
            if c == UInt8(ascii: "[") { depth += 1 }
            if c == UInt8(ascii: "]") { depth = max(0, depth - 1) }
            if c == UInt8(ascii: ">"), depth == 0 { return j + 1 }
            j += 1
        }
        return nil
    }

    private static func has(_ text: StaticString, _ base: UnsafePointer<UInt8>, _ at: Int, _ n: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard at + count <= n else { return false }
        return memcmp(base + at, text.utf8Start, count) == 0
    }

    /// The index after the first `text` at or after `from`, or nil.
    private static func find(_ text: StaticString, _ base: UnsafePointer<UInt8>, from: Int, _ n: Int) -> Int? {
        let count = text.utf8CodeUnitCount
        let first = Int32(text.utf8Start.pointee)
        var j = from
        while j + count <= n {
            guard let hit = memchr(base + j, first, n - j) else { return nil }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if at + count > n { return nil }
            if memcmp(base + at, text.utf8Start, count) == 0 { return at + count }
            j = at + 1
        }
        return nil
    }

    private static func nameIs(_ name: StaticString, _ base: UnsafePointer<UInt8>, _ at: Int, _ n: Int) -> Bool {
        let count = name.utf8CodeUnitCount
        return at + count < n && memcmp(base + at, name.utf8Start, count) == 0 && !isNameByte(base[at + count])
    }

    @inline(__always) private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    @inline(__always) private static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x3A || c == 0x2D || c == 0x2E || c >= 0x80
    }

    // MARK: values

    private static let types: [([UInt8], HealthMetric)] = {
        let names: [(String, HealthMetric)] = [
            ("HKQuantityTypeIdentifierStepCount", .steps), ("HKQuantityTypeIdentifierDistanceWalkingRunning", .distance),
            ("HKQuantityTypeIdentifierActiveEnergyBurned", .energy), ("HKQuantityTypeIdentifierAppleStandTime", .standMinutes),
            ("HKCategoryTypeIdentifierAppleStandHour", .standHours), ("HKQuantityTypeIdentifierAppleExerciseTime", .exercise),
        ]
        return names.map { (Array($0.0.utf8), $0.1) }
    }()
    private static let stood = Array("HKCategoryValueAppleStandHourStood".utf8)

    private static func metric(_ type: UnsafeBufferPointer<UInt8>) -> HealthMetric? {
        for (name, metric) in types where name.count == type.count && name.withUnsafeBufferPointer({ memcmp($0.baseAddress!, type.baseAddress!, type.count) == 0 }) {
            return metric
        }
        return nil
    }

    private static let distanceUnits: [String: Double] = ["m": 1, "km": 1000, "mi": 1609.344, "ft": 0.3048, "yd": 0.9144, "cm": 0.01]
    // "Cal" is the food calorie, a kilocalorie; "cal" is the small one.
    private static let energyUnits: [String: Double] = ["kcal": 1, "Cal": 1, "kJ": 1 / 4.184, "cal": 0.001, "J": 1 / 4184]
    private static let minuteUnits: [String: Double] = ["min": 1, "s": 1.0 / 60, "hr": 60, "h": 60]

    /// What one of `unit` is in Yaruki's unit for the metric; nil for a unit it does not know.
    /// Records come in runs of one type and unit, so the last answer is kept and reused while the
    /// bytes are the same (no string is made per record).
    private mutating func factor(_ metric: HealthMetric, _ unit: UnsafeBufferPointer<UInt8>?) -> Double? {
        let bytes = unit ?? UnsafeBufferPointer(start: nil, count: 0)
        if let last = lastUnit, last.metric == metric, bytes.elementsEqual(last.unit) { return last.factor }
        let u = String(decoding: bytes, as: UTF8.self)
        let factor: Double? = switch metric {
        case .steps: u == "count" || u.isEmpty ? 1 : nil
        case .distance: Self.distanceUnits[u]
        case .energy: Self.energyUnits[u]
        case .standMinutes, .exercise: Self.minuteUnits[u]
        case .standHours: 1
        }
        lastUnit = (metric, Array(bytes), factor)
        return factor
    }

    /// A decimal number; nil for anything else.
    static func number(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = text.count
        var negative = false
        if i < n, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var whole: UInt64 = 0
        var digits = 0
        while i < n, text[i] >= 48, text[i] <= 57, digits < 18 {
            whole = whole * 10 + UInt64(text[i] - 48)
            digits += 1
            i += 1
        }
        var value = Double(whole)
        if i < n, text[i] == UInt8(ascii: ".") {
            i += 1
            var scale = 0.1
            var fraction = 0
            while i < n, text[i] >= 48, text[i] <= 57 {
                value += Double(text[i] - 48) * scale
                scale *= 0.1
                fraction += 1
                i += 1
            }
            digits += fraction
        }
        if i != n {
            // Exponents and very long numbers take the slow road.
            return Double(String(decoding: text, as: UTF8.self))
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    /// "2023-11-20 08:03:41 +0900" (or RFC 3339) as seconds since 1970; nil for anything else.
    static func instant(_ t: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard t.count >= 19 else { return nil }
        func digits(_ at: Int, _ count: Int) -> Int? {
            var v = 0
            for k in at..<(at + count) {
                let c = t[k]
                guard c >= 48, c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            return v
        }
        guard let y = digits(0, 4), let mo = digits(5, 2), let d = digits(8, 2), let h = digits(11, 2), let mi = digits(14, 2),
              let s = digits(17, 2), (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61 else { return nil }
        var i = 19
        if i < t.count, t[i] == UInt8(ascii: ".") {
            i += 1
            while i < t.count, t[i] >= 48, t[i] <= 57 { i += 1 }
        }
        while i < t.count, t[i] == 0x20 { i += 1 }
        var offset = 0
        if i < t.count {
            let sign = t[i]
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                offset = 0
            } else {
                guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), i + 3 <= t.count, let oh = digits(i + 1, 2) else { return nil }
                var k = i + 3
                if k < t.count, t[k] == UInt8(ascii: ":") { k += 1 }
                let om = k + 2 <= t.count ? digits(k, 2) ?? 0 : 0
                offset = (oh * 3600 + om * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            }
        }
        return Int64(DayNumber.of(year: y, month: mo, day: d) * 86_400 + h * 3600 + mi * 60 + s - offset)
    }

    /// An attribute's text with XML's entities replaced.
    static func unescaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        XMLEntities.decode(String(decoding: bytes, as: UTF8.self))
    }
}

/// What the scanner hands on.
public enum HealthSampleOrSummary: Sendable {
    case sample(HealthSample)
    case summary(HealthActivitySummary)
}

private struct RecordFields {
    var type, source, device, unit, start, end, value: UnsafeBufferPointer<UInt8>?

    mutating func take(_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) {
        switch name.count {
        case 4:
            if name[0] == UInt8(ascii: "t") { type = value } else if name[0] == UInt8(ascii: "u") { unit = value }
        case 5: if name[0] == UInt8(ascii: "v") { self.value = value }
        case 6: if name[0] == UInt8(ascii: "d") { device = value }
        case 7: if name[0] == UInt8(ascii: "e") { end = value }
        case 9: if name[0] == UInt8(ascii: "s") { start = value }
        case 10: if name[0] == UInt8(ascii: "s") { source = value }
        default: break
        }
    }
}

private struct SummaryFields {
    var day, energy, energyUnit, exercise, stand: UnsafeBufferPointer<UInt8>?

    mutating func take(_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) {
        switch String(decoding: name, as: UTF8.self) {
        case "dateComponents": day = value
        case "activeEnergyBurned": energy = value
        case "activeEnergyBurnedUnit": energyUnit = value
        case "appleExerciseTime": exercise = value
        case "appleStandHours": stand = value
        default: break
        }
    }
}
