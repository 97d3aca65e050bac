import Foundation
import YarukiCore
import YarukiAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import YarukiCore

/// The lifelog: memos and check-ins written under an id the device makes (so a retry or a later
/// sync never doubles one), photo and voice note uploads, the timeline, and the playback with
/// every leg's route, ready for YarukiCore's `PlaybackCursor`.
extension YarukiClient {

    /// Writes a memo or check-in under `id`, or changes any record of mine (201 or 200 alike).
    @discardableResult
    public func writeLifelog(id: UUID = UUID.timeOrdered(), _ draft: LifelogDraft) async throws -> LifelogRecord {
        let body = LifelogRecordBody(kind: draft.kind, occurredAt: draft.occurredAt, text: draft.text, place: draft.place,
                                     position: draft.position.map { LifelogPosition(latitude: $0.latitude, longitude: $0.longitude, altitude: draft.altitude,
                                                                                    accuracy: draft.accuracy) },
                                     source: draft.source)
        return try await authorized(request("PUT", "/v1/lifelog/records/\(id.lowercasedString)", body: body))
    }

    public func lifelogRecord(_ id: UUID) async throws -> LifelogRecord {
        try await authorized(request("GET", "/v1/lifelog/records/\(id.lowercasedString)"))
    }

    public func deleteLifelogRecord(_ id: UUID) async throws {
        let _: Empty = try await authorized(request("DELETE", "/v1/lifelog/records/\(id.lowercasedString)"))
    }

    /// Uploads a photo (streamed from the file). Its EXIF time and place win over `occurredAt`
    /// and `position`; the same `id` again returns the stored record.
    @discardableResult
    public func uploadLifelogPhoto(file: URL, id: UUID = UUID.timeOrdered(), occurredAt: OffsetDateTime? = nil, position: GeoPoint? = nil,
                                   accuracy: Double? = nil, caption: String = "", source: LifelogSource = .phone,
                                   progress: (@Sendable (Double) -> Void)? = nil) async throws -> LifelogRecord {
        try await lifelogUpload("/v1/lifelog/photos", file: file, id: id, occurredAt: occurredAt, position: position, accuracy: accuracy,
                                text: caption, source: source, progress: progress)
    }

    /// Uploads a voice note (M4A/AAC, WebM, Ogg, MP3 or WAV) with an optional transcript.
    @discardableResult
    public func uploadVoiceNote(file: URL, id: UUID = UUID.timeOrdered(), occurredAt: OffsetDateTime? = nil, position: GeoPoint? = nil,
                                accuracy: Double? = nil, transcript: String = "", source: LifelogSource = .phone,
                                progress: (@Sendable (Double) -> Void)? = nil) async throws -> LifelogRecord {
        try await lifelogUpload("/v1/lifelog/voice", file: file, id: id, occurredAt: occurredAt, position: position, accuracy: accuracy,
                                text: transcript, source: source, progress: progress)
    }

    private func lifelogUpload(_ path: String, file: URL, id: UUID, occurredAt: OffsetDateTime?, position: GeoPoint?, accuracy: Double?,
                               text: String, source: LifelogSource, progress: (@Sendable (Double) -> Void)?) async throws -> LifelogRecord {
        var items = [URLQueryItem(name: "id", value: id.lowercasedString), URLQueryItem(name: "source", value: source.rawValue)]
        if let occurredAt { items.append(URLQueryItem(name: "occurredAt", value: occurredAt.text)) }
        if let position {
            items.append(URLQueryItem(name: "latitude", value: String(position.latitude)))
            items.append(URLQueryItem(name: "longitude", value: String(position.longitude)))
        }
        if let accuracy { items.append(URLQueryItem(name: "accuracy", value: String(accuracy))) }
        if !text.isEmpty { items.append(URLQueryItem(name: "text", value: text)) }
        var components = URLComponents()
        components.queryItems = items
        // "+" in an offset would read as a space.
        let query = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B") ?? ""
        var upload = try request("POST", path + "?" + query)
        upload.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        return try await withAccessToken { token in
            let (data, status) = try await self.upload(with(upload, token), file: file, progress: progress)
            return try YarukiClient.decode(data, status: status)
        }
    }

    /// A day, week or month (holding `date`, today when nil) in my time zone, every source merged.
    public func timeline(_ range: LifelogRange.Kind = .day, date: String? = nil) async throws -> Timeline {
        try await authorized(request("GET", "/v1/lifelog/timeline?range=\(range.rawValue)" + (date.map { "&date=\($0)" } ?? "")))
    }

    public struct Playback: Sendable, Equatable {
        public var stops: [PlaybackStop]
        /// Every leg, routed.
        public var legs: [PlaybackLeg]
        /// What `PlaybackCursor` plays.
        public var timeline: PlaybackTimeline
        public var credit: String?
    }

    /// The replay of a day, week or month with every leg's route (fetched page by page after the
    /// plan; `progress` hears legs routed and legs in all).
    public func playback(_ range: LifelogRange.Kind = .day, date: String? = nil,
                         progress: (@Sendable (Int, Int) -> Void)? = nil) async throws -> Playback {
        let plan: Replay = try await authorized(request("GET", "/v1/lifelog/playback?range=\(range.rawValue)" + (date.map { "&date=\($0)" } ?? "")))
        var legs = plan.legs
        var next = plan.legsURL
        var done = plan.resolved
        progress?(done, legs.count)
        while let url = next {
            let page: ReplayLegs = try await authorized(request("GET", url + "&count=200"))
            for leg in page.legs where legs.indices.contains(leg.index) { legs[leg.index] = leg }
            done += page.legs.count
            progress?(done, legs.count)
            next = page.next
        }
        let timeline = PlaybackTimeline(
            stops: plan.stops.map { PlaybackTimeline.Stop(position: $0.position, dwell: $0.dwell, hasMemo: $0.hasMemo) },
            legs: legs.map { leg in
                let path = leg.path.flatMap { Polyline.decode($0, precision: 6) } ?? [plan.stops[leg.from].position, plan.stops[leg.to].position]
                return PlaybackTimeline.Leg(path: path, duration: leg.duration)
            })
        return Playback(stops: plan.stops, legs: legs, timeline: timeline, credit: plan.credit)
    }
}
