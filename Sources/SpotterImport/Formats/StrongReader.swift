import Foundation
import SpotterCore

/// Reads Strong's CSV export in every layout it has had (see IMPORT-FORMATS.md):
/// comma or semicolon, quoted or not, unit columns or units in the header names,
/// the 2016 layout, and headers in the app's language.
struct StrongReader: FormatReader {
    enum Column: CaseIterable {
        case workoutNumber, date, workoutName, duration, durationSeconds, exercise, setOrder, weight, weightUnit
        case reps, rpe, distance, distanceUnit, seconds, notes, workoutNotes
    }

    /// Header names by language (English, German, French, Spanish, Italian,
    /// Portuguese), compared after `ImportRules.headerKey`.
    static let names: [String: Column] = {
        var table: [String: Column] = [:]
        let words: [(Column, [String])] = [
            (.workoutNumber, ["workout #", "workout-nr.", "workout n°", "entrenamiento #", "allenamento #", "treino #"]),
            (.date, ["date", "datum", "fecha", "data"]),
            (
                .workoutName,
                [
                    "workout name", "workout-name", "nom de l'entraînement", "nom de l’entraînement", "nombre del entrenamiento",
                    "nome allenamento", "nome dell'allenamento", "nome do treino",
                ]
            ),
            (.duration, ["duration", "workout duration", "dauer", "durée", "duración", "durata", "duração"]),
            (
                .durationSeconds,
                ["duration (sec)", "dauer (sek.)", "durée (sec)", "duración (seg)", "durata (sec)", "duração (seg)"]
            ),
            (
                .exercise,
                [
                    "exercise name", "name der übung", "übung", "nom de l'exercice", "nom de l’exercice", "nombre del ejercicio",
                    "nome esercizio", "nome dell'esercizio", "nome do exercício",
                ]
            ),
            (
                .setOrder,
                [
                    "set order", "reihenfolge festlegen", "satzreihenfolge", "ordre de la série", "orden de la serie",
                    "orden de series",
                    "ordine serie", "ordine della serie", "ordem da série", "ordem das séries",
                ]
            ),
            (
                .weight,
                [
                    "weight", "gewicht", "poids", "peso", "kg", "lbs", "weight (kg)", "weight (lbs)", "gewicht (kg)",
                    "gewicht (lbs)",
                    "poids (kg)", "poids (lbs)", "peso (kg)", "peso (lbs)",
                ]
            ),
            (
                .weightUnit,
                ["weight unit", "gewichtseinheit", "unité de poids", "unidad de peso", "unità di peso", "unidade de peso"]
            ),
            (
                .reps,
                [
                    "reps", "wiederh.", "wiederholungen", "réps", "répétitions", "repeticiones", "reps.", "ripetizioni", "rip.",
                    "repetições",
                ]
            ),
            (.rpe, ["rpe"]),
            (
                .distance,
                [
                    "distance", "entfernung", "distanz", "distancia", "distanza", "distância", "km", "miles", "distance (meters)",
                    "distance (km)", "distance (miles)",
                ]
            ),
            (
                .distanceUnit,
                [
                    "distance unit", "entfernungseinheit", "unité de distance", "unidad de distancia", "unità di distanza",
                    "unidade de distância",
                ]
            ),
            (.seconds, ["seconds", "sekunden", "secondes", "segundos", "secondi"]),
            (.notes, ["notes", "notizen", "notas", "note"]),
            (
                .workoutNotes,
                [
                    "workout notes", "workout-notizen", "notes de l'entraînement", "notes d'entraînement",
                    "notas del entrenamiento",
                    "note allenamento", "note dell'allenamento", "notas do treino",
                ]
            ),
        ]
        for (column, spellings) in words { for spelling in spellings { table[spelling] = column } }
        return table
    }()

