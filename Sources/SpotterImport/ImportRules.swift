import Foundation
import SpotterCore

/// How values in the exports are read; shared by the three formats.
public enum ImportRules {
    /// A workout longer than this was never finished (Strong has `409h 31min`): its
    /// sets are kept, its duration is not.
    public static let longestBelievableSeconds = 12 * 3600

    /// Files larger than this are refused before reading: ten years of daily
    /// training export to about 10 MB.
    public static let largestFileBytes = 64 << 20
    /// The most sets and exercises one workout may have: far past any real session
    /// (a marathon day is a few hundred sets), so only damaged files meet them.
    public static let mostSetsPerWorkout = 500
    public static let mostExercisesPerWorkout = 100
    /// The most rows left out a preview lists; the rest are counted.
    public static let mostRowsListed = 1_000
    /// The most notices of one kind a preview lists; the rest are counted.
    public static let mostNoticesListed = 100

    /// The first `mostNoticesListed` notices, and one that counts the rest ("And 12
    /// more notes like these.").
    static func capped(_ notices: [String], more noun: String) -> [String] {
        guard notices.count > mostNoticesListed else { return notices }
        return notices.prefix(mostNoticesListed) + ["And \(counted(notices.count - mostNoticesListed, noun)) like these."]
    }

    /// A number as exports write it: `60`, `60.0`, `149.99999999999997`, and `60,5`
    /// in files from apps set to a language with a decimal comma. Empty is nil.
    public static func number(_ text: String) -> Double? {
        let trimmed = text.trimmedOfSpaces
        guard !trimmed.isEmpty else { return nil }
        if let value = Double(trimmed), value.isFinite { return value }
        if let value = Double(trimmed.replacingOccurrences(of: ",", with: ".")), value.isFinite { return value }
        return nil
    }

    /// Rounds float noise away: to 0.01 (`149.99999999999997` is 150).
    public static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// A duration as Strong writes it: `31m`, `1h 3m`, `2h 38m`, `1h`, `38min`,
    /// `20s`, `1h 2min 5s`, or bare seconds. Nil when it is not one.
    public static func duration(_ text: String) -> Int? {
        let trimmed = text.trimmedOfSpaces.lowercased()
        guard !trimmed.isEmpty else { return nil }
        if let seconds = number(trimmed) { return seconds >= 0 ? Int(seconds.rounded()) : nil }
        var total = 0
        var digits = ""
        var unit = ""
        var sawPart = false
        func close() -> Bool {
            guard !digits.isEmpty, let value = Int(digits) else { return digits.isEmpty && unit.isEmpty }
            switch unit {
            case "h", "hr", "hrs", "std", "u", "hours", "hour": total += value * 3600
            case "m", "min", "mins", "minutes", "minute", "mn": total += value * 60
            case "s", "sec", "secs", "seconds", "second", "sek", "seg": total += value
            default: return false
            }
            sawPart = true
            digits = ""
            unit = ""
            return true
        }
        for character in trimmed {
            if character.isNumber {
                if !unit.isEmpty { guard close() else { return nil } }
                digits.append(character)
            } else if character.isLetter {
                guard !digits.isEmpty else { return nil }
                unit.append(character)
            } else if character == " " {
                continue
            } else {
                return nil
            }
        }
        guard close(), sawPart else { return nil }
        return total
    }

    /// A duration as Strong writes it (`1h 3m`, `45m`, `20s`), read back by `duration`.
    public static func durationText(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds % 3600 / 60
        if hours > 0 { return minutes > 0 ? "\(hours)h \(minutes)m" : "\(hours)h" }
        if minutes > 0 { return "\(minutes)m" }
        return "\(seconds)s"
    }

    /// `H:MM:SS` or `MM:SS` (FitNotes times); nil when it is not one.
    public static func clockDuration(_ text: String) -> Int? {
        let parts = text.trimmedOfSpaces.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, numbers.allSatisfy({ $0 >= 0 }) else { return nil }
        return numbers.reduce(0) { $0 * 60 + $1 }
    }

    /// `2024-06-18 11:04:00`, `2024-06-18 11:04`, `2024-06-18T11:04:00` or `2024-06-18`.
    public static func isoDateTime(_ text: String) -> LocalDateTime? {
        let trimmed = text.trimmedOfSpaces
        let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard (1...2).contains(parts.count) else { return nil }
        let day = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard day.count == 3, let year = day[0], let month = day[1], let date = day[2] else { return nil }
        var time: [Int] = [0, 0, 0]
        if parts.count == 2 {
            let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard (2...3).contains(clock.count), clock.allSatisfy({ $0 != nil }) else { return nil }
            for (index, value) in clock.enumerated() { time[index] = value! }
        }
        return LocalDateTime(year: year, month: month, day: date, hour: time[0], minute: time[1], second: time[2]).checked
    }

