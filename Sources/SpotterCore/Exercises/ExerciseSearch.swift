import Foundation

/// The rules for finding exercises by what a lifter types: every word of the
/// query must start a word of the name or of an alias, ignoring case and accents
/// ("bench db" finds "Bench Press (Dumbbell)" through the alias "DB Bench"; "row"
/// finds "Upright Row" and "Rowing Machine" but not "Side Throw" or "Narrow Grip").
public enum ExerciseSearch {
    /// The words of a query for the SQL searches of history and templates (which match
    /// anywhere in a name), lower-cased; empty when the query is blank.
    public static func terms(of query: String) -> [String] {
        query.lowercased().split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// The words a name or a query is matched by: case and accents folded,
    /// apostrophes dropped ("Farmer's" is "farmers"), split at anything else that is
    /// not a letter or digit ("T-Bar Row (Cable)" is t, bar, row, cable).
    public static func words(of text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .filter { $0 != "'" && $0 != "\u{2019}" }
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
    }

    /// The words a name is found by: its words, and each hyphenated word also
    /// written together ("T-Bar" is found by "t bar", "t-bar" and "tbar").
    public static func searchWords(of name: String) -> [String] {
        var found = words(of: name)
        for piece in name.split(whereSeparator: { $0.isWhitespace }) where piece.contains("-") {
            let joined = words(of: String(piece)).joined()
            if !joined.isEmpty, !found.contains(joined) { found.append(joined) }
        }
        return found
    }

    /// How many recently used exercises the workout's picker puts first.
    public static let recentLimit = 8

    /// `exercises` with those named in `recentIDs` moved to the front, in that order
    /// (newest first); the rest keep their order. An id not in the list is skipped.
    public static func recentFirst(_ exercises: [Exercise], recentIDs: [UUID]) -> [Exercise] {
        let recent = recentIDs.compactMap { id in exercises.first { $0.id == id } }
        let moved = Set(recent.map(\.id))
        return recent + exercises.filter { !moved.contains($0.id) }
    }

    /// True when every word of the query starts some word of the name or an alias.
    public static func matches(name: String, aliases: [String], query: String) -> Bool {
        SearchableExercise.Words(name: name, aliases: aliases).matches(words(of: query))
    }

    /// How well an exercise answers a query, lower is better: 0 the exact name, 1 a
    /// name starting with the query, 2 an exact alias, 3 any other match (4 none).
    /// Typing "squat (barbell)" puts "Squat (Barbell)" above "Box Squat (Barbell)";
    /// "row" puts "Row (Cable)" above "Rowing Machine" above "Upright Row".
    public static func rank(name: String, aliases: [String], query: String) -> Int {
        SearchableExercise.Words(name: name, aliases: aliases).rank(words(of: query))
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
    public func apply(to items: [SearchableExercise]) -> [SearchableExercise] {
        let terms = ExerciseSearch.words(of: search)
        return items.compactMap { item in
            let exercise = item.exercise
            if !includeArchived && exercise.archived { return nil }
            if let custom, custom != exercise.isCustom { return nil }
            if let muscle, !exercise.allMuscles.contains(muscle) { return nil }
            if let equipment, exercise.equipment != equipment { return nil }
            if let kind, exercise.kind != kind { return nil }
            return item.words.matches(terms) ? item : nil
        }
    }
}

/// An exercise with its words prepared once, so filtering a whole library costs little.
public struct SearchableExercise: Sendable {
    public let exercise: Exercise
    public let words: Words

    public init(_ exercise: Exercise) {
        self.exercise = exercise
        words = Words(name: exercise.name, aliases: exercise.aliases)
    }

    /// The words of a name and of its aliases.
    public struct Words: Sendable {
        /// The name's words in order ("Row (Cable)": row, cable).
        public let name: [String]
        /// Each alias's words in order.
        public let aliases: [[String]]
        /// Every word a query word may start: the name's and the aliases', with
        /// hyphenated words also written together.
        let all: [String]

        public init(name: String, aliases: [String]) {
            self.name = ExerciseSearch.words(of: name)
            self.aliases = aliases.map(ExerciseSearch.words)
            all = ([name] + aliases).flatMap(ExerciseSearch.searchWords)
        }

        /// True when every query word starts one of the words (a blank query matches all).
        public func matches(_ query: [String]) -> Bool {
            query.allSatisfy { term in all.contains { $0.hasPrefix(term) } }
        }

        /// See `ExerciseSearch.rank`.
        public func rank(_ query: [String]) -> Int {
            guard !query.isEmpty else { return 0 }
            if name == query { return 0 }
            if Self.starts(name, with: query) { return 1 }
            if aliases.contains(query) { return 2 }
            return matches(query) ? 3 : 4
        }

        /// The words begin with the query: all its words but the last in full, the last
        /// at least as a word start ("barbell r" starts "Barbell Row").
        static func starts(_ words: [String], with query: [String]) -> Bool {
            guard query.count <= words.count, let last = query.last else { return false }
            return words.prefix(query.count - 1).elementsEqual(query.dropLast()) && words[query.count - 1].hasPrefix(last)
        }
    }
}
