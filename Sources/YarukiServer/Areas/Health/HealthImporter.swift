import Foundation
import YarukiCore
import YarukiStore

/// Reads an Apple Health export (`export.zip`, or the XML inside it) into day totals in a
/// person's time zone, in constant memory whatever the file's size: the scanner streams the
/// XML, each sample is cut at local midnights and spilled to a bucket file by its day, and each
/// bucket (a slice of the days) is merged alone. Nothing is written to the database here: the
/// caller lands the whole outcome in one transaction, or nothing when this throws.
struct HealthImporter {
    typealias Progress = HealthImportProgress

    struct Outcome: Sendable {
        var days: [HealthStore.SourceDay]
        var records: Int
        var used: Int
        var skipped: Int
        var summaries: Int
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The source an import's days are written under: a later import of the same person's
    /// export replaces them; an app's own reports stay beside them.
    static let source = "Apple Health"
    /// The most one element (a DTD, a record) may take.
    static let maxElement = 64 << 20

    let timeZone: TimeZone
    /// Where the spill files go (removed when done).
    let scratch: String
    /// The scanner's window; an element larger than this widens it (tests make it tiny, so
    /// records and the DTD fall across its edges).
    var bufferSize = 4 << 20

    func read(_ path: String, progress: (Progress) -> Void) throws -> Outcome {
        var scanner = HealthExportScanner()
        var clock = HealthDayClock(timeZone: timeZone)
        var summaries: [Int: HealthActivitySummary] = [:]
        let totalBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard totalBytes > 0 else { throw Failure(description: "The file is empty.") }
        let zip = ZipArchive.looksLikeZip(path) ? try ZipArchive(path: path) : nil
        let entry = try zip.map(Self.dataEntry)
        var spill = try HealthSpill(directory: scratch, expectedBytes: entry?.size ?? totalBytes)
        defer { spill.remove() }

        var buffer = [UInt8](repeating: 0, count: bufferSize)
        var filled = 0
        var lastReport = 0
        func scan(final: Bool) throws {
            let used = try buffer.withUnsafeBufferPointer { all in
                try scanner.scan(UnsafeBufferPointer(rebasing: all[0..<filled]), final: final) { item in
                    switch item {
                    case let .sample(sample): try clock.split(sample) { try spill.add($0) }
                    case let .summary(summary): summaries[summary.day] = summary
                    }
                }
            }
            if used == 0, !final, filled == buffer.count {
                guard buffer.count < Self.maxElement else { throw HealthExportError.elementTooLarge(offset: scanner.position) }
                buffer += [UInt8](repeating: 0, count: buffer.count)
                return
            }
            buffer.withUnsafeMutableBytes { b in
                if used < filled { memmove(b.baseAddress!, b.baseAddress! + used, filled - used) }
            }
            filled -= used
        }
        func take(_ bytes: UnsafeRawBufferPointer, read: Int) throws -> Bool {
            var at = 0
            while at < bytes.count {
                let n = min(bytes.count - at, buffer.count - filled)
                buffer.withUnsafeMutableBytes { b in _ = memcpy(b.baseAddress! + filled, bytes.baseAddress! + at, n) }
                filled += n
                at += n
                if filled == buffer.count { try scan(final: false) }
            }
            if read - lastReport >= 4 << 20 {
                lastReport = read
                progress(Progress(bytesRead: read, bytesTotal: totalBytes, records: scanner.records))
            }
            return true
        }
        do {
            if let zip, let entry {
                try zip.read(entry) { bytes, read in try take(bytes, read: read) }
            } else {
                guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure(description: "The file cannot be opened.") }
                defer { try? handle.close() }
                var read = 0
                while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty {
                    read += data.count
                    _ = try data.withUnsafeBytes { try take($0, read: read) }
                }
            }
            try scan(final: true)
        } catch let error as HealthExportError {
            throw Failure(description: error.description)
        } catch let error as ZipArchive.Failure {
            throw Failure(description: error.description)
        }
        progress(Progress(bytesRead: totalBytes, bytesTotal: totalBytes, records: scanner.records))

        var totals: [Int: HealthTotals] = [:]
        var contributors: [Int: Set<Int>] = [:]
        try spill.finish()
        for bucket in 0..<spill.count {
            var pieces = try spill.pieces(bucket)
            pieces.sort { ($0.metric.rawValue, $0.day) < ($1.metric.rawValue, $1.day) }
            var start = 0
            while start < pieces.count {
                var end = start + 1
                while end < pieces.count, pieces[end].metric == pieces[start].metric, pieces[end].day == pieces[start].day { end += 1 }
                let (value, sources) = HealthSampleMerge.total(Array(pieces[start..<end]))
                totals[pieces[start].day, default: .zero][pieces[start].metric] = value
                contributors[pieces[start].day, default: []].formUnion(sources)
                start = end
            }
        }
        // The Watch's own rings for a day, where it kept them, are what the person saw closed.
        for (day, summary) in summaries {
            var t = totals[day] ?? .zero
            if let v = summary.activeEnergyKcal, v > 0 { t.activeEnergyKcal = v }
            if let v = summary.exerciseMinutes, v > 0 { t.exerciseMinutes = v }
            if let v = summary.standHours, v > 0 { t.standHours = v }
            totals[day] = t
        }
        let sources = scanner.sources
        let days = totals.keys.sorted().compactMap { day -> HealthStore.SourceDay? in
            guard let t = totals[day], !t.isZero else { return nil }
            let devices = (contributors[day] ?? []).sorted { (sources[$0].rank, $0) < (sources[$1].rank, $1) }.map { sources[$0].name }
            return HealthStore.SourceDay(day: day, source: Self.source, totals: t, devices: devices)
        }
        return Outcome(days: days, records: scanner.records, used: scanner.used, skipped: scanner.skipped, summaries: summaries.count)
    }

