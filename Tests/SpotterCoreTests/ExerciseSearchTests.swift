import SpotterCore
import Testing

@Suite("ExerciseSearch: finding exercises by what a lifter types")
struct ExerciseSearchTests {
    static let dbBench = (name: "Bench Press (Dumbbell)", aliases: ["DB Bench", "Dumbbell Bench Press"])

    @Test("Query words are lower-cased and split on any white space")
    func terms() {
        #expect(ExerciseSearch.terms(of: "Bench DB") == ["bench", "db"])
        #expect(ExerciseSearch.terms(of: "  Bench \t\n  DB  ") == ["bench", "db"])
        #expect(ExerciseSearch.terms(of: "") == [])
        #expect(ExerciseSearch.terms(of: " \t\n") == [])
    }

    @Test("The search text is the cleaned, lower-cased name and aliases, one per line")
    func searchText() {
        #expect(
            ExerciseSearch.searchText(name: "  Bench   Press (Dumbbell)", aliases: ["DB  Bench", "Flat DB Press"])
                == "bench press (dumbbell)\ndb bench\nflat db press")
        #expect(ExerciseSearch.searchText(name: "Plank", aliases: []) == "plank")
    }

    @Test(
        "Every word must occur in the name or an alias, in any case and order",
        arguments: ["bench db", "DB bench", "bench", "BENCH PRESS", "dumbbell", "press db", "(dumbbell)", "db", "dumb"])
    func matches(_ query: String) {
        #expect(ExerciseSearch.matches(name: Self.dbBench.name, aliases: Self.dbBench.aliases, query: query))
    }

    @Test("One word that occurs nowhere is enough to miss", arguments: ["bench kb", "barbell", "incline db", "squat", "bench row"])
    func misses(_ query: String) {
        #expect(!ExerciseSearch.matches(name: Self.dbBench.name, aliases: Self.dbBench.aliases, query: query))
    }

    @Test("Without the alias, \"db\" does not find the dumbbell bench")
    func aliasMatters() {
        #expect(!ExerciseSearch.matches(name: "Bench Press (Dumbbell)", aliases: [], query: "bench db"))
        #expect(ExerciseSearch.matches(name: "Bench Press (Dumbbell)", aliases: ["DB Bench"], query: "bench db"))
    }

    /// Terms match anywhere inside the text, not only whole words: typing part of a
    /// word already finds it. A side effect: "bb" occurs inside "dumbbell".
    @Test("Terms match parts of words")
    func partialWords() {
        #expect(ExerciseSearch.matches(name: "Bench Press (Dumbbell)", aliases: [], query: "dumb"))
        #expect(ExerciseSearch.matches(name: "Bench Press (Dumbbell)", aliases: [], query: "ench ress"))
        #expect(ExerciseSearch.matches(name: "Bench Press (Dumbbell)", aliases: [], query: "bench bb"))
    }

    @Test("A blank query matches everything", arguments: ["", "   ", "\t\n"])
    func blankMatchesAll(_ query: String) {
        #expect(ExerciseSearch.matches(name: "Plank", aliases: [], query: query))
        #expect(ExerciseSearch.matches(name: Self.dbBench.name, aliases: Self.dbBench.aliases, query: query))
    }

    @Test("A filter starts empty: everything but archived exercises")
    func filterDefaults() {
        let filter = ExerciseFilter()
        #expect(filter.search == "")
        #expect(filter.muscle == nil)
        #expect(filter.equipment == nil)
        #expect(filter.kind == nil)
        #expect(filter.custom == nil)
        #expect(filter.includeArchived == false)
    }
}
