import CZlib
import Foundation

/// Reads one entry of a ZIP archive on disk as a stream of bytes (stored or deflated, ZIP64
/// sizes and offsets included), its CRC-32 checked at the end, never holding it whole. Apple
/// Health's `export.zip` passes 4 GB uncompressed on a few years of a Watch.
struct ZipArchive {
    struct Entry {
        var name: String
        var method: Int
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var headerOffset: Int
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let path: String
    let entries: [Entry]
    let fileSize: Int

    /// True when the file starts like a ZIP archive.
    static func looksLikeZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 4)) ?? Data()
        return head.count == 4 && head[0] == 0x50 && head[1] == 0x4B && (head[2] == 3 || head[2] == 5) && (head[3] == 4 || head[3] == 6)
    }

    init(path: String) throws {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure(description: "The file cannot be opened.") }
        defer { try? handle.close() }
        fileSize = Int(try handle.seekToEnd())
        let tailSize = min(fileSize, 65_557)
        try handle.seek(toOffset: UInt64(fileSize - tailSize))
        let tail = [UInt8](try handle.read(upToCount: tailSize) ?? Data())
        guard tail.count >= 22, let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { Self.u32(tail, $0) == 0x0605_4B50 }) else {
            throw Failure(description: "The zip is damaged or cut short: it has no central directory.")
        }
        var count = Int(Self.u16(tail, end + 10))
        var directorySize = Int(Self.u32(tail, end + 12))
        var directoryOffset = Int(Self.u32(tail, end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF, end >= 20, Self.u32(tail, end - 20) == 0x0706_4B50 {
            let recordAt = Int(Self.u64(tail, end - 20 + 8))
            try handle.seek(toOffset: UInt64(recordAt))
            let record = [UInt8](try handle.read(upToCount: 56) ?? Data())
            guard record.count == 56, Self.u32(record, 0) == 0x0606_4B50 else { throw Failure(description: "The zip's ZIP64 directory is damaged.") }
            count = Int(Self.u64(record, 32))
            directorySize = Int(Self.u64(record, 40))
            directoryOffset = Int(Self.u64(record, 48))
        }
        guard directoryOffset + directorySize <= fileSize, directorySize < 256 << 20 else { throw Failure(description: "The zip's directory is damaged.") }
        try handle.seek(toOffset: UInt64(directoryOffset))
        let directory = [UInt8](try handle.read(upToCount: directorySize) ?? Data())
        var entries: [Entry] = []
        var at = 0
        for _ in 0..<count {
            guard at + 46 <= directory.count, Self.u32(directory, at) == 0x0201_4B50 else { throw Failure(description: "The zip's directory is damaged.") }
            let nameLength = Int(Self.u16(directory, at + 28)), extraLength = Int(Self.u16(directory, at + 30)), commentLength = Int(Self.u16(directory, at + 32))
            guard at + 46 + nameLength + extraLength <= directory.count else { throw Failure(description: "The zip's directory is damaged.") }
            var entry = Entry(name: String(decoding: directory[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self), method: Int(Self.u16(directory, at + 10)),
                              crc: Self.u32(directory, at + 16), compressedSize: Int(Self.u32(directory, at + 20)), size: Int(Self.u32(directory, at + 24)),
                              headerOffset: Int(Self.u32(directory, at + 42)))
            // ZIP64: the fields that overflowed follow in the extra field, in this order.
            var extra = at + 46 + nameLength
            let extraEnd = extra + extraLength
            while extra + 4 <= extraEnd {
                let id = Self.u16(directory, extra), size = Int(Self.u16(directory, extra + 2))
                if id == 1 {
                    var field = extra + 4
                    if entry.size == 0xFFFF_FFFF, field + 8 <= extraEnd { entry.size = Int(Self.u64(directory, field)); field += 8 }
                    if entry.compressedSize == 0xFFFF_FFFF, field + 8 <= extraEnd { entry.compressedSize = Int(Self.u64(directory, field)); field += 8 }
                    if entry.headerOffset == 0xFFFF_FFFF, field + 8 <= extraEnd { entry.headerOffset = Int(Self.u64(directory, field)) }
                }
                extra += 4 + size
            }
            entries.append(entry)
            at += 46 + nameLength + extraLength + commentLength
        }
        self.entries = entries
    }

    /// Streams an entry's bytes to `take`, with the archive bytes read so far; throws when the
    /// data is damaged or cut short.
    func read(_ entry: Entry, chunk: Int = 1 << 20, _ take: (UnsafeRawBufferPointer, _ compressedRead: Int) throws -> Bool) throws {
        guard entry.method == 0 || entry.method == 8 else { throw Failure(description: "The zip entry \(entry.name) uses a compression this reader does not know.") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure(description: "The file cannot be opened.") }
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(entry.headerOffset))
        let header = [UInt8](try handle.read(upToCount: 30) ?? Data())
        guard header.count == 30, Self.u32(header, 0) == 0x0403_4B50 else { throw Failure(description: "The zip is damaged: \(entry.name) has no local header.") }
        let dataAt = entry.headerOffset + 30 + Int(Self.u16(header, 26)) + Int(Self.u16(header, 28))
        guard dataAt + entry.compressedSize <= fileSize else { throw Failure(description: "The zip is cut short: \(entry.name) ends past the file's end.") }
        try handle.seek(toOffset: UInt64(dataAt))
        var crc = crc32(0, nil, 0)
        var remaining = entry.compressedSize
        var produced = 0
        var input = [UInt8](repeating: 0, count: chunk)
        var output = [UInt8](repeating: 0, count: chunk * 2)
        var stream = z_stream()
        if entry.method == 8 {
            guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw Failure(description: "zlib could not start.") }
        }
        defer { if entry.method == 8 { inflateEnd(&stream) } }
        var finished = false
        var stopped = false
        while remaining > 0, !finished {
            let want = min(remaining, chunk)
            let got = try input.withUnsafeMutableBytes { buffer -> Int in
                let data = try handle.read(upToCount: want) ?? Data()
                data.copyBytes(to: buffer)
                return data.count
            }
            guard got > 0 else { throw Failure(description: "The zip is cut short inside \(entry.name).") }
            remaining -= got
            let consumed = entry.compressedSize - remaining
            if entry.method == 0 {
                crc = input.withUnsafeBytes { crc32(crc, $0.bindMemory(to: Bytef.self).baseAddress, uInt(got)) }
                produced += got
                if try !input.withUnsafeBytes({ try take(UnsafeRawBufferPointer(rebasing: $0[0..<got]), consumed) }) { return }
                continue
            }
            try input.withUnsafeMutableBytes { inBuffer in
                stream.next_in = inBuffer.bindMemory(to: Bytef.self).baseAddress
                stream.avail_in = uInt(got)
                repeat {
                    let made = try output.withUnsafeMutableBytes { outBuffer -> Int in
                        stream.next_out = outBuffer.bindMemory(to: Bytef.self).baseAddress
                        stream.avail_out = uInt(outBuffer.count)
                        let status = inflate(&stream, Z_NO_FLUSH)
                        guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                            throw Failure(description: "The zip is damaged: \(entry.name) does not inflate (zlib status \(status)).")
                        }
                        if status == Z_STREAM_END { finished = true }
                        return outBuffer.count - Int(stream.avail_out)
                    }
                    if made > 0 {
                        crc = output.withUnsafeBytes { crc32(crc, $0.bindMemory(to: Bytef.self).baseAddress, uInt(made)) }
                        produced += made
                        if try !output.withUnsafeBytes({ try take(UnsafeRawBufferPointer(rebasing: $0[0..<made]), consumed) }) {
                            (finished, stopped) = (true, true)
                            return
                        }
                    }
                    if finished { return }
                } while stream.avail_in > 0 || stream.avail_out == 0
            }
        }
        if stopped { return }
        guard produced == entry.size, crc == entry.crc else {
            throw Failure(description: "The zip is damaged or cut short: \(entry.name) gave \(produced) of \(entry.size) bytes\(produced == entry.size ? " with a wrong CRC" : "").")
        }
    }

    private static func u16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }
    private static func u32(_ b: [UInt8], _ at: Int) -> UInt32 { UInt32(u16(b, at)) | UInt32(u16(b, at + 2)) << 16 }
    private static func u64(_ b: [UInt8], _ at: Int) -> UInt64 { UInt64(u32(b, at)) | UInt64(u32(b, at + 4)) << 32 }
}
