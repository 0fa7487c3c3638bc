import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

/// The Strong-layout CSV export, read back by the Strong reader.
@Suite("Strong CSV export")
struct StrongExportTests {
    static let squat = UUID()
    static let plank = UUID()
    static let row = UUID()
    static let updated = Date(timeIntervalSince1970: 0)

    /// 2024-06-18 09:04:05 UTC is 11:04:05 in Berlin (summer time).
    static func workout() -> Workout {
        let start = Date(timeIntervalSince1970: 1_718_701_445)
        return Workout(
            id: UUID(), ownerID: UUID(), name: "Legs, heavy", startedAt: start, endedAt: start.addingTimeInterval(3780),
            notes: "Felt \"strong\"\nslept well",
            entries: [
                ExerciseEntry(
                    id: UUID(), exerciseID: squat, notes: "Belt on", restSeconds: 180,
                    sets: [
                        WorkoutSet(id: UUID(), kind: .warmup, reps: 10, weight: Mass(60, .kg), done: true, updatedAt: updated),
                        WorkoutSet(id: UUID(), reps: 5, weight: Mass(102.5, .kg), rpe: 8.5, done: true, updatedAt: updated),
                        WorkoutSet(
                            id: UUID(), reps: 5, weight: Mass(102.5, .kg), done: true, note: "grindy, slow", updatedAt: updated),
                        WorkoutSet(id: UUID(), kind: .drop, reps: 8, weight: Mass(80, .kg), done: true, updatedAt: updated),
                        WorkoutSet(id: UUID(), kind: .failure, reps: 0, weight: Mass(110, .kg), done: true, updatedAt: updated),
                        WorkoutSet(id: UUID(), reps: 5, weight: Mass(100, .kg), done: false, updatedAt: updated),
                    ]),
                ExerciseEntry(
                    id: UUID(), exerciseID: plank,
                    sets: [WorkoutSet(id: UUID(), durationSeconds: 60, done: true, updatedAt: updated)]),
                ExerciseEntry(
                    id: UUID(), exerciseID: row,
                    sets: [WorkoutSet(id: UUID(), durationSeconds: 300, distanceMeters: 1000, done: true, updatedAt: updated)]),
            ])
    }

    static let names = [squat: "Squat (Barbell)", plank: "Plank", row: "Rowing (Machine)"]

