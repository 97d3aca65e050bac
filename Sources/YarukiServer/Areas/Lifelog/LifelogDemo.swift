import Foundation
import YarukiAPI
import YarukiCore
import YarukiStore

/// A month of lifelog in central Helsinki for Aino, who lives there: every day a walk between
/// places the demo map covers (the station, the Esplanade, the Market Square…), with memos and
/// check-ins; yesterday and today (up to now) the fullest. Made from a fixed seed, so every demo has the same month.
enum LifelogDemo {
    static let person = (email: "aino@yaruki.example", password: "yaruki-demo-aino", name: "Aino", timeZone: "Europe/Helsinki")

    /// Places inside the demo extract, with what Aino might write there.
    static let places: [(name: String, lat: Double, lon: Double, memos: [String])] = [
        ("Central Station", 60.1712, 24.9413, ["Train was on time for once", "Coffee from the kiosk, the good one"]),
        ("Ateneum", 60.1700, 24.9441, ["Saw the Schjerfbeck room again", "Free entry evening, crowded but worth it"]),
        ("Stockmann", 60.1686, 24.9421, ["New running shoes, finally", "Bought wool socks for the winter"]),
        ("Esplanadi", 60.1675, 24.9470, ["Walked the whole park twice", "Street musician playing Sibelius"]),
        ("Market Square", 60.1676, 24.9520, ["Fresh berries and salmon soup", "Ferries lined up in the harbour"]),
        ("Old Market Hall", 60.1665, 24.9527, ["Lunch at the soup counter", "Bought rye bread for the week"]),
        ("Senate Square", 60.1694, 24.9518, ["Ran up the cathedral steps ×5", "Christmas market stalls going up"]),
        ("Kaisaniemi Park", 60.1745, 24.9455, ["Easy 3 km loop in the park", "Stretching under the big oak"]),
        ("Kiasma", 60.1718, 24.9370, ["Odd video installation, loved it", "Café terrace in the sun"]),
        ("Oodi", 60.1737, 24.9382, ["Read on the top floor for an hour", "Printed the training plan"]),
        ("Amos Rex", 60.1700, 24.9366, ["Climbed the domes outside", "Light show in the underground halls"]),
        ("Yaruki Gym Kluuvi", 60.1707, 24.9468, ["Squats 5×5, felt strong", "Rest day stretching class", "Deadlift PR: 90 kg!"]),
        ("Diana Park", 60.1661, 24.9403, ["Quiet bench, cold but bright", "Fed nobody, as the sign says"]),
        ("National Theatre", 60.1724, 24.9440, ["Tickets for Friday", "Met Laura by the steps"]),
    ]

    static func seed(_ context: DemoSeed.Context) async throws {
        let now = context.now
        _ = try await AccountAdmin.create(context.database, email: person.email, displayName: person.name, password: person.password,
                                      role: .member, timeZone: person.timeZone, locale: .en, ifMissing: true, now: now,
                                      hasher: context.hasher)
        let key = try EmailAddress(person.email).key
        _ = try await context.database.transaction { c in
            guard let account = try AccountStore.credentials(emailKey: key, c)?.account,
                  try LifelogStore.page(user: account.id, after: nil, limit: 1, c).isEmpty else { return }
            for (id, draft) in records(now: now) { try LifelogStore.insert(id: id, user: account.id, draft, at: now, c) }
        }
    }

    /// Thirty days up to today: a walk of four to eight places a day (nine yesterday and today), each
    /// place a check-in or a memo, sometimes two records in the same place a few minutes apart.
    static func records(now: Date) -> [(UUID, LifelogDraft)] {
        let zone = TimeZone(identifier: person.timeZone)!
        let calendar = PersonalCalendar(timeZone: zone, weekStart: .monday)
        let today = DayNumber.of(calendar.day(of: now))!
        var random = SeededRandom(seed: 2026)
        var out: [(UUID, LifelogDraft)] = []
        func uuid() -> UUID {
            let a = random.next(), b = random.next()
            var bytes = withUnsafeBytes(of: a.bigEndian, Array.init) + withUnsafeBytes(of: b.bigEndian, Array.init)
            bytes[6] = bytes[6] & 0x0F | 0x40
            bytes[8] = bytes[8] & 0x3F | 0x80
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
                               bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
        for back in stride(from: 29, through: 0, by: -1) {
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
                let checkIn = visit % 3 == 1
                let memo = place.memos[Int(random.next() % UInt64(place.memos.count))]
                out.append((uuid(), LifelogDraft(kind: checkIn ? .checkin : .memo, occurredAt: OffsetDateTime(date: at, utcOffset: offset),
                                                 text: checkIn ? "" : memo, place: checkIn ? place.name : nil, position: position,
                                                 accuracy: Double(5 + random.next() % 20), source: visit % 2 == 0 ? .phone : .watch)))
                // Now and then a second note in the same place.
                if random.next() % 4 == 0, at.addingTimeInterval(600) <= now {
                    out.append((uuid(), LifelogDraft(kind: .memo, occurredAt: OffsetDateTime(date: at.addingTimeInterval(600), utcOffset: offset),
                                                     text: place.memos[0], position: GeoPoint(latitude: position.latitude + 0.00005, longitude: position.longitude),
                                                     accuracy: 8, source: .phone)))
                }
                minutes += 35 + Int(random.next() % 90)
                if minutes > 21 * 60 { break }
            }
        }
        return out
    }
}
