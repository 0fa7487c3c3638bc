import Foundation
import SpotterCore

/// The apps whose exports Spotter reads.
public enum ImportSource: String, CaseIterable, Sendable, Codable {
    case strong, hevy, fitnotes

    public var displayName: String {
        switch self {
        case .strong: "Strong"
        case .hevy: "Hevy"
        case .fitnotes: "FitNotes"
        }
    }
}

/// A wall-clock time without a zone, as the exports write it; placed in the
/// lifter's zone when imported.
public struct LocalDateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year, month, day, hour, minute, second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
    }

    /// The moment this wall-clock time is in `zone`; nil for a date that does not exist.
    public func date(in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return nil }
        // Calendar rolls 31 February over to March: refuse instead.
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        return date
    }

    private var ordinal: [Int] { [year, month, day, hour, minute, second] }
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.ordinal.lexicographicallyPrecedes(rhs.ordinal) }

    /// "2024-06-18 11:04".
    public var description: String { String(stamp.dropLast(3)) }

    /// "2024-06-18 11:04:00", to the second.
    public var stamp: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
    }
}

/// One set as read from a file.
public struct ImportedSet: Sendable, Equatable {
    public var kind: SetKind
    public var reps: Int?
    public var weight: Mass?
    public var durationSeconds: Int?
    public var distanceMeters: Double?
    public var rpe: Double?
    public var note: String

    public init(
        kind: SetKind = .working, reps: Int? = nil, weight: Mass? = nil, durationSeconds: Int? = nil,
        distanceMeters: Double? = nil,
        rpe: Double? = nil, note: String = ""
    ) {
        (self.kind, self.reps, self.weight, self.durationSeconds) = (kind, reps, weight, durationSeconds)
        (self.distanceMeters, self.rpe, self.note) = (distanceMeters, rpe, note)
    }

    /// Volume in kilograms (warm-ups count none), for previews and checks.
    public var volumeKilograms: Double {
        guard kind != .warmup, let reps, let weight else { return 0 }
        return weight.converted(to: .kg) * Double(reps)
    }
}

/// One exercise of a workout as read from a file, named as the file names it.
public struct ImportedEntry: Sendable, Equatable {
    public var exerciseName: String
    public var notes: String
    public var supersetGroup: Int?
    public var restSeconds: Int?
    public var sets: [ImportedSet]
    /// The muscle group the app filed the exercise under (FitNotes' Category).
    public var category: String

    public init(
        exerciseName: String, notes: String = "", supersetGroup: Int? = nil, restSeconds: Int? = nil, sets: [ImportedSet] = [],
        category: String = ""
    ) {
        (self.exerciseName, self.notes, self.supersetGroup, self.restSeconds, self.sets) = (
            exerciseName, notes, supersetGroup, restSeconds, sets
        )
        self.category = category
    }
}

/// One workout as read from a file.
public struct ImportedWorkout: Sendable, Equatable {
    public var name: String
    public var start: LocalDateTime
    /// Nil when the file gives none, or one nobody trains for (see `ImportRules`).
    public var durationSeconds: Int?
    public var notes: String
    public var entries: [ImportedEntry]
    /// The line of its first row.
    public var line: Int

    public init(
        name: String, start: LocalDateTime, durationSeconds: Int? = nil, notes: String = "", entries: [ImportedEntry] = [],
        line: Int
    ) {
        (self.name, self.start, self.durationSeconds, self.notes, self.entries, self.line) = (
            name, start, durationSeconds, notes, entries, line
        )
    }

    public var sets: [ImportedSet] { entries.flatMap(\.sets) }

    /// What makes a workout the same on a second import of the file: the app, the
    /// start and the name (FitNotes: the day alone, its workouts are named by what
    /// they trained).
    public func key(source: ImportSource) -> String {
        source == .fitnotes ? "\(source.rawValue)|\(start.stamp)" : "\(source.rawValue)|\(start.stamp)|\(name)"
    }
}

/// A row of the file that was not imported, and why.
public struct SkippedRow: Sendable, Equatable {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }
}

/// One workout of a file without its sets: what a preview counts and an import
/// needs to know before it reads the sets again.
public struct WorkoutOutline: Sendable, Equatable {
    public var name: String
    public var start: LocalDateTime
    /// The line of its first row: the workout's identity within the file.
    public var line: Int
    public var sets: Int
    /// What makes it the same workout on a second import (`ImportOutline.importKeys`).
    public var importKey: String
    /// Its sets by kind, and their volume.
    public var setTally = SetTally()
}

