import Foundation
import SpotterCore
import Testing

/// The order of search results: what the lifter typed exactly comes first.
@Suite("Exercise search ranking")
struct ExerciseRankTests {
    @Test("exact name, then names starting with the query, then an exact alias, then other matches")
    func order() {
        let query = "squat (barbell)"
        #expect(ExerciseSearch.rank(name: "Squat (Barbell)", aliases: [], query: query) == 0)
        #expect(
            ExerciseSearch.rank(name: "  SQUAT   (barbell) ", aliases: [], query: query) == 0, "case and spaces do not matter")
        #expect(ExerciseSearch.rank(name: "Squat (Barbell) Paused", aliases: [], query: query) == 1)
        #expect(ExerciseSearch.rank(name: "Back Squat", aliases: ["Squat (Barbell)"], query: query) == 2)
        #expect(ExerciseSearch.rank(name: "Box Squat (Barbell)", aliases: [], query: query) == 3)
        #expect(ExerciseSearch.rank(name: "Front Squat", aliases: ["FS"], query: query) == 4)
    }

    @Test("\"row\": exact name, then names starting with it, then other word starts, each alphabetical")
    func rowOrder() {
        let names = [
            "Upright Row", "Rowing Machine", "Row", "Barbell Row", "Row (Cable)", "Seated Cable Row", "Medicine Ball Side Throw",
        ]
        let ranked =
            names
            .map { (ExerciseSearch.rank(name: $0, aliases: [], query: "row"), NameKey($0), $0) }
            .filter { $0.0 < 4 }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map(\.2)
        #expect(ranked == ["Row", "Row (Cable)", "Rowing Machine", "Barbell Row", "Seated Cable Row", "Upright Row"])
    }

    @Test("a name starts with the query when all its words but the last match whole")
    func prefix() {
        #expect(ExerciseSearch.rank(name: "Barbell Row", aliases: [], query: "barbell r") == 1)
        #expect(
            ExerciseSearch.rank(name: "Barbell Row", aliases: [], query: "barb row") == 3,
            "a cut word before the last is a word start only")
        #expect(ExerciseSearch.rank(name: "T-Bar Row", aliases: [], query: "t-bar row") == 0)
        #expect(ExerciseSearch.rank(name: "T-Bar Row", aliases: [], query: "tbar") == 3)
    }

    @Test("a blank query ranks everything alike, so the list stays in name order")
    func blank() {
        #expect(ExerciseSearch.rank(name: "Bench Press (Barbell)", aliases: [], query: "   ") == 0)
        #expect(ExerciseSearch.rank(name: "Zercher Squat", aliases: [], query: "") == 0)
    }

    @Test("recent first: the recent ones lead, newest first; the rest keep their order; unknown ids are skipped")
    func recentFirst() {
        let library = ["Bench Press", "Deadlift", "Overhead Press", "Pull Up", "Squat"].map { name in
            Exercise(
                id: UUID(), ownerID: nil, name: name, description: "", primaryMuscles: [.chest], equipment: .barbell,
                kind: .weightReps,
                createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        }
        let ids = library.map(\.id)
        let ordered = ExerciseSearch.recentFirst(library, recentIDs: [ids[4], UUID(), ids[1]])
        #expect(ordered.map(\.name) == ["Squat", "Deadlift", "Bench Press", "Overhead Press", "Pull Up"])
        #expect(ExerciseSearch.recentFirst(library, recentIDs: []).map(\.id) == ids)
    }
}
