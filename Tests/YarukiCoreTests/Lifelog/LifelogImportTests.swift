import Foundation
import Testing
@testable import YarukiCore

/// The readers of location history from elsewhere, on files written in each real schema: times
/// in several zones, a visit across midnight, paths of hundreds of points, and broken files
/// refused with their line or byte. Bytes arrive in small chunks, so every value crosses a seam.
struct LifelogImportTests {
    static func items(_ format: LifelogImport.Format, _ text: String, chunk: Int = 7) throws -> [LifelogImport.Item] {
        let bytes = Array(text.utf8)
        var at = 0
        var out: [LifelogImport.Item] = []
        try LifelogImport.read(format, {
            guard at < bytes.count else { return nil }
            defer { at += chunk }
            return Array(bytes[at..<min(at + chunk, bytes.count)])
        }) { out.append($0) }
        return out
    }

    static func failure(_ format: LifelogImport.Format, _ text: String) -> LifelogImport.Failure? {
        do { _ = try items(format, text); return nil } catch let failure as LifelogImport.Failure { return failure } catch { return nil }
    }

    static func date(_ text: String) -> Date { OffsetDateTime.parse(text)!.date }

    static func points(_ items: [LifelogImport.Item]) -> [LifelogImport.Point] {
        items.compactMap { if case let .point(p) = $0 { p } else { nil } }
    }
    static func visits(_ items: [LifelogImport.Item]) -> [LifelogImport.Visit] {
        items.compactMap { if case let .visit(v) = $0 { v } else { nil } }
    }
    static func paths(_ items: [LifelogImport.Item]) -> [[LifelogImport.Point]] {
        items.compactMap { if case let .path(p) = $0 { p } else { nil } }
    }

