extension Migrations {
    // Classes and their orders. A class counts its enrolled seats beside its capacity, so taking
    // a seat is one conditional UPDATE (`enrolled < capacity`) that two buyers cannot both pass.
    // An order is the enrollment once paid: one paid order per person and class. Payments are
    // the provider's (`payment_id` is what it knows the order by); refunds that failed at the
    // provider keep their next attempt's time, so none is forgotten. Webhook ids are remembered
    // so a delivery repeated has one effect.
    static let v14Classes = Migration(14, "classes") { _ in
        ["""
         CREATE TABLE classes (
             id TEXT PRIMARY KEY,
             coach_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             series_id TEXT,
             title TEXT NOT NULL,
             description TEXT NOT NULL,
             starts_at BIGINT NOT NULL,
             duration_minutes INTEGER NOT NULL,
             time_zone TEXT NOT NULL,
             place TEXT,
             online_url TEXT,
             capacity INTEGER NOT NULL,
             enrolled INTEGER NOT NULL,
             price BIGINT NOT NULL,
             currency TEXT NOT NULL,
             cancel_hours INTEGER NOT NULL,
             state TEXT NOT NULL,
             created_at BIGINT NOT NULL,
             updated_at BIGINT NOT NULL)
         """,
         "CREATE INDEX classes_time ON classes (starts_at, id)",
         "CREATE INDEX classes_coach ON classes (coach_id, starts_at)",
         "CREATE INDEX classes_series ON classes (series_id)",
         """
         CREATE TABLE class_orders (
             id TEXT PRIMARY KEY,
             class_id TEXT NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             payment_id TEXT NOT NULL UNIQUE,
             provider TEXT NOT NULL,
             amount BIGINT NOT NULL,
             currency TEXT NOT NULL,
             state TEXT NOT NULL,
             reason TEXT,
             expires_at BIGINT NOT NULL,
             paid_at BIGINT,
             refund_attempts INTEGER NOT NULL,
             next_refund_at BIGINT,
             created_at BIGINT NOT NULL,
             updated_at BIGINT NOT NULL)
         """,
         "CREATE INDEX class_orders_user ON class_orders (user_id, created_at)",
         "CREATE INDEX class_orders_class ON class_orders (class_id, state)",
         "CREATE INDEX class_orders_refunds ON class_orders (next_refund_at)",
         "CREATE UNIQUE INDEX class_orders_one_seat ON class_orders (class_id, user_id) WHERE state = 'paid'",
         """
         CREATE TABLE payment_webhooks (
             id TEXT PRIMARY KEY,
             received_at BIGINT NOT NULL)
         """]
    }
}
