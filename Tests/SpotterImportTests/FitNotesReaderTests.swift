import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

@Suite("FitNotes export")
struct FitNotesReaderTests {
    static let newHeader = "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time"

    static func noon(_ year: Int, _ month: Int, _ day: Int) -> LocalDateTime {
        LocalDateTime(year: year, month: month, day: day, hour: 12)
    }

    @Test("Old header Weight (kgs): kilograms stated, one workout per date starting at 12:00, named by its category")
    func oldHeaderKilograms() throws {
        let file = try importText(
            """
            Date,Exercise,Category,Weight (kgs),Reps,Distance,Distance Unit,Time
            2025-04-29,Flat Barbell Bench Press,Chest,60.0,8,,,
            2025-04-29,Flat Barbell Bench Press,Chest,62.5,6,,,

            """, unit: .lb)
        #expect(file.source == .fitnotes)
        #expect(file.statedUnit == .kg)
        #expect(file.notices.isEmpty)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Chest", start: Self.noon(2025, 4, 29), durationSeconds: nil,
                    entries: [
                        ImportedEntry(
                            exerciseName: "Flat Barbell Bench Press",
                            sets: [ImportedSet(reps: 8, weight: Mass(60, .kg)), ImportedSet(reps: 6, weight: Mass(62.5, .kg))],
                            category: "Chest")
                    ],
                    line: 2)
            ])
    }

    @Test("Old header Weight (lbs): pounds stated")
    func oldHeaderPounds() throws {
        let file = try importText(
            """
            Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time
            2025-04-29,Barbell Curl,Biceps,65,10,,,
            """, unit: .kg)
        #expect(file.statedUnit == .lb)
        #expect(file.workouts.first?.sets == [ImportedSet(reps: 10, weight: Mass(65, .lb))])
    }

    @Test("New header with Weight Unit per row: kgs and lbs rows keep their own unit")
    func weightUnitPerRow() throws {
        let file = try importText(
            """
            \(Self.newHeader)
            2025-05-01,Seated Cable Row,Back,35.0,kgs,8,,,
            2025-05-01,Barbell Curl,Biceps,45.0,lbs,10,,,
            """, unit: .lb)
        #expect(file.statedUnit == .kg)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Back & Biceps", start: Self.noon(2025, 5, 1),
                    entries: [
                        ImportedEntry(
                            exerciseName: "Seated Cable Row", sets: [ImportedSet(reps: 8, weight: Mass(35, .kg))],
                            category: "Back"),
                        ImportedEntry(
                            exerciseName: "Barbell Curl", sets: [ImportedSet(reps: 10, weight: Mass(45, .lb))], category: "Biceps"
                        ),
                    ],
                    line: 2)
            ])
    }

    @Test("An unquoted comma in an exercise name is merged back into the name")
    func commaInName() throws {
        let file = try importText(
            """
            \(Self.newHeader)
            2025-04-29,Overhead Press (Each Side, Dumbbells),Shoulders,8.0,kgs,5,,,
            2025-04-29,Overhead Press (Each Side, Dumbbells),Shoulders,10.0,kgs,3,,,
            """)
        #expect(file.skipped.isEmpty)
        #expect(
            file.workouts.first?.entries == [
                ImportedEntry(
                    exerciseName: "Overhead Press (Each Side, Dumbbells)",
                    sets: [ImportedSet(reps: 5, weight: Mass(8, .kg)), ImportedSet(reps: 3, weight: Mass(10, .kg))],
                    category: "Shoulders")
            ])
    }

    @Test("With a Comment column: commas in the name and in the comment both end up where they belong")
    func commentColumn() throws {
        let file = try importText(
            """
            \(Self.newHeader),Comment
            2025-04-29,Overhead Press (Each Side, Dumbbells),Shoulders,8.0,kgs,5,,,,Slow negatives
            2025-04-29,Overhead Press (Each Side, Dumbbells),Shoulders,10.0,kgs,3,,,,Hard, last set
            2025-04-29,Lateral Raise,Shoulders,6.0,kgs,12,,,,Hard, really hard
            2025-04-29,Lateral Raise,Shoulders,6.0,kgs,10,,,,
            """)
        #expect(file.skipped.isEmpty)
        #expect(file.notices.isEmpty)
        #expect(
            file.workouts.first?.entries == [
                ImportedEntry(
                    exerciseName: "Overhead Press (Each Side, Dumbbells)",
                    sets: [
                        ImportedSet(reps: 5, weight: Mass(8, .kg), note: "Slow negatives"),
                        ImportedSet(reps: 3, weight: Mass(10, .kg), note: "Hard, last set"),
                    ], category: "Shoulders"),
                ImportedEntry(
                    exerciseName: "Lateral Raise",
                    sets: [
                        ImportedSet(reps: 12, weight: Mass(6, .kg), note: "Hard, really hard"),
                        ImportedSet(reps: 10, weight: Mass(6, .kg)),
                    ],
                    category: "Shoulders"),
            ])
    }

    @Test("One workout per date: interleaved exercises join one entry each, dates apart become workouts in order")
    func interleavedExercises() throws {
        let file = try importText(
            """
            Date,Exercise,Category,Weight (kgs),Reps,Distance,Distance Unit,Time
            2025-05-03,Squat,Legs,100,5,,,
            2025-05-02,Bench Press,Chest,80,5,,,
            2025-05-02,Cable Fly,Chest,15,12,,,
            2025-05-02,Bench Press,Chest,80,4,,,
            2025-05-02,Cable Fly,Chest,15,10,,,
            2025-05-02,Barbell Row,Back,70,8,,,
            """)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Chest & Back", start: Self.noon(2025, 5, 2),
                    entries: [
                        ImportedEntry(
                            exerciseName: "Bench Press",
                            sets: [ImportedSet(reps: 5, weight: Mass(80, .kg)), ImportedSet(reps: 4, weight: Mass(80, .kg))],
                            category: "Chest"),
                        ImportedEntry(
                            exerciseName: "Cable Fly",
                            sets: [ImportedSet(reps: 12, weight: Mass(15, .kg)), ImportedSet(reps: 10, weight: Mass(15, .kg))],
                            category: "Chest"),
                        ImportedEntry(
                            exerciseName: "Barbell Row", sets: [ImportedSet(reps: 8, weight: Mass(70, .kg))], category: "Back"),
                    ],
                    line: 3),
                ImportedWorkout(
                    name: "Legs", start: Self.noon(2025, 5, 3),
                    entries: [
                        ImportedEntry(
                            exerciseName: "Squat", sets: [ImportedSet(reps: 5, weight: Mass(100, .kg))], category: "Legs")
                    ], line: 2),
            ])
    }

    @Test("Cardio rows: empty weight and reps, distance in km, mi or m, time as H:MM:SS")
    func cardio() throws {
        let file = try importText(
            """
            \(Self.newHeader)
            2025-05-04,Running (Outdoor),Cardio,,,,5,km,0:25:00
            2025-05-05,Running (Outdoor),Cardio,,,,5,mi,0:45:30
            2025-05-06,Rowing,Cardio,,,,500,m,0:01:52
            """)
        #expect(file.skipped.isEmpty)
        #expect(
            file.workouts.map(\.sets) == [
                [ImportedSet(durationSeconds: 1500, distanceMeters: 5000)],
                [ImportedSet(durationSeconds: 2730, distanceMeters: 8046.72)],
                [ImportedSet(durationSeconds: 112, distanceMeters: 500)],
            ])
        #expect(file.workouts.map(\.name) == ["Cardio", "Cardio", "Cardio"])
    }

    @Test("Cardio row in the old layout")
    func cardioOldLayout() throws {
        let file = try importText(
            """
            Date,Exercise,Category,Weight (kgs),Reps,Distance,Distance Unit,Time
            2025-05-04,Running (Outdoor),Cardio,,,5,km,0:25:00
            """)
        #expect(file.workouts.first?.sets == [ImportedSet(durationSeconds: 1500, distanceMeters: 5000)])
    }

    @Test("Clock times: H:MM:SS and MM:SS")
    func clockTimes() {
        #expect(ImportRules.clockDuration("0:25:00") == 1500)
        #expect(ImportRules.clockDuration("1:02:03") == 3723)
        #expect(ImportRules.clockDuration("25:00") == 1500)
        #expect(ImportRules.clockDuration("25") == nil)
        #expect(ImportRules.clockDuration("a:b") == nil)
    }

    @Test("A row too short for the header is reported with its line")
    func shortRow() throws {
        let file = try importText(
            """
            \(Self.newHeader)
            2025-05-01,Bench Press,Chest,60,kgs,5,,,
            2025-05-01,Bench Press
            """)
        #expect(file.workouts.first?.sets.count == 1)
        #expect(file.skipped == [SkippedRow(line: 3, reason: "The row has 2 fields where the header has 9.")])
    }

    @Test("A weight that is not a number is reported as such, not as a wrong field count")
    func weightNotANumber() throws {
        let file = try importText(
            """
            \(Self.newHeader)
            2025-05-01,Bench Press,Chest,60,kgs,5,,,
            2025-05-01,Bench Press,Chest,heavy,kgs,5,,,
            """)
        #expect(file.skipped.map(\.line) == [3])
        #expect(file.skipped.first?.reason == "The weight \"heavy\" is not a number.")
    }

    @Test("A column not understood is left out, as its notice says")
    func unknownColumnLeftOut() throws {
        let file = try importText(
            """
            Date,Exercise,Category,Weight (kgs),Reps,Distance,Distance Unit,Time,Is Personal Record
            2025-05-01,Bench Press,Chest,100,1,,,,true
            """)
        #expect(file.notices == ["Columns not understood and left out: \"Is Personal Record\"."])
        #expect(file.workouts.first?.sets == [ImportedSet(reps: 1, weight: Mass(100, .kg))])
    }
}
