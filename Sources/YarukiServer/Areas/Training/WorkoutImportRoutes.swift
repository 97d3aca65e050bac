import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Bringing a log in from Strong or Hevy, the names it maps, and taking the log out as Strong's CSV.
struct WorkoutImportRoutes: RouteCollection {
    let imports: WorkoutImportService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "training")
        me.post("/v1/me/imports/workouts", Doc("""
            Import a Strong or Hevy CSV export (the file is the body). With dryRun it only says what it found: workouts, sets, days, \
            and each exercise name with the exercise it maps to. Otherwise the workouts land, unless a name maps to nothing (422, \
            nothing lands) and createMissing does not make it an exercise of my own. Importing the same file again adds nothing; \
            progress goes to my event stream as workout-import events.
            """, [200: "What was found, or landed", 400: "A line of the file is bad (the problem names it); nothing landed",
                  413: "Larger than the limit", 415: "An empty body", 422: "Names that map to nothing; nothing landed"],
            query: [.words("dryRun", ["true", "false"], "Only say what the file holds and how its names map"),
                    .words("createMissing", ["true", "false"], "Make names that map to nothing exercises of my own"),
                    .words("weightUnit", ["kg", "lb"], "The weights' unit in Strong's current file, which does not say (my unit when left out)"),
                    .words("distanceUnit", ["km", "mi"], "The distances' unit in Strong's current file (km when left out)")],
            upload: ["text/csv"]), importWorkouts)
        me.get("/v1/me/imports/names", Doc("The exercise each name of an imported file was mapped to", [200: "The names"]), names)
        me.put("/v1/me/imports/names", Doc("Map names of another app's file to exercises, for this import and the next",
                                           [200: "All the names now mapped", 400: "A field is not valid", 404: "An exercise I cannot log"]), mapNames)
        me.get("/v1/me/workouts.csv", Doc("My whole workout log as Strong's CSV export (weights in my unit)", [200: "The file"], produces: "text/csv"),
               exportCSV)
    }

    func importWorkouts(_ request: Request, _ me: Principal) async throws -> Reply<WorkoutImportReport> {
        let file = try request.upload("Strong or Hevy CSV export")
        defer { unlink(file.path) }
        var options = WorkoutImporter.Options()
        let unit = try await me.account().weightUnit
        options.weightUnit = request.value("weightUnit", as: WorkoutImport.WeightUnit.self) ?? (unit == .lb ? .lb : .kg)
        options.distanceUnit = request.value("distanceUnit", as: WorkoutImport.DistanceUnit.self) ?? .km
        options.dryRun = request.value("dryRun", as: Bool.self) ?? false
        options.createMissing = request.value("createMissing", as: Bool.self) ?? false
        return Reply(try await imports.run(file.path, options, me), headers: [("Cache-Control", "no-store")])
    }

    func names(_: Request, _ me: Principal) async throws -> Reply<ImportNamesBody> {
        Reply(ImportNamesBody(names: try await imports.names(me)), headers: [("Cache-Control", "no-store")])
    }

    func mapNames(_: Request, _ me: Principal, _ body: ImportNamesBody) async throws -> Reply<ImportNamesBody> {
        Reply(ImportNamesBody(names: try await imports.map(body.names, me)))
    }

    func exportCSV(_: Request, _ me: Principal) async throws -> Response {
        var response = Response(status: 200, body: .data(try await imports.strongCSV(me)))
        response.headers.add("Content-Type", "text/csv; charset=utf-8")
        response.headers.add("Content-Disposition", "attachment; filename=\"yaruki-workouts.csv\"")
        response.headers.add("Cache-Control", "no-store")
        return response
    }
}
