extension Migrations {
    // What paid classes needed beyond their seats and orders. A monthly series keeps its rule
    // (weekdays, local time, zone) and the last month it was made for, so renewing it is one
    // action. An order owed a refund keeps the provider's last refusal beside its next attempt.
    // The built-in sandbox provider keeps its payments as a real one would on its side. A
    // notification may be about an order (refunded, and why).
    static let v15ClassPayments = Migration(15, "class payments") { _ in
        ["""
         CREATE TABLE class_series (
             id TEXT PRIMARY KEY,
             coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             weekdays TEXT NOT NULL,
             minute_of_day INTEGER NOT NULL,
             duration_minutes INTEGER NOT NULL,
             time_zone TEXT NOT NULL,
             last_month TEXT NOT NULL,
             created_at BIGINT NOT NULL,
             updated_at BIGINT NOT NULL)
         """,
         "ALTER TABLE class_orders ADD COLUMN refund_error TEXT",
         """
         CREATE TABLE sandbox_payments (
             id TEXT PRIMARY KEY,
             amount BIGINT NOT NULL,
             currency TEXT NOT NULL,
             status TEXT NOT NULL,
             created_at BIGINT NOT NULL,
             updated_at BIGINT NOT NULL)
         """,
         "ALTER TABLE notifications ADD COLUMN order_id TEXT REFERENCES class_orders(id) ON DELETE CASCADE"]
    }
}
