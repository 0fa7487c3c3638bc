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
        Dictionary(
            uniqueKeysWithValues: matches.compactMap { match in
                match.newExercise.flatMap { draft in newExerciseIDs[match.name].map { ($0, draft) } }
            })
    }

    /// Workouts of the file the lifter already has.
    public var alreadyImported: Int { leftOut.count }
    /// The workouts it adds.
    public var workoutCount: Int { outlines.count - leftOut.count }
    public var setCount: Int { newWorkouts.reduce(0) { $0 + $1.sets } }
    /// The workouts it adds, in time order (those imported before left out).
    public var newWorkouts: [WorkoutOutline] { file.workouts.filter { !leftOut.contains($0.line) } }
    /// The sets it adds by kind, and their volume.
    public var setTally: SetTally { newWorkouts.reduce(SetTally()) { $0 + $1.setTally } }

    /// The Spotter workout a workout of the file becomes, with its import key; nil
    /// for one the plan leaves out (imported before). Throws
    /// `ImportError.changedSincePreview` for a workout the outline does not know, or
    /// knows with another start, name or number of sets, or a name the plan does not know.
    public func workout(from imported: ImportedWorkout, now: Date, makeID: () -> UUID) throws -> (
        workout: Workout, importKey: String
    )? {
        guard let outline = outlines[imported.line], outline.start == imported.start, outline.name == imported.name,
            outline.sets == imported.sets.count, imported.entries.allSatisfy({ exerciseIDs[$0.exerciseName] != nil })
        else { throw ImportError.changedSincePreview }
        guard !leftOut.contains(imported.line) else { return nil }
        let key = outline.importKey
        // A start inside a clock change's gap moves past it (Calendar does so).
        let start = imported.start.date(in: zone) ?? now
        let entries = imported.entries.map { entry in
            ExerciseEntry(
                id: makeID(), exerciseID: exerciseIDs[entry.exerciseName]!, notes: entry.notes,
                supersetGroup: entry.supersetGroup,
                restSeconds: entry.restSeconds,
                sets: entry.sets.map { set in
                    WorkoutSet(
                        id: makeID(), kind: set.kind, reps: set.reps, weight: set.weight, durationSeconds: set.durationSeconds,
                        distanceMeters: set.distanceMeters, rpe: set.rpe, done: true, note: set.note, loggedAt: nil,
                        updatedAt: now)
                })
        }
        let workout = Workout(
            id: makeID(), ownerID: ownerID, name: imported.name, startedAt: start,
            endedAt: start.addingTimeInterval(TimeInterval(imported.durationSeconds ?? 0)), notes: imported.notes,
            entries: entries)
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
                matches.append(
                    Match(name: name, exercise: nil, newExercise: ExerciseGuess.draft(tally), chosen: false, sets: tally.sets))
                ids[name] = id
                newIDs[name] = id
            }
        }
        return ImportPlan(
            file: file, matches: matches, outlines: Dictionary(file.workouts.map { ($0.line, $0) }, uniquingKeysWith: { $1 }),
            leftOut: Set(file.workouts.filter { existing.contains($0.importKey) }.map(\.line)), exerciseIDs: ids,
            newExerciseIDs: newIDs,
            ownerID: ownerID, zone: zone)
    }
}

/// Finds a library exercise for a name from another app. First the same name or
/// alias ignoring case and spaces, also with the equipment moved between the front
/// and brackets ("Barbell Bench Press" and "Bench Press (Barbell)"); then the same
/// `ExerciseNameForm` (plurals, hyphens, load notes, equipment anywhere), in the
/// name's word order, then in any order; last, a name without equipment is the
/// barbell lift ("Squat", "Clean"). Conservative: a form two exercises share
/// matches neither, and words that change the lift are never dropped.
public struct ExerciseMatcher: Sendable {
    private var byKey: [String: Exercise] = [:]
    private var byOrdered = FormIndex()
    private var byUnordered = FormIndex()

    public init(library: [Exercise]) {
        // The lifter's own exercises win over built-in ones of the same name, and
        // live ones over archived ones.
        let ordered = library.sorted { ($0.isCustom ? 0 : 1, $0.archived ? 1 : 0) < ($1.isCustom ? 0 : 1, $1.archived ? 1 : 0) }
        for exercise in ordered {
            for name in [exercise.name] + exercise.aliases {
                for key in Self.keys(name) where byKey[key] == nil { byKey[key] = exercise }
                for form in Self.forms(name, equipment: exercise.equipment) {
                    byOrdered.add(form.ordered, exercise)
                    byUnordered.add(form.unordered, exercise)
                }
            }
        }
    }

    public func match(_ name: String) -> Exercise? {
        for key in Self.keys(name) { if let found = byKey[key] { return found } }
        let form = ExerciseNameForm(name)
        guard !form.words.isEmpty else { return nil }
        var tries = [form]
        if form.equipment.isEmpty { tries.append(ExerciseNameForm(words: form.words, equipment: ["barbell"])) }
        for attempt in tries {
            if let found = byOrdered.find(attempt.ordered) ?? byUnordered.find(attempt.unordered) { return found }
        }
        return nil
    }

    /// A library name's forms: as written and, when it names no equipment, also with
    /// the exercise's own ("Face Pull" is a cable exercise, so "Face Pull (Cable)").
    static func forms(_ name: String, equipment: Equipment) -> [ExerciseNameForm] {
        let form = ExerciseNameForm(name)
        guard !form.words.isEmpty else { return [] }
        guard form.equipment.isEmpty, ![.other, .cardio].contains(equipment) else { return [form] }
        return [form, ExerciseNameForm(words: form.words, equipment: [equipment.rawValue])]
    }

