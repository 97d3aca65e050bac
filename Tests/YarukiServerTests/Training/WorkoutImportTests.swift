import Foundation
import Testing
import YarukiCore
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// Logs brought in from Strong (its current comma file and its older semicolon one) and Hevy,
/// files written here in each app's format: every set checked, names mapped by hand and
/// remembered, a re-import that adds nothing, a bad line that lands nothing, and the log taken
/// out again as Strong's file.
@Suite struct WorkoutImportTests {
    /// Strong's current export: a narrow no-break space before AM, a warm-up, a drop set, a
    /// failure set, a rest-timer row, RPE, a note with a comma and a line break, and a name
    /// (Belt Squat) that maps to nothing in the catalog. Weights in pounds (the person says so).
    static let strong = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2024-08-13 7:32:05\u{202F}AM,Push Day,1h 5m,Bench Press (Barbell),W,95,10,0,0,,"Felt good, slept 8h",
        2024-08-13 7:32:05\u{202F}AM,Push Day,1h 5m,Bench Press (Barbell),1,225,5,0,0,"Paused reps, 1 s
        on the chest","Felt good, slept 8h",8.5
        2024-08-13 7:32:05\u{202F}AM,Push Day,1h 5m,Bench Press (Barbell),Rest Timer,0,0,0,180,,,
        2024-08-13 7:32:05\u{202F}AM,Push Day,1h 5m,Bench Press (Barbell),2,225,5,0,0,,"Felt good, slept 8h",9
        2024-08-13 7:32:05\u{202F}AM,Push Day,1h 5m,Bench Press (Barbell),D,155,8,0,0,,"Felt good, slept 8h",
        2024-08-13 7:32:05\u{202F}AM,Push Day,1h 5m,Belt Squat (Machine),1,180,10,0,0,,"Felt good, slept 8h",
        2024-08-13 7:32:05\u{202F}AM,Push Day,1h 5m,Belt Squat (Machine),F,180,7,0,0,,"Felt good, slept 8h",
        2024-08-15 6:10:00 PM,Cardio,30m,"Running, Treadmill",1,0,0,5.2,1800,,,

        """

    /// Strong's older semicolon file: units on every row, kilograms and pounds mixed.
    static let strongSemicolon = """
        Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration
        2019-01-11 12:31:54;"Leg";"Deadlift (Barbell)";1;140;kg;5;;;;0;"";"";50m
        2019-01-11 12:31:54;"Leg";"Deadlift (Barbell)";2;300;lbs;3;8;;;0;;;50m
        2019-01-11 12:31:54;"Leg";"Plank";1;0;kg;0;;;;90;;;50m

        """

    /// Hevy's export: a superset of two, warm-up and drop sets, weights in kilograms, a note.
    static let hevy = """
        title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe
        "Upper","13 Aug 2024, 07:32","13 Aug 2024, 08:40","Good one",Bench Press (Dumbbell),0,"Slow, controlled",0,warmup,12,12,,,
        "Upper","13 Aug 2024, 07:32","13 Aug 2024, 08:40","Good one",Bench Press (Dumbbell),0,"Slow, controlled",1,normal,30,10,,,8
        "Upper","13 Aug 2024, 07:32","13 Aug 2024, 08:40","Good one",Pull Up,0,,0,normal,,8,,,
        "Upper","13 Aug 2024, 07:32","13 Aug 2024, 08:40","Good one",Pull Up,0,,1,failure,,6,,,10
        "Upper","13 Aug 2024, 07:32","13 Aug 2024, 08:40","Good one",Bench Press (Dumbbell),,,0,dropset,20,12,,,

