extension Migrations {
    // What sells and where: a sale may name its product (SKU and name), its store and who sold it.
    // Products and stores are added up by quarter hour like the totals (`sales_ranks`, keyed by
    // the same currency, campaign and channel, then the dimension and its key), with the time of
    // the latest sale that moved each (a tie goes to the one that got there first). Their names
    // are kept apart, the latest sent. A day's sales are read in time order for its CSV. Refunds are counted and summed in their own columns, so a
    // wall can tell orders, their average and what was refunded.
    static let v48SalesDetail = Migration(48, "sales detail") { _ in
        ["ALTER TABLE sales_events ADD COLUMN product TEXT",
         "ALTER TABLE sales_events ADD COLUMN product_name TEXT",
         "ALTER TABLE sales_events ADD COLUMN store TEXT",
         "ALTER TABLE sales_events ADD COLUMN staff TEXT",
         // A day's sales in time order, for its CSV.
         "CREATE INDEX sales_events_by_time ON sales_events (currency, occurred_at, id)",
         "ALTER TABLE sales_buckets ADD COLUMN refunds BIGINT NOT NULL DEFAULT 0",
         "ALTER TABLE sales_buckets ADD COLUMN refunded BIGINT NOT NULL DEFAULT 0",
         """
         CREATE TABLE sales_ranks (
             currency TEXT NOT NULL,
             campaign TEXT NOT NULL,
             channel TEXT NOT NULL,
             bucket BIGINT NOT NULL,
             dimension TEXT NOT NULL,
             key TEXT NOT NULL,
             amount BIGINT NOT NULL,
             sales BIGINT NOT NULL,
             last_at BIGINT NOT NULL,
             PRIMARY KEY (currency, bucket, campaign, channel, dimension, key))
         """,
         """
         CREATE TABLE sales_names (
             dimension TEXT NOT NULL,
             key TEXT NOT NULL,
             name TEXT NOT NULL,
             PRIMARY KEY (dimension, key))
         """]
    }
}
