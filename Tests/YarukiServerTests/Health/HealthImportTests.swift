import Foundation
import Testing
import YarukiCore
import YarukiStore
import YarukiTestSupport
@testable import YarukiServer

/// Apple Health exports read into days: overlapping sources counted once, units converted,
/// midnight splits, the person's time zone, the broken DTD and control characters, zips with a
/// localized name, and files that are not exports.
@Suite struct HealthImportTests {
    typealias File = HealthExportFile
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    static func read(_ path: String, zone: TimeZone = tokyo, buffer: Int = 4 << 20) throws -> HealthImporter.Outcome {
        var importer = HealthImporter(timeZone: zone, scratch: NSTemporaryDirectory())
        importer.bufferSize = buffer
        return try importer.read(path) { _ in }
    }

    static func day(_ outcome: HealthImporter.Outcome, _ date: String) -> HealthStore.SourceDay? {
        outcome.days.first { $0.day == DayNumber.of(date) }
    }

    /// One day of a Watch, an iPhone, an older Watch and an app, all on 2026-11-20 in Tokyo.
    static var mixed: File {
        var f = File()
        let d = "2026-11-20"
        func t(_ time: String) -> String { "\(d) \(time):00 +0900" }
        // Steps: the Watch's 600 wins over the phone's 500 for the same ten minutes; the phone's
        // 08:05–08:15 sample counts only for the five minutes the Watch did not cover (150);
        // the phone's noon walk is its own (200); the Watch's record written twice counts once.
        f.steps(File.watch, t("08:00"), t("08:10"), 600)
        f.steps(File.watch, t("08:00"), t("08:10"), 600)
        f.steps(File.phone, t("08:00"), t("08:10"), 500)
        f.steps(File.phone, t("08:05"), t("08:15"), 300)
        f.steps(File.phone, t("12:00"), t("12:10"), 200)
        f.add("HKQuantityTypeIdentifierStepCount", File.phone, unit: "furlong", t("13:00"), t("13:10"), "5")
        // Distance in three units: 1.2 km (Watch), 300 m under it (phone, covered), 0.5 mi alone.
        f.add("HKQuantityTypeIdentifierDistanceWalkingRunning", File.watch, unit: "km", t("08:00"), t("08:10"), "1.2")
        f.add("HKQuantityTypeIdentifierDistanceWalkingRunning", File.phone, unit: "m", t("08:00"), t("08:10"), "300")
        f.add("HKQuantityTypeIdentifierDistanceWalkingRunning", File.phone, unit: "mi", t("14:00"), t("14:20"), "0.5")
        // Energy: 100 kcal (Watch) over the app's 50 Cal at the same time; the app's 418.4 kJ alone.
        f.add("HKQuantityTypeIdentifierActiveEnergyBurned", File.watch, unit: "kcal", t("08:00"), t("08:30"), "100")
        f.add("HKQuantityTypeIdentifierActiveEnergyBurned", File.app, unit: "Cal", t("08:00"), t("08:30"), "50")
        f.add("HKQuantityTypeIdentifierActiveEnergyBurned", File.app, unit: "kJ", t("18:00"), t("18:30"), "418.4")
        // Exercise: 30 min and 600 s.
        f.add("HKQuantityTypeIdentifierAppleExerciseTime", File.watch, unit: "min", t("07:00"), t("07:30"), "30")
        f.add("HKQuantityTypeIdentifierAppleExerciseTime", File.app, unit: "s", t("19:00"), t("19:10"), "600")
        // Stand: hours 8 and 10 stood (the old Watch's hour 8 too: still one hour), 9 idle; 5 + 3 minutes.
        f.add("HKCategoryTypeIdentifierAppleStandHour", File.watch, unit: nil, t("08:00"), t("09:00"), "HKCategoryValueAppleStandHourStood")
        f.add("HKCategoryTypeIdentifierAppleStandHour", File.watch, unit: nil, t("09:00"), t("10:00"), "HKCategoryValueAppleStandHourIdle")
        f.add("HKCategoryTypeIdentifierAppleStandHour", File.watch, unit: nil, t("10:00"), t("11:00"), "HKCategoryValueAppleStandHourStood")
        f.add("HKCategoryTypeIdentifierAppleStandHour", File.watch2, unit: nil, t("08:00"), t("09:00"), "HKCategoryValueAppleStandHourStood")
        f.add("HKQuantityTypeIdentifierAppleStandTime", File.watch, unit: "min", t("08:00"), t("08:05"), "5")
        f.add("HKQuantityTypeIdentifierAppleStandTime", File.watch, unit: "min", t("10:00"), t("10:03"), "3")
        // Kinds Yaruki does not keep, one with children and a stray vertical tab in a value.
        f.lines.append(" <Record type=\"HKQuantityTypeIdentifierHeartRate\" \(File.watch) unit=\"count/min\" startDate=\"\(t("08:01"))\" endDate=\"\(t("08:01"))\" value=\"92\">")
        f.lines.append("  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"1\u{0B}\"/>")
        f.lines.append(" </Record>")
        f.add("HKCategoryTypeIdentifierSleepAnalysis", File.watch, unit: nil, t("23:00"), t("23:50"), "HKCategoryValueSleepAnalysisAsleepCore")
        return f
    }

