import Foundation
import YarukiCore
import YarukiJSON

/// A batch of sales read without `JSONDecoder`: its `Decodable` walk was a sixth of the server's
/// work on a batch of 1,000 (`bench/signage`'s ingest).
extension SaleBatch: JSONReadable {
    public static func read(json: Data) throws -> SaleBatch? {
        try JSONReader.body(json) { r in
            var events: [SaleEvent]?
            try r.object { r, name in
                guard name == "events" else { return false }
                events = try r.objects(SaleEvent.members)
                return true
            }
            return events.map(SaleBatch.init(events:))
        }
    }
}

/// One sale, as a till's Kafka message usually holds it, read the same way.
extension SaleEvent: JSONReadable {
    public static func read(json: Data) throws -> SaleEvent? {
        try JSONReader.body(json) { r in
            guard try r.next() == .objectStart else { return nil }
            return try members(&r)
        }
    }

    /// The members of a sale whose `{` was just read. A member missing, null where a value is
    /// needed, or an amount no Double holds exactly is unusual: `JSONDecoder` says what is wrong.
    static func members(_ r: inout JSONReader) throws -> SaleEvent {
        var sale = SaleEvent(id: "", amount: 0, currency: "", occurredAt: Date(timeIntervalSince1970: 0), channel: "")
        var (id, amount, currency, occurredAt, channel): (String?, Int64?, String?, Date?, String?) = (nil, nil, nil, nil, nil)
        try r.uniqueMembers { r, name in
            switch name {
            case "id": id = try r.requiredString()
            case "amount": amount = try r.optionalInteger()
            case "currency": currency = try r.requiredString()
            case "occurredAt": occurredAt = try r.requiredString(RFC3339.date)
            case "channel": channel = try r.requiredString()
            case "campaign": sale.campaign = try r.optionalString()
            case "product": sale.product = try r.optionalString()
            case "productName": sale.productName = try r.optionalString()
            case "store": sale.store = try r.optionalString()
            case "staff": sale.staff = try r.optionalString()
            default: return false
            }
            return true
        }
        guard let id, let amount, let currency, let occurredAt, let channel else { throw JSONReader.Unusual() }
        (sale.id, sale.amount, sale.currency, sale.occurredAt, sale.channel) = (id, amount, currency, occurredAt, channel)
        return sale
    }
}