    /// `13 Sep 2024, 14:11` (Hevy): day, English month, year, time; or an ISO date.
    public static func hevyDateTime(_ text: String) -> LocalDateTime? {
        let words = text.replacingOccurrences(of: ",", with: " ").split(separator: " ")
        guard words.count == 4, let day = Int(words[0]), let year = Int(words[2]),
            let month = months.firstIndex(of: String(words[1].prefix(3)).lowercased())
        else { return isoDateTime(text) }
        let clock = words[3].split(separator: ":").map { Int($0) }
        guard (2...3).contains(clock.count), let hour = clock[0], let minute = clock[1] else { return nil }
        let second = clock.count == 3 ? clock[2] ?? 0 : 0
        return LocalDateTime(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second).checked
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Hevy writes line breaks in notes as the two characters `\n`.
    public static func note(_ text: String) -> String {
        text.replacingOccurrences(of: "\\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A header name reduced for matching: lower case, no quotes, single spaces.
    public static func headerKey(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\"\u{FEFF}")))
            .lowercased().split(separator: " ").joined(separator: " ")
    }

    /// The notice for header columns a reader does not use (nil when none).
    static func unknownColumns(_ names: [String]) -> String? {
        names.isEmpty ? nil : "Columns not understood and left out: \(names.map { "\"\($0)\"" }.joined(separator: ", "))."
    }

    /// Meters in one `unit` (`km`, `mi`, `m`, `miles`, ...); nil for an unknown unit.
    public static func meters(per unit: String) -> Double? {
        switch unit.trimmedOfSpaces.lowercased() {
        case "km", "kms", "kilometers", "kilometres": 1000
        case "mi", "mile", "miles": 1609.344
        case "m", "meters", "metres": 1
        case "ft", "feet": 0.3048
        case "yd", "yards": 0.9144
        default: nil
        }
    }

    /// A weight unit as exports spell it: `kg`, `kgs`, `lb`, `lbs`.
    public static func massUnit(_ text: String) -> MassUnit? {
        switch text.trimmedOfSpaces.lowercased() {
        case "kg", "kgs", "kilograms": .kg
        case "lb", "lbs", "pounds": .lb
        default: nil
        }
    }
}

/// A row that cannot be used; its reason goes to the report with its line.
struct RowProblem: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

extension ImportRules {
    /// A weight cell: empty or 0 is a bodyweight set (nil), float noise rounded,
    /// a conversion from the other unit recognised (`entered`).
    static func weight(_ text: String, unit: MassUnit) throws(RowProblem) -> Mass? {
        guard !text.isEmpty else { return nil }
        guard let weight = number(text) else { throw RowProblem("The weight \"\(text)\" is not a number.") }
        guard weight >= 0 else { throw RowProblem("The weight \(text) is negative.") }
        return weight > 0 ? entered(weight, unit, decimals: decimals(text)) : nil
    }

    /// The weight as the lifter entered it. Apps write a lifter's pounds in a kg
    /// column converted (40.8233133 for 90 lb, 6.80388555 for 15 lb): a value with
    /// more decimals than anyone types (3 or more) that is a quarter step of the
    /// other unit to within its last written digit is that step, in that unit, so
    /// 90 lb stays 90 lb. Any other weight is kept in `unit`, rounded to 0.01.
    static func entered(_ value: Double, _ unit: MassUnit, decimals: Int) -> Mass {
        let other: MassUnit = unit == .kg ? .lb : .kg
        if decimals > 2, let step = Mass(value, unit).step(in: other, within: pow(10, -Double(decimals))) {
            return Mass(step, other)
        }
        return Mass(rounded(value), unit)
    }

    /// The digits written after the decimal point (or comma): 3 for `40.823`, 0
    /// for `90` and for exponent forms.
    static func decimals(_ text: String) -> Int {
        let trimmed = text.trimmedOfSpaces
        guard !trimmed.contains(where: { $0 == "e" || $0 == "E" }),
            let point = trimmed.lastIndex(where: { $0 == "." || $0 == "," })
        else {
            return 0
        }
        return trimmed[trimmed.index(after: point)...].count
    }

    /// A reps cell: `5`, `5.0`; empty is nil.
    static func reps(_ text: String) throws(RowProblem) -> Int? {
        guard !text.isEmpty else { return nil }
        guard let reps = number(text) else { throw RowProblem("The reps \"\(text)\" are not a number.") }
        guard reps >= 0, reps < 10_000 else { throw RowProblem("\(text) reps is not a number of repetitions.") }
        return Int(reps.rounded())
    }