    /// The layouts Strong has written, for files whose header names are in a
    /// language missing above: known by their column count.
    static let layouts: [Int: [Column]] = [
        12: [
            .date, .workoutName, .duration, .exercise, .setOrder, .weight, .reps, .distance, .seconds, .notes, .workoutNotes,
            .rpe,
        ],
        10: [.date, .workoutName, .duration, .exercise, .setOrder, .weight, .reps, .distance, .seconds, .rpe],
        14: [
            .date, .workoutName, .exercise, .setOrder, .weight, .weightUnit, .reps, .rpe, .distance, .distanceUnit, .seconds,
            .notes,
            .workoutNotes, .duration,
        ],
        13: [
            .workoutNumber, .date, .workoutName, .durationSeconds, .exercise, .setOrder, .weight, .reps, .rpe, .distance,
            .seconds,
            .notes, .workoutNotes,
        ],
        9: [.date, .workoutName, .exercise, .setOrder, .weight, .reps, .distance, .seconds, .notes],
    ]

    /// Set Order markers, in the languages above.
    static let warmUps: Set<String> = ["w", "warm_up", "warmup", "warm-up", "é"]
    static let drops: Set<String> = ["d", "drop", "dropset"]
    static let failures: Set<String> = ["f", "failure"]
    static let restTimers: Set<String> = [
        "rest timer", "ruhezeit", "pausenzeit", "minuteur de repos", "temps de repos", "temporizador de descanso", "descanso",
        "timer di riposo", "recupero", "cronômetro de descanso",
    ]
    static let noteMarkers: Set<String> = ["note", "notiz", "notes", "nota", "notas"]

    var columns: [Column: Int] = [:]
    var weightUnit: MassUnit?
    var distanceMeters: Double = 1000
    var assumedUnit: MassUnit

    static func accepts(header: [String]) -> Bool {
        let known = header.compactMap { names[ImportRules.headerKey($0)] }
        return known.contains(.exercise) && known.contains(.setOrder)
    }

    init(header: [String], assumedUnit: MassUnit, notices: inout [String]) throws {
        self.assumedUnit = assumedUnit
        let keys = header.map(ImportRules.headerKey)
        var unknown: [String] = []
        for (index, key) in keys.enumerated() {
            if let column = Self.names[key], columns[column] == nil {
                columns[column] = index
            } else if !key.isEmpty {
                unknown.append(header[index])
            }
        }
        if columns[.exercise] == nil || columns[.date] == nil || columns[.setOrder] == nil, let layout = Self.layouts[keys.count]
        {
            columns = Dictionary(uniqueKeysWithValues: layout.enumerated().map { ($1, $0) })
            notices.append("The column names were not understood; read them by position as Strong's \(keys.count)-column layout.")
            unknown = []
        }
        guard columns[.date] != nil, columns[.exercise] != nil, columns[.setOrder] != nil else {
            throw ImportError("This does not look like a Strong export: it needs the columns Date, Exercise Name and Set Order.")
        }
        if let notice = ImportRules.unknownColumns(unknown) { notices.append(notice) }
        // The unit in a header name: "Weight (kg)", "Weight (lbs)", or the 2016 "kg".
        if let index = columns[.weight] {
            let key = keys[index]
            if key.contains("lb") { weightUnit = .lb } else if key.contains("kg") { weightUnit = .kg }
        }
        statedUnit = weightUnit
        if let index = columns[.distance] {
            let key = keys[index]
            if key.contains("meter") {
                distanceMeters = 1
            } else if key.contains("mile") {
                distanceMeters = 1609.344
            } else if key.contains("km") {
                distanceMeters = 1000
            } else if columns[.distanceUnit] == nil {
                // The comma layout says no unit: Strong uses miles with pounds.
                distanceMeters = (weightUnit ?? assumedUnit) == .lb ? 1609.344 : 1000
            }
        }
    }

    /// The unit the header states, or the first one a row states.
    var statedUnit: MassUnit?

