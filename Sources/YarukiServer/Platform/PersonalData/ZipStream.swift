import CZlib
import Foundation
import YarukiAPI

/// A ZIP archive written front to back, never seeking and never holding a file whole: each
/// entry is stored as it is (photos and videos are compressed already) with its CRC-32 worked
/// out while it is sent and given after it (a data descriptor). The archive's exact size is
/// known before the first byte, so a download shows its progress. ZIP64 fields are used for any
/// entry, offset or count past the classic format's limits (an export of many videos passes 4 GB).
struct ZipStream: Sendable {
    struct Entry: Sendable {
        var name: String
        var source: String
        var size: Int
    }

    let entries: [Entry]
    let modified: Date
    /// Sizes and offsets from here on take ZIP64 fields (lowered by tests to try them small).
    var limit: Int = 0xFFFF_FFFF

    init(entries: [Entry], modified: Date, limit: Int = 0xFFFF_FFFF) {
        self.entries = entries
        self.modified = modified
        self.limit = limit
    }

    private func isLarge(_ entry: Entry) -> Bool { entry.size >= limit }

    private func localSize(_ entry: Entry) -> Int {
        30 + entry.name.utf8.count + (isLarge(entry) ? 20 : 0) + entry.size + (isLarge(entry) ? 24 : 16)
    }

    /// Where each entry's local header starts, and where the central directory does.
    private var offsets: (entries: [Int], directory: Int) {
        var at = 0
        var list: [Int] = []
        for entry in entries {
            list.append(at)
            at += localSize(entry)
        }
        return (list, at)
    }

    private func centralExtra(_ entry: Entry, offset: Int) -> Int {
        (isLarge(entry) ? 16 : 0) + (offset >= limit ? 8 : 0)
    }

    /// The central directory's size in bytes.
    private func directorySize(_ starts: [Int]) -> Int {
        zip(entries, starts).reduce(0) { size, pair in
            let extra = centralExtra(pair.0, offset: pair.1)
            return size + 46 + pair.0.name.utf8.count + (extra > 0 ? 4 + extra : 0)
        }
    }

    /// The archive's size in bytes.
    var length: Int {
        let (starts, directory) = offsets
        let size = directorySize(starts)
        return directory + size + (needsZip64End(directory: directory, directorySize: size) ? 56 + 20 : 0) + 22
    }

    private func needsZip64End(directory: Int, directorySize: Int) -> Bool {
        entries.count >= 0xFFFF || directory >= limit || directorySize >= limit
    }

    /// Writes the archive through `sink`, piece by piece. A file whose size changed since the
    /// plan fails the write (the archive would be wrong).
    func write(_ sink: ([UInt8]) throws -> Void) throws {
        let (starts, directory) = offsets
        var crcs: [UInt32] = []
        let (time, date) = ZipStream.dosTime(modified)
        for entry in entries {
            var head = ZipBytes()
            head.u32(0x0403_4B50); head.u16(isLarge(entry) ? 45 : 20); head.u16(0x0808); head.u16(0); head.u16(time); head.u16(date)
            head.u32(0); head.u32(isLarge(entry) ? 0xFFFF_FFFF : 0); head.u32(isLarge(entry) ? 0xFFFF_FFFF : 0)
            head.u16(entry.name.utf8.count); head.u16(isLarge(entry) ? 20 : 0); head.append(Array(entry.name.utf8))
            if isLarge(entry) { head.u16(1); head.u16(16); head.u64(0); head.u64(0) }
            try sink(head.bytes)
            let crc = try ZipStream.send(entry, sink)
            crcs.append(crc)
            var descriptor = ZipBytes()
            descriptor.u32(0x0807_4B50); descriptor.u32(crc)
            if isLarge(entry) { descriptor.u64(entry.size); descriptor.u64(entry.size) } else { descriptor.u32(entry.size); descriptor.u32(entry.size) }
            try sink(descriptor.bytes)
        }
        var central = ZipBytes()
        for (i, entry) in entries.enumerated() {
            let offset = starts[i], extra = centralExtra(entry, offset: offset)
            central.u32(0x0201_4B50); central.u16(0x0300 | 45); central.u16(extra > 0 ? 45 : 20); central.u16(0x0808); central.u16(0)
            central.u16(time); central.u16(date); central.u32(crcs[i])
            central.u32(isLarge(entry) ? 0xFFFF_FFFF : entry.size); central.u32(isLarge(entry) ? 0xFFFF_FFFF : entry.size)
            central.u16(entry.name.utf8.count); central.u16(extra > 0 ? 4 + extra : 0); central.u16(0); central.u16(0); central.u16(0)
            central.u32(0o100644 << 16); central.u32(offset >= limit ? 0xFFFF_FFFF : offset); central.append(Array(entry.name.utf8))
            if extra > 0 {
                central.u16(1); central.u16(extra)
                if isLarge(entry) { central.u64(entry.size); central.u64(entry.size) }
                if offset >= limit { central.u64(offset) }
            }
            if central.bytes.count >= 1 << 16 { try sink(central.take()) }
        }
        try sink(end(directory: directory, directorySize: directorySize(starts), into: &central))
    }

