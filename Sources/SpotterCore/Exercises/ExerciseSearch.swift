/// The rules for finding exercises by what a lifter types: every word of the
/// query must appear in the name or the aliases, ignoring case ("bench db"
/// finds "Bench Press (Dumbbell)" and the alias "DB Bench").
public enum ExerciseSearch {
    /// The lower-cased text a search runs over: the name and every alias, one per line.
    public static func searchText(name: String, aliases: [String]) -> String {
        ([name] + aliases).map { NameKey.displayForm(of: $0).lowercased() }.joined(separator: "\n")
    }

    /// The words of a query, lower-cased; empty when the query is blank.
    public static func terms(of query: String) -> [String] {
        query.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// How well an exercise answers a query, lower is better: the exact name, then
    /// names starting with the query, an exact alias, then any other match. Typing
    /// "squat (barbell)" puts "Squat (Barbell)" above "Box Squat (Barbell)".
    public static func rank(name: String, aliases: [String], query: String) -> Int {
        rank(name: name, aliases: aliases, wanted: NameKey(query))
    }

    /// The same, with the query's key made once for a whole list.
    public static func rank(name: String, aliases: [String], wanted query: NameKey) -> Int {
        let wanted = query.rawValue
        guard !wanted.isEmpty else { return 0 }
        let key = NameKey(name).rawValue
        if key == wanted { return 0 }
        if key.hasPrefix(wanted) { return 1 }
        if aliases.contains(where: { NameKey($0).rawValue == wanted }) { return 2 }
        if key.contains(wanted) { return 3 }
        return 4
    }

    /// True when every term occurs in the name or the aliases.
    public static func matches(name: String, aliases: [String], query: String) -> Bool {
        let text = searchText(name: name, aliases: aliases)
        return terms(of: query).allSatisfy { text.contains($0) }
    }
}

/// A filter over the exercise library.
public struct ExerciseFilter: Sendable, Equatable {
    public var search: String
    public var muscle: MuscleGroup?
    public var equipment: Equipment?
    public var kind: ExerciseKind?
    /// `true`: only the user's own exercises; `false`: only the catalog; `nil`: both.
    public var custom: Bool?
    public var includeArchived: Bool

    public init(
        search: String = "", muscle: MuscleGroup? = nil, equipment: Equipment? = nil, kind: ExerciseKind? = nil,
        custom: Bool? = nil, includeArchived: Bool = false
    ) {
        self.search = search
        self.muscle = muscle
        self.equipment = equipment
        self.kind = kind
        self.custom = custom
        self.includeArchived = includeArchived
    }
}

extension ExerciseFilter {
    /// True when the exercise passes every part of the filter. The one rule used
    /// for the built-in catalog and a user's own exercises alike.
    public func matches(_ exercise: Exercise) -> Bool {
        !apply(to: [SearchableExercise(exercise)]).isEmpty
    }

    /// The exercises that pass the filter, in their given order. The query is split
    /// once and each exercise's search text is prepared in advance, so filtering a
    /// whole library costs little.
    public func apply(to items: [SearchableExercise]) -> [Exercise] {
        let terms = ExerciseSearch.terms(of: search)
        return items.compactMap { item in
            let exercise = item.exercise
            if !includeArchived && exercise.archived { return nil }
            if let custom, custom != exercise.isCustom { return nil }
            if let muscle, !exercise.allMuscles.contains(muscle) { return nil }
            if let equipment, exercise.equipment != equipment { return nil }
            if let kind, exercise.kind != kind { return nil }
            return terms.allSatisfy { item.searchText.contains($0) } ? exercise : nil
        }
    }
}

/// An exercise with its search text computed once.
public struct SearchableExercise: Sendable {
    public let exercise: Exercise
    public let searchText: String

    public init(_ exercise: Exercise) {
        self.exercise = exercise
        searchText = ExerciseSearch.searchText(name: exercise.name, aliases: exercise.aliases)
    }
}