    /// Forms to exercises, first claim per tier (own or built-in, live or
    /// archived); a form two exercises of one tier claim is ambiguous and finds none.
    struct FormIndex: Sendable {
        private var entries: [String: (exercise: Exercise, ambiguous: Bool)] = [:]

        mutating func add(_ key: String, _ exercise: Exercise) {
            guard let existing = entries[key] else {
                entries[key] = (exercise, false)
                return
            }
            let sameTier = (existing.exercise.isCustom, existing.exercise.archived) == (exercise.isCustom, exercise.archived)
            if existing.exercise.id != exercise.id, sameTier { entries[key]?.ambiguous = true }
        }

        func find(_ key: String) -> Exercise? {
            guard let entry = entries[key], !entry.ambiguous else { return nil }
            return entry.exercise
        }
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
        } else if let space = key.firstIndex(of: " "),
            Equipment(rawValue: String(key[..<space])) != nil
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
        let equipment = equipment(ExerciseNameForm(name), kind: kind, words: words)
        let muscle = category.flatMap(muscle(category:)) ?? muscle(words: words) ?? .fullBody
        let draft = ExerciseDraft(
            name: String(NameKey.displayForm(of: name).prefix(ExerciseDraft.nameLimit)), muscleGroups: [muscle],
            equipment: equipment,
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

    /// The equipment the name states; else the one its lift is done with when
    /// loaded (a squat on a barbell, a pulldown on a cable); else by how it was measured.
    static func equipment(_ form: ExerciseNameForm, kind: ExerciseKind, words: String) -> Equipment {
        let stated: [(String, Equipment)] = [
            ("smith", .machine), ("machine", .machine), ("cable", .cable), ("kettlebell", .kettlebell), ("dumbbell", .dumbbell),
            ("barbell", .barbell), ("ezbar", .barbell), ("trapbar", .barbell), ("band", .band), ("bodyweight", .bodyweight),
        ]
        if let found = stated.first(where: { form.equipment.contains($0.0) }) { return found.1 }
        switch kind {
        case .distanceDuration: return .cardio
        case .bodyweightReps, .assistedBodyweight: return .bodyweight
        case .duration: return .other
        case .weightReps: break
        }
        let usual: [(String, Equipment)] = [
            ("leg press", .machine), ("leg curl", .machine), ("leg extension", .machine), ("hack squat", .machine),
            ("pec deck", .machine),
            ("calf press", .machine), ("pulldown", .cable), ("pull down", .cable), ("pushdown", .cable), ("push down", .cable),
            ("crossover", .cable), ("face pull", .cable), ("squat", .barbell), ("deadlift", .barbell), ("bench", .barbell),
            ("clean", .barbell), ("snatch", .barbell), ("jerk", .barbell), ("good morning", .barbell), ("hip thrust", .barbell),
            ("military", .barbell), ("overhead press", .barbell), ("row", .barbell), ("shrug", .barbell), ("fly", .dumbbell),
            ("flies", .dumbbell), ("lateral raise", .dumbbell), ("front raise", .dumbbell),
        ]
        return usual.first { words.contains(" \($0.0)") }?.1 ?? .other
    }

    /// The first phrase found wins: leg curls before curls, reverse flies before flies.
    static func muscle(words: String) -> MuscleGroup? {
        let table: [(String, MuscleGroup)] = [
            ("leg curl", .legs), ("glute", .glutes), ("chest supported", .back), ("hamstring", .legs), ("nordic", .legs),
            ("leg extension", .legs), ("leg press", .legs), ("calf", .calves), ("leg raise", .core), ("knee raise", .core),
            ("toes to bar", .core), ("wrist", .forearms), ("neck", .back), ("reverse fly", .shoulders), ("rear delt", .shoulders),
            ("face pull", .shoulders), ("pull apart", .shoulders), ("back extension", .back), ("hyperextension", .back),
            ("good morning", .legs), ("deadlift", .back), ("squat", .legs), ("lunge", .legs), ("clean", .fullBody),
            ("snatch", .fullBody),
            ("jerk", .fullBody), ("thruster", .fullBody), ("burpee", .fullBody),
            ("curl", .biceps), ("tricep", .triceps), ("pushdown", .triceps), ("push down", .triceps), ("skull", .triceps),
            ("kickback", .triceps), ("dip", .triceps),
            ("bench", .chest), ("chest", .chest), ("fly", .chest), ("flies", .chest), ("push up", .chest), ("pushup", .chest),
            ("row", .back), ("pulldown", .back), ("pull down", .back), ("pull up", .back), ("pullup", .back), ("chin", .back),
            ("shrug", .back), ("pullover", .back),
            ("lateral", .shoulders), ("shoulder", .shoulders), ("overhead", .shoulders), ("military", .shoulders),
            ("arnold", .shoulders),
            ("delt", .shoulders), ("raise", .shoulders), ("push press", .shoulders),
            ("hip thrust", .glutes), ("bridge", .glutes), ("abduct", .glutes), ("adduct", .legs), ("step up", .legs),
            ("leg", .legs),
            ("crunch", .core), ("plank", .core), ("ab ", .core), ("abs", .core), ("sit up", .core), ("twist", .core),
            ("side bend", .core),
            ("oblique", .core), ("farmer", .forearms), ("carry", .forearms),
        ]
        return table.first { words.contains(" \($0.0)") }?.1
    }
}
