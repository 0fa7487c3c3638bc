import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

/// The three real exports in Samples/ (the first 16 KB of each). The expected
/// numbers were counted independently of the reader, with Python's csv module
/// over the same files.
@Suite("Sample exports")
struct SampleFileTests {
    static func sample(_ name: String) throws -> String {
        try #require(Bundle.module.path(forResource: "Samples/\(name)", ofType: "csv"))
    }

    static func read(_ name: String, unit: MassUnit = .kg) throws -> ImportFile {
        try ImportReader.read(path: try sample(name), source: nil, assumedUnit: unit)
    }

    static func count(_ file: ImportFile, _ kind: SetKind) -> Int {
        file.workouts.flatMap(\.sets).filter { $0.kind == kind }.count
    }

    static func volume(_ file: ImportFile) -> Double {
        file.workouts.flatMap(\.sets).reduce(0) { $0 + $1.volumeKilograms }
    }

    @Test("Strong, comma layout with W, D and F markers")
    func strongLegacy() throws {
        let file = try Self.read("legacy-comma-kg-W-D-F.prefix")
        #expect(file.source == .strong)
        #expect(file.rows == 184)
        #expect(file.skipped.isEmpty)
        #expect(file.notices.isEmpty)
        #expect(file.statedUnit == nil)
        #expect(file.workouts.count == 9)
        #expect(file.setCount == 184)
        #expect(Self.count(file, .warmup) == 9)
        #expect(Self.count(file, .drop) == 4)
        #expect(Self.count(file, .failure) == 6)
        #expect(Self.count(file, .working) == 165)
        #expect(abs(Self.volume(file) - 59_323) < 1e-6)
        #expect(file.firstStart == LocalDateTime(year: 2024, month: 6, day: 18, hour: 11, minute: 4))
        #expect(file.lastStart == LocalDateTime(year: 2024, month: 7, day: 22, hour: 20, minute: 10, second: 58))
        // 1h ×5, 1h 9m, 1h 4m, 57m, 1h 22m.
        #expect(file.workouts.map(\.durationSeconds) == [3600, 3600, 3600, 3600, 3600, 4140, 3840, 3420, 4920])
        // Line 9: the failed 150 kg deadlift (F, 0 reps) is a set of its own.
        #expect(file.workouts.first?.sets.last == ImportedSet(kind: .failure, reps: 0, weight: Mass(150, .kg)))
    }

    @Test("Strong, comma layout read for a pound user: weights in pounds, the same counts")
    func strongLegacyInPounds() throws {
        let file = try Self.read("legacy-comma-kg-W-D-F.prefix", unit: .lb)
        #expect(file.setCount == 184)
        #expect(file.workouts.first?.sets.first?.weight == Mass(60, .lb))
        #expect(abs(Self.volume(file) - 59_323 * Mass.kilogramsPerPound) < 1e-6)
    }

    @Test("Hevy, kg, with warm-ups, drop sets and a timed set")
    func hevy() throws {
        let file = try Self.read("kg-warmup-dropset-timed.prefix")
        #expect(file.source == .hevy)
        #expect(file.rows == 148)
        #expect(file.skipped.isEmpty)
        #expect(file.notices.isEmpty)
        #expect(file.statedUnit == .kg)
        #expect(file.workouts.count == 7)
        #expect(file.setCount == 148)
        #expect(Self.count(file, .warmup) == 8)
        #expect(Self.count(file, .drop) == 10)
        #expect(Self.count(file, .failure) == 0)
        #expect(abs(Self.volume(file) - 73_299) < 1e-6)
        #expect(file.firstStart == LocalDateTime(year: 2024, month: 8, day: 30, hour: 20, minute: 33))
        #expect(file.lastStart == LocalDateTime(year: 2024, month: 9, day: 13, hour: 14, minute: 11))
        #expect(file.workouts.map(\.durationSeconds) == [5100, 4320, 3120, 4500, 5580, 4680, 4080])
        let last = try #require(file.workouts.last)
        #expect(
            last.entries.first == ImportedEntry(exerciseName: "Pamela Reif Ab Workout", sets: [ImportedSet(durationSeconds: 600)])
        )
        let back = try #require(
            file.workouts.first { $0.start == LocalDateTime(year: 2024, month: 9, day: 8, hour: 17, minute: 43) })
        #expect(back.entries.first { $0.exerciseName == "Straight Arm Lat Pulldown (Cable)" }?.notes == "Jó aktiváció")
    }

    @Test("FitNotes, Weight Unit column, names with unquoted commas")
    func fitNotes() throws {
        let file = try Self.read("new-weight-unit-col-unquoted-commas.prefix", unit: .lb)
        #expect(file.source == .fitnotes)
        #expect(file.rows == 260)
        #expect(file.skipped.isEmpty)
        #expect(file.notices.isEmpty)
        #expect(file.statedUnit == .kg)
        #expect(file.workouts.count == 13)
        #expect(file.setCount == 260)
        #expect(Self.count(file, .warmup) == 0)
        #expect(Self.count(file, .drop) + Self.count(file, .failure) == 0)
        #expect(abs(Self.volume(file) - 35_746.5) < 1e-6)
        #expect(file.firstStart == LocalDateTime(year: 2025, month: 4, day: 29, hour: 12))
        #expect(file.lastStart == LocalDateTime(year: 2025, month: 5, day: 15, hour: 12))
        #expect(file.workouts.map(\.entries.count) == [6, 4, 8, 6, 4, 3, 3, 8, 4, 8, 6, 8, 2])
        #expect(file.exerciseNames.count == 27)
        #expect(file.exerciseNames.contains("Overhead Press (Each Side, Dumbbells)"))
        // The 16 rows with a comma in the name: 4 on 29 April, 6 on 7 May, 1 on 9 May, 5 on 13 May.
        let overhead = file.workouts.flatMap(\.entries).filter { $0.exerciseName == "Overhead Press (Each Side, Dumbbells)" }
        #expect(overhead.reduce(0) { $0 + $1.sets.count } == 16)
        #expect(overhead.allSatisfy { $0.category == "Shoulders" })
        #expect(
            overhead.first?.sets == [
                ImportedSet(reps: 5, weight: Mass(8, .kg)), ImportedSet(reps: 5, weight: Mass(8, .kg)),
                ImportedSet(reps: 3, weight: Mass(10, .kg)), ImportedSet(reps: 2, weight: Mass(8, .kg)),
            ])
    }
}
