import Foundation
import Testing
import YarukiTestSupport

/// Apple Health exports written the way an iPhone writes them: the iOS 16 DTD (whose
/// `WorkoutActivity` is declared twice, which strict parsers refuse), `Record` rows with their
/// source, device and local offsets, `ActivitySummary` rows, and the zip around them.
struct HealthExportFile {
    static let watch = #"sourceName="Taro’s Apple Watch" sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x2834a8f00&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;""#
    static let watch2 = #"sourceName="Taro’s Old Watch" sourceVersion="9.6" device="&lt;&lt;HKDevice: 0x2834a8f11&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch4,1, software:9.6&gt;""#
    static let phone = #"sourceName="Taro’s iPhone" sourceVersion="17.1.1" device="&lt;&lt;HKDevice: 0x28349c0a0&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:17.1.1&gt;""#
    static let app = #"sourceName="Gym &amp; Run" sourceVersion="3.2""#

    static let dtd = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 14 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ELEMENT ExportDate EMPTY>
        <!ATTLIST ExportDate
          value CDATA #REQUIRED
        >
        <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
        <!ATTLIST Record
          type          CDATA #REQUIRED
          unit          CDATA #IMPLIED
          value         CDATA #IMPLIED
          sourceName    CDATA #REQUIRED
          startDate     CDATA #REQUIRED
          endDate       CDATA #REQUIRED
        >
        <!-- Note: the "[" in this comment and the ">" in a quoted default must not end the DTD: a]>b -->
        <!ELEMENT WorkoutActivity ((MetadataEntry)*)>
        <!ATTLIST WorkoutActivity
          uuid                  CDATA #REQUIRED
          startDate             CDATA #REQUIRED
          note                  CDATA "a > b"
        >
        <!ELEMENT WorkoutActivity ((MetadataEntry)*)>
        <!ELEMENT ActivitySummary EMPTY>
        ]>
        <HealthData locale="ja_JP">
         <ExportDate value="2026-11-30 21:04:11 +0900"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-04-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>

        """

    var lines: [String] = []

    static func record(_ type: String, _ source: String, unit: String?, _ start: String, _ end: String, _ value: String) -> String {
        " <Record type=\"\(type)\" \(source)\(unit.map { " unit=\"\($0)\"" } ?? "") creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\"/>"
    }

    mutating func steps(_ source: String, _ start: String, _ end: String, _ value: Int) {
        lines.append(Self.record("HKQuantityTypeIdentifierStepCount", source, unit: "count", start, end, "\(value)"))
    }

    mutating func add(_ type: String, _ source: String, unit: String?, _ start: String, _ end: String, _ value: String) {
        lines.append(Self.record(type, source, unit: unit, start, end, value))
    }

    var text: String { Self.dtd + lines.joined(separator: "\n") + "\n</HealthData>\n" }

    func write(_ path: String) {
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    }

    /// A zip holding `files` (name → contents) as an iPhone's export.zip does, made by Python's zipfile.
    static func zip(_ path: String, _ files: [(String, Data)]) throws {
        let folder = NSTemporaryDirectory() + "yaruki-zip-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var arguments: [String] = []
        for (i, (name, data)) in files.enumerated() {
            #expect(FileManager.default.createFile(atPath: folder + "/\(i)", contents: data))
            arguments += [name, folder + "/\(i)"]
        }
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                rest = sys.argv[2:]
                for name, source in zip(rest[0::2], rest[1::2]):
                    z.write(source, name)
            """
        let made = try Command.run(["/usr/bin/env", "python3", "-c", script, path] + arguments)
        precondition(made.status == 0, "python3 zipfile could not write \(path): \(made.output)")
    }

    static func temporary(_ ext: String) -> String { NSTemporaryDirectory() + "yaruki-health-\(UUID().uuidString).\(ext)" }
}
