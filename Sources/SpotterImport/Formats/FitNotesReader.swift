import Foundation
import SpotterCore

/// Reads FitNotes' CSV export: one workout per date, no times, no set numbers,
/// fields never quoted (a comma in an exercise name makes a row longer than the
/// header: the extra fields belong to the name).
struct FitNotesReader: FormatReader {
    enum Column {
        case date, exercise, category, weight, weightUnit, reps, distance, distanceUnit, time, comment
        /// A column Spotter does not know: read past, never used.
        case ignored
    }

    /// FitNotes has no workout times: its workouts start at noon, which keeps every
    /// one on its own day in any time zone.
    static let startHour = 12

    var order: [Column] = []
    var headerUnit: MassUnit?
    var assumedUnit: MassUnit
    var statedUnit: MassUnit?
    /// Categories per workout date, for its name.
    var categories: [String: [String]] = [:]

    static func accepts(header: [String]) -> Bool {
        let keys = header.map(ImportRules.headerKey)
        return keys.count >= 3 && keys[0] == "date" && keys[1] == "exercise" && keys[2] == "category"
    }

    init(header: [String], assumedUnit: MassUnit, notices: inout [String]) throws {
        self.assumedUnit = assumedUnit
        var unknown: [String] = []
        for name in header {
            let key = ImportRules.headerKey(name)
            switch key {
            case "date": order.append(.date)
            case "exercise": order.append(.exercise)
            case "category": order.append(.category)
            case "weight": order.append(.weight)
            case "weight (kgs)", "weight (kg)":
                order.append(.weight)
                headerUnit = .kg
            case "weight (lbs)", "weight (lb)":
                order.append(.weight)
                headerUnit = .lb
            case "weight unit": order.append(.weightUnit)
            case "reps": order.append(.reps)
            case "distance": order.append(.distance)
            case "distance unit": order.append(.distanceUnit)
            case "time": order.append(.time)
            case "comment": order.append(.comment)
            default:
                order.append(.ignored)
                unknown.append(name)
            }
        }
        guard order.starts(with: [.date, .exercise, .category]), order.contains(.reps) else {
            throw ImportError(
                "This does not look like a FitNotes export: it needs the columns Date, Exercise, Category and Reps.")
        }
        if let notice = ImportRules.unknownColumns(unknown) { notices.append(notice) }
        statedUnit = headerUnit
    }

    /// The row's fields by column, with the extra fields of a longer row merged back
    /// into the exercise name (or, after a comment column, into the comment: the
    /// split that leaves the numbers readable wins).
    func fields(of record: CSVRecord) -> [Column: String]? {
        let extra = record.fields.count - order.count
        guard extra >= 0 else { return nil }
        let hasComment = order.last == .comment
        var first: [Column: String]?
        for nameExtra in (hasComment ? Array(0...extra) : [extra]) {
            var result: [Column: String] = [:]
            var index = 0
            for column in order {
                var width = 1
                if column == .exercise { width += nameExtra }
                if column == .comment, column == order.last { width += extra - nameExtra }
                result[column] = record.fields[index..<index + width].joined(separator: ",")
                index += width
            }
            let numbersRead = [Column.weight, .reps, .distance].allSatisfy { column in
                let text = result[column, default: ""].trimmedOfSpaces
                return text.isEmpty || ImportRules.number(text) != nil
            }
            if numbersRead { return result }
            if first == nil { first = result }
        }
        // No split reads: the row's numbers are wrong, and reading them says which.
        return first
    }

    mutating func read(_ record: CSVRecord, into collector: inout WorkoutCollector, file: inout ImportOutline) throws(RowProblem)
    {
        let line = record.line
        guard let fields = fields(of: record) else {
            throw RowProblem("The row has \(record.fields.count) fields where the header has \(order.count).")
        }
        func field(_ column: Column) -> String { fields[column, default: ""].trimmedOfSpaces }
        let dateText = field(.date)
        guard var start = ImportRules.isoDateTime(dateText) else {
            throw RowProblem("The date \"\(dateText)\" is not a date like 2025-04-29.")
        }
        start.hour = Self.startHour
        let exercise = try ImportRules.exerciseName(field(.exercise))
        var unit = headerUnit ?? assumedUnit
        if order.contains(.weightUnit), !field(.weightUnit).isEmpty {
            guard let stated = ImportRules.massUnit(field(.weightUnit)) else {
                throw RowProblem("The weight unit \"\(field(.weightUnit))\" is neither kgs nor lbs.")
            }
            unit = stated
            statedUnit = statedUnit ?? stated
        }
        var set = ImportedSet()
        set.weight = try ImportRules.weight(field(.weight), unit: unit)
        // 0 reps with a weight is a failed attempt (as Strong keeps it); without one, no reps.
        set.reps = try ImportRules.reps(field(.reps)).flatMap { $0 > 0 || set.weight != nil ? $0 : nil }
        if let distance = ImportRules.number(field(.distance)), distance > 0 {
            guard let meters = ImportRules.meters(per: field(.distanceUnit).isEmpty ? "km" : field(.distanceUnit)) else {
                throw RowProblem("The distance unit \"\(field(.distanceUnit))\" is not one Spotter knows (km, mi, m).")
            }
            set.distanceMeters = ImportRules.rounded(distance * meters)
        }
        let timeText = field(.time)
        if !timeText.isEmpty {
            guard let seconds = ImportRules.clockDuration(timeText) ?? ImportRules.number(timeText).map({ Int($0) }) else {
                throw RowProblem("The time \"\(timeText)\" is not a time like 0:25:00.")
            }
            if seconds > 0 { set.durationSeconds = seconds }
        }
        set.note = ImportRules.note(field(.comment))
        try ImportRules.requireMeasure(set)
        let category = field(.category)
        if !category.isEmpty, !categories[dateText, default: []].contains(category) {
            categories[dateText, default: []].append(category)
        }
        let name = categories[dateText, default: []].prefix(3).joined(separator: " & ")
        let workout = collector.workout(dateText) { ImportedWorkout(name: "Workout", start: start, line: line) }
        collector.update(workout) { $0.name = name.isEmpty ? "Workout" : name }
        // Exercises interleave in FitNotes: one entry per exercise and day.
        collector.entry(workout, exercise: exercise, sameExerciseContinues: true) { entry in
            entry.category = category
            entry.sets.append(set)
        }
    }
}
