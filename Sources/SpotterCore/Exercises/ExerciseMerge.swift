import Foundation

/// Merging one of the lifter's own exercises into another ("Squat", made by an import,
/// into the library's "Squat (Barbell)"): which merges are allowed, and which
/// exercises to offer first. Where the sets move is the store's part.
public enum ExerciseMerge {
    /// How many exercises the merge page offers before the lifter searches.
    public static let offered = 12

    /// Refuses a merge that would leave the sets meaningless, naming the field `into`.
    public static func check(_ source: Exercise, into target: Exercise) throws(ValidationFailure) {
        if source.id == target.id {
            throw ValidationFailure(field: "into", message: "Pick another exercise: \(source.name) can't be merged into itself.")
        }
        if target.archived {
            throw ValidationFailure(
                field: "into", message: "\(target.name) is archived. Restore it first, or pick another exercise.")
        }
        if !loggedAlike(source.kind, target.kind) {
            throw ValidationFailure(
                field: "into",
                message: "\(source.name) is logged as \(source.kind.displayName.lowercased()) and \(target.name) as "
                    + "\(target.kind.displayName.lowercased()): only exercises logged the same way can be merged.")
        }
    }

    /// Whether sets of one kind mean the same logged under the other: the same kind,
    /// or weight and reps against bodyweight reps (whose weight is the load added).
    /// Assisted weights count down, durations and distances are other numbers.
    public static func loggedAlike(_ a: ExerciseKind, _ b: ExerciseKind) -> Bool {
        a == b || Set([a, b]) == [.weightReps, .bodyweightReps]
    }

    /// The exercises `source` may be merged into whose names share a word with its
    /// name (a word matches one it starts or that starts it: "squats" and "squat"),
    /// best first: the same name without its equipment ("Squat" and "Squat (Barbell)"),
    /// then more shared words, then fewer other words, then by name. At most `limit`.
    /// Words naming equipment are not counted.
    public static func candidates(for source: Exercise, in library: [Exercise], limit: Int = offered) -> [Exercise] {
        candidates(forName: source.name, kind: source.kind, in: library.filter { $0.id != source.id }, limit: limit)
    }

    /// The live exercises of `library` logged alike with `kind` whose names share a
    /// word with `name`, best first, as `candidates(for:in:limit:)` ranks them: for a
    /// name that is no exercise yet (one of an import file).
    public static func candidates(forName name: String, kind: ExerciseKind, in library: [Exercise], limit: Int = offered)
        -> [Exercise]
    {
        // Equipment alone makes no match ("Barbell Squat" is no "Bench Press (Barbell)");
        // among matches it decides ("Barbell Squat" is "Squat (Barbell)" before "Squat (Dumbbell)").
        let all = ExerciseSearch.words(of: name)
        let sourceWords = all.filter { !equipmentWords.contains($0) }
        let sourceEquipment = Set(all).intersection(equipmentWords)
        let sourceBase = baseWords(of: name)
        let ranked: [(exercise: Exercise, key: (Int, Int, Int, Int))] = library.compactMap { exercise in
            guard !exercise.archived, loggedAlike(kind, exercise.kind) else { return nil }
            let words = ExerciseSearch.words(of: exercise.name)
            let shared = sourceWords.filter { word in words.contains { $0.hasPrefix(word) || word.hasPrefix($0) } }.count
            guard shared > 0 else { return nil }
            let sameBase = sameWords(baseWords(of: exercise.name), sourceBase) ? 0 : 1
            let sameEquipment = sourceEquipment.isDisjoint(with: words) ? 1 : 0
            return (exercise, (sameBase, -shared, sameEquipment, words.count - shared))
        }
        return
            ranked
            .sorted {
                $0.key != $1.key
                    ? $0.key < $1.key : $0.exercise.name.localizedStandardCompare($1.exercise.name) == .orderedAscending
            }
            .prefix(limit)
            .map(\.exercise)
    }

    /// The same words, a plural "s" aside: "Box Squats" names what "Box Squat" does.
    static func sameWords(_ a: [String], _ b: [String]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || $0 == $1 + "s" || $0 + "s" == $1 }
    }

    static let equipmentWords = Set(Equipment.allCases.flatMap { ExerciseSearch.words(of: $0.displayName) } + ["smith", "ez"])

    /// A name's words before its bracketed equipment, without equipment words:
    /// "Squat (Barbell)" is ["squat"].
    /// Equipment named in front counts as in brackets: "Barbell Squat" is ["squat"] too.
    static func baseWords(of name: String) -> [String] {
        ExerciseSearch.words(of: name.split(separator: "(", maxSplits: 1).first.map(String.init) ?? name).filter {
            !equipmentWords.contains($0)
        }
    }
}
