import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// A month of lifelog in central Helsinki for Aino, who lives there: every day a walk between
/// places the demo map covers (the station, the Esplanade, the Market Square…), with memos and
/// check-ins; yesterday and today (up to now) the fullest. Made from a fixed seed, so every demo has the same month.
enum LifelogDemo {
    static let person = AccountsDemo.aino

    /// Places inside the demo extract, with what Aino might write there (each memo once in the
    /// month: a place whose notes are used up gets check-ins), and the scene of a photo she takes
    /// there with her first note, if any.
    static let places: [(name: String, lat: Double, lon: Double, memos: [String], photo: DemoPhotos.Scene?)] = [
        ("Central Station", 60.1712, 24.9413, ["Train was on time for once", "Coffee from the kiosk, the good one",
                                               "Night train tickets to Rovaniemi booked"], nil),
        ("Ateneum", 60.1700, 24.9441, ["Saw the Schjerfbeck room again", "Free entry evening, crowded but worth it"], nil),
        ("Stockmann", 60.1686, 24.9421, ["New running shoes, finally", "Bought wool socks for the winter"], nil),
        ("Esplanadi", 60.1675, 24.9470, ["Walked the whole park twice", "Street musician playing Sibelius",
                                         "First frost on the benches"], .park),
        ("Market Square", 60.1676, 24.9520, ["Sunrise over the harbour before the run", "Ferries lined up in the harbour",
                                             "Fresh berries from the stalls"], .sunrise),
        ("Old Market Hall", 60.1665, 24.9527, ["Salmon bowl at the soup counter", "Bought rye bread for the week"], .bowl),
        ("Senate Square", 60.1694, 24.9518, ["Ran up the cathedral steps ×5", "Christmas market stalls going up"], nil),
        ("Kaisaniemi Park", 60.1745, 24.9455, ["Easy 3 km loop in the park", "Stretching under the big oak",
                                               "Leaves everywhere on the path"], .park),
        ("Kiasma", 60.1718, 24.9370, ["Odd video installation, loved it", "Café terrace in the sun"], nil),
        ("Oodi", 60.1737, 24.9382, ["Read on the top floor for an hour", "Printed the training plan"], nil),
        ("Amos Rex", 60.1700, 24.9366, ["Climbed the domes outside", "Light show in the underground halls"], nil),
        ("Yaruki Gym Kluuvi", 60.1707, 24.9468, ["Deadlift PR: 90 kg!", "Squats 5×5, felt strong", "Rest day stretching class",
                                                 "Bench 3×8 at 45 kg"], .barbell),
        ("Diana Park", 60.1661, 24.9403, ["Quiet bench, cold but bright", "Fed nobody, as the sign says"], nil),
        ("National Theatre", 60.1724, 24.9440, ["Tickets for Friday", "Met Laura by the steps"], nil),
    ]

    static func seed(_ context: DemoSeed.Context) async throws {
        let now = context.now
        let key = try EmailAddress(person.email).key
        let fresh = try await context.database.read { c in
            try AccountStore.credentials(emailKey: key, c).map { try LifelogStore.page(user: $0.account.id, after: nil, limit: 1, c).isEmpty } ?? false
        }
        guard fresh else { return }
        let photos = await DemoPhotos.stored(context.dataDirectory)
        _ = try await context.database.transaction { c in
            guard let account = try AccountStore.credentials(emailKey: key, c)?.account,
                  try LifelogStore.page(user: account.id, after: nil, limit: 1, c).isEmpty else { return }
            for (id, draft, scene) in records(now: now) {
                var draft = draft
                let photo = scene.flatMap { photos[$0] }
                if photo != nil { draft.kind = .photo }
                try LifelogStore.insert(id: id, user: account.id, draft,
                                        photo: photo.map { LifelogStore.PhotoFile(sha256: $0.sha256, width: $0.width, height: $0.height) }, at: now,
                                        wire: try LifelogService.wire(id: id, draft, createdAt: now, updatedAt: now), c)
            }
        }
    }

    /// Thirty days up to today: a walk of four to eight places a day (nine yesterday and today), each
    /// place a check-in or a memo (every memo written once; the first of a place that has a photo
    /// comes with it), sometimes a second note in the same place a few minutes later.
    static func records(now: Date) -> [(UUID, LifelogDraft, DemoPhotos.Scene?)] {
        let zone = TimeZone(identifier: person.timeZone)!
        let calendar = PersonalCalendar(timeZone: zone, weekStart: .monday)
        let today = DayNumber.of(calendar.day(of: now))!
        var random = SeededRandom(seed: 2026)
        var out: [(UUID, LifelogDraft, DemoPhotos.Scene?)] = []
        var written = [Int](repeating: 0, count: places.count)
        /// The place's next unwritten memo (and its photo, for the first), or nil when all are used.
        func nextMemo(_ index: Int) -> (String, DemoPhotos.Scene?)? {
            guard written[index] < places[index].memos.count else { return nil }
            defer { written[index] += 1 }
            return (places[index].memos[written[index]], written[index] == 0 ? places[index].photo : nil)
        }
        func uuid() -> UUID {
            let a = random.next(), b = random.next()
            var bytes = withUnsafeBytes(of: a.bigEndian, Array.init) + withUnsafeBytes(of: b.bigEndian, Array.init)
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
                               bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
        for back in 0...29 {
            let day = DayNumber.day(today - back)
            guard let midnight = calendar.start(ofDay: day) else { continue }
            let count = back <= 1 ? 9 : 4 + Int(random.next() % 5)
            var minutes = 7 * 60 + 30 + Int(random.next() % 60)
            var previous = -1
            for visit in 0..<count {
                var index = Int(random.next() % UInt64(places.count))
                if index == previous { index = (index + 1) % places.count }
                previous = index
                let place = places[index]
                func jitter() -> Double { (Double(random.next() % 200) - 100) / 1_000_000 }  // about ±10 m
                let position = GeoPoint(latitude: place.lat + jitter(), longitude: place.lon + jitter())
                let at = midnight.addingTimeInterval(Double(minutes * 60))
                // Today is replayed up to now, not beyond.
                if at > now { break }
                let offset = zone.secondsFromGMT(for: at)
                // Memos come in the order the place lists them; today and yesterday choose first (the
                // days are walked from today back), so the days shown most are the fullest.
                let memo = visit % 3 == 1 ? nil : nextMemo(index)
                out.append((uuid(), LifelogDraft(kind: memo == nil ? .checkin : .memo, occurredAt: OffsetDateTime(date: at, utcOffset: offset),
                                                 text: memo?.0 ?? "", place: memo == nil ? place.name : nil, position: position,
                                                 accuracy: Double(5 + random.next() % 20), source: visit % 2 == 0 ? .phone : .watch), memo?.1))
                // Now and then a second note in the same place.
                if random.next() % 4 == 0, at.addingTimeInterval(600) <= now, let second = nextMemo(index) {
                    out.append((uuid(), LifelogDraft(kind: .memo, occurredAt: OffsetDateTime(date: at.addingTimeInterval(600), utcOffset: offset),
                                                     text: second.0, position: GeoPoint(latitude: position.latitude + 0.00005, longitude: position.longitude),
                                                     accuracy: 8, source: .phone), second.1))
                }
                minutes += 35 + Int(random.next() % 90)
                if minutes > 21 * 60 { break }
            }
        }
        return out
    }
}