    @Test func overlappingSourcesCountOnceAndUnitsConvert() throws {
        let path = File.temporary("xml")
        defer { unlink(path) }
        Self.mixed.write(path)
        let outcome = try Self.read(path)
        #expect(outcome.days.count == 1)
        let day = try #require(Self.day(outcome, "2026-11-20"))
        #expect(day.source == "Apple Health")
        #expect(day.totals.steps == 950)
        #expect(abs(day.totals.distanceMeters - 2004.672) < 1e-6)
        #expect(abs(day.totals.activeEnergyKcal - 200) < 1e-9)
        #expect(abs(day.totals.exerciseMinutes - 40) < 1e-9)
        #expect(day.totals.standHours == 2)
        #expect(day.totals.standMinutes == 8)
        // Every device that counted something, Watch first; the old Watch's hour was the new one's.
        #expect(day.devices == ["Taro’s Apple Watch", "Taro’s iPhone", "Gym & Run"])
        #expect(outcome.skipped == 1)
        #expect(outcome.records == 22)
    }

    @Test(arguments: [61, 97, 1000, 4 << 20])
    func recordsCutByTheReadersWindowReadTheSame(buffer: Int) throws {
        let path = File.temporary("xml")
        defer { unlink(path) }
        Self.mixed.write(path)
        let small = try Self.read(path, buffer: buffer)
        let whole = try Self.read(path)
        #expect(small.days == whole.days)
        #expect(small.records == whole.records)
    }

    @Test func theBrokenDTDAndControlCharactersThatStrictParsersRefuseAreReadAnyway() throws {
        let path = File.temporary("xml")
        defer { unlink(path) }
        Self.mixed.write(path)
        let strict = try Command.run(["/usr/bin/env", "python3", "-c", "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])", path])
        #expect(strict.status != 0, "Python's parser is expected to refuse the vertical tab: \(strict.output)")
        #expect(try Self.read(path).days.count == 1)
    }

    @Test func aSampleAcrossMidnightIsSharedByTimeInThePersonsZone() throws {
        var f = File()
        f.steps(File.watch, "2026-11-20 23:30:00 +0900", "2026-11-21 00:30:00 +0900", 600)
        f.add("HKQuantityTypeIdentifierActiveEnergyBurned", File.watch, unit: "kcal", "2026-11-20 23:45:00 +0900", "2026-11-21 00:45:00 +0900", "40")
        let path = File.temporary("xml")
        defer { unlink(path) }
        f.write(path)
        let tokyo = try Self.read(path)
        #expect(Self.day(tokyo, "2026-11-20")?.totals.steps == 300)
        #expect(Self.day(tokyo, "2026-11-21")?.totals.steps == 300)
        #expect(Self.day(tokyo, "2026-11-20")?.totals.activeEnergyKcal == 10)
        #expect(Self.day(tokyo, "2026-11-21")?.totals.activeEnergyKcal == 30)
        // For someone in London the same hour is 14:30–15:30 on the 20th; in New York 09:30–10:30.
        for zone in ["Europe/London", "America/New_York"] {
            let other = try Self.read(path, zone: TimeZone(identifier: zone)!)
            #expect(other.days.count == 1)
            #expect(Self.day(other, "2026-11-20")?.totals.steps == 600)
        }
        // In Kiritimati (+14) it is already the 21st from 03:30 to 04:30.
        #expect(Self.day(try Self.read(path, zone: TimeZone(identifier: "Pacific/Kiritimati")!), "2026-11-21")?.totals.steps == 600)
    }

