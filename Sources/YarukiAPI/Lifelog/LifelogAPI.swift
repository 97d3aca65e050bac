import Foundation
import YarukiCore

/// Where a record was made.
public struct LifelogPosition: APIModel, Equatable, RuledModel {
    public static let rules: [String: FieldRule] = ["latitude": .number(-90...90), "longitude": .number(-180...180),
                                                    "altitude": .number(-1000...10_000), "accuracy": .number(0...100_000)]

    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?
    /// Metres.
    public var accuracy: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil, accuracy: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.accuracy = accuracy
    }

    public static let example = LifelogPosition(latitude: 60.1676, longitude: 24.9520, altitude: 12, accuracy: 8)
}

public struct LifelogPhoto: APIModel, Equatable {
    public var width: Int
    public var height: Int
    public var url: String
    public var thumbnailURL: String

    public init(width: Int, height: Int, url: String, thumbnailURL: String) {
        self.width = width
        self.height = height
        self.url = url
        self.thumbnailURL = thumbnailURL
    }

    public static let example = LifelogPhoto(width: Photo.example.width, height: Photo.example.height, url: Photo.example.url,
                                             thumbnailURL: Photo.example.thumbnailURL)
}

public struct LifelogVoice: APIModel, Equatable {
    public var type: String
    public var size: Int
    public var durationMs: Int?
    /// Signed for the owner until the end of the next hour.
    public var url: String

    public init(type: String, size: Int, durationMs: Int?, url: String) {
        self.type = type
        self.size = size
        self.durationMs = durationMs
        self.url = url
    }

    public static let example = LifelogVoice(type: "audio/mp4", size: 48_213, durationMs: 5200,
                                             url: "/v1/lifelog/records/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d/audio?expires=1764504000&sig=c2ln")
}

public struct LifelogRecord: APIModel, Equatable {
    public var id: UUID
    public var kind: LifelogKind
    /// With the UTC offset of where it happened.
    public var occurredAt: OffsetDateTime
    /// The local date it happened on, where it happened.
    public var day: String
    public var text: String
    public var place: String?
    public var position: LifelogPosition?
    public var source: LifelogSource
    public var photo: LifelogPhoto?
    public var voice: LifelogVoice?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, kind: LifelogKind, occurredAt: OffsetDateTime, day: String, text: String, place: String?, position: LifelogPosition?,
                source: LifelogSource, photo: LifelogPhoto?, voice: LifelogVoice?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.kind = kind
        self.occurredAt = occurredAt
        self.day = day
        self.text = text
        self.place = place
        self.position = position
        self.source = source
        self.photo = photo
        self.voice = voice
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public static let example = LifelogRecord(id: Example.otherID, kind: .checkin, occurredAt: OffsetDateTime(date: Example.instant, utcOffset: 7200),
                                              day: Example.day, text: "Fresh berries and salmon soup", place: "Market Square",
                                              position: LifelogPosition.example, source: .phone, photo: LifelogPhoto.example,
                                              voice: LifelogVoice.example, createdAt: Example.instant, updatedAt: Example.instant)
}

/// `PUT /v1/lifelog/records/{id}`: a memo or check-in, or a change to any record.
public struct LifelogRecordBody: APIModel, RuledModel {
    /// RFC 3339 with an offset within ±14:00.
    public static let occurredAtRule = FieldRule(pattern: LifelogDraft.offsetPattern, format: "date-time")
    public static let rules: [String: FieldRule] = [
        "kind": .words(LifelogKind.allCases.map(\.rawValue)), "source": .words(LifelogSource.allCases.map(\.rawValue)),
        "occurredAt": occurredAtRule, "text": .paragraph(max: LifelogDraft.maxText), "place": .line(max: LifelogDraft.maxPlace, required: false),
    ]

    public var id: UUID?
    /// memo or checkin (photos and voice notes begin as uploads).
    public var kind: String
    public var occurredAt: OffsetDateTime
    public var text: String?
    public var place: String?
    public var position: LifelogPosition?
    /// phone, watch, web or import (web by default).
    public var source: String?

