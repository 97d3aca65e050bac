extension Migrations {
    // Web Push subscriptions, one per device that allowed notifications: the push service's
    // endpoint (unique: a browser re-subscribing gets the same one) and the browser's keys that
    // messages are encrypted for. A subscription the push service says is gone is deleted.
    static let v31PushSubscriptions = Migration(31, "push subscriptions") { _ in
        ["""
         CREATE TABLE push_subscriptions (
             id TEXT PRIMARY KEY,
             user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
             endpoint TEXT NOT NULL UNIQUE,
             p256dh TEXT NOT NULL,
             auth TEXT NOT NULL,
             device TEXT NOT NULL,
             created_at BIGINT NOT NULL,
             last_pushed_at BIGINT)
         """,
         "CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, created_at)"]
    }
}