    @Test func activitySummariesAreTheRingsTheWatchClosed() throws {
        var f = Self.mixed
        f.lines.append(#" <ActivitySummary dateComponents="2026-11-20" activeEnergyBurned="432.1" activeEnergyBurnedGoal="500" activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="34" appleExerciseTimeGoal="30" appleStandHours="11" appleStandHoursGoal="12"/>"#)
        f.lines.append(#" <ActivitySummary dateComponents="2026-11-19" activeEnergyBurned="1046" activeEnergyBurnedUnit="kJ" appleExerciseTime="0" appleStandHours="9"/>"#)
        let path = File.temporary("xml")
        defer { unlink(path) }
        f.write(path)
        let outcome = try Self.read(path)
        let day = try #require(Self.day(outcome, "2026-11-20"))
        #expect(day.totals.activeEnergyKcal == 432.1)
        #expect(day.totals.exerciseMinutes == 34)
        #expect(day.totals.standHours == 11)
        #expect(day.totals.steps == 950)
        // A day with only its summary: 1046 kJ is 250 kcal; no exercise stays 0.
        let before = try #require(Self.day(outcome, "2026-11-19"))
        #expect(abs(before.totals.activeEnergyKcal - 250) < 0.01)
        #expect(before.totals.standHours == 9)
        #expect(before.totals.exerciseMinutes == 0)
        #expect(outcome.summaries == 2)
    }

    @Test func theDataIsFoundInAZipUnderALocalizedNameBesideTheClinicalFile() throws {
        let xml = File.temporary("xml"), zip = File.temporary("zip")
        defer { unlink(xml); unlink(zip) }
        Self.mixed.write(xml)
        // The clinical document is larger than the data, so picking the largest XML would be wrong.
        let cda = "<?xml version=\"1.0\"?>\n<ClinicalDocument xmlns=\"urn:hl7-org:v3\">" + String(repeating: "<entry/>", count: 20_000) + "</ClinicalDocument>"
        try File.zip(zip, [("apple_health_export/書き出したデータ.xml", Data(Self.mixed.text.utf8)),
                           ("apple_health_export/export_cda.xml", Data(cda.utf8)),
                           ("apple_health_export/workout-routes/route_2026-11-20_8.02am.gpx", Data("<gpx></gpx>".utf8))])
        let fromZip = try Self.read(zip)
        #expect(fromZip.days == (try Self.read(xml)).days)
        #expect(fromZip.days.first?.totals.steps == 950)
    }

    @Test func filesThatAreNotExportsSayWhatIsWrong() throws {
        let path = File.temporary("bin")
        defer { unlink(path) }
        func failure(_ bytes: Data) -> String {
            #expect(FileManager.default.createFile(atPath: path, contents: bytes))
            do {
                _ = try Self.read(path)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let text = Self.mixed.text
        let cut = Data(text.utf8.prefix(text.utf8.count * 2 / 3))
        let truncated = failure(cut)
        #expect(truncated.contains("ends early, at byte"), "\(truncated)")
        // The byte named is inside what was sent.
        let offset = Int(truncated.components(separatedBy: "at byte ").last?.split(separator: ",").first ?? "") ?? -1
        #expect((1...cut.count).contains(offset), "\(truncated)")
        #expect(failure(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])).contains("not XML (byte 0"))
        #expect(failure(Data("{\"steps\": 100}".utf8)).contains("not XML"))
        #expect(failure(Data("<?xml version=\"1.0\"?><ClinicalDocument></ClinicalDocument>".utf8)).contains("not an Apple Health export"))
        #expect(failure(Data()).contains("empty"))
        #expect(failure(Data("<HealthData><Record type=\"x\" value=3/></HealthData>".utf8)).contains("without quotes"))

        let zip = File.temporary("zip")
        defer { unlink(zip) }
        try File.zip(zip, [])
        #expect(failure(try Data(contentsOf: URL(fileURLWithPath: zip))).contains("The zip is empty"))
        try File.zip(zip, [("apple_health_export/export.xml", Data(text.utf8))])
        let whole = try Data(contentsOf: URL(fileURLWithPath: zip))
        #expect(failure(whole.prefix(whole.count / 2)).contains("damaged or cut short"))
        try File.zip(zip, [("notes/readme.txt", Data("hello".utf8))])
        #expect(failure(try Data(contentsOf: URL(fileURLWithPath: zip))).contains("no Apple Health export"))
    }
}

/// `yaruki import health` as an operator runs it.
@Suite struct HealthImportCommandTests {
    @Test func theCommandImportsAZipAndSaysWhatLanded() throws {
        let dataDir = NSTemporaryDirectory() + "yaruki-cli-health-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let binary = BinaryTests.binary
        let made = try Command.run([binary, "user", "create", "--email", "taro@example.com", "--data-dir", dataDir])
        #expect(made.status == 0, "\(made.output)")
        // The account lives in UTC: the export's day in Tokyo (07:00 to 19:10 +0900) spans the 19th and the 20th there.
        let zip = HealthExportFile.temporary("zip")
        defer { unlink(zip) }
        try HealthExportFile.zip(zip, [("apple_health_export/書き出したデータ.xml", Data(HealthImportTests.mixed.text.utf8))])
        let run = try Command.run([binary, "import", "health", zip, "--user", "taro@example.com", "--data-dir", dataDir])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("imported 2 days from 2026-11-19 to 2026-11-20 (UTC) from 22 records (18 used, 1 skipped)"), "\(run.output)")

        let broken = HealthExportFile.temporary("xml")
        defer { unlink(broken) }
        let text = HealthImportTests.mixed.text
        #expect(FileManager.default.createFile(atPath: broken, contents: Data(text.utf8.prefix(text.utf8.count / 2))))
        func failure(_ arguments: [String]) throws -> (status: Int32, message: String) {
            let child = try Command.spawn([binary, "import", "health"] + arguments + ["--data-dir", dataDir], captureOutput: true, captureError: true)
            let message = child.readAllErrors()
            return (child.wait(), message)
        }
        let failed = try failure([broken, "--user", "taro@example.com"])
        #expect(failed.status == 1)
        #expect(failed.message.contains("ends early, at byte"), "\(failed.message)")
        let nobody = try failure([zip, "--user", "nobody@example.com"])
        #expect(nobody.status == 1)
        #expect(nobody.message.contains("no account with the email nobody@example.com"), "\(nobody.message)")
        // The broken file left the two days as the zip made them: nothing half-imported.
        let again = try Command.run([binary, "import", "health", zip, "--user", "taro@example.com", "--data-dir", dataDir])
        #expect(again.output.contains("imported 2 days"), "\(again.output)")
    }

    /// A hostile export: three million copies of one record on one day (a zip of a few MB).
    /// The importer drops repeats while spilling, so its peak memory stays small whatever the
    /// file holds; three million distinct samples on one day are refused with a clear error.
    @Test func aHostileExportTakesLittleMemoryAndADayOfMillionsIsRefused() throws {
        let dataDir = NSTemporaryDirectory() + "yaruki-cli-hostile-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dataDir) }
        let binary = BinaryTests.binary
        #expect(try Command.run([binary, "user", "create", "--email", "h@example.com", "--data-dir", dataDir]).status == 0)
        let same = HealthExportFile.temporary("zip"), distinct = HealthExportFile.temporary("zip")
        defer { unlink(same); unlink(distinct) }
        let maker = repositoryRoot + "/bench/health/make_hostile.py"
        #expect(try Command.run(["/usr/bin/env", "python3", maker, same, "--records", "3000000"]).status == 0)
        #expect(try Command.run(["/usr/bin/env", "python3", maker, distinct, "--records", "150000", "--distinct"]).status == 0)
        // The child's peak resident memory, as the kernel counted it (KB).
        let measure = """
            import resource, subprocess, sys
            run = subprocess.run(sys.argv[1:], capture_output=True, text=True)
            print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, run.stdout.strip().replace("\\n", " "), run.stderr.strip())
            """
        let result = try Command.run(["/usr/bin/env", "python3", "-c", measure, binary, "import", "health", same, "--user", "h@example.com",
                                      "--data-dir", dataDir])
        let words = result.output.split(separator: " ")
        #expect(words.first == "0", "\(result.output)")
        let peakKB = try #require(words.dropFirst().first.flatMap { Int($0) })
        #expect(peakKB < 150 * 1024, "peak RSS \(peakKB / 1024) MB for three million records on one day")
        #expect(result.output.contains("from 3000000 records"), "\(result.output)")
        let refused = try Command.run(["/usr/bin/env", "python3", "-c", measure, binary, "import", "health", distinct, "--user", "h@example.com",
                                       "--data-dir", dataDir])
        #expect(refused.output.hasPrefix("1 "), "\(refused.output)")
        #expect(refused.output.contains("more than 100,000 samples on"), "\(refused.output)")
    }
}
