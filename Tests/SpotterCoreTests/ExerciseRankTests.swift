import SpotterCore
import Testing

/// The order of search results: what the lifter typed exactly comes first.
@Suite("Exercise search ranking")
struct ExerciseRankTests {
    @Test("exact name, then names starting with the query, then an exact alias, then other matches")
    func order() {
        let query = "squat (barbell)"
        #expect(ExerciseSearch.rank(name: "Squat (Barbell)", aliases: [], query: query) == 0)
        #expect(ExerciseSearch.rank(name: "  SQUAT   (barbell) ", aliases: [], query: query) == 0, "case and spaces do not matter")
        #expect(ExerciseSearch.rank(name: "Squat (Barbell) Paused", aliases: [], query: query) == 1)
        #expect(ExerciseSearch.rank(name: "Back Squat", aliases: ["Squat (Barbell)"], query: query) == 2)
        #expect(ExerciseSearch.rank(name: "Box Squat (Barbell)", aliases: [], query: query) == 3)
        #expect(ExerciseSearch.rank(name: "Front Squat", aliases: ["FS"], query: query) == 4)
    }

    @Test("a blank query ranks everything alike, so the list stays in name order")
    func blank() {
        #expect(ExerciseSearch.rank(name: "Bench Press (Barbell)", aliases: [], query: "   ") == 0)
        #expect(ExerciseSearch.rank(name: "Zercher Squat", aliases: [], query: "") == 0)
    }
}
