import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// The crew's feed: what a group's members did, newest first, by keyset pages.
struct CrewRoutes: RouteCollection {
    let crew: CrewFeed

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "accountability")
        me.get("/v1/groups/{id}/feed", Doc("""
            What the group's members did, newest first: proofs recorded (the thumbnail only on my own), training sessions finished with \
            their records, challenges' milestones, cheers and breaks
            """, [200: "A page of the feed", 400: "A bad cursor or limit", 404: "Not a group of mine"], query: [.limit(), .cursor]), page)
    }

    func page(_ request: Request, _ me: Principal) async throws -> Reply<Page<CrewItem>> {
        Reply(try await crew.page(group: try request.id("id", "group"), me, before: Paging.cursor(request), limit: Paging.limit(request)))
    }
}
