import SpotterCore
import Testing

@Suite("Counts with their nouns")
struct PluralTests {
    @Test(
        "one stays singular; others take s, or es after s, x, ch and sh",
        arguments: [
            (1, "workout", "1 workout"), (0, "workout", "0 workouts"), (3, "body measurement", "3 body measurements"),
            (1, "training max", "1 training max"), (2, "training max", "2 training maxes"), (4, "match", "4 matches"),
            (2, "class", "2 classes"), (5, "push", "5 pushes"),
        ])
    func counts(count: Int, noun: String, text: String) {
        #expect(counted(count, noun) == text)
    }
}
