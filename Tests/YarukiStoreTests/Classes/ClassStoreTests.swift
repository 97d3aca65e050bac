import Foundation
import Testing
import YarukiCore
import YarukiTestSupport
@testable import YarukiStore

/// The seat count of a class holds under a crowd: twenty buyers for the last two seats, at once,
/// on both engines, give two seats, and a pending order is settled by one caller only.
@Suite struct ClassStoreTests {
    @Test(arguments: Engine.allCases)
    func twentyBuyersForTheLastTwoSeatsGiveTwo(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db)
        let coach = try await person(db, 0)
        let id = UUID()
        let k = ClassStore.ClassRow(id: id, coachID: coach, seriesID: nil, title: "Kettlebells", description: "", startsAt: Date(timeIntervalSince1970: 1_800_000_000),
                                    durationMinutes: 60, timeZone: "Asia/Seoul", place: "Studio B", onlineURL: nil, capacity: 12, enrolled: 10, price: 15000,
                                    currency: "KRW", cancelHours: 24)
        try await db.transaction { c in try ClassStore.insert(k, at: Date(), c) }
        let taken = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 { group.addTask { try await db.transaction { c in try ClassStore.takeSeat(id, at: Date(), c) } } }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(taken == 2)
        #expect(try await db.read { c in try ClassStore.classRow(id, c) }?.seatsLeft == 0)
        try await db.transaction { c in try ClassStore.releaseSeat(id, at: Date(), c) }
        #expect(try await db.read { c in try ClassStore.classRow(id, c) }?.seatsLeft == 1)
    }

    @Test(arguments: Engine.allCases)
    func aPendingOrderIsSettledOnceAndAWebhookIdOnce(engine: Engine) async throws {
        let db = try await freshDatabase(engine)
        _ = try await Migrator.migrate(db)
        let coach = try await person(db, 0), buyer = try await person(db, 1)
        let k = ClassStore.ClassRow(id: UUID(), coachID: coach, seriesID: nil, title: "Yoga", description: "", startsAt: Date(timeIntervalSince1970: 1_800_000_000),
                                    durationMinutes: 60, timeZone: "Asia/Tokyo", place: nil, onlineURL: "https://meet.example/yoga", capacity: 5, price: 2000,
                                    currency: "JPY", cancelHours: 12)
        let order = ClassStore.Order(id: UUID(), classID: k.id, userID: buyer, paymentID: "order-\(UUID().uuidString)", provider: "sandbox", amount: 2000,
                                     currency: "JPY", expiresAt: Date().addingTimeInterval(900))
        try await db.transaction { c in
            try ClassStore.insert(k, at: Date(), c)
            try ClassStore.insertOrder(order, at: Date(), c)
        }
        // A confirm and a webhook at once: one of them moves it.
        let moved = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 { group.addTask { try await db.transaction { c in try ClassStore.move(order.id, from: ["pending"], to: "paid", reason: nil, paid: true, at: Date(), c) } } }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(moved == 1)
        #expect(try await db.read { c in try ClassStore.order(paymentID: order.paymentID, c) }?.state == "paid")
        #expect(try await db.read { c in try ClassStore.order(order.id, user: coach, c) } == nil, "someone else's order is not found")
        let first = try await db.transaction { c in try ClassStore.rememberWebhook("msg_1", at: Date(), c) }
        let again = try await db.transaction { c in try ClassStore.rememberWebhook("msg_1", at: Date(), c) }
        #expect(first && !again)
    }
}
