import Foundation

/// When and where a photo was taken, as its EXIF says: read from a JPEG's APP1 segment, a PNG's
/// `eXIf` chunk or a WebP's `EXIF` chunk. Every offset is checked against the bytes; anything
/// malformed reads as "not said", never as a crash.
public struct PhotoMetadata: Equatable, Sendable {
    /// `DateTimeOriginal` (or `DateTime` when the camera wrote no original): the wall-clock time
    /// where the photo was taken, seconds since 1970 as if that wall clock were UTC.
    public var localTime: Int?
    /// `OffsetTimeOriginal` (or `OffsetTime`), seconds east of UTC.
    public var utcOffset: Int?
    /// `GPSDateStamp` + `GPSTimeStamp`: the instant in UTC.
    public var gpsTime: Date?
    /// From the GPS tags with their N/S and E/W references.
    public var position: GeoPoint?
    /// Metres above sea level (`GPSAltitudeRef` 1 means below).
    public var altitude: Double?

    public init(localTime: Int? = nil, utcOffset: Int? = nil, gpsTime: Date? = nil, position: GeoPoint? = nil, altitude: Double? = nil) {
        self.localTime = localTime
        self.utcOffset = utcOffset
        self.gpsTime = gpsTime
        self.position = position
        self.altitude = altitude
    }

    /// The instant the photo was taken and the offset of the place, when the EXIF says enough:
    /// local time with its offset; else local time with the offset the GPS clock implies (to the
    /// nearest quarter hour); else local time read in `fallbackOffset` (the client's, or the
    /// person's zone); else the GPS time alone.
    public func taken(fallbackOffset: (Int) -> Int) -> (at: Date, utcOffset: Int)? {
        if let localTime {
            if let utcOffset { return (Date(timeIntervalSince1970: Double(localTime - utcOffset)), utcOffset) }
            if let gpsTime {
                let implied = Int(((Double(localTime) - gpsTime.timeIntervalSince1970) / 900).rounded()) * 900
                if abs(implied) <= 14 * 3600 { return (Date(timeIntervalSince1970: Double(localTime - implied)), implied) }
            }
            let offset = fallbackOffset(localTime)
            return (Date(timeIntervalSince1970: Double(localTime - offset)), offset)
        }
        if let gpsTime { return (gpsTime, fallbackOffset(Int(gpsTime.timeIntervalSince1970))) }
        return nil
    }

    public static func read(_ bytes: [UInt8]) -> PhotoMetadata? {
        guard let tiff = tiffBlock(bytes) else { return nil }
        return TIFFReader(bytes: tiff)?.metadata()
    }

    /// Reads an EXIF block as an image library hands it over: the TIFF structure, perhaps after
    /// `Exif\0\0` and, from HEIF (ISO 23008-12 §A.2.1), a four-byte offset to the TIFF header.
    public static func read(exifBlock b: [UInt8]) -> PhotoMetadata? {
        var block = b[...]
        if block.count >= 4, !block.starts(with: [0x49, 0x49]), !block.starts(with: [0x4D, 0x4D]), !block.starts(with: Array("Exif".utf8)) {
            let skip = Int(block[0]) << 24 | Int(block[1]) << 16 | Int(block[2]) << 8 | Int(block[3])
            guard skip >= 0, skip <= block.count - 4 else { return nil }
            block = block.dropFirst(4 + skip)
        }
        if block.starts(with: Array("Exif".utf8) + [0, 0]) { block = block.dropFirst(6) }
        return TIFFReader(bytes: block)?.metadata()
    }

    /// The TIFF structure inside the container, found by the container's own framing.
    public static func tiffBlock(_ b: [UInt8]) -> ArraySlice<UInt8>? {
        let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
        if b.starts(with: [0xFF, 0xD8]) {  // JPEG: segments until the image data starts
            var i = 2
            while i + 4 <= b.count, b[i] == 0xFF {
                let marker = b[i + 1]
                if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
                if marker == 0xFF { i += 1; continue }
                if marker == 0xDA || marker == 0xD9 { return nil }
                let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
                guard length >= 2, i + 2 + length <= b.count else { return nil }
                let body = b[(i + 4)..<(i + 2 + length)]
                if marker == 0xE1, body.starts(with: exifHeader) { return body.dropFirst(6) }
                i += 2 + length
            }
            return nil
        }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {  // PNG chunks
            var i = 8
            while i + 12 <= b.count {
                let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
                guard length >= 0, i + 12 + length <= b.count else { return nil }
                if Array(b[(i + 4)..<(i + 8)]) == Array("eXIf".utf8) { return b[(i + 8)..<(i + 8 + length)] }
                if Array(b[(i + 4)..<(i + 8)]) == Array("IDAT".utf8) { return nil }
                i += 12 + length
            }
            return nil
        }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {  // WebP chunks, even-padded
            var i = 12
            while i + 8 <= b.count {
                let length = Int(b[i + 4]) | Int(b[i + 5]) << 8 | Int(b[i + 6]) << 16 | Int(b[i + 7]) << 24
                guard i + 8 + length <= b.count else { return nil }
                if Array(b[i..<(i + 4)]) == Array("EXIF".utf8) {
                    let body = b[(i + 8)..<(i + 8 + length)]
                    return body.starts(with: exifHeader) ? body.dropFirst(6) : body
                }
                i += 8 + length + (length & 1)
            }
        }
        return nil
    }
}

/// Reads the few tags the lifelog needs from a TIFF structure (EXIF's container).
struct TIFFReader {
    let bytes: ArraySlice<UInt8>
    let bigEndian: Bool
    var base: Int { bytes.startIndex }

