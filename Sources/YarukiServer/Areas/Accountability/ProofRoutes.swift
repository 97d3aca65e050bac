import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Proof videos: upload (streamed to disk), list, metadata, playback with Range, thumbnail,
/// delete. Only the owner ever sees one: anyone else signed in gets 404, nobody signed in 401.
/// A `<video>` element cannot send a bearer token, so metadata carries playback links signed for
/// ten minutes.
struct ProofRoutes: RouteCollection {
    let proofs: ProofService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "accountability")
        me.post("/v1/proofs", Doc("""
            Upload a proof video (the body is the video: MP4, MOV or WebM, a second long at least); it proves the day the video's own \
            recording tag names, else recordedAt, else today; one file proves one day
            """, [200: "This very file was sent for this day before: that proof", 201: "Stored", 400: "A query field is not valid",
                  401: "Not signed in", 404: "The exercise is not in the catalog, or the workout is not mine", 413: "Larger than the upload limit",
                  409: "This file already proves another day, or is someone else's proof",
                  415: "Not a playable MP4, MOV or WebM video, or shorter than a second",
                  422: "recordedAt, or the video's own recording date, is more than 7 days before the upload"],
                                  query: [.instant("recordedAt", "When it was recorded, if the video does not say (the upload time when left out or in the future)"),
                                          .text("exerciseId", .matching(Exercise.idPattern), "The exercise it proves").invalid("is not an exercise id (lower-case letters, digits and '-')"),
                                          .id("workoutId", "The workout of mine it belongs to")],
                                  upload: ["video/mp4", "video/quicktime", "video/webm"]), upload)
        me.get("/v1/proofs", Doc("My proofs recorded between two dates", [200: "The proofs", 400: "A bad date", 422: "from is after to, or a year before it"],
                                 query: [.from, .to]), list)
        me.get("/v1/proofs/{id}", Doc("One of my proofs, with playback links valid for ten minutes",
                                      [200: "The proof", 401: "Not signed in", 404: "Not mine, or none"]), proof)
        me.delete("/v1/proofs/{id}", Doc("Delete one of my proofs (its file goes when nothing else uses it)",
                                         [204: "Deleted", 404: "Not mine, or none"]), delete)
        let media = routes.media(tag: "accountability")
        let answers = [200: "The file", 206: "Part of it", 401: "Not signed in or a bad link", 404: "Not mine, or none",
                       416: "The range is outside the file"]
        media.get("/v1/proofs/{id}/video", Doc("Play a proof (Range requests welcome)", answers, produces: "video/mp4"), video)
        media.get("/v1/proofs/{id}/thumbnail", Doc("A proof's thumbnail (JPEG)", answers, produces: "image/jpeg"), thumbnail)
    }

    func upload(_ request: Request, _ me: Principal) async throws -> Reply<ProofInfo> {
        let upload = ProofService.Upload(file: try request.upload("video"), recordedAt: request.value("recordedAt", as: Date.self),
                                         exerciseId: request.queryItem("exerciseId"), workoutId: request.value("workoutId", as: UUID.self))
        let (proof, created) = try await proofs.file(upload, by: me)
        return Reply(proof, status: created ? 201 : 200)
    }

    func list(_ request: Request, _ me: Principal) async throws -> Reply<Items<ProofInfo>> {
        let calendar = try await me.calendar()
        let (from, to) = try DayRange.parse(request, calendar: calendar, now: me.now)
        return Reply(Items(try await proofs.proofs(me, from: from, to: to).map { proofs.info($0.0, $0.1) }))
    }

    func proof(_ request: Request, _ me: Principal) async throws -> Reply<ProofInfo> {
        let (proof, media) = try await proofs.proof(try request.id("id", "proof"), for: me.userID)
        return Reply(proofs.info(proof, media))
    }

    func delete(_ request: Request, _ me: Principal) async throws -> Response {
        try await proofs.delete(try request.id("id", "proof"), me)
        return .noContent()
    }

    func video(_ request: Request, _ caller: MediaCaller) async throws -> FileReply {
        try await proofs.videoFile(try request.id("id", "proof"), for: caller.restrictedTo)
    }

    func thumbnail(_ request: Request, _ caller: MediaCaller) async throws -> FileReply {
        try await proofs.thumbnailFile(try request.id("id", "proof"), for: caller.restrictedTo)
    }
}