    /// An exercise name cell, spaces folded; a row without one is no set, and neither
    /// is a row whose name shows nothing (zero-width spaces) in the part that is kept.
    static func exerciseName(_ text: String) throws(RowProblem) -> String {
        let name = NameKey.displayForm(of: text)
        guard !name.isEmpty else { throw RowProblem("The row names no exercise.") }
        if let scalar = PlainText.onlyInvisible(name.prefix(ExerciseDraft.nameLimit)) {
            throw RowProblem("The exercise name holds only invisible characters (\(PlainText.code(scalar))).")
        }
        return name
    }

    /// A workout name cell, spaces folded; "Workout" when it is empty or shows nothing.
    static func workoutName(_ text: String) -> String {
        let name = NameKey.displayForm(of: text)
        return name.isEmpty || PlainText.onlyInvisible(name) != nil ? "Workout" : name
    }

    /// Refuses a set that measures nothing.
    static func requireMeasure(_ set: ImportedSet) throws(RowProblem) {
        if set.reps == nil, set.weight == nil, set.durationSeconds == nil, set.distanceMeters == nil {
            throw RowProblem("The set has no weight, reps, time or distance.")
        }
    }

    /// The workout's duration, or nil with a notice when nobody trains that long.
    static func believable(_ duration: Int?, workout name: String, start: LocalDateTime, line: Int, notices: inout [String])
        -> Int?
    {
        guard let duration, duration > longestBelievableSeconds else { return duration }
        notices.append(
            "Line \(line): the workout \"\(name)\" on \(start) lasted \(durationText(duration)), which nobody trains for; it is imported without a duration."
        )
        return nil
    }
}

extension LocalDateTime {
    /// Nil when a part is out of its range.
    var checked: LocalDateTime? {
        guard (1900...2200).contains(year), (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
            (0...59).contains(second)
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day) ? self : nil
    }
}

/// Collects rows into workouts: rows of one workout may be spread over the file;
/// consecutive rows of one exercise form an entry (unless the file numbers a row as
/// a new block's first set), and the exercise coming back later in the workout
/// starts a new entry.
///
/// It serves both passes over a file. The outline pass counts each entry's sets
/// (`ExerciseTally`) and drops them, noting the line of each workout's last row.
/// The import pass keeps the sets and hands over each workout as soon as its last
/// row is read (`takeCompleted`), so memory holds the workouts still open, not the file.
struct WorkoutCollector {
    /// A workout whose rows are still coming.
    private struct Open {
        /// In the outline pass, without sets, entries or notes: the tallies stand for them.
        var workout: ImportedWorkout
        /// Per entry, in order: its exercise and what its sets hold.
        var tallies: [ExerciseTally] = []
        var sets = 0
        var setTally = SetTally()
        /// Rows counted once the workout is past the limits: no session holds that many
        /// sets or exercises, so the file is damaged or joins many sessions under one
        /// start. Its sets are no longer kept (memory stays bounded by the limits, not
        /// by the file).
        var oversizedRows: Int?
    }

    /// In the import pass: the line of each workout's last row, from the outline.
    private let ends: [String: Int]?
    private var open: [String: Open] = [:]
    /// The workouts the current row touched.
    private var touched: Set<String> = []
    /// In the outline pass: the line of each workout's last row so far.
    private var lastLines: [String: Int] = [:]
    private var completed: [ImportedWorkout] = []

    /// The outline pass: sets are counted, not kept.
    init() {
        ends = nil
    }

    /// The import pass of a file outlined as `outline`.
    init(outline: ImportOutline) {
        ends = outline.lastLines
    }

    private var keepsSets: Bool { ends != nil }

    /// The workout under `key`, made by `make` on its first row.
    mutating func workout(_ key: String, make: () -> ImportedWorkout) -> String {
        touched.insert(key)
        if open[key] == nil {
            var workout = make()
            if !keepsSets { workout.notes = "" }
            open[key] = Open(workout: workout)
        }
        return key
    }

    /// Changes the workout under `key` (FitNotes names a workout as its rows come).
    mutating func update(_ key: String, _ change: (inout ImportedWorkout) -> Void) {
        touched.insert(key)
        change(&open[key]!.workout)
    }