    init?(bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        guard bytes.count >= 8 else { return nil }
        switch (bytes[bytes.startIndex], bytes[bytes.startIndex + 1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        guard u16(2) == 42 else { return nil }
    }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        let a = Int(bytes[base + at]), b = Int(bytes[base + at + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(_ at: Int) -> Int? {
        guard let high = u16(bigEndian ? at : at + 2), let low = u16(bigEndian ? at + 2 : at) else { return nil }
        return high << 16 | low
    }

    struct Entry {
        var type: Int
        var count: Int
        /// Where the value is: inside the entry when it fits in four bytes.
        var offset: Int
    }

    /// The entries of the IFD at `offset`, by tag.
    func directory(at offset: Int) -> [Int: Entry] {
        guard let n = u16(offset), n < 1000 else { return [:] }
        var entries: [Int: Entry] = [:]
        for k in 0..<n {
            let at = offset + 2 + k * 12
            guard let tag = u16(at), let type = u16(at + 2), let count = u32(at + 4) else { break }
            let size = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8][type] ?? 0
            guard size > 0, count < 1 << 20 else { continue }
            let valueAt = size * count <= 4 ? at + 8 : (u32(at + 8) ?? -1)
            guard valueAt >= 0, valueAt + size * count <= bytes.count else { continue }
            entries[tag] = Entry(type: type, count: count, offset: valueAt)
        }
        return entries
    }

    func string(_ e: Entry?) -> String? {
        guard let e, e.type == 2 || e.type == 7 else { return nil }
        let raw = bytes[(base + e.offset)..<(base + e.offset + e.count)].prefix { $0 != 0 }
        let text = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    func integer(_ e: Entry?) -> Int? {
        guard let e else { return nil }
        switch e.type {
        case 1, 7: return Int(bytes[base + e.offset])
        case 3: return u16(e.offset)
        case 4, 9: return u32(e.offset)
        default: return nil
        }
    }

    func rationals(_ e: Entry?) -> [Double]? {
        guard let e, e.type == 5 || e.type == 10 else { return nil }
        return (0..<e.count).compactMap { k in
            guard let n = u32(e.offset + 8 * k), let d = u32(e.offset + 8 * k + 4), d != 0 else { return nil }
            return e.type == 10 ? Double(Int32(truncatingIfNeeded: n)) / Double(Int32(truncatingIfNeeded: d)) : Double(n) / Double(d)
        }
    }

    func metadata() -> PhotoMetadata {
        var out = PhotoMetadata()
        guard let first = u32(4) else { return out }
        let ifd0 = directory(at: first)
        let exif = integer(ifd0[0x8769]).map(directory(at:)) ?? [:]
        out.localTime = (string(exif[0x9003]) ?? string(ifd0[0x0132])).flatMap(TIFFReader.wallClock)
        out.utcOffset = (string(exif[0x9011]) ?? string(exif[0x9010])).flatMap(TIFFReader.offset)
        let gps = integer(ifd0[0x8825]).map(directory(at:)) ?? [:]
        if let lat = rationals(gps[2]).flatMap(TIFFReader.degrees), let lon = rationals(gps[4]).flatMap(TIFFReader.degrees) {
            let south = string(gps[1])?.uppercased() == "S", west = string(gps[3])?.uppercased() == "W"
            let point = GeoPoint(latitude: south ? -lat : lat, longitude: west ? -lon : lon)
            if point.isValid, !(lat == 0 && lon == 0) { out.position = point }
        }
        if out.position != nil, let altitude = rationals(gps[6])?.first {
            out.altitude = integer(gps[5]) == 1 ? -altitude : altitude
        }
        if let date = string(gps[29]), let time = rationals(gps[7]), time.count == 3,
           let midnight = TIFFReader.wallClock(date + " 00:00:00") {
            out.gpsTime = Date(timeIntervalSince1970: Double(midnight) + time[0] * 3600 + time[1] * 60 + time[2])
        }
        return out
    }

    /// "YYYY:MM:DD HH:MM:SS" as seconds since 1970 on that wall clock.
    static func wallClock(_ text: String) -> Int? {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" }).compactMap { Int($0) }
        guard parts.count >= 6, (1...12).contains(parts[1]), (1...31).contains(parts[2]), parts[0] > 1900,
              (0...23).contains(parts[3]), (0...59).contains(parts[4]), (0...60).contains(parts[5]), parts[0] < 10_000,
              let day = DayNumber.of(String(format: "%04d-%02d-%02d", parts[0], parts[1], parts[2])) else { return nil }
        return day * 86_400 + parts[3] * 3600 + parts[4] * 60 + parts[5]
    }

    /// "+09:00" / "-03:30" as seconds east of UTC.
    static func offset(_ text: String) -> Int? {
        let scalars = Array(text.utf8)
        guard scalars.count == 6, scalars[0] == 43 || scalars[0] == 45, scalars[3] == 58,
              let h = Int(String(decoding: scalars[1..<3], as: UTF8.self)), let m = Int(String(decoding: scalars[4..<6], as: UTF8.self)),
              h <= 14, m < 60 else { return nil }
        return (scalars[0] == 45 ? -1 : 1) * (h * 3600 + m * 60)
    }

    /// Degrees, minutes, seconds as degrees.
    static func degrees(_ dms: [Double]) -> Double? {
        guard dms.count == 3, dms.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        return dms[0] + dms[1] / 60 + dms[2] / 3600
    }
}
