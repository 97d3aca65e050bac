import Foundation
import Testing
import YarukiAPI
import YarukiTestSupport
@testable import YarukiServer

/// A seat holder hears of their class the day before and within the hour, once each, with the
/// class's own time; an unpaid order and a seat bought at the last minute hear nothing; the class
/// as a calendar event is its seat holders' and its coach's only.
@Suite struct ClassReminderTests {
    @Test(arguments: Engine.allCases)
    func aSeatIsRemindedTheDayBeforeAndWithinTheHourOnceEach(engine: Engine) async throws {
        let f = try await ClassFixture(engine)
        let start = f.clock.now
        let classID = try f.publish(days: 3, title: "Kettlebell basics")
        var (mina, _) = try f.member("Mina")
        var (bo, _) = try f.member("Bo")
        var (cy, cyID) = try f.member("Cy")
        let paid = try f.order(classID, mina)
        #expect(try f.pay(paid, mina).status == 200)
        #expect(try f.confirm(paid, mina)["state"] as? String == "paid")
        _ = try f.order(classID, bo)  // never paid

        // The test looks itself, at each moment it moves the clock to: the app's own look each minute is stopped.
        f.running.app.context.jobs.stop()
        let reminders = f.running.app.areas.classReminders
        var told: [(at: TimeInterval, count: Int)] = []
        for step in 1...(3 * 144 + 2) {  // every ten minutes until twenty minutes after the start
            f.clock.advance(600)
            if f.clock.now.timeIntervalSince(start) == 3 * 86_400 - 1800 {  // Cy buys a seat half an hour before
                let fresh = try f.advance(0)
                (mina, bo, cy) = (fresh[mina] ?? mina, fresh[bo] ?? bo, fresh[cy] ?? cy)
                let late = try f.order(classID, cy)
                #expect(try f.pay(late, cy).status == 200)
                #expect(try f.confirm(late, cy)["state"] as? String == "paid")
            }
            let count = try await reminders.sweep(at: f.clock.now)
            if count > 0 { told.append((f.clock.now.timeIntervalSince(start), count)) }
            _ = step
        }
        let expected: [TimeInterval] = [2 * 86_400, 3 * 86_400 - 3600]
        #expect(told.map(\.at) == expected, "a day before and an hour before, once each: \(told)")
        #expect(told.map(\.count) == [1, 1], "only Mina, who paid: not Bo's unpaid order, not Cy's seat bought inside both leads")

        let fresh = try f.advance(0)
        (mina, bo, cy) = (fresh[mina] ?? mina, fresh[bo] ?? bo, fresh[cy] ?? cy)
        let items = try f.api.call("GET", "/v1/notifications", token: mina).json()["items"] as? [[String: Any]] ?? []
        #expect(items.compactMap { $0["kind"] as? String } == ["classSoon", "classTomorrow", "seatBooked"], "the seat booked, then its reminders")
        for item in items {
            let id = (item["classId"] as? String)?.lowercased()
            #expect(id == classID.lowercased() && item["classTitle"] as? String == "Kettlebell basics")
        }
        let cyItems = try f.api.call("GET", "/v1/notifications", token: cy).json()["items"] as? [[String: Any]]
        #expect(cyItems?.compactMap { $0["kind"] as? String } == ["seatBooked"], "booked, but no reminder for a seat bought at the last minute")
        _ = cyID

        // The class as an event for a calendar: Mina's and the coach's, nobody else's.
        let event = try f.api.call("GET", "/v1/classes/\(classID)/calendar.ics", token: mina)
        #expect(event.status == 200 && event.headers["content-type"] == "text/calendar; charset=utf-8")
        let text = event.text
        #expect(text.contains("SUMMARY:Kettlebell basics\r\n") && text.contains("LOCATION:Studio 2\r\n") && text.contains("TRIGGER:-PT1H"))
        let stamp = ISO8601DateFormatter().string(from: start.addingTimeInterval(3 * 86_400)).replacingOccurrences(of: "-", with: "")
            .replacingOccurrences(of: ":", with: "")
        #expect(text.contains("DTSTART:\(stamp)\r\n"), "\(stamp) in \(text)")
        #expect(try f.api.call("GET", "/v1/classes/\(classID)/calendar.ics", token: f.coach).status == 200)
        #expect(try f.api.call("GET", "/v1/classes/\(classID)/calendar.ics", token: bo).status == 404, "an unpaid order is no seat")
    }

    /// A seat booked and a refund decided reach the person's devices, not only their list.
    @Test func aSeatBookedAndARefundArePushed() async throws {
        let f = try await ClassFixture(.sqlite)
        let classID = try f.publish(days: 3, title: "Kettlebell basics")
        let (mina, _) = try f.member("Mina")
        #expect(try f.api.call("POST", "/v1/me/push-subscriptions", json: ["endpoint": "https://fcm.googleapis.com/fcm/send/mina-classes",
                                                                          "keys": ["p256dh": PushKeys.example.p256dh, "auth": PushKeys.example.auth]],
                               token: mina).status == 201)
        let order = try f.order(classID, mina)
        #expect(try f.pay(order, mina).status == 200)
        #expect(try f.confirm(order, mina)["state"] as? String == "paid")
        #expect(try f.api.call("POST", "/v1/classes/\(classID)/cancel", token: f.coach).status == 200)
        let bodies = {
            try await f.database.read { c in try c.query("SELECT payload FROM jobs WHERE kind = 'push'", []) }.map { try $0.string("payload") }
        }
        let arrived = await eventuallyAsync(timeout: 10) { ((try? await bodies()) ?? []).count == 2 }
        let seen = (try? await bodies()) ?? []
        #expect(arrived, "\(seen)")
        let pushed = try await bodies().joined(separator: "\n")
        #expect(pushed.contains("You're booked: Kettlebell basics") && pushed.contains("Refund for Kettlebell basics"), "\(pushed)")
    }
}
