import Foundation
import YarukiAPI
import YarukiCore
import YarukiHTTP

/// Day reports from apps, the days as they show, goals, and Apple Health imports.
struct HealthRoutes: RouteCollection {
    let health: HealthService

    func add(to routes: RouteTable) {
        let me = routes.signedIn(tag: "health")
        me.put("/v1/health/days/{date}", Doc("""
            One source's totals for one of my days (the last report from the same source wins); the reply is the day as it now shows
            """, [200: "The day", 400: "A field or the date is not valid", 422: "The body's date differs from the path"],
            path: [.day("date", "The day, YYYY-MM-DD in my time zone")]), putDay)
        me.post("/v1/health/days", Doc("A backfill: up to \(HealthDayBatch.maxDays) days of sources' totals, all saved or none",
                                       [200: "Saved", 400: "A field is not valid", 422: "Fields that do not fit together"]), postDays)
        me.get("/v1/health/days", Doc("Every day of a range (zeros where nothing was counted), my goals and the days met in a row",
                                      [200: "The days", 400: "A bad date", 422: "A range that ends before it starts, or longer than a year"],
                                      query: [.from, .to]), days)
        me.get("/v1/me/health-goals", Doc("My daily goals: steps, active energy and stand hours"), goals)
        me.put("/v1/me/health-goals", Doc("Set my daily goals", [200: "Set", 400: "A goal out of range"]), setGoals)
        me.post("/v1/health/imports", Doc("""
            Import an Apple Health export (the body is export.zip, or the export.xml inside it). It is read in the background: \
            progress arrives as health-import events on my event stream, and the days land all at once or not at all.
            """, [202: "Started", 401: "Not signed in", 413: "Larger than the limit", 415: "An empty body"],
            query: [.text("name", .line(max: 200, required: false), "The file's name, as the person chose it")],
            upload: ["application/zip", "application/xml", "text/xml"]), startImport)
        me.get("/v1/health/imports", Doc("My latest imports, newest first"), listImports)
        me.get("/v1/health/imports/{id}", Doc("One of my imports, with its progress while it runs", [200: "The import", 404: "Not mine, or none"]),
               oneImport)
    }

    func putDay(_ request: Request, _ me: Principal, _ body: HealthDayReport) async throws -> Reply<HealthDay> {
        let date = try request.parameter("date")
        guard PersonalCalendar.accepts(date), let day = DayNumber.of(date) else {
            throw HTTPError.badRequest("'\(date)' is not a date like 2026-11-29.", errors: [.init(field: "date", message: "must be YYYY-MM-DD")])
        }
        var check = FieldCheck()
        HealthRoutes.check(body, prefix: "", into: &check)
        if let given = body.date, given != date { check.conflict("date", "must match the path") }
        try check.done()
        _ = try await health.report([(day, body)], by: me)
        guard let shown = try await health.days(from: day, to: day, today: try await health.today(me), me).days.first else { throw HTTPError.internal() }
        return Reply(shown)
    }

    func postDays(_ request: Request, _ me: Principal, _ body: HealthDayBatch) async throws -> Reply<HealthBatchReceipt> {
        var check = FieldCheck()
        if body.days.isEmpty || body.days.count > HealthDayBatch.maxDays { check.fail("days", "must hold 1 to \(HealthDayBatch.maxDays) days") }
        var reports: [(day: Int, report: HealthDayReport)] = []
        for (i, report) in body.days.enumerated() where check.errors.count < 50 {
            HealthRoutes.check(report, prefix: "days[\(i)].", into: &check)
            // The type leaves the date out for PUT, whose path names the day; a backfill's items each need theirs.
            if let date = report.date, let day = DayNumber.of(date) { reports.append((day, report)) } else if report.date == nil {
                check.conflict("days[\(i)].date", "is required in a backfill (only PUT /v1/health/days/{date} takes it from the path)")
            }
        }
        try check.done()
        return Reply(HealthBatchReceipt(saved: try await health.report(reports, by: me)))
    }

    func days(_ request: Request, _ me: Principal) async throws -> Reply<HealthDays> {
        try await me.kept(request, tags: HealthService.tags(me.userID)) {
            let today = try await health.today(me)
            let (first, last) = try DayRange.days(request, today: today)
            return try await health.days(from: first, to: last, today: today, me)
        }
    }

    func goals(_: Request, _ me: Principal) async throws -> Reply<HealthGoals> {
        Reply(try await health.goals(me))
    }

    func setGoals(_: Request, _ me: Principal, _ body: HealthGoals) async throws -> Reply<HealthGoals> {
        var check = FieldCheck()
        if !HealthGoals.stepsRange.contains(body.steps) { check.fail("steps", "must be \(HealthGoals.stepsRange.lowerBound) to \(HealthGoals.stepsRange.upperBound)") }
        if !HealthGoals.energyRange.contains(body.activeEnergyKcal) {
            check.fail("activeEnergyKcal", "must be \(HealthGoals.energyRange.lowerBound) to \(HealthGoals.energyRange.upperBound)")
        }
        if !HealthGoals.standHoursRange.contains(body.standHours) { check.fail("standHours", "must be 1 to 24") }
        try check.done()
        return Reply(try await health.setGoals(body, me))
    }

    func startImport(_ request: Request, _ me: Principal) async throws -> Reply<HealthImport> {
        let file = try request.upload("Apple Health export")
        let name = request.queryItem("name") ?? "export.zip"
        let account = try await me.account()
        let started = try await health.imports.start(file, fileName: TextRule.isBlank(name) ? "export.zip" : TextRule.trim(name), user: me.userID,
                                                     timeZone: TimeZone(identifier: account.timeZone) ?? .gmt)
        return Reply(started, status: 202)
    }

    func listImports(_: Request, _ me: Principal) async throws -> Reply<Items<HealthImport>> {
        Reply(Items(try await health.imports.list(user: me.userID)))
    }

    func oneImport(_ request: Request, _ me: Principal) async throws -> Reply<HealthImport> {
        Reply(try await health.imports.one(try request.id("id", "import"), user: me.userID))
    }

    /// A report's fields against the rules its type declares.
    static func check(_ r: HealthDayReport, prefix: String, into check: inout FieldCheck) {
        check.note(TextRule.check(r.source, field: prefix + "source", max: 100, required: true))
        if let date = r.date, !PersonalCalendar.accepts(date) { check.fail(prefix + "date", "must be YYYY-MM-DD") }
        func within(_ value: Double?, _ field: String, _ range: ClosedRange<Double>) {
            if let value, !(value.isFinite && range.contains(value)) { check.fail(prefix + field, "must be \(Int(range.lowerBound)) to \(Int(range.upperBound))") }
        }
        within(r.steps.map(Double.init), "steps", 0...500_000)
        within(r.distanceMeters, "distanceMeters", 0...1_000_000)
        within(r.activeEnergyKcal, "activeEnergyKcal", 0...50_000)
        within(r.standMinutes.map(Double.init), "standMinutes", 0...1440)
        within(r.standHours.map(Double.init), "standHours", 0...24)
        within(r.exerciseMinutes.map(Double.init), "exerciseMinutes", 0...1440)
    }
}
