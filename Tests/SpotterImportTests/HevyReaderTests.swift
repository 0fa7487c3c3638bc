import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

@Suite("Hevy export")
struct HevyReaderTests {
    static let header =
        #""title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe""#

    @Test(
        "Newest-first file: workouts oldest first, durations from end_time, set types, supersets, notes, timed and distance sets")
    func workoutFile() throws {
        let file = try importText(
            #"""
            \#(Self.header)
            "Legs","14 Sep 2024, 09:05","14 Sep 2024, 10:20","Knee felt fine\nNew shoes","Squat (Barbell)",0,"Low bar\nBelt",0,"warmup",60,5,,,
            "Legs","14 Sep 2024, 09:05","14 Sep 2024, 10:20","Knee felt fine\nNew shoes","Squat (Barbell)",0,"Low bar\nBelt",1,"normal",100,5,,,8.5
            "Legs","14 Sep 2024, 09:05","14 Sep 2024, 10:20","Knee felt fine\nNew shoes","Leg Press (Machine)",0,"",0,"normal",200,10,,,
            "Legs","14 Sep 2024, 09:05","14 Sep 2024, 10:20","Knee felt fine\nNew shoes","Leg Extension (Machine)",,"",0,"dropset",50,12,,,
            "Legs","14 Sep 2024, 09:05","14 Sep 2024, 10:20","Knee felt fine\nNew shoes","Leg Extension (Machine)",,"",1,"failure",40,10,,,
            "Legs","14 Sep 2024, 09:05","14 Sep 2024, 10:20","Knee felt fine\nNew shoes","Pull Up",,"",0,"normal",,8,,,
            "Legs","14 Sep 2024, 09:05","14 Sep 2024, 10:20","Knee felt fine\nNew shoes","Plank",,"",0,"normal",,,,60,
            "Legs","14 Sep 2024, 09:05","14 Sep 2024, 10:20","Knee felt fine\nNew shoes","Running",,"",0,"normal",,,5,1500,
            "Legs","14 Sep 2024, 09:05","14 Sep 2024, 10:20","Knee felt fine\nNew shoes","Leg Curl (Machine)",,"",0,"rest-pause",30,10,,,
            "Push","13 Sep 2024, 14:11","13 Sep 2024, 15:19","","Bench Press (Barbell)",,"",0,"normal",80,5,,,

            """#)
        #expect(file.source == .hevy)
        #expect(file.statedUnit == .kg)
        #expect(file.rows == 10)
        #expect(file.notices.isEmpty)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Push", start: LocalDateTime(year: 2024, month: 9, day: 13, hour: 14, minute: 11),
                    durationSeconds: 4080,
                    entries: [
                        ImportedEntry(exerciseName: "Bench Press (Barbell)", sets: [ImportedSet(reps: 5, weight: Mass(80, .kg))])
                    ],
                    line: 11),
                ImportedWorkout(
                    name: "Legs", start: LocalDateTime(year: 2024, month: 9, day: 14, hour: 9, minute: 5), durationSeconds: 4500,
                    notes: "Knee felt fine\nNew shoes",
                    entries: [
                        ImportedEntry(
                            exerciseName: "Squat (Barbell)", notes: "Low bar\nBelt", supersetGroup: 0,
                            sets: [
                                ImportedSet(kind: .warmup, reps: 5, weight: Mass(60, .kg)),
                                ImportedSet(kind: .working, reps: 5, weight: Mass(100, .kg), rpe: 8.5),
                            ]),
                        ImportedEntry(
                            exerciseName: "Leg Press (Machine)", supersetGroup: 0,
                            sets: [ImportedSet(reps: 10, weight: Mass(200, .kg))]),
                        ImportedEntry(
                            exerciseName: "Leg Extension (Machine)", supersetGroup: nil,
                            sets: [
                                ImportedSet(kind: .drop, reps: 12, weight: Mass(50, .kg)),
                                ImportedSet(kind: .failure, reps: 10, weight: Mass(40, .kg)),
                            ]),
                        ImportedEntry(exerciseName: "Pull Up", sets: [ImportedSet(reps: 8)]),
                        ImportedEntry(exerciseName: "Plank", sets: [ImportedSet(durationSeconds: 60)]),
                        ImportedEntry(exerciseName: "Running", sets: [ImportedSet(durationSeconds: 1500, distanceMeters: 5000)]),
                    ],
                    line: 2),
            ])
        #expect(
            file.skipped == [
                SkippedRow(
                    line: 10, reason: "The set type \"rest-pause\" is not one Spotter knows (normal, warmup, dropset, failure).")
            ])
    }

    @Test("weight_lbs and distance_miles: pounds stated, miles to metres")
    func poundsAndMiles() throws {
        let header = Self.header.replacingOccurrences(of: "weight_kg", with: "weight_lbs").replacingOccurrences(
            of: "distance_km", with: "distance_miles")
        let file = try importText(
            """
            \(header)
            "Morning","1 Jan 2025, 07:30","1 Jan 2025, 08:00","","Bench Press (Barbell)",,"",0,"normal",135,5,,,
            "Morning","1 Jan 2025, 07:30","1 Jan 2025, 08:00","","Running",,"",0,"normal",,,3.1,1800,
            """, unit: .kg)
        #expect(file.statedUnit == .lb)
        #expect(file.workouts.first?.durationSeconds == 1800)
        #expect(
            file.workouts.first?.entries == [
                ImportedEntry(exerciseName: "Bench Press (Barbell)", sets: [ImportedSet(reps: 5, weight: Mass(135, .lb))]),
                ImportedEntry(exerciseName: "Running", sets: [ImportedSet(durationSeconds: 1800, distanceMeters: 4988.97)]),
            ])
    }

    @Test("Two blocks of one exercise in a row (set index back at 0) are two entries, each with its notes and sets")
    func sameExerciseTwiceInARow() throws {
        let row = #""Arms","2 Mar 2025, 18:00","2 Mar 2025, 19:00","","#
        let file = try importText(
            """
            \(Self.header)
            \(row)"Bicep Curl (Dumbbell)",,"Slow negatives",0,"warmup",8,12,,,
            \(row)"Bicep Curl (Dumbbell)",,"Slow negatives",1,"normal",14,10,,,
            \(row)"Bicep Curl (Dumbbell)",,"Slow negatives",2,"normal",14,9,,,
            \(row)"Bicep Curl (Dumbbell)",1,"Supinate hard\\nLeft elbow sore",0,"normal",12,12,,,
            \(row)"Bicep Curl (Dumbbell)",1,"Supinate hard\\nLeft elbow sore",1,"dropset",8,15,,,
            \(row)"Triceps Pushdown (Cable)",1,"",0,"normal",30,12,,,
            \(row)"Bicep Curl (Dumbbell)",,"",0,"normal",10,20,,,
            """)
        #expect(file.skipped.isEmpty)
        #expect(file.setCount == 7)
        // The preview counts the exercise once, with the sets of all three entries.
        #expect(file.exercises.map(\.name) == ["Bicep Curl (Dumbbell)", "Triceps Pushdown (Cable)"])
        #expect(file.exercises.first?.sets == 6)
        #expect(
            file.workouts.first?.entries == [
                ImportedEntry(
                    exerciseName: "Bicep Curl (Dumbbell)", notes: "Slow negatives",
                    sets: [
                        ImportedSet(kind: .warmup, reps: 12, weight: Mass(8, .kg)),
                        ImportedSet(reps: 10, weight: Mass(14, .kg)),
                        ImportedSet(reps: 9, weight: Mass(14, .kg)),
                    ]),
                ImportedEntry(
                    exerciseName: "Bicep Curl (Dumbbell)", notes: "Supinate hard\nLeft elbow sore", supersetGroup: 1,
                    sets: [
                        ImportedSet(reps: 12, weight: Mass(12, .kg)), ImportedSet(kind: .drop, reps: 15, weight: Mass(8, .kg)),
                    ]),
                ImportedEntry(
                    exerciseName: "Triceps Pushdown (Cable)", supersetGroup: 1,
                    sets: [ImportedSet(reps: 12, weight: Mass(30, .kg))]),
                ImportedEntry(exerciseName: "Bicep Curl (Dumbbell)", sets: [ImportedSet(reps: 20, weight: Mass(10, .kg))]),
            ])
    }

    @Test("Without set_index, rows of one exercise in a row stay one entry with the first notes")
    func noSetIndexOneEntry() throws {
        let header = Self.header.replacingOccurrences(of: #","set_index""#, with: "")
        let row = #""Arms","2 Mar 2025, 18:00","2 Mar 2025, 19:00","","Bicep Curl (Dumbbell)",,"#
        let file = try importText(
            """
            \(header)
            \(row)"Slow","normal",14,10,,,
            \(row)"Slow","normal",14,9,,,
            """)
        #expect(
            file.workouts.first?.entries == [
                ImportedEntry(
                    exerciseName: "Bicep Curl (Dumbbell)", notes: "Slow",
                    sets: [ImportedSet(reps: 10, weight: Mass(14, .kg)), ImportedSet(reps: 9, weight: Mass(14, .kg))])
            ])
    }

    @Test("A workout past midnight lasts until its end_time the next day")
    func pastMidnight() throws {
        let file = try importText(
            """
            \(Self.header)
            "Late","31 Dec 2024, 23:30","1 Jan 2025, 00:45","","Squat (Barbell)",,"",0,"normal",100,5,,,
            """)
        #expect(file.workouts.first?.start == LocalDateTime(year: 2024, month: 12, day: 31, hour: 23, minute: 30))
        #expect(file.workouts.first?.durationSeconds == 4500)
    }

    @Test("Hevy times: day without a leading zero, English month, no seconds")
    func hevyTimes() {
        #expect(
            ImportRules.hevyDateTime("13 Sep 2024, 14:11") == LocalDateTime(year: 2024, month: 9, day: 13, hour: 14, minute: 11))
        #expect(ImportRules.hevyDateTime("1 Jan 2025, 07:30") == LocalDateTime(year: 2025, month: 1, day: 1, hour: 7, minute: 30))
        #expect(ImportRules.hevyDateTime("9 Dec 2023, 0:05") == LocalDateTime(year: 2023, month: 12, day: 9, hour: 0, minute: 5))
        #expect(ImportRules.hevyDateTime("13 Foo 2024, 14:11") == nil)
        #expect(ImportRules.hevyDateTime("13 Sep 2024, 25:11") == nil)
    }

    @Test("A start time that is not one is reported with its line")
    func badStartTime() throws {
        let file = try importText(
            """
            \(Self.header)
            "Push","13 Sep 2024, 14:11","13 Sep 2024, 15:19","","Bench Press (Barbell)",,"",0,"normal",80,5,,,
            "Push","last Tuesday","13 Sep 2024, 15:19","","Bench Press (Barbell)",,"",1,"normal",80,5,,,
            """)
        #expect(file.workouts.first?.sets.count == 1)
        #expect(
            file.skipped == [
                SkippedRow(line: 3, reason: "The start time \"last Tuesday\" is not a time like 13 Sep 2024, 14:11.")
            ])
    }

    @Test("an end time before the start gives no duration, not a negative or zero one")
    func endBeforeStart() throws {
        let file = try importText(
            Self.header + "\n"
                + #""Push","13 Sep 2024, 14:11","13 Sep 2024, 13:50","","Bench Press (Barbell)",,"",0,"normal",60,5,,,"#)
        #expect(file.workouts.first?.durationSeconds == nil)
        #expect(file.workouts.first?.sets.count == 1)
    }
}
