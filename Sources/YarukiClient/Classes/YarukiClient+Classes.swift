import Foundation
import YarukiAPI
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Paid classes: a month's schedule, booking a seat (order, pay through the provider's own
/// checkout with the order's `paymentId` and amount, then confirm), my classes, and cancelling.
extension YarukiClient {
    /// The month's classes (YYYY-MM, this month when nil) in my time zone, a coach's alone when given.
    public func classes(month: String? = nil, coach: UUID? = nil) async throws -> ClassMonth {
        var components = URLComponents()
        components.queryItems = [month.map { URLQueryItem(name: "month", value: $0) }, coach.map { URLQueryItem(name: "coach", value: $0.uuidString) }]
            .compactMap { $0 }
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        return try await authorized(request("GET", "/v1/classes" + query))
    }

    public func classDetail(_ id: UUID) async throws -> ClassDetail {
        try await authorized(request("GET", "/v1/classes/\(id.uuidString)"))
    }

    /// My classes: seats held, refunds, and orders still being paid.
    public func myClasses() async throws -> [BookedClass] {
        let items: Items<BookedClass> = try await authorized(request("GET", "/v1/me/classes"))
        return items.items
    }

    /// Orders a seat: the amount is the class's. Pay `amount` `currency` under `paymentId` with the
    /// provider in `checkout`, then `confirmOrder`. Ordering again while one is pending returns it.
    public func orderClass(_ id: UUID) async throws -> OrderInfo {
        try await authorized(request("POST", "/v1/classes/\(id.uuidString)/orders"))
    }

    /// After paying: the server asks the provider and answers with the order as it now stands
    /// (`paid`; or `refunded` with the reason, `failed`, `suspicious`, `expired`; `pending` while the payment has not arrived).
    public func confirmOrder(_ id: UUID) async throws -> OrderInfo {
        try await authorized(request("POST", "/v1/orders/\(id.uuidString)/confirm"))
    }

    public func order(_ id: UUID) async throws -> OrderInfo {
        try await authorized(request("GET", "/v1/orders/\(id.uuidString)"))
    }

    /// Gives my seat back before the class's cancel deadline (refunded), or withdraws an unpaid order.
    public func cancelOrder(_ id: UUID) async throws -> OrderInfo {
        try await authorized(request("POST", "/v1/orders/\(id.uuidString)/cancel"))
    }

    /// Publishes a class or a month's series (coaches and admins).
    public func publishClass(_ draft: ClassDraft) async throws -> [ClassInfo] {
        let items: Items<ClassInfo> = try await authorized(request("POST", "/v1/classes", body: draft))
        return items.items
    }
}
