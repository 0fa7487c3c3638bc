import Foundation

/// Changes to a workout's own fields; nil leaves a field as it is.
public struct WorkoutChange: Sendable, Equatable {
    public var name: String?
    public var notes: String?
    /// `.some(nil)` clears the type.
    public var workoutTypeID: UUID??
    public var sessionRPE: Int??

    public init(name: String? = nil, notes: String? = nil, workoutTypeID: UUID?? = nil, sessionRPE: Int?? = nil) {
        self.name = name
        self.notes = notes
        self.workoutTypeID = workoutTypeID
        self.sessionRPE = sessionRPE
    }

    public static let nameLimit = 100
    public static let notesLimit = 2_000

    public func applied(to workout: Workout) throws(ValidationFailure) -> Workout {
        var result = workout
        var issues: [FieldIssue] = []
        if let name {
            let clean = NameKey.displayForm(of: name)
            if clean.isEmpty { issues.append(.init(field: "name", message: "Give the workout a name.")) }
            else if clean.count > Self.nameLimit { issues.append(.init(field: "name", message: "The name is too long: at most \(Self.nameLimit) characters.")) }
            else { result.name = clean }
        }
        if let notes {
            let trimmed = notes.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.count > Self.notesLimit { issues.append(.init(field: "notes", message: "The notes are too long: at most \(Self.notesLimit) characters.")) }
            else { result.notes = trimmed }
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
            if trimmed.count > Self.notesLimit { issues.append(.init(field: "notes", message: "The notes are too long: at most \(Self.notesLimit) characters.")) }
            else { result.notes = trimmed }
        }
        if let supersetGroup {
            if let value = supersetGroup, !(1...99).contains(value) {
                issues.append(.init(field: "supersetGroup", message: "A superset group is a number from 1 to 99."))
            } else { result.supersetGroup = supersetGroup }
        }
        if let restSeconds {
            if let value = restSeconds, !UserSettings.restSecondsRange.contains(value) {
                issues.append(.init(field: "restSeconds", message: "Rest must be between 0 and \(UserSettings.restSecondsRange.upperBound) seconds."))
            } else { result.restSeconds = restSeconds }
        }
        guard issues.isEmpty else { throw ValidationFailure(issues) }
        return result
    }
}
