import Foundation
import Testing
import YarukiHTTP
@testable import YarukiServer

/// Services say no with a `Refusal`; `ErrorMapping` alone gives it a status. What a client reads
/// must be what it read when services threw problems themselves.
@Suite struct RefusalTests {
    @Test func eachReasonHasItsStatus() {
        let statuses: [(Refusal.Reason, Int)] = [
            (.malformed, 400), (.unauthenticated, 401), (.forbidden, 403), (.notFound, 404), (.conflict, 409), (.gone, 410),
            (.stale, 412), (.tooLarge, 413), (.unsupportedMedia, 415), (.unprocessable, 422), (.tooMany, 429), (.bug, 500),
            (.badUpstream, 502), (.unavailable, 503), (.cannotStore, 507),
        ]
        for (reason, status) in statuses {
            let problem = ErrorMapping.problem(for: Refusal(reason, "Because."))
            #expect(problem?.status == status && problem?.detail == "Because.", "\(reason)")
            #expect(Refusal(reason, "").isTheRequests == (status < 500), "\(reason)")
        }
    }

    @Test func theProblemsAreThoseTheServicesOnceMade() {
        let field = Refusal.Field(field: "month", message: "must be YYYY-MM")
        let wire = HTTPError.FieldError(field: "month", message: "must be YYYY-MM")
        #expect(ErrorMapping.problem(Refusal.notFound()) == HTTPError.notFound())
        #expect(ErrorMapping.problem(Refusal.notFound("No such class.")) == HTTPError.notFound("No such class."))
        #expect(ErrorMapping.problem(Refusal.malformed("Bad month.", fields: [field])) == HTTPError.badRequest("Bad month.", errors: [wire]))
        #expect(ErrorMapping.problem(Refusal.validation([field])) == HTTPError.validation([wire]))
        #expect(ErrorMapping.problem(Refusal.unauthenticated()) == HTTPError.unauthorized())
        #expect(ErrorMapping.problem(Refusal.conflict("Taken.")) == HTTPError.conflict("Taken."))
        #expect(ErrorMapping.problem(Refusal.bug()) == HTTPError.internal())
        #expect(ErrorMapping.problem(Refusal(.conflict, code: "class-full", "This class is full."))
                == HTTPError(409, slug: "class-full", detail: "This class is full."))
        #expect(ErrorMapping.problem(Refusal(.tooMany, "Once a day.", retryAfter: 3600))
                == HTTPError(429, detail: "Once a day.", headers: ["Retry-After": "3600"]))
        // A refusal with its own code asks for no token unless it says so.
        #expect(ErrorMapping.problem(Refusal(.unauthenticated, code: "invalid-credentials", "No.")).headers.isEmpty)
    }

    @Test func extensionsTravelAndTheSentenceIsWhatTheCommandLinePrints() throws {
        var stale = Refusal(.stale, "The record is at version 3, not 2.")
        stale.extensions = ["version": 3]
        let body = try #require(try JSONSerialization.jsonObject(with: ErrorMapping.problem(stale).encodedBody()) as? [String: Any])
        #expect(body["status"] as? Int == 412 && body["version"] as? Int == 3)
        #expect("\(Refusal.conflict("This class was cancelled."))" == "This class was cancelled.")
    }
}
