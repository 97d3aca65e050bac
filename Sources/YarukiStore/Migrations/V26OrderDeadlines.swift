extension Migrations {
    // A paid order keeps the cancel deadline it was bought under, so a coach who later raises
    // the class's cancel hours or moves it earlier cannot take a member's refund right away; after a
    // change of time it is the new start. An order also notes what the provider says was
    // given back outside Yaruki (a partial cancel at PortOne's console).
    static let v26OrderDeadlines = Migration(26, "order deadlines") { _ in
        ["ALTER TABLE class_orders ADD COLUMN cancel_deadline BIGINT",
         "ALTER TABLE class_orders ADD COLUMN refunded_amount BIGINT NOT NULL DEFAULT 0",
         """
         UPDATE class_orders SET cancel_deadline = (SELECT k.starts_at - k.cancel_hours * 3600000 FROM classes k WHERE k.id = class_orders.class_id)
         WHERE paid_at IS NOT NULL
         """]
    }
}