    public init(id: UUID? = nil, kind: LifelogKind, occurredAt: OffsetDateTime, text: String? = nil, place: String? = nil,
                position: LifelogPosition? = nil, source: LifelogSource? = nil) {
        self.id = id
        self.kind = kind.rawValue
        self.occurredAt = occurredAt
        self.text = text
        self.place = place
        self.position = position
        self.source = source?.rawValue
    }

    public static let example = LifelogRecordBody(id: Example.otherID, kind: .checkin, occurredAt: OffsetDateTime(date: Example.instant, utcOffset: 7200),
                                                  text: "", place: "Market Square", position: LifelogPosition.example, source: .phone)
}

/// One thing that happened: a record, a workout or a proof, with the instant it sorts by.
public struct TimelineItem: APIModel, Equatable {
    /// record, workout or proof.
    public var type: String
    public var at: OffsetDateTime
    /// As stored: the server writes a record's stored JSON as it is.
    public var record: Prewritten<LifelogRecord>?
    /// As stored, like `record`.
    public var workout: Prewritten<Workout>?
    public var proof: ProofInfo?

    public init(type: String, at: OffsetDateTime, record: Prewritten<LifelogRecord>? = nil, workout: Prewritten<Workout>? = nil, proof: ProofInfo? = nil) {
        self.type = type
        self.at = at
        self.record = record
        self.workout = workout
        self.proof = proof
    }

    public static func record(_ r: LifelogRecord) throws -> TimelineItem { TimelineItem(type: "record", at: r.occurredAt, record: try Prewritten(r)) }
    public static func workout(_ w: Prewritten<Workout>, at: OffsetDateTime) -> TimelineItem { TimelineItem(type: "workout", at: at, workout: w) }
    public static func proof(_ p: ProofInfo, at: OffsetDateTime) -> TimelineItem { TimelineItem(type: "proof", at: at, proof: p) }

    public static let example = TimelineItem(type: "record", at: LifelogRecord.example.occurredAt, record: .example)
}

/// `GET /v1/lifelog/timeline`.
public struct Timeline: APIModel, Equatable {
    public var range: LifelogRange.Kind
    public var first: String
    public var last: String
    public var previous: String
    public var next: String
    public var timeZone: String
    public var items: [TimelineItem]
    /// More than fit in one timeline.
    public var truncated: Bool

    public init(range: LifelogRange.Kind, first: String, last: String, previous: String, next: String, timeZone: String, items: [TimelineItem],
                truncated: Bool) {
        self.range = range
        self.first = first
        self.last = last
        self.previous = previous
        self.next = next
        self.timeZone = timeZone
        self.items = items
        self.truncated = truncated
    }

    public static let example = Timeline(range: .day, first: Example.day, last: Example.day, previous: "2026-11-29", next: "2026-12-01",
                                         timeZone: "Europe/Helsinki", items: [TimelineItem.example], truncated: false)
}

public struct PlaybackStop: APIModel, Equatable {
    public var position: GeoPoint
    public var arrivedAt: OffsetDateTime
    public var leftAt: OffsetDateTime
    /// Seconds the replay stays.
    public var dwell: Double
    public var hasMemo: Bool
    public var records: [LifelogRecord]

    public init(position: GeoPoint, arrivedAt: OffsetDateTime, leftAt: OffsetDateTime, dwell: Double, hasMemo: Bool, records: [LifelogRecord]) {
        self.position = position
        self.arrivedAt = arrivedAt
        self.leftAt = leftAt
        self.dwell = dwell
        self.hasMemo = hasMemo
        self.records = records
    }

    public static let example = PlaybackStop(position: GeoPoint.example, arrivedAt: LifelogRecord.example.occurredAt,
                                             leftAt: LifelogRecord.example.occurredAt, dwell: 3, hasMemo: true, records: [LifelogRecord.example])
}