/// What a preview says of sets beyond their number: how many are warm-ups, drop
/// sets and sets to failure, and their volume (weight x reps, warm-ups not counted,
/// as `ImportedSet.volumeKilograms`).
public struct SetTally: Sendable, Equatable {
    public var warmups = 0
    public var drops = 0
    public var failures = 0
    public var volumeKilograms = 0.0

    public init(warmups: Int = 0, drops: Int = 0, failures: Int = 0, volumeKilograms: Double = 0) {
        (self.warmups, self.drops, self.failures, self.volumeKilograms) = (warmups, drops, failures, volumeKilograms)
    }

    mutating func count(_ set: ImportedSet) {
        switch set.kind {
        case .warmup: warmups += 1
        case .drop: drops += 1
        case .failure: failures += 1
        case .working: break
        }
        volumeKilograms += set.volumeKilograms
    }

    public static func + (lhs: SetTally, rhs: SetTally) -> SetTally {
        SetTally(
            warmups: lhs.warmups + rhs.warmups, drops: lhs.drops + rhs.drops, failures: lhs.failures + rhs.failures,
            volumeKilograms: lhs.volumeKilograms + rhs.volumeKilograms)
    }
}

/// What the sets of one exercise name of a file hold: enough to guess what kind of
/// exercise it is (`ExerciseGuess`) without keeping the sets.
public struct ExerciseTally: Sendable, Equatable {
    public var name: String
    public var sets = 0
    public var weighted = false
    public var distance = false
    public var reps = false
    /// The muscle group the app filed it under (FitNotes' Category), the latest given.
    public var category = ""

    public init(name: String) {
        self.name = name
    }

    mutating func count(_ set: ImportedSet) {
        sets += 1
        weighted = weighted || set.weight != nil
        distance = distance || set.distanceMeters != nil
        reps = reps || set.reps != nil
    }

    /// Adds another entry's tally of the same name.
    mutating func merge(_ other: ExerciseTally) {
        sets += other.sets
        (weighted, distance, reps) = (weighted || other.weighted, distance || other.distance, reps || other.reps)
        if !other.category.isEmpty { category = other.category }
    }
}

/// What a first reading of a file finds, without keeping its sets: the workouts in
/// time order, every exercise name, and what was left out. Memory stays bounded by
/// the number of workouts and names, not by the sets; the import reads the sets in
/// a second pass (`ImportReader.workouts`).
public struct ImportOutline: Sendable, Equatable {
    public var source: ImportSource
    public var workouts: [WorkoutOutline] = []
    /// Every exercise name in the file, first appearance first.
    public var exercises: [ExerciseTally] = []
    /// Rows not imported, in file order: the first `ImportRules.mostRowsListed`.
    public var skipped: [SkippedRow] = []
    /// Every row not imported, also those past the list's end.
    public var skippedRows = 0
    /// Things worth knowing that are not errors: capped durations, columns not understood.
    public var notices: [String] = []
    /// The weight unit the file states (in its header or per row); nil when it says
    /// nothing and `assumedUnit` was used.
    public var statedUnit: MassUnit?
    public var assumedUnit: MassUnit
    /// Data rows read (the header and blank lines not counted).
    public var rows = 0
    /// The line of each workout's last row, by the reader's key: where the second
    /// pass knows a workout is complete.
    var lastLines: [String: Int] = [:]
    /// Of the file's bytes (`ByteFingerprint`): the second pass must read the same.
    var fingerprint: UInt64 = 0

    public init(source: ImportSource, assumedUnit: MassUnit) {
        self.source = source
        self.assumedUnit = assumedUnit
    }

    public var setCount: Int { workouts.reduce(0) { $0 + $1.sets } }
    public var importKeys: [String] { workouts.map(\.importKey) }
    public var firstStart: LocalDateTime? { workouts.first?.start }
    public var lastStart: LocalDateTime? { workouts.last?.start }
    public var exerciseNames: [String] { exercises.map(\.name) }

    /// Notes a row left out; past the list's end, only counts it.
    mutating func skip(_ row: SkippedRow) {
        skippedRows += 1
        if skipped.count < ImportRules.mostRowsListed { skipped.append(row) }
    }
}

/// A file read whole, its sets included: for small files and tests (an import reads
/// an outline, then streams the workouts).
@dynamicMemberLookup
public struct ImportFile: Sendable, Equatable {
    public var outline: ImportOutline
    /// The workouts in time order.
    public var workouts: [ImportedWorkout]

    public subscript<Value>(dynamicMember path: KeyPath<ImportOutline, Value>) -> Value { outline[keyPath: path] }
}

/// Why a whole file cannot be imported.
public struct ImportError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// The second reading of a file found workouts or names its first did not.
    public static let changedSincePreview = ImportError(
        "The file changed since it was checked, so nothing was imported. Choose the file again to see what it holds now.")
}