    private func end(directory: Int, directorySize: Int, into out: inout ZipBytes) -> [UInt8] {
        let zip64 = needsZip64End(directory: directory, directorySize: directorySize)
        if zip64 {
            let record = directory + directorySize
            out.u32(0x0606_4B50); out.u64(44); out.u16(0x0300 | 45); out.u16(45); out.u32(0); out.u32(0)
            out.u64(entries.count); out.u64(entries.count); out.u64(directorySize); out.u64(directory)
            out.u32(0x0706_4B50); out.u32(0); out.u64(record); out.u32(1)
        }
        out.u32(0x0605_4B50); out.u16(0); out.u16(0)
        out.u16(min(entries.count, 0xFFFF)); out.u16(min(entries.count, 0xFFFF))
        out.u32(zip64 ? 0xFFFF_FFFF : directorySize); out.u32(zip64 ? 0xFFFF_FFFF : directory); out.u16(0)
        return out.take()
    }

    /// Sends a file's bytes, returning their CRC-32.
    private static func send(_ entry: Entry, _ sink: ([UInt8]) throws -> Void) throws -> UInt32 {
        guard let handle = FileHandle(forReadingAtPath: entry.source) else { throw ZipError.changed(entry.name) }
        defer { try? handle.close() }
        var crc = crc32(0, nil, 0)
        var sent = 0
        while sent < entry.size {
            guard let chunk = try handle.read(upToCount: min(256 << 10, entry.size - sent)), !chunk.isEmpty else { throw ZipError.changed(entry.name) }
            crc = chunk.withUnsafeBytes { crc32(crc, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)) }
            sent += chunk.count
            try sink([UInt8](chunk))
        }
        return UInt32(truncatingIfNeeded: crc)
    }

    /// MS-DOS time and date (2-second steps, from 1980), in UTC.
    static func dosTime(_ date: Date) -> (UInt16, UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: max(date, Date(timeIntervalSince1970: 315_532_800)))
        let time = (c.hour ?? 0) << 11 | (c.minute ?? 0) << 5 | (c.second ?? 0) / 2
        let day = ((c.year ?? 1980) - 1980) << 9 | (c.month ?? 1) << 5 | (c.day ?? 1)
        return (UInt16(time), UInt16(day))
    }
}

enum ZipError: Error, CustomStringConvertible {
    case changed(String)
    var description: String {
        switch self {
        case let .changed(name): "\(name) changed while it was being exported"
        }
    }
}

/// Little-endian fields of a ZIP record.
struct ZipBytes {
    private(set) var bytes: [UInt8] = []

    mutating func u16(_ v: Int) { u16(UInt16(truncatingIfNeeded: v)) }
    mutating func u16(_ v: UInt16) { bytes += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    mutating func u32(_ v: Int) { u32(UInt32(truncatingIfNeeded: v)) }
    mutating func u32(_ v: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((v >> UInt32(shift)) & 0xFF)) } }
    mutating func u64(_ v: Int) { let u = UInt64(v); for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8((u >> UInt64(shift)) & 0xFF)) } }
    mutating func append(_ more: [UInt8]) { bytes += more }

    mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}