        """

    static func upload(_ api: API, _ running: RunningApp, _ file: String, _ query: String, _ token: String) throws -> RawClient.Reply {
        try CommunityTests.upload(running.port, token: token, Data(file.utf8), path: "/v1/me/imports/workouts\(query)")
    }

    static func workouts(_ api: API, _ token: String) throws -> [[String: Any]] {
        try (api.call("GET", "/v1/workouts?from=2019-01-01&to=2019-12-31", token: token).json()["items"] as? [[String: Any]] ?? [])
            + (api.call("GET", "/v1/workouts?from=2024-01-01&to=2024-12-31", token: token).json()["items"] as? [[String: Any]] ?? [])
    }

    @Test(arguments: Engine.allCases) func strongsFileWithANameMappedByHandThenAgainAddsNothing(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let ana = try api.signUp("ana@example.com").access
        #expect(try api.call("PATCH", "/v1/me", json: ["timeZone": "Asia/Tokyo"], token: ana).status == 200)

        // A look first: what the file holds and how its names map; nothing lands.
        let preview = try Self.upload(api, running, Self.strong, "?dryRun=true&weightUnit=lb", ana)
        #expect(preview.status == 200, "\(preview.text)")
        let found = try preview.json()
        #expect(found["format"] as? String == "strong" && found["workouts"] as? Int == 2 && found["sets"] as? Int == 7)
        #expect(found["firstDay"] as? String == "2024-08-13" && found["lastDay"] as? String == "2024-08-15" && found["landed"] as? Bool == false)
        let names = try #require(found["names"] as? [[String: Any]])
        let how = Dictionary(uniqueKeysWithValues: names.map { ($0["name"] as! String, ($0["how"] as! String, $0["exerciseId"] as? String)) })
        #expect(how["Bench Press (Barbell)"]! == ("equipment", "bench-press"))
        #expect(how["Running, Treadmill"]! == ("exact", "running-treadmill"))
        #expect(how["Belt Squat (Machine)"]!.0 == "none" && how["Belt Squat (Machine)"]!.1 == nil)
        #expect(try Self.workouts(api, ana).isEmpty)

        // The name that maps to nothing stops the import whole.
        let stopped = try Self.upload(api, running, Self.strong, "?weightUnit=lb", ana)
        #expect(stopped.status == 422 && stopped.text.contains("Belt Squat (Machine)"), "\(stopped.text)")
        #expect(try Self.workouts(api, ana).isEmpty)

        // Mapped by hand, remembered, and the file lands.
        #expect(try api.call("PUT", "/v1/me/imports/names", json: ["names": ["Belt Squat (Machine)": "no-such-move"]], token: ana).status == 404)
        #expect(try api.call("PUT", "/v1/me/imports/names", json: ["names": ["Belt Squat (Machine)": "squat"]], token: ana).status == 200)
        let landed = try Self.upload(api, running, Self.strong, "?weightUnit=lb", ana)
        #expect(try landed.status == 200 && landed.json()["added"] as? Int == 2 && landed.json()["landed"] as? Bool == true, "\(landed.text)")

        let logged = try Self.workouts(api, ana).sorted { ($0["startedAt"] as! String) < ($1["startedAt"] as! String) }
        #expect(logged.count == 2)
        let push = logged[0]
        // 07:32:05 in Tokyo; an hour and five minutes long; title and notes kept.
        #expect(push["startedAt"] as? String == "2024-08-12T22:32:05Z" && push["endedAt"] as? String == "2024-08-12T23:37:05Z")
        #expect(push["notes"] as? String == "Push Day\n\nFelt good, slept 8h")
        let entries = try #require(push["exercises"] as? [[String: Any]])
        #expect(entries.map { $0["exerciseId"] as? String } == ["bench-press", "squat"])
        #expect(entries[0]["notes"] as? String == "Paused reps, 1 s\non the chest")
        let bench = try #require(entries[0]["sets"] as? [[String: Any]])
        #expect(bench.map { $0["type"] as? String } == ["warmup", nil, nil, "drop"])
        #expect(bench.map { $0["weightKg"] as? Double } == [43.091, 102.058, 102.058, 70.307], "pounds to kilograms, to the gram")
        #expect(bench.map { $0["reps"] as? Int } == [10, 5, 5, 8] && bench.map { $0["rpe"] as? Double } == [nil, 8.5, 9, nil])
        #expect(bench[1]["restSeconds"] as? Int == 180, "the rest-timer row is the set's rest")
        let squat = try #require(entries[1]["sets"] as? [[String: Any]])
        #expect(squat.map { $0["type"] as? String } == [nil, "failure"] && squat.map { $0["reps"] as? Int } == [10, 7])
        let run = try #require((logged[1]["exercises"] as? [[String: Any]])?.first?["sets"] as? [[String: Any]])
        #expect(run.count == 1 && run[0]["distanceM"] as? Double == 5200 && run[0]["seconds"] as? Int == 1800)

        // Again: nothing added, nothing changed; the mapping was remembered.
        let again = try Self.upload(api, running, Self.strong, "?weightUnit=lb", ana)
        #expect(try again.status == 200 && again.json()["added"] as? Int == 0 && again.json()["alreadyThere"] as? Int == 2, "\(again.text)")
        #expect(try Self.workouts(api, ana).count == 2)
        #expect(try (api.call("GET", "/v1/me/imports/names", token: ana).json()["names"] as? [String: String])?["Belt Squat (Machine)"] == "squat")

        // Out again as Strong's file, in pounds (Ana's unit is kilograms: the weights say so).
        let csv = try api.call("GET", "/v1/me/workouts.csv", token: ana)
        #expect(csv.status == 200 && csv.text.hasPrefix(StrongCSV.header))
        #expect(csv.text.contains("2024-08-13 07:32:05,Push Day,1h 5m,Bench press,W,43.09,10,0,0,"), "\(csv.text.prefix(600))")
        #expect(csv.text.contains("Bench press,Rest Timer,0,0,0,180,") && csv.text.contains("Bench press,D,70.31,8,"))
        #expect(csv.text.contains(",\"Paused reps, 1 s\non the chest\","))
        let back = try Self.upload(api, running, csv.text, "?dryRun=true&weightUnit=kg", ana)
        #expect(try back.status == 200 && back.json()["sets"] as? Int == 7 && back.json()["workouts"] as? Int == 2, "\(back.text)")
    }

    @Test(arguments: Engine.allCases) func hevysSupersetsAndStrongsOlderFileAndCreatingWhatIsMissing(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let bo = try api.signUp("bo@example.com", name: "Bo").access
        #expect(try api.call("PATCH", "/v1/me", json: ["timeZone": "UTC"], token: bo).status == 200)

        let hevy = try Self.upload(api, running, Self.hevy, "", bo)
        #expect(try hevy.status == 200 && hevy.json()["format"] as? String == "hevy" && hevy.json()["added"] as? Int == 1, "\(hevy.text)")
        let upper = try #require(try Self.workouts(api, bo).first)
        #expect(upper["startedAt"] as? String == "2024-08-13T07:32:00Z" && upper["endedAt"] as? String == "2024-08-13T08:40:00Z")
        let entries = try #require(upper["exercises"] as? [[String: Any]])
        #expect(entries.map { $0["exerciseId"] as? String } == ["dumbbell-bench-press", "pull-up", "dumbbell-bench-press"])
        #expect(entries.map { $0["superset"] as? Int } == [1, 1, nil], "the superset stands; the drop set after it is an entry of its own")
        #expect(entries[0]["notes"] as? String == "Slow, controlled")
        let sets = entries.map { ($0["sets"] as? [[String: Any]]) ?? [] }
        #expect(sets[0].map { $0["type"] as? String } == ["warmup", nil] && sets[0].map { $0["weightKg"] as? Double } == [12, 30])
        #expect(sets[1].map { $0["type"] as? String } == [nil, "failure"] && sets[1].map { $0["rpe"] as? Double } == [nil, 10])
        #expect(sets[2].map { $0["type"] as? String } == ["drop"])

        // Strong's older file: the plank maps; the deadlift in kg and lb.
        let old = try Self.upload(api, running, Self.strongSemicolon, "", bo)
        #expect(try old.status == 200 && old.json()["format"] as? String == "strongSemicolon", "\(old.text)")
        let leg = try #require(try Self.workouts(api, bo).first { ($0["startedAt"] as? String)?.hasPrefix("2019") == true })
        let legSets = ((leg["exercises"] as? [[String: Any]]) ?? []).map { ($0["sets"] as? [[String: Any]]) ?? [] }
        #expect(legSets[0].map { $0["weightKg"] as? Double } == [140, 136.078] && legSets[0][1]["rpe"] as? Double == 8)
        #expect(legSets[1].first?["seconds"] as? Int == 90)
        #expect(leg["endedAt"] as? String == "2019-01-11T13:21:54Z")

        // A name nothing matches becomes an exercise of one's own when asked.
        let odd = Self.strong.replacingOccurrences(of: "Belt Squat (Machine)", with: "Zercher Yoke Walk (Other)")
        let created = try Self.upload(api, running, odd, "?createMissing=true", bo)
        #expect(try created.status == 200 && (created.json()["created"] as? [String]) == ["Zercher Yoke Walk (Other)"], "\(created.text)")
        let own = try api.call("GET", "/v1/me/exercises", token: bo).json()["items"] as? [[String: Any]] ?? []
        #expect(own.count == 1 && (own[0]["names"] as? [String: String])?["en"] == "Zercher Yoke Walk (Other)" && own[0]["kind"] as? String == "weightReps")
    }

    @Test(arguments: Engine.allCases) func aBadLineIsNamedAndNothingLands(engine: Engine) async throws {
        let running = try await RunningApp(engine)
        let api = API(running)
        let cy = try api.signUp("cy@example.com").access
        let badReps = Self.strong.replacingOccurrences(of: "Bench Press (Barbell),2,225,5", with: "Bench Press (Barbell),2,225,five")
        let refused = try Self.upload(api, running, badReps, "", cy)
        #expect(refused.status == 400 && refused.text.contains("line 6") && refused.text.contains("five"), "\(refused.text)")
        let open = try Self.upload(api, running, Self.strong + "2024-08-16 6:10:00 PM,Cardio,30m,Rowing,1,0,0,2,600,\"never closed,,\n", "", cy)
        #expect(open.status == 400 && open.text.contains("never closed"), "\(open.text)")
        let future = try Self.upload(api, running, Self.strong.replacingOccurrences(of: "2024-08-15 6:10:00 PM", with: "2999-08-15 6:10:00 PM"), "", cy)
        #expect(future.status == 400 && future.text.contains("line 10") && future.text.contains("future"), "\(future.text)")
        let notCSV = try Self.upload(api, running, "name,reps\nsquat,5\n", "", cy)
        #expect(notCSV.status == 400 && notCSV.text.contains("not a Strong or Hevy export"), "\(notCSV.text)")
        let empty = try Self.upload(api, running, "Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n", "", cy)
        #expect(empty.status == 400 && empty.text.contains("no workout"), "\(empty.text)")
        #expect(try Self.workouts(api, cy).isEmpty)
        #expect(try api.call("GET", "/v1/me/imports/names", token: cy).json()["names"] as? [String: String] == [:])
    }

    /// `yaruki import strong|hevy` as an operator runs it: names it cannot map are listed and
    /// nothing lands; `--create-missing` lands it all; again, nothing more.
    @Test func theCommandListsWhatItCannotMapThenLandsWithCreateMissing() throws {
        let dataDir = NSTemporaryDirectory() + "yaruki-cli-strong-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let file = NSTemporaryDirectory() + "strong-\(UUID().uuidString).csv"
        defer { unlink(file) }
        #expect(FileManager.default.createFile(atPath: file, contents: Data(Self.strong.utf8)))
        let binary = BinaryTests.binary
        #expect(try Command.run([binary, "user", "create", "--email", "lifter@example.com", "--data-dir", dataDir]).status == 0)
        func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
            let child = try Command.spawn([binary, "import"] + arguments + ["--data-dir", dataDir], captureOutput: true, captureError: true)
            let errors = child.readAllErrors()
            let output = child.readAll()
            return (child.wait(), output, errors)
        }
        let unmapped = try run(["strong", file, "--user", "lifter@example.com", "--unit", "lb"])
        #expect(unmapped.status == 1 && unmapped.errors.contains("Belt Squat (Machine) (2 sets)") && unmapped.errors.contains("nothing was imported"),
                "\(unmapped.errors)")
        let wrongApp = try run(["hevy", file, "--user", "lifter@example.com"])
        #expect(wrongApp.status == 1 && wrongApp.errors.contains("a strong file, not a hevy one"), "\(wrongApp.errors)")
        let landed = try run(["strong", file, "--user", "lifter@example.com", "--unit", "lb", "--create-missing"])
        #expect(landed.status == 0 && landed.output.contains("imported 2 workouts from 2024-08-13 to 2024-08-15")
                && landed.output.contains("made your own: Belt Squat (Machine)"), "\(landed.output) \(landed.errors)")
        let again = try run(["strong", file, "--user", "lifter@example.com", "--unit", "lb"])
        #expect(again.status == 0 && again.output.contains("imported 0 workouts") && again.output.contains("2 already there"), "\(again.output) \(again.errors)")
    }
}