public struct PlaybackLeg: APIModel, Equatable {
    public var index: Int
    public var from: Int
    public var to: Int
    public var mode: TravelMode
    /// Seconds of replay.
    public var duration: Double
    /// Metres as the crow flies.
    public var straight: Double
    /// A route between two recorded places is a guess, unless the track recorded between them
    /// (an imported path, or fixes) is there to follow: then false, and `path` is that track.
    public var estimated: Bool
    /// Set once routed: whether it follows roads (false: a straight line, nothing better found).
    public var followsRoads: Bool?
    /// Precision-6 encoded polyline, and the cumulative metres at each of its points.
    public var path: String?
    public var distances: [Double]?

    public init(index: Int, from: Int, to: Int, mode: TravelMode, duration: Double, straight: Double, estimated: Bool = true,
                followsRoads: Bool? = nil, path: String? = nil, distances: [Double]? = nil) {
        self.index = index
        self.from = from
        self.to = to
        self.mode = mode
        self.duration = duration
        self.straight = straight
        self.estimated = estimated
        self.followsRoads = followsRoads
        self.path = path
        self.distances = distances
    }

    public static let example = PlaybackLeg(index: 0, from: 0, to: 1, mode: .walking, duration: 2.4, straight: 312.5, followsRoads: true,
                                            path: "_c`|@_c`|@_ulL_ulL", distances: [0, 340.2])
}

/// `GET /v1/lifelog/playback`: the replay of a day, week or month.
public struct Replay: APIModel, Equatable {
    public var range: LifelogRange.Kind
    public var first: String
    public var last: String
    public var previous: String
    public var next: String
    public var timeZone: String
    /// Changes when the records do; `legsURL` pages answer 409 for an older one.
    public var version: String
    public var stops: [PlaybackStop]
    public var legs: [PlaybackLeg]
    /// How many of the first legs carry their route.
    public var resolved: Int
    /// Routes for the rest, page by page.
    public var legsURL: String?
    public var credit: String?
    public var truncated: Bool

    public init(range: LifelogRange.Kind, first: String, last: String, previous: String, next: String, timeZone: String, version: String,
                stops: [PlaybackStop], legs: [PlaybackLeg], resolved: Int, legsURL: String?, credit: String?, truncated: Bool) {
        self.range = range
        self.first = first
        self.last = last
        self.previous = previous
        self.next = next
        self.timeZone = timeZone
        self.version = version
        self.stops = stops
        self.legs = legs
        self.resolved = resolved
        self.legsURL = legsURL
        self.credit = credit
        self.truncated = truncated
    }

    public static let example = Replay(range: .day, first: Example.day, last: Example.day, previous: "2026-11-29", next: "2026-12-01",
                                       timeZone: "Europe/Helsinki", version: "3f1c2a9b7d6e5f40", stops: [PlaybackStop.example, PlaybackStop.example],
                                       legs: [PlaybackLeg.example], resolved: 1,
                                       legsURL: "/v1/lifelog/playback/legs?range=day&date=2026-11-30&from=16&version=3f1c2a9b7d6e5f40",
                                       credit: "© OpenStreetMap contributors (ODbL)", truncated: false)
}

/// `GET /v1/lifelog/playback/legs`.
public struct ReplayLegs: APIModel, Equatable {
    public var legs: [PlaybackLeg]
    public var next: String?

    public init(legs: [PlaybackLeg], next: String?) {
        self.legs = legs
        self.next = next
    }

    public static let example = ReplayLegs(legs: [PlaybackLeg.example],
                                           next: "/v1/lifelog/playback/legs?range=day&date=2026-11-30&from=80&version=3f1c2a9b7d6e5f40")
}

/// `GET /v1/map`: the map this server offers.
public struct MapInfo: APIModel, Equatable {
    /// A region the server has a map of: routes and place names are found inside its outline.
    public struct Region: APIModel, Equatable {
        public var name: String
        /// The outline the region covers, as a closed precision-5 encoded polyline.
        public var outline: String
        /// When the extract's data is from (seconds since 1970; 0 when the extract did not say).
        public var timestamp: Int64

