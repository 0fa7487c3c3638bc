import Foundation
import SpotterCore

/// Reads Hevy's `workout_data.csv`: one row per set, workouts newest first, times
/// like `13 Sep 2024, 14:11`, the unit in the weight column's name.
struct HevyReader: FormatReader {
    enum Column: String, CaseIterable {
        case title, startTime = "start_time", endTime = "end_time", description, exercise = "exercise_title"
        case superset = "superset_id", exerciseNotes = "exercise_notes", setIndex = "set_index", setType = "set_type"
        case weightKilograms = "weight_kg", weightPounds = "weight_lbs", reps, distanceKilometers = "distance_km"
        case distanceMiles = "distance_miles", duration = "duration_seconds", rpe
    }

    var columns: [Column: Int] = [:]
    let statedUnit: MassUnit?

    static func accepts(header: [String]) -> Bool {
        let keys = Set(header.map(ImportRules.headerKey))
        return keys.contains("exercise_title") && keys.contains("start_time")
    }

    init(header: [String], assumedUnit: MassUnit, notices: inout [String]) throws {
        var unknown: [String] = []
        for (index, name) in header.enumerated() {
            if let column = Column(rawValue: ImportRules.headerKey(name)) {
                columns[column] = index
            } else {
                unknown.append(name)
            }
        }
        guard columns[.startTime] != nil, columns[.exercise] != nil else {
            throw ImportError("This does not look like a Hevy export: it needs the columns start_time and exercise_title.")
        }
        if let notice = ImportRules.unknownColumns(unknown) { notices.append(notice) }
        statedUnit = columns[.weightPounds] != nil ? .lb : columns[.weightKilograms] != nil ? .kg : nil
    }

    mutating func read(_ record: CSVRecord, into collector: inout WorkoutCollector, file: inout ImportOutline) throws(RowProblem)
    {
        func field(_ column: Column) -> String {
            guard let index = columns[column], index < record.fields.count else { return "" }
            return record.fields[index].trimmedOfSpaces
        }
        let line = record.line
        let startText = field(.startTime)
        guard let start = ImportRules.hevyDateTime(startText) else {
            throw RowProblem("The start time \"\(startText)\" is not a time like 13 Sep 2024, 14:11.")
        }
        let exercise = try ImportRules.exerciseName(field(.exercise))
        let title = ImportRules.workoutName(field(.title))
        let workout = collector.workout("\(startText)|\(title)") {
            var duration: Int?
            if let end = ImportRules.hevyDateTime(field(.endTime)), let from = start.date(in: .gmt), let to = end.date(in: .gmt) {
                duration = to >= from ? Int(to.timeIntervalSince(from)) : nil
            }
            duration = ImportRules.believable(duration, workout: title, start: start, line: line, notices: &file.notices)
            return ImportedWorkout(
                name: title, start: start, durationSeconds: duration,
                notes: ImportRules.note(field(.description)), line: line)
        }

        let type = field(.setType).lowercased()
        let kind: SetKind
        switch type {
        case "normal", "": kind = .working
        case "warmup", "warm_up", "warm-up": kind = .warmup
        case "dropset", "drop": kind = .drop
        case "failure": kind = .failure
        default:
            throw RowProblem("The set type \"\(field(.setType))\" is not one Spotter knows (normal, warmup, dropset, failure).")
        }
        var set = ImportedSet(kind: kind)
        let weightColumn: Column = columns[.weightPounds] != nil ? .weightPounds : .weightKilograms
        set.weight = try ImportRules.weight(field(weightColumn), unit: statedUnit ?? .kg)
        set.reps = try ImportRules.reps(field(.reps))
        if let seconds = ImportRules.number(field(.duration)), seconds > 0 { set.durationSeconds = Int(seconds.rounded()) }
        if let distance = ImportRules.number(field(.distanceKilometers)), distance > 0 {
            set.distanceMeters = ImportRules.rounded(distance * 1000)
        } else if let distance = ImportRules.number(field(.distanceMiles)), distance > 0 {
            set.distanceMeters = ImportRules.rounded(distance * 1609.344)
        }
        if let rpe = ImportRules.number(field(.rpe)), (1...10).contains(rpe) { set.rpe = rpe }
        try ImportRules.requireMeasure(set)
        let superset = Int(field(.superset))
        let notes = ImportRules.note(field(.exerciseNotes))
        // Hevy numbers each block of an exercise from 0: a 0 right after the same
        // exercise is the lifter adding it again, a second entry with its own notes.
        let startsBlock = Int(field(.setIndex)) == 0
        collector.entry(workout, exercise: exercise, supersetGroup: superset, startsBlock: startsBlock) { entry in
            if entry.notes.isEmpty { entry.notes = notes }
            entry.sets.append(set)
        }
    }
}
