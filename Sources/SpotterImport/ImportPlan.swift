import Foundation
import SpotterCore

/// What an import will do, before it does it: each exercise name of the file
/// matched to the lifter's library or to a custom exercise it will create, and which
/// of the file's workouts it adds. The preview shows it; committing it writes exactly
/// this, turning each workout read in the second pass into a Spotter workout in the
/// lifter's time zone (`workout(from:)`). Pure: the caller passes ids and the clock.
public struct ImportPlan: Sendable {
    public struct Match: Sendable, Equatable {
        /// The name as the file writes it.
        public var name: String
        /// The library exercise it maps to, or nil when a custom one is created.
        public var exercise: Exercise?
        /// The custom exercise to create (when `exercise` is nil).
        public var newExercise: ValidExerciseDraft?
        /// Whether the lifter chose the mapping (rather than the name matching).
        public var chosen: Bool
        public var sets: Int
    }

    public var file: ImportOutline
    public var matches: [Match]
    /// Each workout of the file, by the line of its first row: what the second
    /// reading must find there.
    public var outlines: [Int: WorkoutOutline]
    /// The workouts of the file the lifter already has (imported before), by line.
    public var leftOut: Set<Int>
    /// The exercise each name of the file is logged under.
    public var exerciseIDs: [String: UUID]
    /// The ids the custom exercises will have, by the file's name.
    public var newExerciseIDs: [String: UUID]
    public var ownerID: UUID
    public var zone: TimeZone

    public var newExercises: [UUID: ValidExerciseDraft] {
        Dictionary(uniqueKeysWithValues: matches.compactMap { match in
            match.newExercise.flatMap { draft in newExerciseIDs[match.name].map { ($0, draft) } }
        })
    }

    /// Workouts of the file the lifter already has.
    public var alreadyImported: Int { leftOut.count }
    /// The workouts it adds.
    public var workoutCount: Int { outlines.count - leftOut.count }
    public var setCount: Int { file.workouts.reduce(0) { $0 + (leftOut.contains($1.line) ? 0 : $1.sets) } }

    /// The Spotter workout a workout of the file becomes, with its import key; nil
    /// for one the plan leaves out (imported before). Throws
    /// `ImportError.changedSincePreview` for a workout the outline does not know, or
    /// knows with another start, name or number of sets, or a name the plan does not know.
    public func workout(from imported: ImportedWorkout, now: Date, makeID: () -> UUID) throws -> (workout: Workout, importKey: String)? {
        guard let outline = outlines[imported.line], outline.start == imported.start, outline.name == imported.name,
            outline.sets == imported.sets.count, imported.entries.allSatisfy({ exerciseIDs[$0.exerciseName] != nil })
        else { throw ImportError.changedSincePreview }
        guard !leftOut.contains(imported.line) else { return nil }
        let key = outline.importKey
        // A start inside a clock change's gap moves past it (Calendar does so).
        let start = imported.start.date(in: zone) ?? now
        let entries = imported.entries.map { entry in
            ExerciseEntry(
                id: makeID(), exerciseID: exerciseIDs[entry.exerciseName]!, notes: entry.notes, supersetGroup: entry.supersetGroup,
                restSeconds: entry.restSeconds,
                sets: entry.sets.map { set in
                    WorkoutSet(
                        id: makeID(), kind: set.kind, reps: set.reps, weight: set.weight, durationSeconds: set.durationSeconds,
                        distanceMeters: set.distanceMeters, rpe: set.rpe, done: true, note: set.note, loggedAt: nil, updatedAt: now)
                })
        }
        let workout = Workout(
            id: makeID(), ownerID: ownerID, name: imported.name, startedAt: start,
            endedAt: start.addingTimeInterval(TimeInterval(imported.durationSeconds ?? 0)), notes: imported.notes, entries: entries)
        return (workout, key)
    }
}

extension ImportPlan {
    /// Plans the import of a file outlined as `file` for a lifter whose library is
    /// `library` (built-in and own exercises), mapping names the lifter chose in
    /// `chosen` (file name to exercise id), leaving out workouts whose import key is
    /// in `existing`.
    public static func make(
        file: ImportOutline, library: [Exercise], chosen: [String: UUID] = [:], existing: Set<String> = [], ownerID: UUID,
        zone: TimeZone, makeID: () -> UUID
    ) -> ImportPlan {
        let index = ExerciseMatcher(library: library)
        let byID = Dictionary(library.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var matches: [Match] = []
        var ids: [String: UUID] = [:]
        var newIDs: [String: UUID] = [:]
        for tally in file.exercises {
            let name = tally.name
            if let id = chosen[name], let exercise = byID[id] {
                matches.append(Match(name: name, exercise: exercise, newExercise: nil, chosen: true, sets: tally.sets))
                ids[name] = id
            } else if let exercise = index.match(name) {
                matches.append(Match(name: name, exercise: exercise, newExercise: nil, chosen: false, sets: tally.sets))
                ids[name] = exercise.id
            } else {
                let id = makeID()
                matches.append(Match(name: name, exercise: nil, newExercise: ExerciseGuess.draft(tally), chosen: false, sets: tally.sets))
                ids[name] = id
                newIDs[name] = id
            }
        }
        return ImportPlan(
            file: file, matches: matches, outlines: Dictionary(file.workouts.map { ($0.line, $0) }, uniquingKeysWith: { $1 }),
            leftOut: Set(file.workouts.filter { existing.contains($0.importKey) }.map(\.line)), exerciseIDs: ids, newExerciseIDs: newIDs,
            ownerID: ownerID, zone: zone)
    }
}

/// Finds a library exercise for a name from another app: the same name or alias
/// ignoring case and spaces, also with the equipment moved between the front and
/// brackets ("Barbell Bench Press" and "Bench Press (Barbell)").
public struct ExerciseMatcher: Sendable {
    private var byKey: [String: Exercise] = [:]