    /// The entry that holds the data: an XML file whose root is `<HealthData>` (its name is
    /// localized on some iPhones: 書き出したデータ.xml), never the clinical `export_cda.xml`.
    static func dataEntry(_ zip: ZipArchive) throws -> ZipArchive.Entry {
        let files = zip.entries.filter { !$0.name.hasSuffix("/") }
        guard !files.isEmpty else { throw Failure(description: "The zip is empty: it holds no Apple Health export.") }
        let candidates = files.filter { entry in
            let name = entry.name.lowercased()
            return name.hasSuffix(".xml") && !name.hasSuffix("_cda.xml") && !name.contains("workout-routes/") && !name.contains("electrocardiograms/")
        }
        var found: [ZipArchive.Entry] = []
        for entry in candidates {
            var head = [UInt8]()
            try? zip.read(entry, chunk: 64 << 10) { bytes, _ in
                head += bytes.prefix(64 << 10 - head.count)
                return head.count < 64 << 10
            }
            if String(decoding: head, as: UTF8.self).contains("<HealthData") { found.append(entry) }
        }
        guard let best = found.max(by: { $0.size < $1.size }) else {
            throw Failure(description: "The zip holds no Apple Health export (no XML file starting <HealthData>); it has \(files.prefix(3).map(\.name).joined(separator: ", "))\(files.count > 3 ? "…" : "").")
        }
        return best
    }
}

/// How far an import has read: the file's bytes (compressed ones for a zip) and the records.
public struct HealthImportProgress: Sendable {
    public var bytesRead: Int
    public var bytesTotal: Int
    public var records: Int
}

/// Pieces of samples, written to one of several files by their day, so that each file (a slice
/// of the days) can be merged alone in little memory. More bytes in the export, more files.
struct HealthSpill {
    private struct Packed {
        var start: Int64
        var end: Int64
        var value: Double
        var day: Int32
        var priority: Int32
        var source: Int32
        var metric: Int32
    }

    let directory: String
    let count: Int
    private var descriptors: [Int32]
    private var buffers: [[Packed]]
    private static let flushAt = 1024

    init(directory parent: String, expectedBytes: Int) throws {
        directory = parent + "/health-spill-" + UUID().uuidString.lowercased()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // About 8 MB of export per file: a bucket's pieces stay near a megabyte.
        count = max(8, min(1024, expectedBytes / (8 << 20)))
        descriptors = []
        buffers = Array(repeating: [], count: count)
        for i in 0..<count {
            let fd = open(directory + "/\(i)", O_CREAT | O_TRUNC | O_RDWR, 0o600)
            guard fd >= 0 else { throw HealthImporter.Failure(description: "The import could not make its working files in \(parent).") }
            descriptors.append(fd)
        }
    }

    mutating func add(_ p: HealthPiece) throws {
        let b = ((p.day % count) + count) % count
        buffers[b].append(Packed(start: p.start, end: p.end, value: p.value, day: Int32(truncatingIfNeeded: p.day), priority: Int32(truncatingIfNeeded: p.rank),
                                 source: Int32(truncatingIfNeeded: p.source), metric: Int32(p.metric.rawValue)))
        if buffers[b].count >= Self.flushAt { try flush(b) }
    }

    private mutating func flush(_ b: Int) throws {
        let fd = descriptors[b]
        try buffers[b].withUnsafeBytes { bytes in
            var at = 0
            while at < bytes.count {
                let n = write(fd, bytes.baseAddress! + at, bytes.count - at)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw HealthImporter.Failure(description: "The import's working files could not be written (disk full?).") }
                at += n
            }
        }
        buffers[b].removeAll(keepingCapacity: true)
    }

    mutating func finish() throws {
        for b in 0..<count where !buffers[b].isEmpty { try flush(b) }
        buffers = []
    }

    func pieces(_ b: Int) throws -> [HealthPiece] {
        let fd = descriptors[b]
        let size = Int(lseek(fd, 0, SEEK_END))
        let stride = MemoryLayout<Packed>.stride
        var packed = [Packed](repeating: Packed(start: 0, end: 0, value: 0, day: 0, priority: 0, source: 0, metric: 0), count: size / stride)
        try packed.withUnsafeMutableBytes { bytes in
            var at = 0
            while at < bytes.count {
                let n = pread(fd, bytes.baseAddress! + at, bytes.count - at, off_t(at))
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { throw HealthImporter.Failure(description: "The import's working files could not be read.") }
                at += n
            }
        }
        return packed.map {
            HealthPiece(metric: HealthMetric(rawValue: Int($0.metric)) ?? .steps, day: Int($0.day), start: $0.start, end: $0.end, value: $0.value,
                        rank: Int($0.priority), source: Int($0.source))
        }
    }

    func remove() {
        for fd in descriptors { close(fd) }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
