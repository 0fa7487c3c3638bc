import Foundation
import SpotterCore
import Testing

@testable import SpotterServer

/// The logging page repeats a few Core rules in JavaScript, because a set ticked without
/// signal must show its label, the workout's volume and its rest at once:
/// `workout-format.js` (`label`, `volume`) and `rest-timer.js` (`restAfter`). Nothing
/// else compares them with `SetStrip.label`, `Volume.of` and `RestTimer.event`. This
/// suite writes cases (sets in the JSON the page gets, `WorkoutResponse.SetResponse`),
/// runs the page's own modules on them with node (`tests/js/core-parity.mjs`) and wants
/// the same answers as Core, case by case.
///
/// It needs node (scripts/install-test-deps installs Debian's nodejs, so it runs in
/// scripts/test); without node on the PATH it is skipped.
@Suite("The page's scripts answer as SpotterCore does", .enabled(if: Node.path != nil))
struct ScriptParityTests {
    @Test("set labels, for every kind of exercise in kg and lb")
    func labels() throws {
        let cases = ParityCases.labels()
        let answers = try Node.runParity(ParityCases.Input(labels: cases))
        #expect(answers.labels.count == cases.count)
        for (input, js) in zip(cases, answers.labels) {
            let swift = SetStrip.label(for: input.core, kind: input.kind, unit: input.unit)
            #expect(js == swift, "label of \(input.describe): Core says \(swift), the page says \(js)")
        }
    }

    @Test("workout volume: load and bodyweight reps")
    func volumes() throws {
        let cases = ParityCases.volumes()
        let answers = try Node.runParity(ParityCases.Input(volumes: cases))
        #expect(answers.volumes.count == cases.count)
        for (index, (input, js)) in zip(cases, answers.volumes).enumerated() {
            let swift = Volume.of(input.core, kinds: input.kinds, in: input.unit)
            #expect(
                abs(js.load - swift.load) < 1e-6,
                "workout \(index) in \(input.unit): Core load \(swift.load), the page \(js.load)")
            #expect(js.bodyweightReps == swift.bodyweightReps, "workout \(index): bodyweight reps")
        }
    }

    @Test("the rest after each set: drop sets, supersets, the last set, zero and default rests")
    func rests() throws {
        let cases = ParityCases.rests()
        let answers = try Node.runParity(ParityCases.Input(rests: cases))
        #expect(answers.rests.count == cases.count)
        for (index, (input, jsSets)) in zip(cases, answers.rests).enumerated() {
            let sets = input.core.allSets
            #expect(jsSets.count == sets.count)
            for (set, js) in zip(sets, jsSets) {
                let event = RestTimer.event(completing: set.id, in: input.core, defaultRestSeconds: input.defaultRest, at: .now)
                guard case .setCompleted(_, let seconds, let startsRest, _) = event else {
                    Issue.record("no event for set \(set.id) of workout \(index)")
                    continue
                }
                let expected = startsRest && seconds > 0 ? seconds : 0
                #expect(js.setId == set.id)
                #expect(
                    js.seconds == expected, "workout \(index), set \(set.id): Core rests \(expected) s, the page \(js.seconds) s")
                #expect(js.afterSetId == (expected > 0 ? set.id : nil), "workout \(index): the rest belongs to the set ticked")
            }
        }
    }
}

/// What the suite hands the page's scripts, and builds them from.
enum ParityCases {
    struct LabelCase: Encodable {
        let core: WorkoutSet
        let kind: ExerciseKind
        let unit: MassUnit
        var describe: String {
            "\(core.weight.map { "\($0.value) \($0.unit)" } ?? "no weight") × \(core.reps ?? -1), \(kind) in \(unit)"
        }

