import Foundation

/// One logged set. `updatedAt` is the time of the lifter's last change on the
/// device that made it; it decides which of two edits of the same set wins.
public struct WorkoutSet: Sendable, Equatable, Identifiable, Codable {
    public var id: UUID
    public var kind: SetKind
    public var reps: Int?
    public var weight: Mass?
    public var durationSeconds: Int?
    public var distanceMeters: Double?
    public var rpe: Double?
    public var done: Bool
    public var note: String
    /// When the set was ticked done; nil while it is planned.
    public var loggedAt: Date?
    public var updatedAt: Date
    /// What the template this set came from asked for, so planned and done can be compared.
    public var target: SetTarget?

    public init(
        id: UUID, kind: SetKind = .working, reps: Int? = nil, weight: Mass? = nil, durationSeconds: Int? = nil,
        distanceMeters: Double? = nil, rpe: Double? = nil, done: Bool = false, note: String = "", loggedAt: Date? = nil,
        updatedAt: Date, target: SetTarget? = nil
    ) {
        self.id = id
        self.kind = kind
        self.reps = reps
        self.weight = weight
        self.durationSeconds = durationSeconds
        self.distanceMeters = distanceMeters
        self.rpe = rpe
        self.done = done
        self.note = note
        self.loggedAt = loggedAt
        self.updatedAt = updatedAt
        self.target = target
    }

    /// Notes when the set was done: `now` when it is ticked done (it was not before),
    /// kept while it stays done, cleared when it is reopened.
    public mutating func noteLogged(wasDone: Bool, now: Date) {
        if done && !wasDone { loggedAt = now }
        if !done { loggedAt = nil }
    }
}

/// The plan a set was started with: the rep range and RPE its template asked for.
public struct SetTarget: Sendable, Hashable, Codable {
    public var reps: RepRange?
    public var rpe: Double?

    public init(reps: RepRange? = nil, rpe: Double? = nil) {
        self.reps = reps
        self.rpe = rpe
    }
}

/// One exercise inside a workout, with its sets in order.
public struct ExerciseEntry: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var exerciseID: UUID
    public var notes: String
    /// Entries sharing a group number are done as a superset.
    public var supersetGroup: Int?
    /// Rest after a set of this exercise; nil uses the lifter's default.
    public var restSeconds: Int?
    public var sets: [WorkoutSet]
    /// The personal records its sets set (derived, see `PersonalRecords`).
    public var records: EntryRecords
    /// Why its weight was suggested, when a program suggested one
    /// ("Last time 100 kg at RPE 8 · +2.5% · week ×1.05 = 107.5 kg").
    public var suggestion: String?

    public init(
        id: UUID, exerciseID: UUID, notes: String = "", supersetGroup: Int? = nil, restSeconds: Int? = nil,
        sets: [WorkoutSet] = [],
        records: EntryRecords = EntryRecords(), suggestion: String? = nil
    ) {
        self.records = records
        self.suggestion = suggestion
        self.id = id
        self.exerciseID = exerciseID
        self.notes = notes
        self.supersetGroup = supersetGroup
        self.restSeconds = restSeconds
        self.sets = sets
    }
}

/// The records one exercise's sets set in a workout: the kinds per set, and
/// whether the exercise's session volume was a record.
public struct EntryRecords: Sendable, Equatable {
    public var sets: [UUID: [PersonalRecords.Kind]]
    public var sessionVolume: Bool

    public init(sets: [UUID: [PersonalRecords.Kind]] = [:], sessionVolume: Bool = false) {
        self.sets = sets
        self.sessionVolume = sessionVolume
    }
}

/// A training session: active while `endedAt` is nil, then part of history.
public struct Workout: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var ownerID: UUID
    public var name: String
    public var workoutTypeID: UUID?
    public var startedAt: Date
    public var endedAt: Date?
    public var notes: String
    /// How hard the whole session felt, 1-10.
    public var sessionRPE: Int?
    public var entries: [ExerciseEntry]
    /// The running rest timer, as the server knows it.
    public var rest: RestTimer.State
    /// The template it was started from, if any, so its finish can offer to update it.
    public var templateID: UUID?
    /// The program day it was started from, if any.
    public var program: ProgramLink?

    public init(
        id: UUID, ownerID: UUID, name: String, workoutTypeID: UUID? = nil, startedAt: Date, endedAt: Date? = nil,
        notes: String = "", sessionRPE: Int? = nil, entries: [ExerciseEntry] = [], rest: RestTimer.State = .idle,
        templateID: UUID? = nil, program: ProgramLink? = nil
    ) {
        self.program = program
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.workoutTypeID = workoutTypeID
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.notes = notes
        self.sessionRPE = sessionRPE
        self.entries = entries
        self.rest = rest
        self.templateID = templateID
    }

    public var isActive: Bool { endedAt == nil }

    /// Every set in order, entry by entry.
    public var allSets: [WorkoutSet] { entries.flatMap(\.sets) }
}
