import Foundation
import YarukiAPI
import YarukiHTTP

/// What ffprobe reads in a file: its streams and how long it plays. A file ffprobe cannot open
/// has no probe at all; that is how a header followed by anything else is caught.
struct MediaProbe: Equatable {
    /// Video streams that move (cover art, an attached picture, does not count).
    var movingPictures = 0
    var audioStreams = 0
    /// Seconds, from the container, the first video stream, or (a live WebM such as a phone's
    /// MediaRecorder writes has neither) its last packet's end.
    var seconds: Double?
    /// When the camera says it recorded the file: an iPhone's `com.apple.quicktime.creationdate`
    /// (with its local offset), else the container's `creation_time`; nil when it says nothing.
    var recordedAt: Date?

    /// Nil when ffprobe is missing, fails or says something unreadable.
    static func read(_ file: String, ffprobe: String) -> MediaProbe? {
        guard let result = ExternalTool.run([ffprobe, "-v", "error", "-show_entries",
                                             "format=duration:format_tags=creation_time,com.apple.quicktime.creationdate:stream=codec_type,duration:stream_disposition=attached_pic",
                                             "-of", "json", file], timeout: 20),
              result.status == 0,
              let json = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any] else { return nil }
        var probe = MediaProbe()
        var videoSeconds: Double?
        for stream in json["streams"] as? [[String: Any]] ?? [] {
            switch stream["codec_type"] as? String {
            case "video":
                let still = (stream["disposition"] as? [String: Any])?["attached_pic"] as? Int == 1
                if !still {
                    probe.movingPictures += 1
                    if videoSeconds == nil { videoSeconds = (stream["duration"] as? String).flatMap(Double.init) }
                }
            case "audio": probe.audioStreams += 1
            default: break
            }
        }
        let format = json["format"] as? [String: Any]
        let tags = format?["tags"] as? [String: Any] ?? [:]
        probe.recordedAt = [tags["com.apple.quicktime.creationdate"], tags["creation_time"]].lazy.compactMap { ($0 as? String).flatMap(MediaProbe.instant) }.first
        let container = (format?["duration"] as? String).flatMap(Double.init)
        probe.seconds = container ?? videoSeconds ?? lastPacketEnd(file, ffprobe: ffprobe, video: probe.movingPictures > 0)
        return probe
    }

    /// "2026-11-28T07:00:00.000000Z" or "2026-11-28T16:00:00+0900": a tag's instant. A zero date
    /// (a camera with no clock writes 1904-01-01 or 1970-01-01) is no date.
    static func instant(_ text: String) -> Date? {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        // "+0900" → "+09:00", as ISO 8601 with colons wants it.
        if let sign = trimmed.dropLast(4).last, sign == "+" || sign == "-", !trimmed.suffix(4).contains(":") {
            trimmed = String(trimmed.dropLast(2)) + ":" + trimmed.suffix(2)
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let date = formatter.date(from: trimmed) ?? ISO8601DateFormatter().date(from: trimmed)
        guard let date, date.timeIntervalSince1970 > 946_684_800 else { return nil }  // after 2000-01-01
        return date
    }

    /// The end of the last packet of the first video (or audio) stream: demuxing only, no decoding.
    private static func lastPacketEnd(_ file: String, ffprobe: String, video: Bool) -> Double? {
        guard let result = ExternalTool.run([ffprobe, "-v", "error", "-select_streams", video ? "v:0" : "a:0", "-show_entries",
                                             "packet=pts_time,duration_time", "-of", "csv=p=0", file], timeout: 60),
              result.status == 0 else { return nil }
        var end: Double?
        for line in result.output.split(separator: "\n") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard let start = fields.first.flatMap({ Double($0) }) else { continue }
            let stop = start + (fields.count > 1 ? Double(fields[1]) ?? 0 : 0)
            end = max(end ?? stop, stop)
        }
        return end
    }

    /// Whether a file of `purpose` may be kept: a proof plays moving pictures for a second at
    /// least; a voice note is sound without them. The reason is said to the person who sent it.
    func refusal(for purpose: MediaFiles.Purpose) -> String? {
        switch purpose {
        case .video:
            guard movingPictures > 0 else { return "This file has no video in it that can be played." }
            guard let seconds else { return "This video's length cannot be read; it may be cut short." }
            guard seconds >= 1 else {
                return "This video is \(String(format: "%.1f", seconds)) s long; a proof needs at least 1 second."
            }
            return nil
        case .audio:
            guard movingPictures == 0 else { return "This file has moving pictures; a voice note is audio only." }
            guard audioStreams > 0 else { return "This file has no sound in it that can be played." }
            return nil
        }
    }
}
