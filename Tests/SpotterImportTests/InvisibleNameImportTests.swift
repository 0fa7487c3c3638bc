import Foundation
import SpotterCore
import Testing

@testable import SpotterImport

/// Files naming things with characters that draw nothing, or holding direction
/// controls: such a row is left out with its reason, a workout without a visible
/// name gets the usual one, and nothing stops the import. (Foundation trims U+200B
/// at the ends of a cell as white space, so the names here use the word joiner U+2060.)
@Suite("Imports: invisible names and direction controls")
struct InvisibleNameImportTests {
    static let comma = StrongReaderTests.comma

    @Test("a Strong row naming its exercise with zero-width spaces only, or holding a direction override, is left out with why")
    func strongRows() throws {
        let file = try importText(
            """
            \(Self.comma)
            2024-06-18 11:04:00,"Legs",31m,"Squat (Barbell)",1,100,5,0,0,"","",
            2024-06-18 11:04:00,"Legs",31m,"\u{2060}\u{2060}",1,100,5,0,0,"","",
            2024-06-18 11:04:00,"Legs",31m,"Squat (Barbell)",2,100,5,0,0,"felt \u{202E}doog","",
            2024-06-18 11:04:00,"Legs",31m,"Bench Press (Barbell)",1,80,5,0,0,"💪🏽 family day 👨‍👩‍👧","",

            """)
        #expect(
            file.skipped == [
                SkippedRow(line: 3, reason: "The exercise name holds only invisible characters (U+2060)."),
                SkippedRow(line: 4, reason: PlainText.message(field: "Notes", scalar: "\u{202E}")),
            ])
        let workout = try #require(file.workouts.first)
        #expect(workout.entries.map(\.exerciseName) == ["Squat (Barbell)", "Bench Press (Barbell)"])
        #expect(workout.entries[1].notes == "💪🏽 family day 👨‍👩‍👧", "emoji joined with U+200D are text")
    }

    @Test("an exercise name whose kept part (80 characters) shows nothing is left out, not cut to an empty name")
    func cutToNothing() throws {
        let name = String(repeating: "\u{2060}", count: 80) + "Squat"
        let file = try importText("\(Self.comma)\n2024-06-18 11:04:00,Legs,31m,\(name),1,100,5,0,0,,,\n")
        #expect(file.skipped.map(\.reason) == ["The exercise name holds only invisible characters (U+2060)."])
        #expect(file.workouts.isEmpty)
    }

    @Test("a workout named with invisible characters only is called Workout, as one without a name; Hevy too")
    func workoutNames() throws {
        let strong = try importText(
            "\(Self.comma)\n2024-06-18 11:04:00,\"\u{2060}\u{200B}\",31m,Squat (Barbell),1,100,5,0,0,,,\n")
        #expect(strong.workouts.map(\.name) == ["Workout"])
        let hevy = try importText(
            """
            "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
            "\u{200B}","13 Sep 2024, 14:11","13 Sep 2024, 15:00","","Squat (Barbell)",,"",0,"normal",100,5,,,

            """)
        #expect(hevy.source == .hevy)
        #expect(hevy.workouts.map(\.name) == ["Workout"])
    }
}