        public init(name: String, outline: String, timestamp: Int64) {
            self.name = name
            self.outline = outline
            self.timestamp = timestamp
        }

        public static let example = Region(name: "helsinki", outline: "_p~iF~ps|U_ulLnnqC_mqNvxq`@", timestamp: 1_764_547_200)
    }

    /// South, west, north, east around every region, when there is one.
    public var bounds: [Double]?
    /// The offline base map's tiles (`{z}`, `{x}`, `{y}` to fill in), at `baseZooms`.
    public var baseURL: String?
    /// The zooms the base map is cut at: a map at zoom z draws the tiles of the greatest of these not above z.
    public var baseZooms: [Int]?
    public var tileURL: String?
    public var credit: String?
    /// builtin, osrm or none: who shapes the playback's routes.
    public var router: String
    public var regions: [Region]

    public init(bounds: [Double]?, baseURL: String?, baseZooms: [Int]?, tileURL: String?, credit: String?, router: String, regions: [Region]) {
        self.bounds = bounds
        self.baseURL = baseURL
        self.baseZooms = baseZooms
        self.tileURL = tileURL
        self.credit = credit
        self.router = router
        self.regions = regions
    }

    public static let example = MapInfo(bounds: [60.15, 24.91, 60.18, 24.97], baseURL: "/v1/map/base/{z}/{x}/{y}", baseZooms: [11, 13, 15],
                                        tileURL: nil, credit: "© OpenStreetMap contributors (ODbL)", router: "builtin", regions: [Region.example])
}

/// `GET /v1/map/base/{z}/{x}/{y}`: a tile of the offline base map drawn from the region's extract.
public struct BaseMap: APIModel, Equatable {
    public struct Feature: APIModel, Equatable {
        /// Road class (major, minor, path), the kind of area (water, park) or line (coast).
        public var k: String
        /// A precision-5 encoded polyline (a closed ring for areas).
        public var p: String

        public init(k: String, p: String) {
            self.k = k
            self.p = p
        }

        public static let example = Feature(k: "major", p: "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    }

    /// A name to write on the map: a street along its way, or a park's or a lake's at its middle.
    public struct Label: APIModel, Equatable {
        /// The name, as the extract's `name` tag has it.
        public var n: String
        /// What it names: major or minor (a street), park or water (a place).
        public var k: String
        /// Where: latitude and longitude, rounded to 5 decimals.
        public var a: Double
        public var o: Double
        /// A street's angle on the map in degrees (−90…90, clockwise from east); 0 for places.
        public var r: Int

        public init(n: String, k: String, a: Double, o: Double, r: Int) {
            self.n = n
            self.k = k
            self.a = a
            self.o = o
            self.r = r
        }

        public static let example = Label(n: "Mannerheimintie", k: "major", a: 60.17, o: 24.93, r: -62)
    }

    public var bounds: [Double]
    public var credit: String
    public var areas: [Feature]
    public var lines: [Feature]
    public var labels: [Label]

    public init(bounds: [Double], credit: String, areas: [Feature], lines: [Feature], labels: [Label] = []) {
        self.bounds = bounds
        self.credit = credit
        self.areas = areas
        self.lines = lines
        self.labels = labels
    }

    public static let example = BaseMap(bounds: [60.15, 24.91, 60.18, 24.97], credit: "© OpenStreetMap contributors (ODbL)",
                                        areas: [Feature(k: "water", p: "_p~iF~ps|U_ulLnnqC_mqNvxq`@")], lines: [Feature.example],
                                        labels: [Label.example])
}

/// Where an import of location history is: its preview being read, ready for the person to land,
/// landing, landed, failed, being undone, or undone.
public enum LifelogImportState: String, Codable, CaseIterable, Sendable {
    case reading, ready, importing, done, failed, undoing, undone
}

/// One local day of an import's preview: its check-ins and the points of its track.
public struct LifelogImportDay: APIModel, Equatable {
    public var date: String
    public var visits: Int
    public var points: Int