    public init(library: [Exercise]) {
        // The lifter's own exercises win over built-in ones of the same name, and
        // live ones over archived ones.
        let ordered = library.sorted { ($0.isCustom ? 0 : 1, $0.archived ? 1 : 0) < ($1.isCustom ? 0 : 1, $1.archived ? 1 : 0) }
        for exercise in ordered {
            for name in [exercise.name] + exercise.aliases {
                for key in Self.keys(name) where byKey[key] == nil { byKey[key] = exercise }
            }
        }
    }

    public func match(_ name: String) -> Exercise? {
        for key in Self.keys(name) { if let found = byKey[key] { return found } }
        return nil
    }

    /// The name's key and its form with the equipment moved.
    static func keys(_ name: String) -> [String] {
        let key = NameKey(name).rawValue
        var keys = [key]
        // "bench press (barbell)" -> "barbell bench press"
        if key.hasSuffix(")"), let open = key.lastIndex(of: "(") {
            let inside = key[key.index(after: open)..<key.index(before: key.endIndex)]
            let base = key[..<open].trimmingCharacters(in: .whitespaces)
            if !inside.isEmpty, !base.isEmpty { keys.append("\(inside) \(base)") }
        } else if let space = key.firstIndex(of: " "), Equipment(rawValue: String(key[..<space])) != nil
            || ["ez-bar", "ez", "smith"].contains(String(key[..<space]))
        {
            // "barbell bench press" -> "bench press (barbell)"
            keys.append("\(key[key.index(after: space)...]) (\(key[..<space]))")
        }
        return keys
    }
}

/// The custom exercise an unknown name becomes: measured as its sets were, with
/// the equipment its name says and the muscles its words suggest.
public enum ExerciseGuess {
    public static func draft(_ tally: ExerciseTally) -> ValidExerciseDraft {
        let name = tally.name
        let category = tally.category.isEmpty ? nil : tally.category
        let kind: ExerciseKind
        if tally.weighted {
            kind = .weightReps
        } else if tally.distance {
            kind = .distanceDuration
        } else if tally.reps {
            kind = .bodyweightReps
        } else {
            kind = .duration
        }
        // Words are matched from their start ("row" in "rows", not in "throw"),
        // brackets and dashes counting as spaces.
        let words = " " + NameKey(name).rawValue.map { "()-,/".contains($0) ? " " : $0 }.map(String.init).joined() + " "
        let equipment = Equipment.allCases.first { $0 != .other && words.contains(" \($0.rawValue)") }
            ?? (kind == .distanceDuration ? .cardio : kind == .bodyweightReps ? .bodyweight : .other)
        let muscle = category.flatMap(muscle(category:)) ?? muscle(words: words) ?? .fullBody
        let draft = ExerciseDraft(
            name: String(NameKey.displayForm(of: name).prefix(ExerciseDraft.nameLimit)), muscleGroups: [muscle], equipment: equipment,
            kind: kind)
        // Every part is set and the name is cut to length: only an empty name
        // could fail, and the readers skip rows without one.
        guard let valid = try? draft.validated() else { preconditionFailure("an imported exercise needs a name") }
        return valid
    }

    /// FitNotes categories.
    static func muscle(category: String) -> MuscleGroup? {
        switch category.lowercased() {
        case "chest": .chest
        case "back": .back
        case "shoulders": .shoulders
        case "biceps": .biceps
        case "triceps": .triceps
        case "legs": .legs
        case "abs", "core": .core
        case "glutes": .glutes
        case "forearms": .forearms
        case "calves": .calves
        case "cardio", "full body": .fullBody
        default: nil
        }
    }

    /// The first phrase found wins: leg curls before curls.
    static func muscle(words: String) -> MuscleGroup? {
        let table: [(String, MuscleGroup)] = [
            ("leg curl", .legs), ("leg extension", .legs), ("leg press", .legs), ("calf", .calves), ("curl", .biceps), ("tricep", .triceps), ("pushdown", .triceps), ("skull", .triceps), ("dip", .triceps),
            ("bench", .chest), ("chest", .chest), ("fly", .chest), ("push up", .chest),
            ("row", .back), ("pulldown", .back), ("pull up", .back), ("chin", .back), ("deadlift", .back),
            ("lateral", .shoulders), ("shoulder", .shoulders), ("overhead", .shoulders), ("delt", .shoulders), ("face pull", .shoulders),
            ("hip thrust", .glutes), ("glute", .glutes), ("squat", .legs), ("lunge", .legs), ("leg", .legs),
            ("crunch", .core), ("plank", .core), ("ab ", .core), ("abs", .core), ("sit up", .core), ("wrist", .forearms),
        ]
        return table.first { words.contains(" \($0.0)") }?.1
    }
}