        enum CodingKeys: CodingKey { case set, kind, unit }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(WorkoutResponse.SetResponse(core), forKey: .set)
            try container.encode(kind, forKey: .kind)
            try container.encode(unit, forKey: .unit)
        }
    }

    /// A workout as the page's scripts read it: entries with their exercise's kind,
    /// rest, superset group and sets.
    struct WorkoutCase: Encodable {
        let core: Workout
        let kinds: [UUID: ExerciseKind]
        let unit: MassUnit
        let defaultRest: Int

        struct Entry: Encodable {
            let exerciseKind: ExerciseKind
            let restSeconds: Int?
            let supersetGroup: Int?
            let sets: [WorkoutResponse.SetResponse]
        }
        struct Page: Encodable { let entries: [Entry] }

        enum CodingKeys: CodingKey { case workout, unit, defaultRest }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            let entries = core.entries.map { entry in
                Entry(
                    exerciseKind: kinds[entry.exerciseID] ?? .weightReps, restSeconds: entry.restSeconds,
                    supersetGroup: entry.supersetGroup, sets: entry.sets.map { WorkoutResponse.SetResponse($0) })
            }
            try container.encode(Page(entries: entries), forKey: .workout)
            try container.encode(unit, forKey: .unit)
            try container.encode(defaultRest, forKey: .defaultRest)
        }
    }

    struct Input: Encodable {
        var labels: [LabelCase] = []
        var volumes: [WorkoutCase] = []
        var rests: [WorkoutCase] = []
    }

    struct Answers: Decodable {
        struct VolumeAnswer: Decodable { let load: Double; let bodyweightReps: Int }
        struct RestAnswer: Decodable { let setId: UUID; let seconds: Int; let afterSetId: UUID? }
        let labels: [String]
        let volumes: [VolumeAnswer]
        let rests: [[RestAnswer]]
    }

    static let at = Date(timeIntervalSince1970: 1_790_000_000)

    /// Every kind and unit against weights that round at the edges (2.25, 0.05,
    /// 999.95 m), pounds shown in kilograms and back, missing values, durations
    /// across the minute and the hour.
    static func labels() -> [LabelCase] {
        let weights: [Mass?] = [
            nil, Mass(0, .kg), Mass(100, .kg), Mass(102.5, .kg), Mass(2.25, .kg), Mass(0.05, .kg), Mass(225, .lb), Mass(100, .lb),
        ]
        let reps: [Int?] = [nil, 0, 5, 12]
        let durations: [Int?] = [nil, 0, 45, 59, 60, 90, 3723]
        let distances: [Double?] = [nil, 500, 999.95, 1000, 1609.34, 42195]
        var sets: [WorkoutSet] = []
        for weight in weights { for rep in reps { sets.append(set(reps: rep, weight: weight)) } }
        for (duration, distance) in zip(durations, distances + [nil]) {
            sets.append(set(durationSeconds: duration, distanceMeters: distance))
        }
        for distance in distances { sets.append(set(durationSeconds: 1_800, distanceMeters: distance)) }
        return ExerciseKind.allCases.flatMap { kind in
            MassUnit.allCases.flatMap { unit in sets.map { LabelCase(core: $0, kind: kind, unit: unit) } }
        }
    }

    /// Twenty workouts of four exercises, one of each rep-counting kind and a timed one,
    /// with done and planned sets of every set kind, weights in both units and sets
    /// without reps or weight: a fixed sequence, so a failure names a workout that
    /// comes back the same next run.
    static func volumes() -> [WorkoutCase] {
        var numbers = Numbers(seed: 7)
        let kinds: [ExerciseKind] = [.weightReps, .bodyweightReps, .assistedBodyweight, .duration]
        return (0..<20).flatMap { _ in
            let exercises = kinds.map { ($0, UUID()) }
            let entries = exercises.map { kind, exerciseID in
                ExerciseEntry(
                    id: UUID(), exerciseID: exerciseID,
                    sets: (0..<numbers.next(below: 5)).map { _ in
                        var made = set(
                            reps: [nil, 0, 5, 8, 12][numbers.next(below: 5)],
                            weight: [nil, Mass(0, .kg), Mass(60, .kg), Mass(102.5, .kg), Mass(135, .lb), Mass(22.5, .lb)][
                                numbers.next(below: 6)],
                            durationSeconds: kind == .duration ? 60 : nil)
                        made.kind = SetKind.allCases[numbers.next(below: SetKind.allCases.count)]
                        made.done = numbers.next(below: 4) != 0
                        return made
                    })
            }
            let workout = Workout(id: UUID(), ownerID: UUID(), name: "Volume", startedAt: at, entries: entries)
            let byExercise = Dictionary(uniqueKeysWithValues: exercises.map { ($0.1, $0.0) })
            return MassUnit.allCases.map { WorkoutCase(core: workout, kinds: byExercise, unit: $0, defaultRest: 90) }
        }
    }

    /// Workouts whose rests differ by one rule each: an entry's own rest, zero, the
    /// lifter's default (also zero), drop sets after the set ticked, supersets in rounds
    /// and after their last exercise, and the workout's last set.
    static func rests() -> [WorkoutCase] {
        func entry(rest: Int?, group: Int? = nil, kinds: [SetKind]) -> ExerciseEntry {
            ExerciseEntry(
                id: UUID(), exerciseID: UUID(), supersetGroup: group, restSeconds: rest,
                sets: kinds.map {
                    var made = set(reps: 5, weight: Mass(50, .kg)); made.kind = $0; return made
                })
        }
        let shapes: [[ExerciseEntry]] = [
            [entry(rest: 180, kinds: [.warmup, .working, .working]), entry(rest: nil, kinds: [.working, .working])],
            [entry(rest: 0, kinds: [.working, .working]), entry(rest: 60, kinds: [.working])],
            [entry(rest: 90, kinds: [.working, .drop, .drop, .working]), entry(rest: nil, kinds: [.failure, .drop])],
            [
                entry(rest: 60, group: 1, kinds: [.working, .working]), entry(rest: 120, group: 1, kinds: [.working, .working]),
                entry(rest: nil, group: 2, kinds: [.working]), entry(rest: 45, group: 2, kinds: [.working]),
            ],
            [
                entry(rest: nil, group: 1, kinds: [.working]), entry(rest: nil, kinds: [.working]),
                entry(rest: 30, group: 1, kinds: [.working]),
            ],
            [entry(rest: nil, kinds: [.working])],
        ]
        return shapes.flatMap { entries in
            let workout = Workout(id: UUID(), ownerID: UUID(), name: "Rests", startedAt: at, entries: entries)
            return [120, 0].map { WorkoutCase(core: workout, kinds: [:], unit: .kg, defaultRest: $0) }
        }
    }

    static func set(reps: Int? = nil, weight: Mass? = nil, durationSeconds: Int? = nil, distanceMeters: Double? = nil)
        -> WorkoutSet
    {
        WorkoutSet(
            id: UUID(), reps: reps, weight: weight, durationSeconds: durationSeconds, distanceMeters: distanceMeters, done: true,
            loggedAt: at, updatedAt: at)
    }

    /// A small fixed pseudo-random sequence (a linear congruential generator).
    struct Numbers {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(below bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }
}

/// Node, found on the PATH, running the parity harness.
enum Node {
    static let path: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "")
        .split(separator: ":").map { "\($0)/node" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func runParity(_ input: ParityCases.Input) throws -> ParityCases.Answers {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spotter-parity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let casesFile = folder.appendingPathComponent("cases.json")
        try JSONCoding.encoder.encode(input).write(to: casesFile)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path))
        process.arguments = [
            repository.appendingPathComponent("tests/js/core-parity.mjs").path,
            repository.appendingPathComponent("Sources/SpotterServer/Resources/public").path, casesFile.path,
        ]
        let output = folder.appendingPathComponent("answers.json"), errors = folder.appendingPathComponent("errors.txt")
        for file in [output, errors] {
            try #require(FileManager.default.createFile(atPath: file.path, contents: nil), "cannot write \(file.path)")
        }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        try #require(process.terminationStatus == 0, "node failed: \(stderr)")
        return try JSONDecoder().decode(ParityCases.Answers.self, from: Data(contentsOf: output))
    }
}
