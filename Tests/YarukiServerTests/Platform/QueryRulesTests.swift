import Foundation
import Testing
import YarukiAPI
import YarukiCore
import YarukiHTTP
@testable import YarukiServer

/// A route's query items are checked against what its document declares, before its handler
/// runs: one answer names every item at fault, and the handler reads values known good.
@Suite struct QueryRulesTests {
    static let declared: [Parameter] = [
        .limit(default: 20, most: 50), .cursor, .words("board", ["done", "talk"], "Only this board"), .id("author", "Only theirs"),
        .day("date", "A day"), .instant("at", "A time"), .text("name", .line(max: 5, required: false), "A name"),
        Parameter(name: "latitude", type: "number", rule: .number(-90...90), description: "Where"),
        Parameter(name: "exercise", type: "string", rule: .matching("^[a-z-]+$"), required: true, description: "Which").invalid("is not an exercise id"),
    ]

    /// The fields the check names for `query`, in the declaration's order (empty: it passes).
    static func faults(_ query: String) -> [String] {
        do {
            try QueryRules(declared).check(Request(method: .get, target: "/x?" + query))
            return []
        } catch let refusal as Refusal {
            return (refusal.fields ?? []).map { "\($0.field): \($0.message)" }
        } catch {
            return ["\(error)"]
        }
    }

    @Test func goodValuesPassAndAreReadTyped() throws {
        let query = "limit=50&cursor=1764500000000.0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d&board=talk&author=0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D"
            + "&date=2026-02-28&at=2026-11-29T08:00:00%2B09:00&name=Mina&latitude=-33.5&exercise=push-up"
        #expect(Self.faults(query) == [])
        let request = Request(method: .get, target: "/x?" + query)
        #expect(request.value("limit", as: Int.self) == 50 && request.value("latitude", as: Double.self) == -33.5)
        #expect(request.value("author", as: UUID.self) == UUID(uuidString: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"))
        #expect(request.value("board", as: Board.self) == .talk && request.day("date") != nil)
        #expect(request.value("at", as: Date.self) == Date(timeIntervalSince1970: 1_795_906_800))
        #expect(Paging.cursor(request)?.1 == UUID(uuidString: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"))
        #expect(Self.faults("exercise=squat") == [], "every optional item may be left out")
    }

    @Test func everyItemAtFaultIsNamedInOneAnswer() {
        #expect(Self.faults("limit=0&cursor=next&board=fax&author=me&date=2026-02-30&at=soon&name=Minaaa&latitude=91&exercise=Push%20Up") == [
            "limit: must be 1 to 50", "cursor: is not a cursor", "board: must be one of done, talk", "author: is not a UUID",
            "date: must be YYYY-MM-DD", "at: is not an RFC 3339 date-time", "name: must be at most 5 characters", "latitude: must be -90 to 90",
            "exercise: is not an exercise id",
        ])
        #expect(Self.faults("") == ["exercise: is required"])
        #expect(Self.faults("exercise=squat&limit=ten&latitude=NaN") == ["limit: is not a whole number", "latitude: is not a number"])
    }

    /// The document's patterns are ECMA-262's: `$` ends the text, and a last line break is no exception.
    @Test func aPatternHoldsToTheEndOfTheText() {
        #expect(Self.faults("exercise=squat%0A") == ["exercise: is not an exercise id"])
        #expect(Self.faults("exercise=squat&name=Ok%0A") == ["name: is not valid"], "a line holds no line break")
    }

    /// Over a socket: the route answers 400 naming the item before its handler runs, and a good
    /// query still reaches it.
    @Test func aRouteRefusesABadQueryBeforeItsHandler() async throws {
        let running = try await RunningApp(.sqlite)
        let api = API(running)
        let (token, _, _) = try api.signUp("query@example.com")
        let bad = try api.call("GET", "/v1/posts?board=fax&limit=500&author=someone", token: token)
        #expect(bad.status == 400 && Set(TrainingTests.fields(bad)) == ["board", "limit", "author"], "\(bad.text)")
        #expect(try api.call("GET", "/v1/posts?board=talk&limit=5", token: token).status == 200)
        #expect(try api.call("GET", "/v1/posts?board=fax", token: nil).status == 401, "who asks is known before what is asked")
    }
}
