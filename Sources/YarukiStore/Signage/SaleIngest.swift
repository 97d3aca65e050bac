import Foundation
import YarukiCore

/// A batch of sales and the statements that file it, made before the transaction: SQLite has one
/// writer, and making the rows' values and the batch's sums on its thread was a sixth of its time
/// on a batch of 1,000 (`bench/signage`'s ingest). The sums assume every sale is new, as nearly
/// every batch's are; `SignageStore.ingest` makes them again from the new ones when some were not.
public struct SaleIngest: Sendable {
    public let events: [SaleEvent]
    /// Multi-row inserts of 256, 128, … sales (`SQLFragment.powerOfTwoSlices`).
    let inserts: [SQLStatement]
    /// The buckets', ranks' and names' upserts for every sale of the batch.
    let sums: [SQLStatement]

    public init(_ events: [SaleEvent], at now: Date) {
        self.events = events
        inserts = SQLFragment.multiRow(events.count, width: 11, { rows in """
            INSERT INTO sales_events (id, amount, currency, occurred_at, channel, campaign, received_at, product, product_name, store, staff)
            VALUES \(rows)
            ON CONFLICT (id) DO NOTHING RETURNING id
            """ }) { i, values in
            let e = events[i]
            values += [.text(e.id), .integer(e.amount), .text(e.currency), e.occurredAt.sqlValue, .text(e.channel), .text(e.campaign ?? ""),
                       now.sqlValue, e.product.map(SQLValue.text) ?? .null, e.productName.map(SQLValue.text) ?? .null,
                       e.store.map(SQLValue.text) ?? .null, e.staff.map(SQLValue.text) ?? .null]
        }
        sums = Self.sums(of: events)
    }

    /// The upserts that add `fresh` (new sales, each id once) to their buckets, ranks and names.
    static func sums(of fresh: [SaleEvent]) -> [SQLStatement] {
        struct Key: Hashable { var currency: String; var campaign: String; var channel: String; var bucket: Int64 }
        var sums: [Key: Sum] = [:]
        struct RankKey: Hashable { var bucket: Key; var dimension: String; var key: String }
        var ranks: [RankKey: (amount: Int64, sales: Int64, last: Date)] = [:]
        var names: [String: String] = [:]
        for e in fresh {
            let key = Key(currency: e.currency, campaign: e.campaign ?? "", channel: e.channel, bucket: SalesBucket.start(of: e.occurredAt))
            Self.add(e.amount, to: &sums[key, default: Sum()])
            for (dimension, value) in [("product", e.product), ("store", e.store)] {
                guard let value else { continue }
                let rank = RankKey(bucket: key, dimension: dimension, key: value)
                let before = ranks[rank] ?? (0, 0, .distantPast)
                ranks[rank] = (before.amount + e.amount, before.sales + 1, max(before.last, e.occurredAt))
            }
            if let product = e.product, let name = e.productName { names[product] = name }
        }
        // Multi-row upserts of 256, 128, … buckets (a batch spread over days touches hundreds), in
        // a fixed order so two batches at once take their row locks alike (no deadlock on PostgreSQL).
        let sorted = sums.sorted { ($0.key.bucket, $0.key.channel, $0.key.campaign, $0.key.currency) < ($1.key.bucket, $1.key.channel, $1.key.campaign, $1.key.currency) }
        var statements = SQLFragment.multiRow(sorted.count, width: 8, { rows in """
            INSERT INTO sales_buckets (currency, campaign, channel, bucket, amount, sales, refunds, refunded)
            VALUES \(rows)
            ON CONFLICT (currency, bucket, campaign, channel)
            DO UPDATE SET amount = sales_buckets.amount + excluded.amount, sales = sales_buckets.sales + excluded.sales,
                          refunds = sales_buckets.refunds + excluded.refunds, refunded = sales_buckets.refunded + excluded.refunded
            """ }) { i, values in
            let (key, sum) = sorted[i]
            values += [.text(key.currency), .text(key.campaign), .text(key.channel), .integer(key.bucket), .integer(sum.amount), .integer(sum.sales),
                       .integer(sum.refunds), .integer(sum.refunded)]
        }
        let sortedRanks = ranks.sorted { ($0.key.bucket.bucket, $0.key.dimension, $0.key.key, $0.key.bucket.channel, $0.key.bucket.campaign, $0.key.bucket.currency)
            < ($1.key.bucket.bucket, $1.key.dimension, $1.key.key, $1.key.bucket.channel, $1.key.bucket.campaign, $1.key.bucket.currency) }
        statements += SQLFragment.multiRow(sortedRanks.count, width: 9, { rows in """
            INSERT INTO sales_ranks (currency, campaign, channel, bucket, dimension, key, amount, sales, last_at)
            VALUES \(rows)
            ON CONFLICT (currency, bucket, campaign, channel, dimension, key)
            DO UPDATE SET amount = sales_ranks.amount + excluded.amount, sales = sales_ranks.sales + excluded.sales,
                          last_at = CASE WHEN excluded.last_at > sales_ranks.last_at THEN excluded.last_at ELSE sales_ranks.last_at END
            """ }) { i, values in
            let (rank, sum) = sortedRanks[i]
            values += [.text(rank.bucket.currency), .text(rank.bucket.campaign), .text(rank.bucket.channel), .integer(rank.bucket.bucket), .text(rank.dimension),
                       .text(rank.key), .integer(sum.amount), .integer(sum.sales), sum.last.sqlValue]
        }
        for (product, name) in names.sorted(by: { $0.key < $1.key }) {
            statements.append(SQLStatement(sql: """
                INSERT INTO sales_names (dimension, key, name) VALUES ('product', ?, ?)
                ON CONFLICT (dimension, key) DO UPDATE SET name = excluded.name
                """, parameters: [.text(product), .text(name)]))
        }
        return statements
    }

    private struct Sum { var amount: Int64 = 0, sales: Int64 = 0, refunds: Int64 = 0, refunded: Int64 = 0 }

    private static func add(_ amount: Int64, to sum: inout Sum) {
        sum.amount += amount
        sum.sales += 1
        if amount < 0 {
            sum.refunds += 1
            sum.refunded -= amount
        }
    }
}
