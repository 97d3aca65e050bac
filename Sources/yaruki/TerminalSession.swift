import Foundation
import YarukiAPI
import YarukiClient
import YarukiCore

/// `yaruki timer --routine NAME --url URL --email E`: the training session of the browser, in a
/// terminal. The same `TrainingSession` rules; the session is the server's (started from the
/// routine, or the one under way carried on), saved after every change, so the browser or the
/// phone finds it. Keys: Space or Enter marks the set in hand done (during a rest: ends it),
/// + counts a rep, [ and ] take 15 s off or add 15 s to the rest, U takes the last done set back,
/// F finishes and logs it, Q leaves it under way for later. The terminal is restored on every way out.
enum TerminalSession {
    static func run(client: YarukiClient, routine name: String) -> Int32 {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            FileHandle.standardError.write(Data("yaruki: timer needs a terminal\n".utf8))
            return 1
        }
        var session: TrainingSession
        var catalog: [String: Exercise]
        do {
            (session, catalog) = try blocking {
                let catalog = Dictionary(uniqueKeysWithValues: try await client.exercises().map { ($0.id, $0) })
                if let current = try await client.currentSession() { return (current, catalog) }
                let routines = try await client.myRoutines()
                guard let routine = routines.first(where: { $0.title.localizedCaseInsensitiveCompare(name) == .orderedSame })
                    ?? routines.first(where: { $0.title.localizedCaseInsensitiveContains(name) }) else {
                    throw CLIError("no routine of yours is called '\(name)'; yours: " + routines.map(\.title).joined(separator: ", "))
                }
                return (try await client.startSession(routineId: routine.id), catalog)
            }
        } catch {
            FileHandle.standardError.write(Data("yaruki: \(error)\n".utf8))
            return 1
        }
        let names = catalog.mapValues { $0.names["en"] ?? $0.id }
        TerminalTimer.enterRawMode()
        var finished: SessionFinish?
        var failure: String?
        var bell = false
        while TerminalTimer.stop == 0 {
            var changed = false
            guard let bytes = TerminalTimer.keys() else { break }
            do {
                for byte in bytes {
                    let now = Date()
                    switch byte {
                    case 32, 13, 10:
                        if session.phase == .rest {
                            session.send(.skipRest, at: now)
                        } else if let hand = session.current {
                            session.send(.toggleSet(exercise: hand.exercise, set: hand.set), at: now)
                        }
                        changed = true
                    case UInt8(ascii: "+"), UInt8(ascii: "="): session.send(.countRep, at: now); changed = true
                    case UInt8(ascii: "["): session.send(.adjustRest(-TrainingSession.adjustStep), at: now); changed = true
                    case UInt8(ascii: "]"): session.send(.adjustRest(TrainingSession.adjustStep), at: now); changed = true
                    case UInt8(ascii: "u"), UInt8(ascii: "U"):
                        if let last = lastDone(session) { session.send(.toggleSet(exercise: last.0, set: last.1), at: now); changed = true }
                    case UInt8(ascii: "f"), UInt8(ascii: "F"):
                        session.send(.finish, at: now)
                        let final = session
                        do { finished = try blocking { try await client.finishSession(final) } } catch { failure = "\(error)" }
                        TerminalTimer.stop = 1
                    case UInt8(ascii: "q"), UInt8(ascii: "Q"), 3, 4: TerminalTimer.stop = 1
                    default: break
                    }
                }
            }
            let effects = session.send(.tick, at: Date())
            bell = effects.contains(.playSound) || bell
            if changed, session.phase != .finished {
                let state = session
                do { _ = try blocking { try await client.saveSession(state) } } catch { failure = "the session could not be saved: \(error)" }
            }
            draw(session, names: names, bell: bell, note: failure)
            bell = false
        }
        TerminalTimer.restore()
        if let finished {
            let s = finished.summary
            print("Finished: \(s.sets) set\(s.sets == 1 ? "" : "s"), \(format(s.volumeKg)) kg, \(s.durationSeconds / 60) min")
            for record in s.records { print("  record: \(names[record.exerciseId] ?? record.exerciseId) \(describe(record))") }
            if s.records.isEmpty { print("  no new records this time") }
        } else if let failure {
            print("yaruki: \(failure)")
            return 1
        } else {
            print("The session stays under way: \(session.exercises.flatMap(\.sets).filter(\.done).count) sets done. Run the same command to carry on.")
        }
        return 0
    }

    static func lastDone(_ s: TrainingSession) -> (Int, Int)? {
        var found: (Int, Int, Date)?
        for (e, exercise) in s.exercises.enumerated() {
            for (i, set) in exercise.sets.enumerated() where set.done {
                if let at = set.completedAt, found.map({ at >= $0.2 }) ?? true { found = (e, i, at) }
            }
        }
        return found.map { ($0.0, $0.1) }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    static func setText(_ set: TrainingSession.SessionSet) -> String {
        let weight = set.weightKg.map { "\(format($0)) kg × " } ?? "× "
        let type = set.type.flatMap { $0 == .working ? nil : " (\($0.rawValue))" } ?? ""
        if let seconds = set.seconds { return "\(seconds) s" + type }
        return weight + (set.reps.map(String.init) ?? "?") + type
    }

    static func describe(_ r: PersonalRecords.Record) -> String {
        switch r.kind {
        case .heaviest: "heaviest ever, \(format(r.value)) kg"
        case .estimatedOneRepMax: "best estimated 1RM, \(format(r.value)) kg (\(format(r.weightKg)) kg × \(r.reps))"
        case .mostReps: r.weightKg > 0 ? "most reps at \(format(r.weightKg)) kg: \(r.reps)" : "most reps: \(r.reps)"
        case .longest: "longest, \(Int(r.value)) s"
        case .farthest: "farthest, \(format(r.value)) m"
        }
    }

    static func draw(_ s: TrainingSession, names: [String: String], bell: Bool, note: String?) {
        var size = winsize()
        _ = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size)
        let width = max(40, Int(size.ws_col))
        let now = Date()
        let resting = s.phase == .rest
        let seconds = s.remainingSeconds(at: now)
        let figure = resting ? (seconds >= 60 ? "\(seconds / 60):" + String(format: "%02d", seconds % 60) : "\(seconds)") : "\(s.counted)"
        var lines: [String] = ["", s.title.uppercased(), ""]
        let state: String
        if resting {
            state = s.restFinished ? "REST IS OVER - GO!" : "REST"
        } else if let hand = s.current {
            state = "\((names[s.exercises[hand.exercise].exerciseId] ?? "").uppercased()) - SET \(hand.set + 1) OF \(s.exercises[hand.exercise].sets.count) - REPS"
        } else {
            state = "EVERY SET DONE - [F] FINISH"
        }
        lines += [state, ""] + TerminalTimer.big(figure) + ["", resting ? "[SPACE] NEXT SET   [ ] = -15s/+15s" : "[SPACE] SET DONE   + COUNT A REP", ""]
        for (e, exercise) in s.exercises.enumerated() {
            lines.append((names[exercise.exerciseId] ?? exercise.exerciseId))
            for (i, set) in exercise.sets.enumerated() {
                let hand = s.current.map { $0.exercise == e && $0.set == i } ?? false
                let last = set.previous.map { "   last time \(setText(TrainingSession.SessionSet(reps: $0.reps, seconds: $0.seconds, weightKg: $0.weightKg)))" } ?? ""
                lines.append("\(set.done ? "[x]" : hand ? "[>]" : "[ ]") \(i + 1)  \(setText(set))\(last)")
            }
        }
        lines += ["", "U undo   F finish and log   Q leave for later"]
        if let note { lines.append(note) }
        var out = "\u{1B}[H\u{1B}[2J" + (bell ? "\u{7}" : "")
        let color = resting ? (s.restFinished ? "\u{1B}[1;32m" : "\u{1B}[1;33m") : "\u{1B}[1m"
        for (i, line) in lines.enumerated() {
            let centred = i < 12
            let pad = centred ? String(repeating: " ", count: max(0, (width - line.count) / 2)) : "  "
            out += pad + ((5...9).contains(i) ? color + line + "\u{1B}[0m" : line) + "\r\n"
        }
        TerminalTimer.write(out)
    }
}

struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
