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

    @Test("Words are folded in case and accents and split at anything but letters and digits")
    func words() {
        #expect(ExerciseSearch.words(of: "  Bench   Press (Dumbbell)") == ["bench", "press", "dumbbell"])
        #expect(ExerciseSearch.words(of: "T-Bar Row") == ["t", "bar", "row"])
        #expect(ExerciseSearch.words(of: "Row (Cable)") == ["row", "cable"])
        #expect(ExerciseSearch.words(of: "Farmer's Walk") == ["farmers", "walk"])
        #expect(ExerciseSearch.words(of: "Développé Couché") == ["developpe", "couche"])
        #expect(ExerciseSearch.words(of: "21s / 3x10") == ["21s", "3x10"])
        #expect(ExerciseSearch.words(of: " \t(-)") == [])
    }

    @Test(
        "Every word must occur in the name or an alias, in any case and order",
        arguments: ["bench db", "DB bench", "bench", "BENCH PRESS", "dumbbell", "press db", "(dumbbell)", "db", "dumb"])
    func matches(_ query: String) {
        #expect(ExerciseSearch.matches(name: Self.dbBench.name, aliases: Self.dbBench.aliases, query: query))
    }

    @Test(
        "One word that occurs nowhere is enough to miss", arguments: ["bench kb", "barbell", "incline db", "squat", "bench row"])
    func misses(_ query: String) {
        #expect(!ExerciseSearch.matches(name: Self.dbBench.name, aliases: Self.dbBench.aliases, query: query))
    }

    @Test("Without the alias, \"db\" does not find the dumbbell bench")
    func aliasMatters() {
        #expect(!ExerciseSearch.matches(name: "Bench Press (Dumbbell)", aliases: [], query: "bench db"))
        #expect(ExerciseSearch.matches(name: "Bench Press (Dumbbell)", aliases: ["DB Bench"], query: "bench db"))
    }

    static let library = [
        "Barbell Row", "Rowing Machine", "Upright Row", "Medicine Ball Side Throw", "Narrow Grip Bench Press",
        "Row (Cable)", "T-Bar Row", "Seated Cable Row", "Arrow Plank", "Crow Pose",
    ]

    @Test("\"row\" finds the words that start with row, not row inside another word")
    func wordStarts() {
        let found = Self.library.filter { ExerciseSearch.matches(name: $0, aliases: [], query: "row") }
        #expect(found == ["Barbell Row", "Rowing Machine", "Upright Row", "Row (Cable)", "T-Bar Row", "Seated Cable Row"])
    }

    @Test("Parts of words in the middle no longer match", arguments: ["ench", "ress", "bb", "hrow", "umbbell"])
    func notMidWord(_ query: String) {
        #expect(!ExerciseSearch.matches(name: "Bench Press (Dumbbell)", aliases: ["Side Throw"], query: query))
    }

    @Test("Hyphens, brackets, apostrophes and accents do not get in the way")
    func punctuation() {
        for query in ["t bar", "t-bar row", "tbar", "T-BAR", "bar row"] {
            #expect(ExerciseSearch.matches(name: "T-Bar Row", aliases: [], query: query), "\(query)")
        }
        #expect(ExerciseSearch.matches(name: "Row (Cable)", aliases: [], query: "row (cable)"))
        #expect(ExerciseSearch.matches(name: "Row (Cable)", aliases: [], query: "cab"))
        #expect(ExerciseSearch.matches(name: "Farmer's Walk", aliases: [], query: "farmers"))
        #expect(ExerciseSearch.matches(name: "Farmer's Walk", aliases: [], query: "farmer's wa"))
        #expect(ExerciseSearch.matches(name: "Développé Couché", aliases: [], query: "developpe"))
        #expect(ExerciseSearch.matches(name: "Developpe Couche", aliases: [], query: "développé"))
    }

    @Test("Each word may start a word of the name or of any alias")
    func wordsAcrossAliases() {
        #expect(ExerciseSearch.matches(name: "Bench Press (Dumbbell)", aliases: ["DB Bench", "Flat Press"], query: "flat dumb"))
        #expect(!ExerciseSearch.matches(name: "Bench Press (Dumbbell)", aliases: ["DB Bench"], query: "flat dumb"))
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