    @Test func takeoutRecordsGiveFixesOfBothTimeStyles() throws {
        let text = """
            {
              "locations": [{
                "latitudeE7": 356812362, "longitudeE7": 1397671248, "accuracy": 13, "altitude": 40,
                "activity": [{"activity": [{"type": "STILL", "confidence": 100}], "timestamp": "2024-01-05T08:00:01.000Z"}],
                "source": "WIFI", "deviceTag": 12345, "timestamp": "2024-01-05T08:00:00.120Z"
              }, {
                "latitudeE7": 375665000, "longitudeE7": 1269780000, "accuracy": 20, "timestampMs": "1500000000000"
              }, {
                "timestamp": "2024-01-05T09:00:00Z", "source": "WIFI"
              }]
            }
            """
        let fixes = Self.points(try Self.items(.takeoutRecords, text))
        #expect(fixes.count == 2, "the fix without a place says nothing")
        #expect(fixes[0] == LifelogImport.Point(at: Self.date("2024-01-05T08:00:00.120Z"), position: GeoPoint(latitude: 35.6812362, longitude: 139.7671248),
                                                altitude: 40, accuracy: 13))
        #expect(fixes[1].at == Date(timeIntervalSince1970: 1_500_000_000) && fixes[1].offset == nil && fixes[1].position.latitude == 37.5665)
        let broken = Self.failure(.takeoutRecords, "{\"locations\": [\n {\"latitudeE7\": 956812362, \"longitudeE7\": 1397671248, \"timestamp\": \"2024-01-05T08:00:00Z\"}\n]}")
        #expect(broken?.line == 2 && broken?.reason.contains("not a place on earth") == true, "\(String(describing: broken))")
        let cut = Self.failure(.takeoutRecords, "{\"locations\": [{\"latitudeE7\": 356812362, \"longitu")
        #expect(cut?.line == 1 && cut?.offset == 49 && cut?.reason.contains("ends inside a string") == true, "\(String(describing: cut))")
        #expect(Self.failure(.takeoutRecords, "{\"other\": []}")?.reason.contains("not a Google location history") == true)
    }

    @Test func semanticHistoryGivesVisitsAcrossMidnightAndPathsOfHundredsOfPoints() throws {
        let raw = (0..<300).map { i in
            "{\"latE7\": \(356800000 + i * 100), \"lngE7\": \(1397600000 + i * 100), \"accuracyMeters\": 5, \"timestamp\": \"2024-01-05T23:\(String(format: "%02d", i / 10)):\(String(format: "%02d", (i % 10) * 6)).000Z\"}"
        }.joined(separator: ",\n")
        let text = """
            {"timelineObjects": [
              {"placeVisit": {"location": {"latitudeE7": 356812362, "longitudeE7": 1397671248, "placeId": "ChIJ", "address": "1 Marunouchi, Tokyo",
                 "name": "Tokyo Station", "semanticType": "TYPE_UNKNOWN", "sourceInfo": {"deviceTag": 1}, "locationConfidence": 90},
                 "duration": {"startTimestamp": "2024-01-05T14:30:00.000Z", "endTimestamp": "2024-01-05T16:10:00Z"}, "placeConfidence": "HIGH_CONFIDENCE",
                 "otherCandidateLocations": [{"latitudeE7": 1, "longitudeE7": 2}]}},
              {"activitySegment": {"startLocation": {"latitudeE7": 356800000, "longitudeE7": 1397600000},
                 "endLocation": {"latitudeE7": 356829900, "longitudeE7": 1397629900},
                 "duration": {"startTimestampMs": "1704495600000", "endTimestampMs": "1704499200000"}, "distance": 3400, "activityType": "WALKING",
                 "simplifiedRawPath": {"points": [\(raw)]}}},
              {"activitySegment": {"startLocation": {"latitudeE7": 356812362, "longitudeE7": 1397671248},
                 "endLocation": {"latitudeE7": 356900000, "longitudeE7": 1397700000},
                 "duration": {"startTimestamp": "2024-01-06T01:00:00Z", "endTimestamp": "2024-01-06T01:30:00Z"},
                 "waypointPath": {"waypoints": [{"latE7": 356850000, "lngE7": 1397680000}, {"latE7": 356880000, "lngE7": 1397690000}]}}}
            ]}
            """
        let items = try Self.items(.takeoutSemantic, text, chunk: 13)
        let visit = try #require(Self.visits(items).first)
        #expect(visit.name == "Tokyo Station" && visit.address == "1 Marunouchi, Tokyo")
        // 23:30 to 01:10 in Tokyo: a visit across midnight, its two days told by the person's zone later.
        #expect(visit.start == Self.date("2024-01-05T14:30:00Z") && visit.end == Self.date("2024-01-05T16:10:00Z") && visit.offset == nil)
        let paths = Self.paths(items)
        #expect(paths.count == 2)
        #expect(paths[0].count == 301, "300 recorded points from the segment's start, and its end after the last: \(paths[0].count)")
        #expect(paths[0].first?.at == Date(timeIntervalSince1970: 1_704_495_600) && paths[0].last?.at == Date(timeIntervalSince1970: 1_704_499_200))
        #expect(zip(paths[0], paths[0].dropFirst()).allSatisfy { $0.at <= $1.at })
        // Waypoints have no times: spread evenly between the ends, 10 minutes apart.
        #expect(paths[1].map(\.at) == (0..<4).map { Self.date("2024-01-06T01:00:00Z").addingTimeInterval(Double($0) * 600) })
        #expect(paths[1][1].position == GeoPoint(latitude: 35.685, longitude: 139.768))
    }

    @Test func theOnDeviceTimelineOfAndroidAndOfTheIPhone() throws {
        let path = (0..<250).map { i in
            "{\"point\": \"\(35.68 + Double(i) * 0.0001)°, 139.76°\", \"time\": \"2024-01-05T\(String(format: "%02d", 8 + i / 120)):\(String(format: "%02d", (i / 2) % 60)):\(i % 2 == 0 ? "00" : "30").000+09:00\"}"
        }.joined(separator: ", ")
        let android = """
            {"semanticSegments": [
               {"startTime": "2024-01-05T07:00:00.000+09:00", "endTime": "2024-01-05T08:00:00.000+09:00",
                "startTimeTimezoneUtcOffsetMinutes": 540, "endTimeTimezoneUtcOffsetMinutes": 540,
                "visit": {"hierarchyLevel": 0, "probability": 0.92, "topCandidate": {"placeId": "ChIJ51cu8IcbXWARiRtXIothAS4",
                  "semanticType": "HOME", "probability": 0.85, "placeLocation": {"latLng": "35.6812362°, 139.7671248°"}}}},
               {"startTime": "2024-01-05T08:00:00.000+09:00", "endTime": "2024-01-05T10:05:00.000+09:00", "timelinePath": [\(path)]},
               {"startTime": "2024-01-05T19:00:00.000-08:00", "endTime": "2024-01-05T19:40:00.000-08:00",
                "startTimeTimezoneUtcOffsetMinutes": -480, "endTimeTimezoneUtcOffsetMinutes": -480,
                "activity": {"start": {"latLng": "37.7749°, -122.4194°"}, "end": {"latLng": "37.8044°, -122.2712°"}, "distanceMeters": 14000.0,
                  "topCandidate": {"type": "IN_PASSENGER_VEHICLE", "probability": 0.9}}}],
             "rawSignals": [{"position": {"LatLng": "35.6812°, 139.7671°", "accuracyMeters": 12, "altitudeMeters": 38.5, "source": "GPS",
                "timestamp": "2024-01-05T07:10:00.000+09:00"}}, {"wifiScan": {"deliveryTime": "2024-01-05T07:10:00.000+09:00", "devicesRecords": []}}],
             "userLocationProfile": {"frequentPlaces": [{"placeId": "x", "placeLocation": "35°, 139°", "label": "HOME"}]}}
            """
        let items = try Self.items(.timeline, android, chunk: 11)
        let home = try #require(Self.visits(items).first)
        #expect(home.name == "Home" && home.offset == 9 * 3600 && home.start == Self.date("2024-01-04T22:00:00Z") && home.end == Self.date("2024-01-04T23:00:00Z"))
        let paths = Self.paths(items)
        #expect(paths.count == 2 && paths[0].count == 250 && paths[0].allSatisfy { $0.offset == 9 * 3600 })
        #expect(paths[0][1].at == Self.date("2024-01-05T08:00:30+09:00"))
        #expect(paths[1].map(\.offset) == [-8 * 3600, -8 * 3600] && paths[1][1].position == GeoPoint(latitude: 37.8044, longitude: -122.2712))
        let fix = try #require(Self.points(items).first)
        #expect(fix.accuracy == 12 && fix.altitude == 38.5 && fix.offset == 9 * 3600)

        let iphone = """
            [{"endTime": "2024-01-05T10:00:00.000+09:00", "startTime": "2024-01-05T09:00:00.000+09:00",
              "visit": {"hierarchyLevel": "0", "topCandidate": {"probability": "0.9", "semanticType": "Unknown", "placeID": "ChIJ",
                "placeLocation": "geo:35.681236,139.767125"}, "probability": "0.8"}},
             {"endTime": "2024-01-05T11:00:00.000+09:00", "startTime": "2024-01-05T10:00:00.000+09:00",
              "timelinePath": [{"point": "geo:35.681236,139.767125", "durationMinutesOffsetFromStartTime": "0"},
                               {"point": "geo:35.690000,139.700000", "durationMinutesOffsetFromStartTime": "25"}]}]
            """
        let phone = try Self.items(.timeline, iphone)
        #expect(Self.visits(phone).first?.position == GeoPoint(latitude: 35.681236, longitude: 139.767125) && Self.visits(phone).first?.name == nil)
        #expect(Self.paths(phone).first?.map(\.at) == [Self.date("2024-01-05T10:00:00+09:00"), Self.date("2024-01-05T10:25:00+09:00")])
        let broken = Self.failure(.timeline, "{\"semanticSegments\": [\n{\"startTime\": \"2024-01-05T07:00:00.000+09:00\",\n \"visit\": {\"topCandidate\": {\"placeLocation\": {\"latLng\": \"north\"}}}}]}")
        #expect(broken?.line == 3 && broken?.reason.contains("not a latitude and longitude") == true, "\(String(describing: broken))")
    }

    @Test func ownTracksLinesAreFixesAndRegionVisits() throws {
        let text = """
            2024-01-05T08:00:00Z\t*                 \t{"_type":"location","acc":10,"alt":30,"batt":80,"lat":60.1699,"lon":24.9384,"tid":"ph","tst":1704441600,"vac":5,"vel":0}
            2024-01-05T08:05:00Z\t*                 \t{"_type":"transition","event":"enter","desc":"Gym","lat":60.1710,"lon":24.9410,"tst":1704441900,"wtst":1700000000,"acc":12}
            2024-01-05T08:06:00Z\towntracks/ana/phone\t{"_type":"card","name":"Ana"}

            2024-01-05T09:35:00Z\t*                 \t{"_type":"transition","event":"leave","desc":"Gym","lat":60.1711,"lon":24.9411,"tst":1704447300,"acc":15}
            2024-01-05T22:10:00Z\t*                 \t{"_type":"transition","event":"enter","desc":"Home","lat":60.16,"lon":24.93,"tst":1704492600}
            """
        let items = try Self.items(.owntracks, text, chunk: 5)
        #expect(Self.points(items) == [LifelogImport.Point(at: Date(timeIntervalSince1970: 1_704_441_600), position: GeoPoint(latitude: 60.1699, longitude: 24.9384),
                                                           altitude: 30, accuracy: 10)])
        let visits = Self.visits(items)
        #expect(visits.count == 2)
        #expect(visits[0].name == "Gym" && visits[0].start == Date(timeIntervalSince1970: 1_704_441_900) && visits[0].end == Date(timeIntervalSince1970: 1_704_447_300))
        #expect(visits[1].name == "Home" && visits[1].end == nil, "entered and not left yet")
        let broken = Self.failure(.owntracks, "2024-01-05T08:00:00Z\t*\t{\"_type\":\"location\",\"lat\":60.1,\"lon\":24.9,\"tst\":1704441600}\n2024-01-05T08:01:00Z\t*\t{\"_type\":\"location\",\"lat\":60.1 \"lon\":24.9}\n")
        #expect(broken?.line == 2 && broken?.offset == 137 && broken?.reason.contains("expected ','") == true, "\(String(describing: broken))")
        #expect(Self.failure(.owntracks, "hello\n")?.line == 1)
        #expect(Self.failure(.owntracks, "\n\n")?.reason.contains("no OwnTracks message") == true)
    }

    @Test func gpxTracksSegmentsAndWaypoints() throws {
        let points = (0..<400).map { i in
            "<trkpt lat=\"\(60.17 + Double(i) * 0.00001)\" lon=\"24.94\"><ele>\(10 + i % 5)</ele><time>2024-01-05T06:\(String(format: "%02d", i / 60)):\(String(format: "%02d", i % 60))Z</time></trkpt>"
        }.joined(separator: "\n")
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- made by hand -->
            <gpx version="1.1" creator="Yaruki test" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
              <metadata><name>Morning</name><time>2024-01-05T06:00:00Z</time></metadata>
              <wpt lat="60.1699" lon="24.9384"><time>2024-01-05T07:00:00Z</time><name>Caf&#xe9; &amp; Bakery</name></wpt>
              <wpt lat="60.1" lon="24.9"><name>No time, no day</name></wpt>
              <trk><name>Run</name><trkseg>
            \(points)
              </trkseg><trkseg>
                <trkpt lat="60.2" lon="24.95"><time>2024-01-05T08:00:00+02:00</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>140</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>
                <trkpt lat="60.21" lon="24.96"/>
              </trkseg></trk>
            </gpx>
            """
        let items = try Self.items(.gpx, text, chunk: 17)
        let visits = Self.visits(items)
        #expect(visits == [LifelogImport.Visit(start: Self.date("2024-01-05T07:00:00Z"), end: nil, position: GeoPoint(latitude: 60.1699, longitude: 24.9384),
                                               name: "Café & Bakery")])
        let paths = Self.paths(items)
        #expect(paths.count == 1 && paths[0].count == 400 && paths[0][3].altitude == 13 && paths[0][399].at == Self.date("2024-01-05T06:06:39Z"))
        #expect(Self.points(items).map(\.at) == [Self.date("2024-01-05T06:00:00Z")], "the second segment's one timed point is a fix")
        let cut = Self.failure(.gpx, "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n<trk><trkseg>\n<trkpt lat=\"60.1\" lon=\"24.9\"><time>2024-01-05T06:00:00Z</time></trkpt>\n")
        #expect(cut?.reason.contains("cut short") == true && cut?.line == 5, "\(String(describing: cut))")
        let wrong = Self.failure(.gpx, "<gpx>\n<trk><trkseg><trkpt lat=\"91\" lon=\"24.9\"></trkpt></trkseg></trk></gpx>")
        #expect(wrong?.line == 2 && wrong?.offset == 19 && wrong?.reason.contains("no valid lat and lon") == true, "\(String(describing: wrong))")
        #expect(Self.failure(.gpx, "<kml></kml>")?.reason.contains("not GPX") == true)
        #expect(Self.failure(.gpx, "<gpx><trk></trkseg></gpx>")?.reason.contains("</trkseg> closes <trk>") == true)
    }

    @Test func formatsAreToldByNameAndFirstBytes() {
        func format(_ name: String, _ head: String) -> LifelogImport.Format? { LifelogImport.format(name: name, head: Array(head.utf8)) }
        #expect(format("Records.json", "{\n  \"locations\": [{") == .takeoutRecords)
        #expect(format("2019_JANUARY.json", "{\n  \"timelineObjects\": [") == .takeoutSemantic)
        #expect(format("Timeline.json", "{\n  \"semanticSegments\": [") == .timeline)
        #expect(format("location-history.json", "[{\"endTime\"") == .timeline)
        #expect(format("2024-01.rec", "2024-01-05T08:00:00Z\t*\t{}") == .owntracks)
        #expect(format("run.GPX", "\u{FEFF}<?xml version=\"1.0\"?><gpx") == .gpx)
        #expect(format("notes.txt", "Dear diary") == nil && format("data.json", "{\"other\": 1}") == nil)
    }
}
