import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// How a shop's messages carry their sales.
///
/// `yaruki`: the JSON of `POST /v1/signage/events`: one sale, `{"events": [...]}`, or an array.
/// A mapping (a JSON file) names where each of a sale's fields is in the shop's own messages,
/// as dotted paths, for a POS that has its own names:
///
///     {"sales": "lines", "id": "receipt.no", "amount": "total", "amountUnit": "major",
///      "currency": "cur", "occurredAt": "soldAt", "channel": "store", "campaign": "promo",
///      "product": "item.sku", "productName": "item.name", "store": "shop.name", "staff": "clerk",
///      "defaults": {"currency": "JPY", "channel": "pos", "store": "Shibuya"}}
///
/// `sales` (optional) is the path of an array of sales inside each message; without it a message
/// is one sale, or an array of them. A time is RFC 3339, or a number of seconds (or milliseconds,
/// past 10^11) since 1970. `amountUnit` `major` reads 1234.5 EUR as 123450 cents; `minor` (the
/// default) takes whole minor units. Without an `id` path a sale is named by where it sits in the
/// topic (`topic/partition/offset`, and its place in the message), so a message read twice is
/// still one sale. Channel and campaign are lower-cased.
public enum SaleFormat: Sendable, Equatable {
    case yaruki
    case mapping(Mapping)

    public struct Mapping: Codable, Sendable, Equatable {
        public var sales: String?
        public var id: String?
        public var amount: String
        public var amountUnit: String?
        public var currency: String?
        public var occurredAt: String?
        public var channel: String?
        public var campaign: String?
        public var product: String?
        public var productName: String?
        public var store: String?
        public var staff: String?
        public var defaults: [String: String]?
    }

    /// `yaruki`, or a mapping file; the reason when it cannot be used.
    static func named(_ text: String) throws -> SaleFormat {
        if text == "yaruki" { return .yaruki }
        guard let data = FileManager.default.contents(atPath: text) else {
            throw SaleMessages.Unreadable("is neither yaruki nor a readable mapping file: '\(text)'")
        }
        let mapping: Mapping
        do {
            mapping = try JSONDecoder().decode(Mapping.self, from: data)
        } catch {
            throw SaleMessages.Unreadable("'\(text)' is not a mapping (JSON with at least \"amount\": a path): \(SaleMessages.describe(error))")
        }
        if let unit = mapping.amountUnit, !["minor", "major"].contains(unit) { throw SaleMessages.Unreadable("amountUnit must be minor or major") }
        let known: Set = ["id", "currency", "occurredAt", "channel", "campaign", "product", "productName", "store", "staff"]
        if let stray = mapping.defaults?.keys.sorted().first(where: { !known.contains($0) }) {
            throw SaleMessages.Unreadable("defaults may name id, currency, occurredAt, channel, campaign, product, productName, store and staff, not '\(stray)'")
        }
        return .mapping(mapping)
    }
}

/// Sales read out of one Kafka message: all of them valid, or the reason none is taken (the
/// message then waits in the dead letters).
public enum SaleMessages {
    public struct Unreadable: Error, CustomStringConvertible, Equatable {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// Where a message sits: names the sales of a mapping without ids.
    public struct Place: Sendable, Equatable {
        public var topic: String
        public var partition: Int32
        public var offset: Int64
    }

    public static let maxSales = SignageService.maxBatch

    static func describe(_ error: Error) -> String {
        switch error {
        case let DecodingError.keyNotFound(key, context): "\((context.codingPath + [key]).map(\.stringValue).joined(separator: ".")) is missing"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.dataCorrupted(context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) \(context.debugDescription)".trimmingCharacters(in: .whitespaces)
        default: "\(error)"
        }
    }

    public static func sales(in payload: [UInt8], at place: Place, format: SaleFormat) throws -> [SaleEvent] {
        let sales: [SaleEvent]
        switch format {
        case .yaruki: sales = try yaruki(payload)
        case let .mapping(mapping): sales = try mapped(payload, mapping, place)
        }
        if sales.isEmpty { throw Unreadable("holds no sale") }
        if sales.count > maxSales { throw Unreadable("holds more than \(maxSales) sales") }
        for (i, sale) in sales.enumerated() {
            if let error = SaleEvent.check(sale, prefix: sales.count == 1 ? "sale" : "sales[\(i)]").first {
                throw Unreadable("\(error.field) \(error.message)")
            }
        }
        return sales
    }

    private static func json(_ payload: [UInt8]) throws -> Any {
        guard !payload.isEmpty else { throw Unreadable("is empty") }
        do {
            return try JSONSerialization.jsonObject(with: Data(payload), options: [.fragmentsAllowed])
        } catch {
            throw Unreadable("is not JSON")
        }
    }

    /// One decode for the usual message (a single sale, as tills send them); the shape is looked
    /// at only to say why a message is refused.
    private static func yaruki(_ payload: [UInt8]) throws -> [SaleEvent] {
        let data = Data(payload)
        let opening = payload.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        if opening == UInt8(ascii: "{"), let sale = (try? SaleEvent.read(json: data)) ?? (try? JSONCoding.decoder.decode(SaleEvent.self, from: data)) {
            return [sale]
        }
        let value = try json(payload)
        do {
            if value is [Any] { return try JSONCoding.decoder.decode([SaleEvent].self, from: data) }
            if let object = value as? [String: Any], object["events"] != nil { return try JSONCoding.decoder.decode(SaleBatch.self, from: data).events }
            return [try JSONCoding.decoder.decode(SaleEvent.self, from: data)]
        } catch {
            throw Unreadable("is not a sale: \(describe(error))")
        }
    }

