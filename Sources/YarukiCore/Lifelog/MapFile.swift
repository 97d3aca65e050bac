import Foundation

/// A region's map as `yaruki map build` writes it: named sections of fixed-width values (the road
/// graph's columns, its spatial index, the named places, the base map's tiles), each 8-byte
/// aligned, so a server maps the file into memory and reads the values where they lie, with
/// nothing decoded at start.
///
/// Layout (little-endian): `YRKMAP` and two zero bytes; the format version (UInt32); the section
/// count (UInt32); the table's offset (UInt64); the extract's timestamp (Int64, seconds since
/// 1970, 0 when the extract gives none); zeros to byte 64. Then the sections. Then the table: per
/// section, its name in 16 bytes (ASCII, zero-padded), its offset and its length in bytes (UInt64 each).
public final class MapFile: @unchecked Sendable {
    public static let version: UInt32 = 1
    static let magic: [UInt8] = Array("YRKMAP".utf8) + [0, 0]
    static let headerSize = 64
    static let nameSize = 16

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The file's bytes: mapped (unmapped with the last reference) or allocated.
    let base: UnsafeRawPointer
    public let size: Int
    /// Called once, when the file is no longer used: frees or unmaps the bytes (its closure may
    /// hold what owns them).
    private let release: @Sendable (UnsafeRawPointer, Int) -> Void
    public let timestamp: Int64
    private let sections: [String: (offset: Int, length: Int)]
    /// Where it was read from (a path, or "memory").
    public let source: String

    /// Maps the file at `path` read-only (Foundation's `.alwaysMapped`, `mmap` underneath): its
    /// pages are read by the kernel as they are touched and shared between processes that map
    /// the same file. The mapping lives as long as this value.
    public convenience init(path: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw Failure(description: "\(path): cannot be read (\((error as NSError).localizedDescription))")
        }
        // An unchanging Data's bytes stay where they are while it lives; the release holds it.
        guard let base = data.withUnsafeBytes({ $0.baseAddress }) else { throw Failure(description: "\(path): is empty") }
        try self.init(base: base, size: data.count, source: path) { _, _ in withExtendedLifetime(data) {} }
    }

    /// A file held in memory (a graph built for a test, or an extract read at start).
    public convenience init(bytes: [UInt8]) throws {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        try self.init(base: UnsafeRawPointer(memory), size: bytes.count, source: "memory") { pointer, _ in pointer.deallocate() }
    }

    private init(base: UnsafeRawPointer, size: Int, source: String, release: @escaping @Sendable (UnsafeRawPointer, Int) -> Void) throws {
        self.base = base
        self.size = size
        self.release = release
        self.source = source
        func fail(_ why: String) -> Failure {
            release(base, size)
            return Failure(description: "\(source): \(why)")
        }
        guard size >= MapFile.headerSize, (0..<8).allSatisfy({ base.load(fromByteOffset: $0, as: UInt8.self) == MapFile.magic[$0] }) else {
            throw fail("not a Yaruki map (build one with `yaruki map build EXTRACT.osm.pbf`)")
        }
        let version = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        guard version == MapFile.version else {
            throw fail("map format \(version), this server reads format \(MapFile.version): build it again with `yaruki map build`")
        }
        let count = Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
        let table = Int(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
        timestamp = Int64(littleEndian: base.loadUnaligned(fromByteOffset: 24, as: Int64.self))
        let entry = MapFile.nameSize + 16
        guard count < 10_000, table >= MapFile.headerSize, table <= size, count * entry <= size - table else { throw fail("its section table is cut off") }
        var sections: [String: (Int, Int)] = [:]
        for i in 0..<count {
            let at = table + i * entry
            let name = String(decoding: (0..<MapFile.nameSize).map { base.load(fromByteOffset: at + $0, as: UInt8.self) }.prefix { $0 != 0 }, as: UTF8.self)
            let offset = Int(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at + MapFile.nameSize, as: UInt64.self)))
            let length = Int(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: at + MapFile.nameSize + 8, as: UInt64.self)))
            guard offset >= MapFile.headerSize, offset % 8 == 0, length >= 0, offset <= table, length <= table - offset else {
                throw fail("its section \(name) lies outside the file")
            }
            sections[name] = (offset, length)
        }
        self.sections = sections
    }

    deinit { release(base, size) }

    public var names: [String] { sections.keys.sorted() }

    /// The section's values, read in place.
    public func column<T: BitwiseCopyable>(_ name: String, _: T.Type = T.self) throws -> Column<T> {
        guard let (offset, length) = sections[name] else { throw Failure(description: "\(source): has no section \(name)") }
        guard length % MemoryLayout<T>.stride == 0 else { throw Failure(description: "\(source): section \(name) is not a whole number of values") }
        let items = UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: T.self), count: length / MemoryLayout<T>.stride)
        return Column(items: items, owner: self)
    }

    /// A section of bytes decoded as JSON.
    public func json<T: Decodable>(_ name: String, as _: T.Type) throws -> T {
        let bytes = try column(name, UInt8.self)
        return try JSONDecoder().decode(T.self, from: Data(bytes.items))
    }

    public func has(_ name: String) -> Bool { sections[name] != nil }
}

/// Fixed-width values lying in a map file (or in memory of their own), read by index.
public struct Column<T: BitwiseCopyable>: @unchecked Sendable, RandomAccessCollection {
    let items: UnsafeBufferPointer<T>
    /// Keeps the memory the values lie in.
    let owner: AnyObject

