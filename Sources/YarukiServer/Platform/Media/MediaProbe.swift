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

    /// Nil when ffprobe is missing, fails or says something unreadable.
    static func read(_ file: String, ffprobe: String) -> MediaProbe? {
        guard let result = ExternalTool.run([ffprobe, "-v", "error", "-show_entries",
                                             "format=duration:stream=codec_type,duration:stream_disposition=attached_pic",
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
        let container = ((json["format"] as? [String: Any])?["duration"] as? String).flatMap(Double.init)
        probe.seconds = container ?? videoSeconds ?? lastPacketEnd(file, ffprobe: ffprobe, video: probe.movingPictures > 0)
        return probe
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
