import Foundation
import Testing
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON
import YarukiTestSupport

/// A batch of sales (and one sale, as a Kafka message) is read by a reader of its own
/// (`SaleBatch.read`, `SaleEvent.read`), which must give exactly what `JSONDecoder` gives for
/// every body it takes, and leave every other body to `JSONDecoder`.
@Suite struct SaleReadingTests {
    static let labels = ["Espresso", "quote \" and backslash \\ and slash /", "line\nbreak", "渋谷店", "프로틴 바", "emoji 🏋️‍♀️",
                         String(repeating: "long ", count: 20)]

    static func sale(_ random: inout SeededRandom) -> SaleEvent {
        func maybe<T>(_ make: () -> T) -> T? { random.next() % 3 == 0 ? nil : make() }
        func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
        let amount = Int64(random.next() % 2_000_000_000_000) - 1_000_000_000_000
        let at = Date(timeIntervalSince1970: Double(1_600_000_000 + random.next() % 200_000_000) + pick([0, 0.25, 0.5]))
        let product = maybe { "sku-\(random.next() % 1000)" }
        return SaleEvent(id: pick(["till-1-\(random.next())", "注文-\(random.next() % 100)", "a"]), amount: pick([amount, 0, -500, 1_000_000_000_000]),
                         currency: pick(["JPY", "KRW", "USD"]), occurredAt: at, channel: pick(["store", "online", "app_2"]),
                         campaign: maybe { pick(["bench", "new-year"]) }, product: product,
                         productName: product == nil ? nil : maybe { pick(labels) }, store: maybe { pick(labels) }, staff: maybe { pick(labels) })
    }

    /// The same JSON again, keys sorted: equal bytes are equal values.
    static func canonical<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
    }

    @Test func everyBatchReadsAsJSONDecoderReadsIt() throws {
        var random = SeededRandom(seed: 48)
        for _ in 0..<200 {
            let batch = SaleBatch(events: (0..<(1 + Int(random.next() % 20))).map { _ in Self.sale(&random) })
            for body in try JSONBodies.of(batch) {
                let read = try #require(try SaleBatch.read(json: body), "the reader took \(String(decoding: body, as: UTF8.self).prefix(300))")
                #expect(try Self.canonical(read) == Self.canonical(try JSONCoding.decoder.decode(SaleBatch.self, from: body)))
            }
            let one = try JSONCoding.encoder.encode(batch.events[0])
            #expect(try SaleEvent.read(json: one) == JSONCoding.decoder.decode(SaleEvent.self, from: one))
        }
    }

    /// What the encoder never writes but a till may send: nulls, members the server does not
    /// know, fractions of seconds, offsets, amounts written as 500.0 or 5e2, escapes.
    @Test func whatATillMaySendReadsAsJSONDecoderReadsIt() throws {
        let bodies = [
            #"{"events": [{"id": "s-1", "amount": 500.0, "currency": "JPY", "occurredAt": "2026-12-01T09:00:00.250+09:00", "channel": "store","#
                + #" "campaign": null, "product": null, "productName": null, "store": null, "staff": null, "extra": {"a": [1, {"b": null}]}},"#
                + #" {"channel": "online", "occurredAt": "2026-12-01t00:00:00z", "currency": "USD", "amount": -5e2, "id": "\u00e9\ud83d\ude00"}],"#
                + #" "source": "till"}"#,
            #"{"events": [{"id": "x", "amount": -0, "currency": "KRW", "occurredAt": "2026-12-01T09:00:00Z", "channel": "app", "product": "p", "productName": "P"}]}"#,
            #"{"events": []}"#,
        ]
        for text in bodies {
            let body = Data(text.utf8)
            let read = try #require(try SaleBatch.read(json: body), "the reader took \(text)")
            #expect(try Self.canonical(read) == Self.canonical(try JSONCoding.decoder.decode(SaleBatch.self, from: body)), "\(text)")
        }
    }

    /// Anything unusual is left to `JSONDecoder`, which names what is wrong (or, where it takes
    /// what the reader would not, reads it).
    @Test func anUnusualBatchIsLeftToJSONDecoder() throws {
        let sale = #""id": "s-1", "currency": "JPY", "occurredAt": "2026-12-01T09:00:00Z", "channel": "store""#
        let unusual = [
            #"{"events": [], "events": []}"#,  // a member twice
            #"{"events": [{\#(sale), "amount": 1, "amount": 2}]}"#,
            #"{"events": [{\#(sale)}]}"#,  // no amount
            #"{"events": [{\#(sale), "amount": null}]}"#,
            #"{"events": [{\#(sale), "amount": 5.5}]}"#,
            #"{"events": [{\#(sale), "amount": "500"}]}"#,
            #"{"events": [{\#(sale), "amount": 1, "campaign": 7}]}"#,
            #"{"events": [{"id": "s-1", "amount": 1, "currency": "JPY", "occurredAt": "yesterday", "channel": "store"}]}"#,
            #"{"events": [{"id": null, "amount": 1, "currency": "JPY", "occurredAt": "2026-12-01T09:00:00Z", "channel": "store"}]}"#,
            #"{"events": null}"#,
            #"{"events": [[]]}"#,
            #"{}"#,
            #"{"events": []} []"#,
            #"[]"#,
            #"{"events": [}"#,
        ]
        for (i, text) in unusual.enumerated() {
            let body = Data(text.utf8)
            #expect(try SaleBatch.read(json: body) == nil, "\(text)")
            // Past the two members given twice (which JSONDecoder reads its own way), every one is wrong.
            if i >= 2 { #expect((try? JSONCoding.decoder.decode(SaleBatch.self, from: body)) == nil, "JSONDecoder refuses it too: \(text)") }
        }
        // An amount past 2^52 is left to JSONDecoder, which reads its digits whole (the store's
        // check then refuses anything past ±10^12); 2^53 + 1 read as a Double would be 2^53.
        for amount: Int64 in [9_007_199_254_740_993, 4_503_599_627_370_496, -4_503_599_627_370_497] {
            let big = Data(#"{"events": [{\#(sale), "amount": \#(amount)}]}"#.utf8)
            #expect(try SaleBatch.read(json: big) == nil)
            #expect(try JSONCoding.decoder.decode(SaleBatch.self, from: big).events[0].amount == amount)
        }
        let below = Data(#"{"events": [{\#(sale), "amount": 4503599627370495}]}"#.utf8)
        #expect(try SaleBatch.read(json: below)?.events[0].amount == 4_503_599_627_370_495)
        // Bytes that are not UTF-8.
        #expect(try SaleBatch.read(json: Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])) == nil)
        #expect(try SaleEvent.read(json: Data(#"[{\#(sale), "amount": 1}]"#.utf8)) == nil)
    }
}
