import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

/// Reads `text` as an upload; `source` nil detects the app from the header.
func importText(_ text: String, source: ImportSource? = nil, unit: MassUnit = .kg) throws -> ImportFile {
    try ImportReader.read(bytes: Array(text.utf8), source: source, assumedUnit: unit)
}

/// The message of the `ImportError` that `body` throws, or nil.
func importErrorMessage(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as ImportError {
        return error.message
    } catch {
        return "not an ImportError: \(error)"
    }
}

@Suite("Strong export")
struct StrongReaderTests {
    static let comma = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"

    // MARK: Layouts

    @Test("Comma layout 2020-2025: notes, workout notes, RPE, float noise, reps 5.0, bodyweight 0 and empty")
    func commaLayout() throws {
        let file = try importText(
            """
            \(Self.comma)
            2024-06-18 11:04:00,"Legs",31m,"Squat (Barbell)",1,100.0,5.0,0,0.0,"Belt on","Felt strong",8
            2024-06-18 11:04:00,"Legs",31m,"Squat (Barbell)",2,149.99999999999997,3.0,0,0.0,"","Felt strong",
            2024-06-18 11:04:00,"Legs",31m,"Pull Up  ",1,0,8.0,0,0.0,,"Felt strong",
            2024-06-18 11:04:00,"Legs",31m,"Pull Up  ",2,,6.0,0,0.0,,"Felt strong",

            """)
        #expect(file.source == .strong)
        #expect(file.rows == 4)
        #expect(file.skipped.isEmpty)
        #expect(file.notices.isEmpty)
        #expect(file.statedUnit == nil)
        #expect(file.assumedUnit == .kg)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Legs", start: LocalDateTime(year: 2024, month: 6, day: 18, hour: 11, minute: 4), durationSeconds: 1860,
                    notes: "Felt strong",
                    entries: [
                        ImportedEntry(
                            exerciseName: "Squat (Barbell)", notes: "Belt on",
                            sets: [
                                ImportedSet(reps: 5, weight: Mass(100, .kg), rpe: 8),
                                ImportedSet(reps: 3, weight: Mass(150, .kg)),
                            ]),
                        ImportedEntry(exerciseName: "Pull Up", sets: [ImportedSet(reps: 8), ImportedSet(reps: 6)]),
                    ],
                    line: 2)
            ])
    }

    @Test(
        "Comma layout without Notes/Workout Notes, and without RPE",
        arguments: [
            (
                "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE",
                "2023-02-01 18:30:00,Push,1h 3m,Bench Press (Barbell),1,80,5,0,0,9"
            ),
            (
                "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes",
                "2023-02-01 18:30:00,Push,1h 3m,Bench Press (Barbell),1,80,5,0,0,,"
            ),
        ])
    func commaLayoutShorter(header: String, row: String) throws {
        let file = try importText("\(header)\n\(row)\n")
        let rpe: Double? = header.hasSuffix("RPE") ? 9 : nil
        #expect(file.notices.isEmpty)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Push", start: LocalDateTime(year: 2023, month: 2, day: 1, hour: 18, minute: 30), durationSeconds: 3780,
                    entries: [
                        ImportedEntry(
                            exerciseName: "Bench Press (Barbell)", sets: [ImportedSet(reps: 5, weight: Mass(80, .kg), rpe: rpe)])
                    ],
                    line: 2)
            ])
    }

    @Test("Comma layout has no unit: weights are in the lifter's unit, distances in miles for a pound user")
    func commaLayoutInPounds() throws {
        let file = try importText(
            """
            \(Self.comma)
            2024-06-18 11:04:00,Mixed,1h,Bench Press (Barbell),1,225,5,0,0,,,
            2024-06-18 11:04:00,Mixed,1h,Running,1,0,0,1.5,600,,,
            """, unit: .lb)
        #expect(file.statedUnit == nil)
        #expect(file.assumedUnit == .lb)
        let sets = file.workouts.flatMap(\.sets)
        #expect(sets.first?.weight == Mass(225, .lb))
        #expect(sets.last?.distanceMeters == 2414.02)  // 1.5 mi
        #expect(sets.last?.durationSeconds == 600)
    }

    static let semicolon =
        "Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration"

    @Test("Semicolon layout with unit columns: lbs per row, distance unit per row, Workout Duration")
    func semicolonLayout() throws {
        let file = try importText(
            """
            \(Self.semicolon)
            2021-03-04 18:00:00;Legs;Squat (Barbell);1;135;lbs;5;8;0;;0;Deep;Rainy day;1h 3m
            2021-03-04 18:00:00;Legs;Squat (Barbell);2;185;lbs;3;;0;;0;;Rainy day;1h 3m
            2021-03-04 18:00:00;Legs;Rowing (Machine);1;;lbs;;;2;km;600;;Rainy day;1h 3m

            """)
        #expect(file.source == .strong)
        #expect(file.notices.isEmpty)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Legs", start: LocalDateTime(year: 2021, month: 3, day: 4, hour: 18), durationSeconds: 3780,
                    notes: "Rainy day",
                    entries: [
                        ImportedEntry(
                            exerciseName: "Squat (Barbell)", notes: "Deep",
                            sets: [
                                ImportedSet(reps: 5, weight: Mass(135, .lb), rpe: 8),
                                ImportedSet(reps: 3, weight: Mass(185, .lb)),
                            ]),
                        ImportedEntry(
                            exerciseName: "Rowing (Machine)", sets: [ImportedSet(durationSeconds: 600, distanceMeters: 2000)]),
                    ],
                    line: 2)
            ])
    }

    @Test("Semicolon layout: a file whose rows say lbs states pounds as its unit")
    func semicolonLayoutStatedUnit() throws {
        let file = try importText(
            """
            \(Self.semicolon)
            2021-03-04 18:00:00;Legs;Squat (Barbell);1;135;lbs;5;;0;;0;;;1h 3m
            """)
        // ImportFile.statedUnit: "the weight unit the file states (in its header or per row)".
        #expect(file.statedUnit == .lb)
    }

    @Test("Semicolon layout: decimal commas in weight and RPE")
    func decimalComma() throws {
        let file = try importText(
            """
            \(Self.semicolon)
            2022-01-10 17:30:00;Beine;Kniebeuge (Langhantel);1;60,5;kg;5;7,5;0;;0;;;45m
            """)
        #expect(file.workouts.first?.durationSeconds == 2700)
        #expect(file.workouts.first?.sets == [ImportedSet(reps: 5, weight: Mass(60.5, .kg), rpe: 7.5)])
    }

    static let current =
        #""Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes""#

    @Test("Current layout (all quoted, ;): Workout #, Duration (sec), Weight (kg), converted pounds read back as pounds, metres")
    func currentLayout() throws {
        let file = try importText(
            #"""
            \#(Self.current)
            "12";"2025-01-05 09:30:00";"Push";"3725";"Bench Press (Barbell)";"1";"6.80388555";"10";"";"";"";"";""
            "12";"2025-01-05 09:30:00";"Push";"3725";"Bench Press (Barbell)";"2";"60";"8";"9";"";"";"";""
            "12";"2025-01-05 09:30:00";"Push";"3725";"Running";"1";"";"";"";"1500";"420";"";""
            "13";"2025-01-07 18:00:00";"Push";"2700.0";"Bench Press (Barbell)";"1";"62.5";"5";"";"";"";"";""

            """#)
        #expect(file.source == .strong)
        #expect(file.statedUnit == .kg)
        #expect(file.notices.isEmpty)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Push", start: LocalDateTime(year: 2025, month: 1, day: 5, hour: 9, minute: 30), durationSeconds: 3725,
                    entries: [
                        ImportedEntry(
                            exerciseName: "Bench Press (Barbell)",
                            // 6.80388555 kg is 15 lb exactly (15 x 0.45359237).
                            sets: [
                                ImportedSet(reps: 10, weight: Mass(15, .lb)), ImportedSet(reps: 8, weight: Mass(60, .kg), rpe: 9),
                            ]),
                        ImportedEntry(exerciseName: "Running", sets: [ImportedSet(durationSeconds: 420, distanceMeters: 1500)]),
                    ],
                    line: 2),
                ImportedWorkout(
                    name: "Push", start: LocalDateTime(year: 2025, month: 1, day: 7, hour: 18), durationSeconds: 2700,
                    entries: [
                        ImportedEntry(
                            exerciseName: "Bench Press (Barbell)", sets: [ImportedSet(reps: 5, weight: Mass(62.5, .kg))])
                    ],
                    line: 5),
            ])
    }

    @Test("Current layout with Weight (lbs): pounds stated by the header")
    func currentLayoutPounds() throws {
        let header = Self.current.replacingOccurrences(of: "Weight (kg)", with: "Weight (lbs)")
        let file = try importText(
            header + "\n" + #""1";"2025-01-05 09:30:00";"Push";"3600";"Bench Press (Barbell)";"1";"135";"5";"";"";"";"";"""#,
            unit: .kg)
        #expect(file.statedUnit == .lb)
        #expect(file.workouts.first?.sets == [ImportedSet(reps: 5, weight: Mass(135, .lb))])
    }

    @Test("Current layout: two workouts with the same date and name stay apart by Workout #")
    func workoutNumberKeepsWorkoutsApart() throws {
        let file = try importText(
            #"""
            \#(Self.current)
            "1";"2025-01-05 09:30:00";"Push";"600";"Bench Press (Barbell)";"1";"60";"5";"";"";"";"";""
            "2";"2025-01-05 09:30:00";"Push";"900";"Bench Press (Barbell)";"1";"70";"5";"";"";"";"";""
            """#)
        #expect(file.workouts.map(\.durationSeconds) == [600, 900])
        #expect(file.workouts.map(\.line) == [2, 3])
    }

    @Test("2016 layout: kg and km headers, Set Order from 0, no duration")
    func layout2016() throws {
        let file = try importText(
            """
            Date,Workout Name,Exercise Name,Set Order,kg,Reps,km,Seconds,Notes
            2016-05-02 18:00:00,Workout A,Squat (Barbell),0,100,5,0,0,
            2016-05-02 18:00:00,Workout A,Squat (Barbell),1,102.5,5,0,0,
            2016-05-02 18:00:00,Workout A,Running,0,0,,3.2,1200,Easy pace
            """, unit: .lb)
        #expect(file.source == .strong)
        #expect(file.statedUnit == .kg)
        #expect(file.notices.isEmpty)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Workout A", start: LocalDateTime(year: 2016, month: 5, day: 2, hour: 18), durationSeconds: nil,
                    entries: [
                        ImportedEntry(
                            exerciseName: "Squat (Barbell)",
                            sets: [ImportedSet(reps: 5, weight: Mass(100, .kg)), ImportedSet(reps: 5, weight: Mass(102.5, .kg))]),
                        ImportedEntry(
                            exerciseName: "Running", notes: "Easy pace",
                            sets: [ImportedSet(durationSeconds: 1200, distanceMeters: 3200)]),
                    ],
                    line: 2)
            ])
    }

    // MARK: Languages

    @Test("German headers (as exported), W marker and Ruhezeit rest row")
    func german() throws {
        let file = try importText(
            """
            Datum,Workout-Name,Dauer,Name der Übung,Reihenfolge festlegen,Gewicht,Wiederh.,Entfernung,Sekunden,Notizen,Workout-Notizen,RPE
            2023-11-02 07:15:00,Morgentraining,38min,Kniebeuge (Langhantel),W,40,10,0,0,Tief,Gut geschlafen,
            2023-11-02 07:15:00,Morgentraining,38min,Kniebeuge (Langhantel),1,60,8,0,0,,Gut geschlafen,8
            2023-11-02 07:15:00,Morgentraining,38min,Kniebeuge (Langhantel),Ruhezeit,0,0,0,120,,Gut geschlafen,
            """)
        #expect(file.source == .strong)
        #expect(file.notices.isEmpty)
        #expect(file.skipped.isEmpty)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Morgentraining", start: LocalDateTime(year: 2023, month: 11, day: 2, hour: 7, minute: 15),
                    durationSeconds: 2280,
                    notes: "Gut geschlafen",
                    entries: [
                        ImportedEntry(
                            exerciseName: "Kniebeuge (Langhantel)", notes: "Tief", restSeconds: 120,
                            sets: [
                                ImportedSet(kind: .warmup, reps: 10, weight: Mass(40, .kg)),
                                ImportedSet(reps: 8, weight: Mass(60, .kg), rpe: 8),
                            ])
                    ],
                    line: 2)
            ])
    }

    @Test("French headers (as exported, 10 columns) and the É warm-up marker")
    func french() throws {
        let file = try importText(
            """
            Date,Nom de l'entraînement,Durée,Nom de l'exercice,Ordre de la série,Poids,Réps,Distance,Secondes,RPE
            2023-05-10 19:00:00,Séance du soir,1h 3m,Développé couché (Barre),É,40,10,0,0,
            2023-05-10 19:00:00,Séance du soir,1h 3m,Développé couché (Barre),1,80,5,0,0,8
            """)
        #expect(file.source == .strong)
        #expect(file.notices.isEmpty)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Séance du soir", start: LocalDateTime(year: 2023, month: 5, day: 10, hour: 19), durationSeconds: 3780,
                    entries: [
                        ImportedEntry(
                            exerciseName: "Développé couché (Barre)",
                            sets: [
                                ImportedSet(kind: .warmup, reps: 10, weight: Mass(40, .kg)),
                                ImportedSet(reps: 5, weight: Mass(80, .kg), rpe: 8),
                            ])
                    ],
                    line: 2)
            ])
    }

    @Test(
        "Spanish, Italian and Portuguese headers are understood by name",
        arguments: [
            "Fecha,Nombre del entrenamiento,Duración,Nombre del ejercicio,Orden de la serie,Peso,Repeticiones,Distancia,Segundos,Notas,Notas del entrenamiento,RPE",
            "Data,Nome allenamento,Durata,Nome esercizio,Ordine serie,Peso,Ripetizioni,Distanza,Secondi,Note,Note allenamento,RPE",
            "Data,Nome do treino,Duração,Nome do exercício,Ordem da série,Peso,Repetições,Distância,Segundos,Notas,Notas do treino,RPE",
        ])
    func otherLanguages(header: String) throws {
        let file = try importText(
            """
            \(header)
            2024-02-01 10:00:00,Treino A,45m,Supino (Barra),1,70,6,0,0,Pegada fechada,Bom dia,8.5
            2024-02-01 10:00:00,Treino A,45m,Corrida,1,,,2.5,900,,Bom dia,
            """)
        #expect(file.source == .strong)
        #expect(file.notices.isEmpty)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Treino A", start: LocalDateTime(year: 2024, month: 2, day: 1, hour: 10), durationSeconds: 2700,
                    notes: "Bom dia",
                    entries: [
                        ImportedEntry(
                            exerciseName: "Supino (Barra)", notes: "Pegada fechada",
                            sets: [ImportedSet(reps: 6, weight: Mass(70, .kg), rpe: 8.5)]),
                        ImportedEntry(exerciseName: "Corrida", sets: [ImportedSet(durationSeconds: 900, distanceMeters: 2500)]),
                    ],
                    line: 2)
            ])
    }

    @Test("An unknown language's 12-column header is read by position, with a notice")
    func unknownLanguageByPosition() throws {
        let file = try importText(
            """
            Datum,Naam training,Duur,Naam oefening,Volgorde,Gewicht,Herhalingen,Afstand,Seconden,Notities,Trainingsnotities,RPE
            2024-03-01 08:00:00,Ochtend,31m,Squat (Barbell),1,100,5,0,0,Diep,Goed,7
            """, source: .strong)
        #expect(file.notices == ["The column names were not understood; read them by position as Strong's 12-column layout."])
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Ochtend", start: LocalDateTime(year: 2024, month: 3, day: 1, hour: 8), durationSeconds: 1860,
                    notes: "Goed",
                    entries: [
                        ImportedEntry(
                            exerciseName: "Squat (Barbell)", notes: "Diep",
                            sets: [ImportedSet(reps: 5, weight: Mass(100, .kg), rpe: 7)])
                    ],
                    line: 2)
            ])
    }

    @Test("A column not understood is named in a notice; the rest is read")
    func unknownColumnNotice() throws {
        let file = try importText(
            """
            \(Self.comma),Bar Weight
            2024-06-18 11:04:00,Legs,31m,Squat (Barbell),1,100,5,0,0,,,,20
            """)
        #expect(file.notices == ["Columns not understood and left out: \"Bar Weight\"."])
        #expect(file.workouts.first?.sets == [ImportedSet(reps: 5, weight: Mass(100, .kg))])
    }

    // MARK: Set Order markers

    @Test("Markers: Note to the exercise's notes, W and WARM_UP, D, F, Rest Timer to its rest; an unknown marker is reported")
    func markers() throws {
        let file = try importText(
            """
            \(Self.comma)
            2024-06-20 18:00:00,Push,2h 38m,Bench Press (Barbell),Note,,,,,Pause at the chest,,
            2024-06-20 18:00:00,Push,2h 38m,Bench Press (Barbell),W,40,10,0,0,,,
            2024-06-20 18:00:00,Push,2h 38m,Bench Press (Barbell),WARM_UP,60,5,0,0,,,
            2024-06-20 18:00:00,Push,2h 38m,Bench Press (Barbell),1,80,5,0,0,,,
            2024-06-20 18:00:00,Push,2h 38m,Bench Press (Barbell),D,60,8,0,0,,,
            2024-06-20 18:00:00,Push,2h 38m,Bench Press (Barbell),F,50,6,0,0,,,
            2024-06-20 18:00:00,Push,2h 38m,Bench Press (Barbell),Rest Timer,0,0,0,90,,,
            2024-06-20 18:00:00,Push,2h 38m,Bench Press (Barbell),X,70,5,0,0,,,
            2024-06-20 18:00:00,Push,2h 38m,Bench Press (Barbell),2,82.5,4,0,0,,,
            """)
        #expect(file.rows == 9)
        #expect(file.workouts.count == 1)
        #expect(file.workouts.first?.durationSeconds == 9480)
        #expect(
            file.workouts.first?.entries == [
                ImportedEntry(
                    exerciseName: "Bench Press (Barbell)", notes: "Pause at the chest", restSeconds: 90,
                    sets: [
                        ImportedSet(kind: .warmup, reps: 10, weight: Mass(40, .kg)),
                        ImportedSet(kind: .warmup, reps: 5, weight: Mass(60, .kg)),
                        ImportedSet(kind: .working, reps: 5, weight: Mass(80, .kg)),
                        ImportedSet(kind: .drop, reps: 8, weight: Mass(60, .kg)),
                        ImportedSet(kind: .failure, reps: 6, weight: Mass(50, .kg)),
                        ImportedSet(kind: .working, reps: 4, weight: Mass(82.5, .kg)),
                    ])
            ])
        #expect(file.skipped.count == 1)
        #expect(file.skipped.first?.line == 9)
        #expect(file.skipped.first?.reason.contains("\"X\"") == true)
    }

    @Test("Rows that cannot be used are reported with their line and why; the others are read")
    func unusableRows() throws {
        let file = try importText(
            """
            \(Self.comma)
            2024-06-18 11:04:00,Legs,1h,Squat (Barbell),1,100,5,0,0,,,
            yesterday,Legs,1h,Squat (Barbell),2,100,5,0,0,,,
            2024-06-18 11:04:00,Legs,1h,,3,100,5,0,0,,,
            2024-06-18 11:04:00,Legs,1h,Squat (Barbell),4,0,0,0,0,,,
            2024-06-18 11:04:00,Legs,1h,Squat (Barbell),5,heavy,5,0,0,,,
            """)
        #expect(file.workouts.first?.sets == [ImportedSet(reps: 5, weight: Mass(100, .kg))])
        #expect(
            file.skipped == [
                SkippedRow(line: 3, reason: "The date \"yesterday\" is not a date like 2024-06-18 11:04:00."),
                SkippedRow(line: 4, reason: "The row names no exercise."),
                SkippedRow(line: 5, reason: "The set has no weight, reps, time or distance."),
                SkippedRow(line: 6, reason: "The weight \"heavy\" is not a number."),
            ])
    }

    @Test("A timed set (plank, Weight 0, Reps 0, Seconds 60) has a duration and no reps, as in Hevy and FitNotes")
    func timedSetHasNoReps() throws {
        let file = try importText(
            """
            \(Self.comma)
            2024-06-18 11:04:00,Core,20s,Plank,1,0,0,0,60.0,,,
            """)
        #expect(file.workouts.first?.durationSeconds == 20)
        // Strong writes 0 reps on timed sets: no reps, as Hevy and FitNotes say.
        #expect(file.workouts.first?.sets == [ImportedSet(durationSeconds: 60)])
    }

    // MARK: Durations

    @Test(
        "Workout durations as Strong writes them",
        arguments: [("31m", 1860), ("1h 3m", 3780), ("2h 38m", 9480), ("1h", 3600), ("38min", 2280), ("20s", 20), ("", nil)]
            as [(String, Int?)])
    func durations(text: String, seconds: Int?) throws {
        let file = try importText("\(Self.comma)\n2024-06-18 11:04:00,Legs,\(text),Squat (Barbell),1,100,5,0,0,,,\n")
        #expect(file.workouts.first?.durationSeconds == seconds)
        #expect(file.notices.isEmpty)
        #expect(ImportRules.duration(text) == seconds)
    }

    @Test("409h 31min: the workout is kept without a duration, with a notice")
    func absurdDuration() throws {
        let file = try importText(
            """
            \(Self.comma)
            2024-06-18 19:00:00,Evening,409h 31min,Squat (Barbell),1,100,5,0,0,,,
            2024-06-18 19:00:00,Evening,409h 31min,Squat (Barbell),2,100,5,0,0,,,
            """)
        #expect(file.workouts.count == 1)
        #expect(file.workouts.first?.durationSeconds == nil)
        #expect(file.workouts.first?.sets.count == 2)
        #expect(file.skipped.isEmpty)
        #expect(
            file.notices == [
                "Line 2: the workout \"Evening\" on 2024-06-18 19:00 lasted 409h 31m, which nobody trains for; it is imported without a duration."
            ])
    }

    @Test("Duration text rules: combined parts, bare seconds, and text that is not a duration")
    func durationRules() {
        #expect(ImportRules.duration("409h 31min") == 1_474_260)
        #expect(ImportRules.duration("1h 2min 5s") == 3725)
        #expect(ImportRules.duration("90") == 90)
        #expect(ImportRules.duration("soon") == nil)
        #expect(ImportRules.duration("1h 3") == nil)
        #expect(ImportRules.duration("-5") == nil)
    }

    @Test("Number rules: float noise rounded to 0.01, decimal comma, empty")
    func numberRules() {
        #expect(ImportRules.rounded(149.99999999999997) == 150)
        #expect(ImportRules.rounded(6.80388555) == 6.8)
        #expect(ImportRules.rounded(28.75) == 28.75)
        #expect(ImportRules.number("60,5") == 60.5)
        #expect(ImportRules.number(" 5.0 ") == 5)
        #expect(ImportRules.number("") == nil)
        #expect(ImportRules.number("abc") == nil)
        #expect(
            ImportRules.isoDateTime("2024-06-18 11:04:00") == LocalDateTime(year: 2024, month: 6, day: 18, hour: 11, minute: 4))
        #expect(ImportRules.isoDateTime("2024-06-18") == LocalDateTime(year: 2024, month: 6, day: 18))
        #expect(ImportRules.isoDateTime("2024-13-01 10:00:00") == nil)
    }

    @Test("An impossible date (31 February) is reported as a skipped row, not imported")
    func impossibleDate() throws {
        let file = try importText(
            """
            \(Self.comma)
            2024-06-18 11:04:00,Legs,1h,Squat (Barbell),1,100,5,0,0,,,
            2024-02-31 11:04:00,Legs,1h,Squat (Barbell),1,100,5,0,0,,,
            """)
        #expect(file.workouts.count == 1)
        #expect(file.skipped.map(\.line) == [3])
    }

    @Test("A last row cut off outside quotes (100 kg cut to \"10\", no reps) is reported, not read as a lighter set")
    func rowCutOff() throws {
        let file = try importText(
            """
            \(Self.comma)
            2024-06-18 11:04:00,Legs,1h,Squat (Barbell),1,100,5,0,0,,,
            2024-06-18 11:04:00,Legs,1h,Squat (Barbell),2,10
            """)
        #expect(file.workouts.first?.sets == [ImportedSet(reps: 5, weight: Mass(100, .kg))])
        #expect(file.skipped.map(\.line) == [3])
    }

    // MARK: Grouping

    @Test("Rows of two workouts interleaved still group by workout, and workouts come out by start")
    func interleavedWorkouts() throws {
        let file = try importText(
            """
            \(Self.comma)
            2024-06-20 18:00:00,Push,1h,Bench Press (Barbell),1,80,5,0,0,,,
            2024-06-18 07:00:00,Pull,1h,Deadlift (Barbell),1,140,3,0,0,,,
            2024-06-20 18:00:00,Push,1h,Bench Press (Barbell),2,82.5,5,0,0,,,
            2024-06-18 07:00:00,Pull,1h,Deadlift (Barbell),2,150,2,0,0,,,
            2024-06-20 18:00:00,Push,1h,Overhead Press (Barbell),1,50,8,0,0,,,
            2024-06-20 18:00:00,Legs,1h,Squat (Barbell),1,100,5,0,0,,,
            """)
        #expect(
            file.workouts == [
                ImportedWorkout(
                    name: "Pull", start: LocalDateTime(year: 2024, month: 6, day: 18, hour: 7), durationSeconds: 3600,
                    entries: [
                        ImportedEntry(
                            exerciseName: "Deadlift (Barbell)",
                            sets: [ImportedSet(reps: 3, weight: Mass(140, .kg)), ImportedSet(reps: 2, weight: Mass(150, .kg))])
                    ],
                    line: 3),
                ImportedWorkout(
                    name: "Push", start: LocalDateTime(year: 2024, month: 6, day: 20, hour: 18), durationSeconds: 3600,
                    entries: [
                        ImportedEntry(
                            exerciseName: "Bench Press (Barbell)",
                            sets: [ImportedSet(reps: 5, weight: Mass(80, .kg)), ImportedSet(reps: 5, weight: Mass(82.5, .kg))]),
                        ImportedEntry(
                            exerciseName: "Overhead Press (Barbell)", sets: [ImportedSet(reps: 8, weight: Mass(50, .kg))]),
                    ],
                    line: 2),
                ImportedWorkout(
                    name: "Legs", start: LocalDateTime(year: 2024, month: 6, day: 20, hour: 18), durationSeconds: 3600,
                    entries: [
                        ImportedEntry(exerciseName: "Squat (Barbell)", sets: [ImportedSet(reps: 5, weight: Mass(100, .kg))])
                    ],
                    line: 7),
            ])
    }

    @Test(
        "Each workout of one file gets its own import key (same name, same minute, different workouts)",
        arguments: [
            #"""
            "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
            "1";"2025-01-05 09:30:00";"Push";"600";"Bench Press (Barbell)";"1";"60";"5";"";"";"";"";""
            "2";"2025-01-05 09:30:00";"Push";"900";"Bench Press (Barbell)";"1";"70";"5";"";"";"";"";""
            """#,
            """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2024-07-22 20:10:05,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,
            2024-07-22 20:10:58,Push,1h,Bench Press (Barbell),1,100,5,0,0,,,
            """,
        ])
    func importKeysAreUnique(text: String) throws {
        let file = try importText(text)
        #expect(file.workouts.count == 2)
        // workouts.import_key is unique per lifter: a shared key would fail the whole
        // import. Same start and name: the plan numbers the second by file order.
        let plan = ImportPlan.make(file: file.outline, library: [], ownerID: UUID(), zone: .gmt, makeID: UUID.init)
        #expect(Set(plan.outlines.values.map(\.importKey)).count == 2)
    }

    @Test("a header whose Set Order name is not known is read by position too")
    func setOrderUnknown() throws {
        let file = try importText(
            "Date,Workout Name,Duration,Exercise Name,Satz,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
                + "2024-06-18 11:04:00,Legs,1h,Squat (Barbell),W,60,5,0,0,,,\n", source: .strong)
        #expect(file.workouts.first?.sets == [ImportedSet(kind: .warmup, reps: 5, weight: Mass(60, .kg))])
        #expect(file.notices == ["The column names were not understood; read them by position as Strong's 12-column layout."])
    }

    @Test("blank lines before a semicolon header do not hide its delimiter")
    func blankLinesFirst() throws {
        let file = try importText("\r\n\n" + Self.semicolon + "\n2024-06-18 11:04:00;Legs;Squat (Barbell);1;100;kg;5;;;;;;;1h\n")
        #expect(file.source == .strong)
        #expect(file.workouts.first?.sets == [ImportedSet(reps: 5, weight: Mass(100, .kg))])
    }
}