    public init(date: String, visits: Int, points: Int) {
        self.date = date
        self.visits = visits
        self.points = points
    }

    public static let example = LifelogImportDay(date: "2024-01-05", visits: 4, points: 812)
}

/// What an import holds, read before anything lands: its days, what becomes check-ins (visits),
/// the day's routes (paths) and the track (fixes), and an outline for a map.
public struct LifelogImportPreview: APIModel, Equatable {
    public var format: LifelogImport.Format
    public var firstDay: String?
    public var lastDay: String?
    public var visits: Int
    public var paths: Int
    public var pathPoints: Int
    public var fixes: Int
    /// Each local day with something on it (the first 3,660).
    public var days: [LifelogImportDay]
    /// Up to 500 [latitude, longitude] pairs in time order, for a sketch on the map.
    public var outline: [[Double]]

    public init(format: LifelogImport.Format, firstDay: String?, lastDay: String?, visits: Int, paths: Int, pathPoints: Int, fixes: Int,
                days: [LifelogImportDay], outline: [[Double]]) {
        self.format = format
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.visits = visits
        self.paths = paths
        self.pathPoints = pathPoints
        self.fixes = fixes
        self.days = days
        self.outline = outline
    }

    public static let example = LifelogImportPreview(format: .takeoutSemantic, firstDay: "2024-01-01", lastDay: "2024-01-31", visits: 96, paths: 88,
                                                     pathPoints: 7_311, fixes: 0, days: [LifelogImportDay.example],
                                                     outline: [[35.6812, 139.7671], [35.6896, 139.7006]])
}

/// An import of location history (Google Takeout, the Timeline export, OwnTracks, GPX).
public struct LifelogImportInfo: APIModel, Equatable {
    public var id: UUID
    public var fileName: String
    public var state: LifelogImportState
    /// How far the reader is through the file, while it reads or lands.
    public var bytesRead: Int
    public var bytesTotal: Int
    public var preview: LifelogImportPreview?
    /// What landing added: check-ins and track points (what was there already is not added twice).
    public var addedVisits: Int
    public var addedPoints: Int
    /// Why it failed (with the line or byte), or what was left out.
    public var message: String?
    public var createdAt: Date
    public var finishedAt: Date?

    public init(id: UUID, fileName: String, state: LifelogImportState, bytesRead: Int, bytesTotal: Int, preview: LifelogImportPreview?,
                addedVisits: Int, addedPoints: Int, message: String?, createdAt: Date, finishedAt: Date?) {
        self.id = id
        self.fileName = fileName
        self.state = state
        self.bytesRead = bytesRead
        self.bytesTotal = bytesTotal
        self.preview = preview
        self.addedVisits = addedVisits
        self.addedPoints = addedPoints
        self.message = message
        self.createdAt = createdAt
        self.finishedAt = finishedAt
    }

    public static let example = LifelogImportInfo(id: Example.otherID, fileName: "Records.json", state: .ready, bytesRead: 1_204_331, bytesTotal: 1_204_331,
                                                  preview: LifelogImportPreview.example, addedVisits: 0, addedPoints: 0, message: nil,
                                                  createdAt: Example.instant, finishedAt: nil)
}

/// A named place near where someone is, for a check-in without typing: its name in their
/// language where the map has one, what it is, and how far.
public struct PlaceSuggestion: APIModel, Equatable {
    public var name: String
    public var kind: NamedPlace.Kind
    /// Metres from the point asked about.
    public var distance: Double
    public var latitude: Double
    public var longitude: Double

    public init(name: String, kind: NamedPlace.Kind, distance: Double, latitude: Double, longitude: Double) {
        self.name = name
        self.kind = kind
        self.distance = distance
        self.latitude = latitude
        self.longitude = longitude
    }

    public static let example = PlaceSuggestion(name: "Café Regatta", kind: .cafe, distance: 18.4, latitude: 60.1784, longitude: 24.9106)
}
