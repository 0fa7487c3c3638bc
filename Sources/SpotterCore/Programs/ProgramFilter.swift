import Foundation

/// Which programs a list shows, for the Programs page and the API alike: words of
/// the name or the description, a category and a difficulty. Each word of the search
/// must start a word of the program (case and accents folded, as the exercise search
/// does); a name's word is also found written without its punctuation, so "531" finds
/// "5/3/1".
public struct ProgramFilter: Sendable, Equatable {
    public var search: String
    public var category: ProgramCategory?
    public var difficulty: ProgramDifficulty?

    public init(search: String = "", category: ProgramCategory? = nil, difficulty: ProgramDifficulty? = nil) {
        self.search = search
        self.category = category
        self.difficulty = difficulty
    }

    /// True when anything narrows the list.
    public var isFiltering: Bool { !ExerciseSearch.words(of: search).isEmpty || category != nil || difficulty != nil }

    public func apply(to programs: [TrainingProgram]) -> [TrainingProgram] {
        let query = ExerciseSearch.words(of: search)
        return programs.filter { program in
            guard category == nil || program.category == category, difficulty == nil || program.difficulty == difficulty
            else { return false }
            guard !query.isEmpty else { return true }
            let words = Self.words(of: program)
            return query.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
        }
    }

    /// The words a program is found by: those of its name and description, and each
    /// word of the name that holds punctuation also written without it.
    static func words(of program: TrainingProgram) -> [String] {
        var found = ExerciseSearch.words(of: program.name) + ExerciseSearch.words(of: program.summary)
        for piece in program.name.split(whereSeparator: { $0.isWhitespace }) {
            let joined = ExerciseSearch.words(of: String(piece)).joined()
            if !joined.isEmpty, !found.contains(joined) { found.append(joined) }
        }
        return found
    }
}
