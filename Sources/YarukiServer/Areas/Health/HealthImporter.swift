import Foundation
import YarukiCore
import YarukiStore

/// Reads an Apple Health export (`export.zip`, or the XML inside it) into day totals in a
/// person's time zone, in bounded memory whatever the file holds: the scanner streams the XML,
/// each sample is cut at local midnights and spilled to a bucket file by its day (a record
/// repeated is dropped while spilling), and each bucket is merged a few days at a time within a
/// fixed budget of samples. What no real export holds is refused with a clear error: more
/// samples on one day than a phone and a watch record, more days than a century, more sources
/// than a household of devices, or more samples in all than the limit. Nothing is written to the
/// database here: the caller lands the whole outcome in one transaction, or nothing when this throws.
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
    /// Samples of the kept metrics one local day may hold once repeats are dropped: a phone and a
    /// watch together write a few thousand (active energy about once a minute); a hundred thousand
    /// is no device's day.
    static let maxSamplesPerDay = 100_000
    /// Samples of the kept metrics one import may hold: ten years of a heavy Watch user is about
    /// fifteen million.
    static let maxSamples = 40_000_000
    /// Days one import may cover (a century), and the devices and apps that may have written them.
    static let maxDays = 36_525
    static let maxSources = 1_000
    /// A sample longer than this is no step count or stand hour (it would be cut into a piece
    /// for every day it spans): it is skipped.
    static let maxSampleSpan: Int64 = 2 * 86_400
    /// Samples held in memory at once while merging.
    static let mergeBudget = 500_000

    /// 100000 → "100,000", whatever the server's locale.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        return String(digits.enumerated().flatMap { i, d in (i > 0 && (digits.count - i) % 3 == 0) ? [",", d] : [d] })
    }

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
        var tooLong = 0
        func scan(final: Bool) throws {
            let used = try buffer.withUnsafeBufferPointer { all in
                try scanner.scan(UnsafeBufferPointer(rebasing: all[0..<filled]), final: final) { item in
                    switch item {
                    case let .sample(sample):
                        guard sample.end - sample.start <= Self.maxSampleSpan else {
                            tooLong += 1
                            return
                        }
                        try clock.split(sample) { try spill.add($0) }
                    case let .summary(summary):
                        summaries[summary.day] = summary
                        guard summaries.count <= Self.maxDays else {
                            throw Failure(description: "The export has activity summaries for more than \(Self.maxDays) days; no Apple Watch has worn that long, so it was not imported.")
                        }
                    }
                }
            }
            guard scanner.sources.count <= Self.maxSources else {
                throw Failure(description: "The export names more than \(Self.maxSources) devices and apps; no one person's export holds that many, so it was not imported.")
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
        try spill.merge(budget: Self.mergeBudget) { metric, day, pieces in
            let (value, sources) = HealthSampleMerge.total(pieces)
            totals[day, default: .zero][metric] = value
            contributors[day, default: []].formUnion(sources)
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
        return Outcome(days: days, records: scanner.records, used: scanner.used - tooLong, skipped: scanner.skipped + tooLong,
                       summaries: summaries.count)
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
/// of the days) can be merged a few days at a time in little memory. More bytes in the export,
/// more files. A piece just like one written moments before is a record repeated: it is dropped
/// here (the merge would drop it anyway), so a file of one row a million times costs nothing.
struct HealthSpill {
    private struct Packed: Hashable {
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
    /// Pieces lately written (to any file), to drop a record repeated; forgotten past `recentMax`.
    /// One small window, not one per file: a hundred files' windows held 40 MB.
    private var recent = Set<Packed>()
    /// Pieces written per day: what one day costs the merge, checked against the limits.
    private(set) var perDay: [Int32: Int] = [:]
    private(set) var written = 0
    private static let flushAt = 1024
    private static let recentMax = 4096

    init(directory parent: String, expectedBytes: Int) throws {
        directory = parent + "/health-spill-" + UUID().lowercasedString
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
        let packed = Packed(start: p.start, end: p.end, value: p.value, day: Int32(truncatingIfNeeded: p.day), priority: Int32(truncatingIfNeeded: p.rank),
                            source: Int32(truncatingIfNeeded: p.source), metric: Int32(p.metric.rawValue))
        if recent.count >= Self.recentMax { recent.removeAll(keepingCapacity: true) }
        guard recent.insert(packed).inserted else { return }
        let onDay = perDay[packed.day, default: 0] + 1
        guard onDay <= HealthImporter.maxSamplesPerDay else {
            throw HealthImporter.Failure(description: "The export has more than \(HealthImporter.grouped(HealthImporter.maxSamplesPerDay)) samples on \(DayNumber.day(p.day)); no phone or watch records that many in a day, so it was not imported.")
        }
        perDay[packed.day] = onDay
        guard perDay.count <= HealthImporter.maxDays else {
            throw HealthImporter.Failure(description: "The export's samples span more than \(HealthImporter.maxDays) days; it was not imported.")
        }
        written += 1
        guard written <= HealthImporter.maxSamples else {
            throw HealthImporter.Failure(description: "The export holds more than \(HealthImporter.grouped(HealthImporter.maxSamples)) samples of steps, distance, energy and stand time, more than Yaruki imports at once; it was not imported.")
        }
        buffers[b].append(packed)
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
        recent = []
    }

    /// Gives every (metric, day)'s pieces to `take`, reading each file in passes that hold at most
    /// `budget` pieces (whole days: a day never holds more than the per-day limit).
    func merge(budget: Int, _ take: (HealthMetric, Int, [HealthPiece]) throws -> Void) throws {
        var daysOf = [[Int32]](repeating: [], count: count)
        for day in perDay.keys { daysOf[((Int(day) % count) + count) % count].append(day) }
        for b in 0..<count {
            var passes: [Set<Int32>] = []
            var current: Set<Int32> = []
            var held = 0
            for day in daysOf[b].sorted() {
                let n = perDay[day] ?? 0
                if held + n > budget, !current.isEmpty {
                    passes.append(current)
                    current = []
                    held = 0
                }
                current.insert(day)
                held += n
            }
            if !current.isEmpty { passes.append(current) }
            for days in passes {
                var pieces = try read(b, days: days)
                pieces.sort { ($0.metric, $0.day, $0.start) < ($1.metric, $1.day, $1.start) }
                var start = 0
                while start < pieces.count {
                    var end = start + 1
                    while end < pieces.count, pieces[end].metric == pieces[start].metric, pieces[end].day == pieces[start].day { end += 1 }
                    let group = pieces[start..<end].map {
                        HealthPiece(metric: HealthMetric(rawValue: Int($0.metric)) ?? .steps, day: Int($0.day), start: $0.start, end: $0.end,
                                    value: $0.value, rank: Int($0.priority), source: Int($0.source))
                    }
                    try take(group[0].metric, group[0].day, group)
                    start = end
                }
            }
        }
    }

    /// The pieces of file `b` that fall on `days`, read a slice at a time.
    private func read(_ b: Int, days: Set<Int32>) throws -> [Packed] {
        let fd = descriptors[b]
        let size = Int(lseek(fd, 0, SEEK_END))
        let stride = MemoryLayout<Packed>.stride
        let slice = 65_536
        var chunk = [Packed](repeating: Packed(start: 0, end: 0, value: 0, day: 0, priority: 0, source: 0, metric: 0), count: slice)
        var kept: [Packed] = []
        var offset = 0
        while offset < size {
            let n = min(slice, (size - offset) / stride)
            guard n > 0 else { break }
            try chunk.withUnsafeMutableBytes { bytes in
                var at = 0
                while at < n * stride {
                    let got = pread(fd, bytes.baseAddress! + at, n * stride - at, off_t(offset + at))
                    if got < 0, errno == EINTR { continue }
                    guard got > 0 else { throw HealthImporter.Failure(description: "The import's working files could not be read.") }
                    at += got
                }
            }
            for packed in chunk[0..<n] where days.contains(packed.day) { kept.append(packed) }
            offset += n * stride
        }
        return kept
    }

    func remove() {
        for fd in descriptors { close(fd) }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
