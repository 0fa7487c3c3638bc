import Foundation
import SpotterCore

/// What an import will do, before it does it: each exercise name of the file
/// matched to the lifter's library or to a custom exercise it will create, and the
/// file's workouts as Spotter workouts in the lifter's time zone. The preview shows
/// it; committing it writes exactly this. Pure: the caller passes ids and the clock.
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

    public var file: ImportFile
    public var matches: [Match]
    /// Workouts to add, oldest first, with their import keys by workout id.
    public var workouts: [Workout]
    public var importKeys: [UUID: String]
    /// Workouts of the file the lifter already has (imported before).
    public var alreadyImported: Int
    /// The ids the custom exercises will have, by the file's name.
    public var newExerciseIDs: [String: UUID]

    public var newExercises: [(id: UUID, exercise: ValidExerciseDraft)] {
        matches.compactMap { match in match.newExercise.flatMap { draft in newExerciseIDs[match.name].map { ($0, draft) } } }
    }

    public var setCount: Int { workouts.reduce(0) { $0 + $1.allSets.count } }
}

extension ImportPlan {
    /// Plans the import of `file` for a lifter whose library is `library` (built-in
    /// and own exercises), mapping names the lifter chose in `chosen` (file name to
    /// exercise id), skipping workouts whose import key is in `existing`.
    public static func make(
        file: ImportFile, library: [Exercise], chosen: [String: UUID] = [:], existing: Set<String> = [], ownerID: UUID,
        zone: TimeZone, now: Date, makeID: () -> UUID
    ) -> ImportPlan {
        let index = ExerciseMatcher(library: library)
        let byID = Dictionary(library.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var setsByName: [String: [ImportedSet]] = [:]
        var categories: [String: String] = [:]
        for workout in file.workouts {
            for entry in workout.entries {
                setsByName[entry.exerciseName, default: []] += entry.sets
                if !entry.category.isEmpty { categories[entry.exerciseName] = entry.category }
            }
        }
        var matches: [Match] = []
        var ids: [String: UUID] = [:]
        var newIDs: [String: UUID] = [:]
        for name in file.exerciseNames {
            let sets = setsByName[name] ?? []
            if let id = chosen[name], let exercise = byID[id] {
                matches.append(Match(name: name, exercise: exercise, newExercise: nil, chosen: true, sets: sets.count))
                ids[name] = id
            } else if let exercise = index.match(name) {
                matches.append(Match(name: name, exercise: exercise, newExercise: nil, chosen: false, sets: sets.count))
                ids[name] = exercise.id
            } else {
                let id = makeID()
                let guess = ExerciseGuess.draft(name: name, sets: sets, category: categories[name])
                matches.append(Match(name: name, exercise: nil, newExercise: guess, chosen: false, sets: sets.count))
                ids[name] = id
                newIDs[name] = id
            }
        }

        var workouts: [Workout] = []
        var keys: [UUID: String] = [:]
        var already = 0
        for (imported, key) in zip(file.workouts, file.importKeys) {
            if existing.contains(key) {
                already += 1
                continue
            }
            // A start inside a clock change's gap moves past it (Calendar does so).
            let start = imported.start.date(in: zone) ?? now
            let id = makeID()
            let entries = imported.entries.map { entry in
                ExerciseEntry(
                    id: makeID(), exerciseID: ids[entry.exerciseName]!, notes: entry.notes, supersetGroup: entry.supersetGroup,
                    restSeconds: entry.restSeconds,
                    sets: entry.sets.map { set in
                        WorkoutSet(
                            id: makeID(), kind: set.kind, reps: set.reps, weight: set.weight, durationSeconds: set.durationSeconds,
                            distanceMeters: set.distanceMeters, rpe: set.rpe, done: true, note: set.note, loggedAt: nil, updatedAt: now)
                    })
            }
            workouts.append(Workout(
                id: id, ownerID: ownerID, name: imported.name, startedAt: start,
                endedAt: start.addingTimeInterval(TimeInterval(imported.durationSeconds ?? 0)), notes: imported.notes, entries: entries))
            keys[id] = key
        }
        return ImportPlan(file: file, matches: matches, workouts: workouts, importKeys: keys, alreadyImported: already, newExerciseIDs: newIDs)
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
    public static func draft(name: String, sets: [ImportedSet], category: String? = nil) -> ValidExerciseDraft {
        let kind: ExerciseKind
        if sets.contains(where: { $0.weight != nil }) {
            kind = .weightReps
        } else if sets.contains(where: { $0.distanceMeters != nil }) {
            kind = .distanceDuration
        } else if sets.contains(where: { $0.reps != nil }) {
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