    @Test("every done set comes back as it was: kinds, numbers, notes, rest, time in the lifter's zone")
    func roundTrip() throws {
        let writer = StrongCSVWriter(unit: .kg, zone: TimeZone(identifier: "Europe/Berlin")!)
        let text = StrongCSVWriter.header + "\r\n" + writer.rows(of: Self.workout(), names: Self.names)
        let file = try ImportReader.read(bytes: Array(text.utf8), source: nil, assumedUnit: .kg)
        #expect(file.source == .strong)
        #expect(file.skipped.isEmpty)
        let workout = try #require(file.workouts.first)
        #expect(file.workouts.count == 1)
        #expect(workout.name == "Legs, heavy")
        #expect(workout.start == LocalDateTime(year: 2024, month: 6, day: 18, hour: 11, minute: 4, second: 5))
        #expect(workout.durationSeconds == 3780, "1h 3m")
        #expect(workout.notes == "Felt \"strong\"\nslept well")
        #expect(workout.entries.map(\.exerciseName) == ["Squat (Barbell)", "Plank", "Rowing (Machine)"])
        let squat = workout.entries[0]
        #expect(squat.notes == "Belt on")
        #expect(squat.restSeconds == 180)
        #expect(
            squat.sets == [
                ImportedSet(kind: .warmup, reps: 10, weight: Mass(60, .kg)),
                ImportedSet(reps: 5, weight: Mass(102.5, .kg), rpe: 8.5),
                ImportedSet(reps: 5, weight: Mass(102.5, .kg), note: "grindy, slow"),
                ImportedSet(kind: .drop, reps: 8, weight: Mass(80, .kg)),
                ImportedSet(kind: .failure, reps: 0, weight: Mass(110, .kg)),
            ], "the set not done is left out, as Strong does")
        #expect(workout.entries[1].sets == [ImportedSet(durationSeconds: 60)])
        #expect(workout.entries[2].sets == [ImportedSet(durationSeconds: 300, distanceMeters: 1000)])
    }

    /// Free text a shared file could carry into a spreadsheet: each would run as a formula there.
    static func formulaWorkout() -> Workout {
        let start = Date(timeIntervalSince1970: 1_718_701_445)
        return Workout(
            id: UUID(), ownerID: UUID(), name: "=HYPERLINK(\"http://evil.example\",\"Legs\")", startedAt: start,
            endedAt: start.addingTimeInterval(600), notes: "+1 rep next time",
            entries: [
                ExerciseEntry(
                    id: UUID(), exerciseID: squat, notes: "-2.5 kg, knees ache", restSeconds: 90,
                    sets: [
                        WorkoutSet(id: UUID(), reps: 5, weight: Mass(102.5, .kg), done: true, updatedAt: updated),
                        WorkoutSet(
                            id: UUID(), reps: 5, weight: Mass(100, .kg), done: true, note: "'=already quoted", updatedAt: updated),
                        WorkoutSet(
                            id: UUID(), reps: 3, weight: Mass(100, .kg), done: true, note: "@cmd|' /C calc'!A0",
                            updatedAt: updated),
                        WorkoutSet(
                            id: UUID(), reps: 2, weight: Mass(100, .kg), done: true, note: "'plain, quoted by the lifter",
                            updatedAt: updated),
                    ])
            ])
    }

    @Test("text cells a spreadsheet would run as formulas get an apostrophe, numbers do not, and reading back takes it off")
    func formulaCells() throws {
        let writer = StrongCSVWriter(unit: .kg, zone: .gmt)
        let rows = writer.rows(of: Self.formulaWorkout(), names: [Self.squat: "-Squat (Barbell)"])
        let lines = rows.split(separator: "\r\n").map(String.init)
        #expect(
            lines[0].hasPrefix(
                "2024-06-18 09:04:05,\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"Legs\"\")\",10m,'-Squat (Barbell),1,102.5,5,0,0,\"'-2.5 kg, knees ache\","
            ))
        #expect(lines[0].hasSuffix(",'+1 rep next time,"))
        #expect(lines[1].contains(",2,100,5,0,0,''=already quoted,"), "an apostrophe the lifter typed is kept by adding one")
        #expect(lines[2].contains(",'@cmd|' /C calc'!A0,"))
        #expect(lines[3].contains(",\"'plain, quoted by the lifter\","), "no formula: as typed")
        for line in lines {
            for start in [",=", ",+", ",@", ",-", ",\"=", ",\"+", ",\"-", ",\"@"] { #expect(!line.contains(start), "\(line)") }
        }

        let file = try ImportReader.read(
            bytes: Array((StrongCSVWriter.header + "\r\n" + rows).utf8), source: .strong, assumedUnit: .kg)
        #expect(file.skipped.isEmpty)
        let workout = try #require(file.workouts.first)
        #expect(workout.name == "=HYPERLINK(\"http://evil.example\",\"Legs\")")
        #expect(workout.notes == "+1 rep next time")
        let entry = try #require(workout.entries.first)
        #expect(entry.exerciseName == "-Squat (Barbell)")
        #expect(entry.notes == "-2.5 kg, knees ache")
        #expect(entry.restSeconds == 90)
        #expect(entry.sets.map(\.note) == ["", "'=already quoted", "@cmd|' /C calc'!A0", "'plain, quoted by the lifter"])
        #expect(entry.sets.map(\.weight) == [Mass(102.5, .kg), Mass(100, .kg), Mass(100, .kg), Mass(100, .kg)])
    }

    @Test("the apostrophe rule: one more before text that would start a formula, exactly one taken off")
    func apostropheRule() {
        for text in ["=1+1", "+1", "-2", "@A1", "\t=1", "\r=1", "'=1", "''-1", "", "'", "''", "plain", "'plain", "2 - 1", "a=b"] {
            #expect(StrongCSVWriter.readText(StrongCSVWriter.text(text)) == text, "\(text.debugDescription)")
        }
        #expect(StrongCSVWriter.text("=1+1") == "'=1+1")
        #expect(StrongCSVWriter.text("''-1") == "'''-1")
        #expect(StrongCSVWriter.text("'plain") == "'plain")
        #expect(StrongCSVWriter.readText("'plain") == "'plain", "a file from Strong keeps its apostrophes")
    }

    @Test("a lifter in pounds gets pounds and miles, and reads them back")
    func pounds() throws {
        let writer = StrongCSVWriter(unit: .lb, zone: .gmt)
        let rows = writer.rows(of: Self.workout(), names: Self.names)
        // 102.5 kg is 225.97 lb; 1000 m is 0.62 mi.
        #expect(rows.contains(",Squat (Barbell),1,225.97,5,0,0,,"))
        #expect(rows.contains(",Rowing (Machine),1,0,,0.62,300,"))
        let file = try ImportReader.read(
            bytes: Array((StrongCSVWriter.header + "\r\n" + rows).utf8), source: .strong, assumedUnit: .lb)
        #expect(file.workouts.first?.entries.first?.sets[1].weight == Mass(225.97, .lb))
        #expect(file.workouts.first?.entries.last?.sets.first?.distanceMeters == 997.79, "0.62 mi, rounded to 0.01 as written")
    }

    @Test("durations as Strong writes them")
    func durations() {
        #expect(ImportRules.durationText(3780) == "1h 3m")
        #expect(ImportRules.durationText(3600) == "1h")
        #expect(ImportRules.durationText(2700) == "45m")
        #expect(ImportRules.durationText(20) == "20s")
        #expect(ImportRules.duration(ImportRules.durationText(3780)) == 3780)
    }
}