    init(items: UnsafeBufferPointer<T>, owner: AnyObject) {
        self.items = items
        self.owner = owner
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { items.count }
    @inline(__always) public subscript(i: Int) -> T { items[i] }

    /// Bytes of the column, copied.
    public func data(_ range: Range<Int>) -> Data where T == UInt8 { Data(UnsafeBufferPointer(rebasing: items[range])) }

    /// The first index whose value is not below `value` (the column sorted ascending).
    public func lowerBound(_ value: T) -> Int where T: Comparable {
        var low = 0, high = items.count
        while low < high {
            let mid = (low + high) / 2
            if items[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// Writes a map file section by section to a file, or to memory; `finish` writes the table and header.
public struct MapFileWriter {
    private var sink: Sink
    private var table: [(name: String, offset: Int, length: Int)] = []
    private var written = 0

    enum Sink {
        case memory([UInt8])
        case file(FileHandle)
    }

    /// Into memory.
    public init() {
        sink = .memory([])
        put([UInt8](repeating: 0, count: MapFile.headerSize))
    }

    /// Into the file at `path` (replaced).
    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw MapFile.Failure(description: "\(path): cannot be written")
        }
        sink = .file(handle)
        put([UInt8](repeating: 0, count: MapFile.headerSize))
    }

    private mutating func put(_ bytes: UnsafeRawBufferPointer) {
        switch sink {
        case .memory(var buffer):
            sink = .memory([])
            buffer.append(contentsOf: bytes)
            sink = .memory(buffer)
        case .file(let handle):
            handle.write(Data(bytes))
        }
        written += bytes.count
    }

    private mutating func put(_ bytes: [UInt8]) { bytes.withUnsafeBytes { put($0) } }

    public mutating func add<T: BitwiseCopyable>(_ name: String, _ values: [T]) {
        precondition(name.utf8.count <= MapFile.nameSize && !table.contains { $0.name == name })
        let padding = (8 - written % 8) % 8
        if padding > 0 { put([UInt8](repeating: 0, count: padding)) }
        table.append((name, written, values.count * MemoryLayout<T>.stride))
        values.withUnsafeBytes { put($0) }
    }

    /// A value as JSON (its keys sorted, so the same value gives the same bytes).
    public mutating func add<T: Encodable>(_ name: String, json value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        add(name, [UInt8](try encoder.encode(value)))
    }

    /// The header and the table; the file's bytes when written to memory.
    @discardableResult
    public mutating func finish(timestamp: Int64) throws -> [UInt8] {
        let padding = (8 - written % 8) % 8
        if padding > 0 { put([UInt8](repeating: 0, count: padding)) }
        let tableOffset = written
        var entries: [UInt8] = []
        for section in table {
            entries += Array(section.name.utf8) + [UInt8](repeating: 0, count: MapFile.nameSize - section.name.utf8.count)
            entries += MapFileWriter.bytes(UInt64(section.offset).littleEndian) + MapFileWriter.bytes(UInt64(section.length).littleEndian)
        }
        put(entries)
        var header = MapFile.magic
        header += MapFileWriter.bytes(MapFile.version.littleEndian) + MapFileWriter.bytes(UInt32(table.count).littleEndian)
        header += MapFileWriter.bytes(UInt64(tableOffset).littleEndian) + MapFileWriter.bytes(timestamp.littleEndian)
        header += [UInt8](repeating: 0, count: MapFile.headerSize - header.count)
        switch sink {
        case .memory(var buffer):
            buffer.replaceSubrange(0..<MapFile.headerSize, with: header)
            return buffer
        case .file(let handle):
            try handle.seek(toOffset: 0)
            handle.write(Data(header))
            try handle.synchronize()
            try handle.close()
            return []
        }
    }

    static func bytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
}

/// Items (places, road segments) by grid cell: the cells' keys ascending in `NAME.keys`, and each
/// cell's items at `NAME.items[NAME.first[i] ..< NAME.first[i + 1]]`.
public struct CellIndex: Sendable {
    let keys: Column<Int64>
    let first: Column<Int32>
    let items: Column<Int32>

    public init(file: MapFile, name: String) throws {
        keys = try file.column(name + ".keys")
        first = try file.column(name + ".first")
        items = try file.column(name + ".items")
        guard first.count == keys.count + 1, Int(first.last ?? 0) == items.count else {
            throw MapFile.Failure(description: "\(file.source): its index \(name) does not agree with itself")
        }
    }

    /// Writes (cell, item) pairs as an index.
    public static func write(_ pairs: [(Int64, Int32)], name: String, into writer: inout MapFileWriter) {
        let pairs = pairs.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        var keys: [Int64] = [], rows: [Int32] = []
        for (i, pair) in pairs.enumerated() where keys.last != pair.0 {
            keys.append(pair.0)
            rows.append(Int32(i))
        }
        rows.append(Int32(pairs.count))
        writer.add(name + ".keys", keys)
        writer.add(name + ".first", rows)
        writer.add(name + ".items", pairs.map(\.1))
    }

    /// The items in a cell.
    public func items(in key: Int64) -> Slice<Column<Int32>> {
        let i = keys.lowerBound(key)
        guard i < keys.count, keys[i] == key else { return items[0..<0] }
        return items[Int(first[i])..<Int(first[i + 1])]
    }
}