    private static func value(_ object: Any, at path: String) -> Any? {
        var current: Any? = object
        for part in path.split(separator: ".") {
            if let dictionary = current as? [String: Any] {
                current = dictionary[String(part)]
            } else if let array = current as? [Any], let index = Int(part), array.indices.contains(index) {
                current = array[index]
            } else {
                return nil
            }
        }
        return current is NSNull ? nil : current
    }

    private static func mapped(_ payload: [UInt8], _ m: SaleFormat.Mapping, _ place: Place) throws -> [SaleEvent] {
        let root = try json(payload)
        let items: [Any]
        if let path = m.sales {
            guard let list = value(root, at: path) as? [Any] else { throw Unreadable("has no list of sales at \(path)") }
            items = list
        } else {
            items = (root as? [Any]) ?? [root]
        }
        let defaults = m.defaults ?? [:]
        return try items.enumerated().map { index, item in
            func text(_ field: String, _ path: String?) throws -> String? {
                guard let path, let found = value(item, at: path) else { return defaults[field] }
                if let string = found as? String { return string }
                if let number = numberText(found) { return number }
                throw Unreadable("\(path) (\(field)) is not text")
            }
            let name = m.id == nil ? "\(place.topic)/\(place.partition)/\(place.offset)" + (items.count > 1 ? "/\(index)" : "") : nil
            guard let id = try name ?? text("id", m.id) else { throw Unreadable("\(m.id ?? "id") (id) is missing") }
            guard let currency = try text("currency", m.currency) else { throw Unreadable("\(m.currency ?? "currency") (currency) is missing") }
            guard let channel = try text("channel", m.channel) else { throw Unreadable("\(m.channel ?? "channel") (channel) is missing") }
            let campaign = try text("campaign", m.campaign)
            let occurredAt: Date
            if let path = m.occurredAt, let found = value(item, at: path) {
                occurredAt = try time(found, path)
            } else if let fallback = defaults["occurredAt"], let date = JSONCoding.parseDate(fallback) {
                occurredAt = date
            } else {
                throw Unreadable("\(m.occurredAt ?? "occurredAt") (occurredAt) is missing")
            }
            guard let raw = value(item, at: m.amount) else { throw Unreadable("\(m.amount) (amount) is missing") }
            let amount = try minorUnits(raw, path: m.amount, currency: currency, major: m.amountUnit == "major")
            return SaleEvent(id: id, amount: amount, currency: currency, occurredAt: occurredAt, channel: channel.lowercased(),
                             campaign: campaign?.lowercased(), product: try text("product", m.product), productName: try text("productName", m.productName),
                             store: try text("store", m.store), staff: try text("staff", m.staff))
        }
    }

    /// JSON's true and false as JSONSerialization gives them (an NSNumber 1 also casts to Bool, so `is Bool` cannot tell).
    private static let booleanType = type(of: NSNumber(value: true))

    /// A JSON number as text (JSONSerialization gives Int, Double or NSNumber, by platform); nil for anything else, true and false too.
    static func numberText(_ value: Any) -> String? {
        if type(of: value) == booleanType || value is Bool && !(value is NSNumber) { return nil }
        switch value {
        case let n as Int: return String(n)
        case let n as Int64: return String(n)
        case let n as Double: return n.isFinite ? (n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)) : nil
        case let n as Decimal: return "\(n)"
        case let n as NSNumber: return n.stringValue
        default: return nil
        }
    }

    private static func time(_ value: Any, _ path: String) throws -> Date {
        if let text = value as? String, let date = JSONCoding.parseDate(text) { return date }
        if let number = numberText(value).flatMap(Double.init) {
            let seconds = number > 1e11 ? number / 1000 : number
            if seconds.isFinite, seconds > 0, seconds < 253_402_300_800 { return Date(timeIntervalSince1970: seconds) }
        }
        throw Unreadable("\(path) (occurredAt) is neither an RFC 3339 time nor seconds since 1970")
    }

    /// A whole number of minor units from a number or numeric text; `major` scales by the
    /// currency's digits and must come out whole (12.345 EUR is refused, not rounded).
    static func minorUnits(_ value: Any, path: String, currency: String, major: Bool) throws -> Int64 {
        let text: String
        if let string = value as? String {
            text = string.trimmingCharacters(in: .whitespaces)
        } else if let number = numberText(value) {
            text = number
        } else {
            throw Unreadable("\(path) (amount) is not a number")
        }
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN,
              text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }) else {
            throw Unreadable("\(path) (amount) is not a number: '\(text.prefix(40))'")
        }
        var scaled = decimal
        if major {
            for _ in 0..<Currency.digits(currency) { scaled *= 10 }
        }
        var whole = Decimal()
        var copy = scaled
        NSDecimalRound(&whole, &copy, 0, .plain)
        guard whole == scaled else {
            throw Unreadable(major ? "\(path) (amount) has more decimals than \(currency) has" : "\(path) (amount) is not a whole number of minor units")
        }
        guard abs(whole) <= Decimal(SaleEvent.maxAmount) else { throw Unreadable("\(path) (amount) is beyond ±10^12 minor units") }
        return NSDecimalNumber(decimal: whole).int64Value
    }
}
