import Foundation
import Testing
import YarukiAPI
import YarukiCore
import YarukiHTTP
import YarukiJSON
import YarukiTestSupport

/// A logged workout is read by a reader of its own (`WorkoutBody.read`), which must give exactly
/// what `JSONDecoder` gives for every body it takes, and leave every other body to `JSONDecoder`.
@Suite struct WorkoutBodyReadingTests {
    static let texts = ["", "felt strong", "quote \" and backslash \\ and slash /", "line\nbreak\ttab", "脚の日", "하체 운동", "emoji 🏋️‍♀️",
                        "control \u{01}\u{1F}", String(repeating: "long ", count: 200)]
    static let weights: [Double] = [0, 20, 2.5, 60.1699, 102.25, 1000, 0.1, 1e-7, 333.3333333333333]
    static let exercises = ["barbell-squat", "bench-press", "deadlift", "my-own-row", "unknown-one"]

    static func body(_ random: inout SeededRandom) -> WorkoutBody {
        func maybe<T>(_ make: () -> T) -> T? { random.next() % 3 == 0 ? nil : make() }
        func pick<T>(_ list: [T]) -> T { list[Int(random.next() % UInt64(list.count))] }
        let start = Date(timeIntervalSince1970: Double(1_600_000_000 + random.next() % 200_000_000) + pick([0, 0.25, 0.5]))
        let entries = (0..<(1 + Int(random.next() % 6))).map { _ in
            WorkoutEntry(exerciseId: pick(exercises), sets: (0..<Int(random.next() % 6)).map { _ in
                WorkoutSet(reps: maybe { Int(random.next() % 30) }, seconds: maybe { Int(random.next() % 600) }, weightKg: maybe { pick(weights) },
                           restSeconds: maybe { Int(random.next() % 300) }, type: maybe { pick(SetType.allCases) }, rpe: maybe { pick([6, 7.5, 10]) },
                           rir: maybe { Int(random.next() % 5) }, distanceM: maybe { pick([0, 400, 5000.5]) })
            }, notes: maybe { pick(texts) }, superset: maybe { 1 + Int(random.next() % 3) })
        }
        return WorkoutBody(id: maybe { UUID() }, startedAt: start, endedAt: maybe { start.addingTimeInterval(2700) }, notes: maybe { pick(texts) },
                           exercises: entries)
    }

    /// The same JSON again, keys sorted: equal bytes are equal values.
    static func canonical(_ body: WorkoutBody) throws -> String {
        String(decoding: try JSONCoding.encoder.encode(body), as: UTF8.self)
    }

    @Test func everyWorkoutReadsAsJSONDecoderReadsIt() throws {
        var random = SeededRandom(seed: 35)
        for _ in 0..<400 {
            let workout = Self.body(&random)
            for body in try JSONBodies.of(workout) {
                let read = try #require(try WorkoutBody.read(json: body), "the reader took \(String(decoding: body, as: UTF8.self).prefix(300))")
                #expect(try Self.canonical(read) == Self.canonical(try JSONCoding.decoder.decode(WorkoutBody.self, from: body)))
            }
        }
    }

    /// What the encoder never writes but a client may send: nulls, members it does not know,
    /// fractions of seconds, offsets, numbers written as 5.0 or 1e2, escapes.
    @Test func whatAClientMaySendReadsAsJSONDecoderReadsIt() throws {
        let bodies = [
            #"{"startedAt": "2026-11-29T07:00:00.250+09:00", "endedAt": null, "notes": null, "id": null, "extra": {"a": [1, {"b": null}]},"#
                + #" "exercises": [{"exerciseId": "barbell-squat", "sets": [{"reps": 5.0, "weightKg": 1e2, "restSeconds": 9E1, "type": null,"#
                + #" "rpe": null, "rir": null, "distanceM": -0, "seconds": null, "more": true}], "notes": "\u00e9\ud83d\ude00", "superset": null}]}"#,
            #"{"exercises": [{"sets": [], "exerciseId": "deadlift"}], "startedAt": "2026-11-29T07:00:00Z"}"#,
            #"{"id": "8F6B3C1E-2F4A-4C55-9D51-1B7E9D1F0A11", "startedAt": "2026-11-29t07:00:00z", "exercises": [{"exerciseId": "x", "sets": [{}]}]}"#,
        ]
        for text in bodies {
            let body = Data(text.utf8)
            let read = try #require(try WorkoutBody.read(json: body), "the reader took \(text)")
            #expect(try Self.canonical(read) == Self.canonical(try JSONCoding.decoder.decode(WorkoutBody.self, from: body)), "\(text)")
        }
    }