    /// Adds a set (or nothing, for a marker row) to the exercise's current entry,
    /// starting an entry when the exercise changes. With
    /// `sameExerciseContinues`, an exercise coming back joins its first entry. With
    /// `startsBlock` (the file numbers the row as its exercise's first set: Hevy's
    /// set index back at 0), the same exercise right after itself is a second entry,
    /// with its own notes, as the lifter added it twice.
    mutating func entry(
        _ key: String, exercise: String, supersetGroup: Int? = nil, sameExerciseContinues: Bool = false,
        startsBlock: Bool = false,
        change: (inout ImportedEntry) -> Void
    ) {
        touched.insert(key)
        guard var state = open.removeValue(forKey: key) else { preconditionFailure("an entry of a workout not begun") }
        defer { open[key] = state }
        if let rows = state.oversizedRows {
            state.oversizedRows = rows + 1
            return
        }
        var index = state.tallies.count - 1
        if sameExerciseContinues, let found = state.tallies.firstIndex(where: { $0.name == exercise }) {
            index = found
        } else if index < 0 || state.tallies[index].name != exercise || (startsBlock && state.tallies[index].sets > 0) {
            state.tallies.append(ExerciseTally(name: exercise))
            if keepsSets { state.workout.entries.append(ImportedEntry(exerciseName: exercise, supersetGroup: supersetGroup)) }
            index += 1
        }
        // The outline pass hands the reader a blank entry and keeps only its tally.
        var entry = keepsSets ? state.workout.entries[index] : ImportedEntry(exerciseName: exercise)
        let before = entry.sets.count
        change(&entry)
        for set in entry.sets[before...] {
            state.tallies[index].count(set)
            state.setTally.count(set)
        }
        if !entry.category.isEmpty { state.tallies[index].category = entry.category }
        state.sets += entry.sets.count - before
        if keepsSets { state.workout.entries[index] = entry }
        if state.sets > ImportRules.mostSetsPerWorkout || state.tallies.count > ImportRules.mostExercisesPerWorkout {
            state.oversizedRows = state.sets
            state.workout.entries = []
            state.tallies = []
        }
    }

    /// Called after every row, read or left out: notes where the workouts it touched
    /// end, or hands over those it completed.
    mutating func endRow(line: Int) {
        defer { touched.removeAll(keepingCapacity: true) }
        guard let ends else {
            for key in touched { lastLines[key] = line }
            return
        }
        for key in touched where ends[key] == line { complete(key) }
    }

    /// The workouts completed since the last call, in the order their last rows came.
    mutating func takeCompleted() -> [ImportedWorkout] {
        defer { completed = [] }
        return completed
    }

    /// The workouts whose last row has not come yet: at the end of the import pass,
    /// none, unless the file changed since its outline.
    var openWorkouts: Int { open.count }

    private static func order(_ first: ImportedWorkout, _ second: ImportedWorkout) -> Bool {
        (first.start, first.line) < (second.start, second.line)
    }

    private mutating func complete(_ key: String) {
        guard let state = open.removeValue(forKey: key), state.oversizedRows == nil else { return }
        var workout = state.workout
        workout.entries.removeAll { $0.sets.isEmpty }
        if !workout.entries.isEmpty { completed.append(workout) }
    }

    /// The outline pass's findings, put into `outline`: the workouts in time order
    /// with their import keys, the exercise names with what their sets hold, and one
    /// notice per workout left out for its size.
    func finish(_ outline: inout ImportOutline, source: ImportSource) {
        outline.notices += ImportRules.capped(
            open.values.compactMap { state in state.oversizedRows.map { (workout: state.workout, rows: $0) } }
                .sorted { $0.workout.line < $1.workout.line }
                .map { item in
                    "The workout \"\(item.workout.name)\" of \(item.workout.start) (line \(item.workout.line)) has \(item.rows) rows, more than "
                        + "\(ImportRules.mostSetsPerWorkout) sets or \(ImportRules.mostExercisesPerWorkout) exercises: no session holds that many, "
                        + "so it is left out. The file may join many sessions under one date and name."
                }, more: "more workout left out for its size")
        let kept = open.values.filter { $0.oversizedRows == nil && $0.sets > 0 }.sorted { Self.order($0.workout, $1.workout) }
        // Two workouts with the same start and name (Strong numbers them apart) are
        // told apart by their order in the file.
        var seen: [String: Int] = [:]
        var exerciseIndex: [String: Int] = [:]
        for state in kept {
            let workout = state.workout
            let key = workout.key(source: source)
            seen[key, default: 0] += 1
            let importKey = seen[key]! > 1 ? "\(key)|\(seen[key]!)" : key
            outline.workouts.append(
                WorkoutOutline(
                    name: workout.name, start: workout.start, line: workout.line, sets: state.sets, importKey: importKey,
                    setTally: state.setTally))
            for tally in state.tallies where tally.sets > 0 {
                let index = exerciseIndex[tally.name] ?? outline.exercises.count
                if index == outline.exercises.count {
                    exerciseIndex[tally.name] = index
                    outline.exercises.append(ExerciseTally(name: tally.name))
                }
                outline.exercises[index].merge(tally)
            }
        }
        outline.lastLines = lastLines
    }
}

extension String {
    /// The text without white space at either end, as `trimmingCharacters(in:
    /// .whitespaces)` gives it, without Foundation's cost for the text nearly every
    /// field is: a visible ASCII character at both ends.
    var trimmedOfSpaces: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        if (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) { return self }
        return trimmingCharacters(in: .whitespaces)
    }
}
