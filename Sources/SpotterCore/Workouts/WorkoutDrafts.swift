import Foundation

/// Changes to a workout's own fields; nil leaves a field as it is.
public struct WorkoutChange: Sendable, Equatable {
    public var name: String?
    public var notes: String?
    /// `.some(nil)` clears the type.
    public var workoutTypeID: UUID??
    public var sessionRPE: Int??
    /// A new start (the session the lifter forgot to start, or logs afterwards); a
    /// finished workout keeps its duration unless `durationSeconds` says otherwise.
    public var startedAt: Date?
    /// How long a finished workout took (its end is the start plus this).
    public var durationSeconds: Int?

    public init(
        name: String? = nil, notes: String? = nil, workoutTypeID: UUID?? = nil, sessionRPE: Int?? = nil, startedAt: Date? = nil,
        durationSeconds: Int? = nil
    ) {
        self.name = name
        self.notes = notes
        self.workoutTypeID = workoutTypeID
        self.sessionRPE = sessionRPE
        self.startedAt = startedAt
        self.durationSeconds = durationSeconds
    }

    public static let nameLimit = 100
    public static let notesLimit = 2_000
    /// A workout lasts from a minute to a day.
    public static let durationLimits = 60...86_400
    /// The earliest start a workout may have.
    public static let earliestStart = Date(timeIntervalSince1970: 946_684_800)  // 2000-01-01
    /// How far past `now` a start or end may be: a phone's clock a little ahead.
    public static let clockSlack: TimeInterval = 60

    /// The workout after this change, or every problem with it. `now` bounds the
    /// start and end: neither may be in the future.
    public func applied(to workout: Workout, now: Date = .distantFuture) throws(ValidationFailure) -> Workout {
        var result = workout
        var issues: [FieldIssue] = []
        if startedAt != nil || durationSeconds != nil {
            let start = startedAt ?? workout.startedAt
            let latest = now.addingTimeInterval(Self.clockSlack)
            if start < Self.earliestStart {
                issues.append(.init(field: "startedAt", message: "Pick a start from the year 2000 on."))
            } else if start > latest {
                issues.append(
                    .init(field: "startedAt", message: "The start can't be in the future: pick a time that has passed."))
            } else if let end = workout.endedAt {
                let duration = durationSeconds ?? Int(end.timeIntervalSince(workout.startedAt).rounded())
                if let durationSeconds, !Self.durationLimits.contains(durationSeconds) {
                    issues.append(.init(field: "durationSeconds", message: "A workout lasts from 1 minute to 24 hours."))
                } else if start.addingTimeInterval(TimeInterval(duration)) > latest {
                    issues.append(
                        .init(
                            field: "durationSeconds", message: "It would end in the future: start it earlier or make it shorter.")
                    )
                } else {
                    result.startedAt = start
                    result.endedAt = start.addingTimeInterval(TimeInterval(duration))
                }
            } else if durationSeconds != nil {
                issues.append(
                    .init(
                        field: "durationSeconds", message: "The workout is still running: its duration is set when you finish it."
                    ))
            } else {
                result.startedAt = start
            }
        }
        if let name {
            if let clean = PlainText.name(name, limit: Self.nameLimit, missing: "Give the workout a name.", issues: &issues) {
                result.name = clean
            }
        }
        if let notes {
            let trimmed = notes.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.count > Self.notesLimit {
                issues.append(.init(field: "notes", message: "The notes are too long: at most \(Self.notesLimit) characters."))
            } else {
                result.notes = trimmed
            }
        }
        if let workoutTypeID { result.workoutTypeID = workoutTypeID }
        if let sessionRPE {
            if let value = sessionRPE, !(1...10).contains(value) {
                issues.append(.init(field: "sessionRPE", message: "Session RPE must be a whole number from 1 to 10."))
            } else {
                result.sessionRPE = sessionRPE
            }
        }
        guard issues.isEmpty else { throw ValidationFailure(issues) }
        return result
    }

    /// The name a new workout gets when the lifter gives none: the part of the day.
    public static func defaultName(at date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        switch calendar.component(.hour, from: date) {
        case 5..<12: return "Morning Workout"
        case 12..<17: return "Afternoon Workout"
        case 17..<22: return "Evening Workout"
        default: return "Night Workout"
        }
    }
}

/// Changes to an exercise entry; nil leaves a field as it is.
public struct EntryChange: Sendable, Equatable {
    public var exerciseID: UUID?
    public var notes: String?
    public var supersetGroup: Int??
    public var restSeconds: Int??

    public init(exerciseID: UUID? = nil, notes: String? = nil, supersetGroup: Int?? = nil, restSeconds: Int?? = nil) {
        self.exerciseID = exerciseID
        self.notes = notes
        self.supersetGroup = supersetGroup
        self.restSeconds = restSeconds
    }

    public static let notesLimit = 1_000

    public func applied(to entry: ExerciseEntry) throws(ValidationFailure) -> ExerciseEntry {
        var result = entry
        var issues: [FieldIssue] = []
        if let exerciseID { result.exerciseID = exerciseID }
        if let notes {
            let trimmed = notes.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.count > Self.notesLimit {
                issues.append(.init(field: "notes", message: "The notes are too long: at most \(Self.notesLimit) characters."))
            } else {
                result.notes = trimmed
            }
        }
        if let supersetGroup {
            if let value = supersetGroup, !(1...99).contains(value) {
                issues.append(.init(field: "supersetGroup", message: "A superset group is a number from 1 to 99."))
            } else {
                result.supersetGroup = supersetGroup
            }
        }
        if let restSeconds {
            if let value = restSeconds, !UserSettings.restSecondsRange.contains(value) {
                issues.append(
                    .init(
                        field: "restSeconds",
                        message: "Rest must be between 0 and \(UserSettings.restSecondsRange.upperBound) seconds."))
            } else {
                result.restSeconds = restSeconds
            }
        }
        guard issues.isEmpty else { throw ValidationFailure(issues) }
        return result
    }
}