    /// Anything unusual is left to `JSONDecoder`, which names what is wrong (or, where it takes
    /// what the reader would not, reads it).
    @Test func anUnusualWorkoutIsLeftToJSONDecoder() throws {
        let set = #""exerciseId": "barbell-squat""#
        let unusual = [
            #"{"startedAt": "2026-11-29T07:00:00Z", "startedAt": "2026-11-29T08:00:00Z", "exercises": []}"#,  // a member twice
            #"{"startedAt": "2026-11-29T07:00:00Z", "exercises": [{\#(set), "sets": [{"reps": 1, "reps": 2}]}]}"#,
            #"{"startedAt": "2026-11-29T07:00:00Z", "exercises": [{\#(set), "sets": [{"reps": 5.5}]}]}"#,
            #"{"startedAt": "2026-11-29T07:00:00Z", "exercises": [{\#(set), "sets": [{"reps": "5"}]}]}"#,
            #"{"startedAt": "2026-11-29T07:00:00Z", "exercises": [{\#(set), "sets": [{"type": "heavy"}]}]}"#,
            #"{"startedAt": "2026-11-29T07:00:00Z", "exercises": [{\#(set)}]}"#,  // no sets
            #"{"startedAt": "2026-11-29T07:00:00Z", "exercises": [{"sets": []}]}"#,  // no exercise
            #"{"startedAt": "2026-11-29T07:00:00Z"}"#,
            #"{"startedAt": "yesterday", "exercises": []}"#,
            #"{"startedAt": null, "exercises": []}"#,
            #"{"startedAt": "2026-11-29T07:00:00Z", "exercises": null}"#,
            #"{"startedAt": "2026-11-29T07:00:00Z", "exercises": []} []"#,
            #"[]"#,
            #"{"startedAt": "2026-11-29T07:00:00Z", "exercises": [}"#,
        ]
        for (i, text) in unusual.enumerated() {
            let body = Data(text.utf8)
            #expect(try WorkoutBody.read(json: body) == nil, "\(text)")
            // Past the two members given twice (which JSONDecoder reads its own way), every one is wrong.
            if i >= 2 { #expect((try? JSONCoding.decoder.decode(WorkoutBody.self, from: body)) == nil, "JSONDecoder refuses it too: \(text)") }
        }
        // An id that is not a UUID's 36 characters is refused outright, JSONDecoder not asked:
        // Foundation's parser takes a space, a dash or a sign for a digit and gives another id.
        for id in ["not a uuid", "12345678-1234-1234-1234-12345678 9ab", "12345678-1234-1234-1234-12345678-9ab", "+2345678-1234-1234-1234-123456789abc"] {
            let body = Data(#"{"startedAt": "2026-11-29T07:00:00Z", "exercises": [], "id": "\#(id)"}"#.utf8)
            #expect(throws: JSONReader.Invalid(field: "id", message: JSONReader.uuidMessage)) { try WorkoutBody.read(json: body) }
            let request = Request(method: .post, target: "/v1/workouts", headers: HTTPHeaders([("Content-Type", "application/json")]), body: body)
            let error = try #require(throws: HTTPError.self) { try request.decode(WorkoutBody.self) }
            #expect(error.status == 400 && error.errors?.first?.field == "id", "\(id)")
        }
        // Bytes that are not UTF-8.
        #expect(try WorkoutBody.read(json: Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])) == nil)
    }
}