    mutating func read(_ record: CSVRecord, into collector: inout WorkoutCollector, file: inout ImportOutline) throws(RowProblem)
    {
        func field(_ column: Column) -> String {
            guard let index = columns[column], index < record.fields.count else { return "" }
            return record.fields[index].trimmedOfSpaces
        }
        // Text columns lose the apostrophe Spotter's export puts before a formula character.
        func text(_ column: Column) -> String { StrongCSVWriter.readText(field(column)) }
        let line = record.line
        let dateText = field(.date)
        guard let start = ImportRules.isoDateTime(dateText) else {
            throw RowProblem("The date \"\(dateText)\" is not a date like 2024-06-18 11:04:00.")
        }
        let exercise = try ImportRules.exerciseName(text(.exercise))
        let name = ImportRules.workoutName(text(.workoutName))
        let number = field(.workoutNumber)
        let key = number.isEmpty ? "\(dateText)|\(name)" : number
        let workout = collector.workout(key) {
            var duration: Int?
            if columns[.durationSeconds] != nil {
                duration = ImportRules.number(field(.durationSeconds)).map { Int($0.rounded()) }
            } else {
                duration = ImportRules.duration(field(.duration))
            }
            duration = ImportRules.believable(duration, workout: name, start: start, line: line, notices: &file.notices)
            return ImportedWorkout(
                name: name, start: start, durationSeconds: duration, notes: text(.workoutNotes), line: line)
        }

        let order = field(.setOrder)
        let marker = order.lowercased()
        var kind = SetKind.working
        if Int(order) != nil || ImportRules.number(order) != nil {
            kind = .working
        } else if Self.warmUps.contains(marker) {
            kind = .warmup
        } else if Self.drops.contains(marker) {
            kind = .drop
        } else if Self.failures.contains(marker) {
            kind = .failure
        } else if Self.restTimers.contains(marker) {
            let seconds = ImportRules.number(field(.seconds)).map { Int($0.rounded()) }
            collector.entry(workout, exercise: exercise) { entry in
                if entry.restSeconds == nil, let seconds, seconds > 0 { entry.restSeconds = min(seconds, 3600) }
            }
            return
        } else if Self.noteMarkers.contains(marker) {
            let note = text(.notes)
            collector.entry(workout, exercise: exercise) { entry in
                if !note.isEmpty { entry.notes = entry.notes.isEmpty ? note : entry.notes + "\n" + note }
            }
            return
        } else {
            throw RowProblem(
                "Set Order \"\(order)\" is neither a set number nor a marker Spotter knows (W, D, F, Rest Timer, Note).")
        }

        var set = ImportedSet(kind: kind)
        let rowUnit = ImportRules.massUnit(field(.weightUnit))
        if statedUnit == nil { statedUnit = rowUnit }
        let unit = rowUnit ?? weightUnit ?? assumedUnit
        set.weight = try ImportRules.weight(field(.weight), unit: unit)
        set.reps = try ImportRules.reps(field(.reps))
        if let seconds = ImportRules.number(field(.seconds)), seconds > 0 { set.durationSeconds = Int(seconds.rounded()) }
        if let distance = ImportRules.number(field(.distance)), distance > 0 {
            let meters = ImportRules.meters(per: field(.distanceUnit)) ?? distanceMeters
            set.distanceMeters = ImportRules.rounded(distance * meters)
        }
        if let rpe = ImportRules.number(field(.rpe)), (1...10).contains(rpe) { set.rpe = rpe }
        // Strong writes 0 reps on timed and cardio sets: no reps, as Hevy and FitNotes say.
        if set.reps == 0, set.weight == nil { set.reps = nil }
        try ImportRules.requireMeasure(set)
        let note = text(.notes)
        collector.entry(workout, exercise: exercise) { entry in
            // The exercise's note sits on its first row; a note further down is the set's.
            if entry.sets.isEmpty, entry.notes.isEmpty {
                entry.notes = note
            } else if !note.isEmpty, note != entry.notes {
                set.note = note
            }
            entry.sets.append(set)
        }
    }
}
