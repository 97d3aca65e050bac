import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiStore

/// A person's class orders and the classes they coach, for their account's deletion and export.
struct ClassesData: PersonalData {
    let classes: ClassService
    var area: String { "classes" }

    func delete(user: UUID, _ c: SQLConnection) throws -> Removed {
        let now = classes.context.now
        // Members who paid for a coach's coming classes must get their money back first.
        if try ClassStore.coachedWithSeats(user: user, now: now, c) > 0 {
            throw Refusal.conflict("You teach classes that people have paid for: cancel them first (everyone is refunded), then delete the account.")
        }
        let (orders, taught) = try ClassStore.deleteAll(user: user, now: now, c)
        return Removed(counts: ["classOrders": orders, "classesTaught": taught])
    }

    func export(user: UUID, into folder: ExportFolder) async throws {
        let (classes, context) = (self.classes, self.classes.context)
        let (booked, taught) = try await context.database.read { c in
            (try ClassStore.orders(user: user, now: .distantPast, limit: 100_000, c), try ClassStore.coached(user: user, c))
        }
        try await folder.writeArray("orders.json", of: BookedClass.self) { emit in
            for row in booked { try emit(BookedClass(item: classes.info(row.klass, booked: row.order.state == "paid"), order: classes.orders.info(row.order, title: row.klass.title))) }
        }
        // A coach's own classes, with their links (the coach's own data); never the roster.
        try await folder.writeArray("taught.json", of: ClassDetail.self) { emit in
            for row in taught {
                try emit(ClassDetail(item: classes.info(row, booked: false), myOrder: nil, canEdit: true, onlineUrl: row.onlineURL, roster: nil, revenue: nil))
            }
        }
    }
}
