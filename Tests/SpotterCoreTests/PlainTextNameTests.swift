import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// Names that show nothing, and text that shows in another order than it is stored.
@Suite("PlainText: invisible names and direction controls")
struct PlainTextNameTests {
    /// Names that draw nothing: zero-width space, joiners, word joiner, BOM, a Hangul
    /// filler, a variation selector, direction marks; alone, mixed or between spaces.
    static let invisible: [(String, String)] = [
        ("\u{200B}", "U+200B"), ("\u{200B}\u{200B}\u{200B}", "U+200B"), ("  \u{200B} \u{2060}  ", "U+200B"),
        ("\u{200C}\u{200D}", "U+200C"), ("\u{2060}", "U+2060"),
        ("\u{FEFF}", "U+FEFF"), ("\u{3164}", "U+3164"), ("\u{FE0F}", "U+FE0F"), ("\u{200E}\u{200F}", "U+200E"),
        ("\u{00AD}", "U+00AD"),
    ]

    /// Direction controls that reorder what follows them: "\u{202E}tfel" shows as "left".
    static let directionControls: [UInt32] = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    static func invisibleMessage(_ code: String) -> String {
        "The name holds only invisible characters (\(code)). Type a name with letters, digits or symbols."
    }

    @Test("The direction controls are refused in any text; the direction marks, joiners and zero-width spaces are not")
    func textRule() {
        for value in Self.directionControls {
            #expect(!PlainText.allows(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        for value: UInt32 in [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2060, 0xFE0F, 0x2019, 0x2013] {
            #expect(PlainText.allows(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        #expect(PlainText.firstForbidden(in: "felt \u{202E}doog") == "\u{202E}")
        #expect(
            PlainText.firstForbidden(in: "‘quotes’ – dashes … 👨‍👩‍👧 مرحبا") == nil,
            "other characters starting with byte E2, an emoji with joiners, Arabic")
        let issue = PlainText.issue(field: "notes", in: "a\u{2067}b")
        #expect(
            issue
                == FieldIssue(
                    field: "notes",
                    message:
                        "\"notes\" holds a direction control (U+2067), which shows the text after it in another order than it is written. "
                        + "Remove it: right-to-left text needs none."))
    }

    @Test("JSON: a direction control is found written as its bytes or as an escape")
    func json() {
        func issue(_ json: String) -> FieldIssue? { PlainText.firstForbiddenString(inJSON: Array(json.utf8)) }
        #expect(issue("{\"name\": \"\u{202E}tfel\"}")?.field == "name")
        #expect(issue(#"{"notes": ["ok", "x\u2066y"]}"#)?.field == "notes[1]")
        #expect(issue(#"{"notes": "\u202a"}"#)?.message.contains("direction control (U+202A)") == true)
        #expect(issue("{\"notes\": \"– ’ … \u{200D}\"}") == nil)
    }

    @Test("A name of invisible characters is refused, saying which", arguments: invisible)
    func invisibleName(_ name: String, _ code: String) {
        #expect(throws: ValidationFailure(field: "name", message: Self.invisibleMessage(code))) {
            try PlainText.checkedName(name, limit: 80, missing: "Give it a name.")
        }
    }

    @Test("Names with something to see pass, invisible characters and all: emoji with joiners, Arabic, a word with a soft hyphen")
    func visibleNames() throws {
        for name in ["🏋️‍♀️", "Push 💪", "تمرين الصدر", "Bench\u{200B}Press", "Kreuz\u{00AD}heben", "\u{200F}Row"] {
            #expect(try PlainText.checkedName(name, limit: 80, missing: "") == name, "\(name.debugDescription)")
        }
        #expect(try PlainText.checkedName("  Push   Day ", limit: 80, missing: "") == "Push Day")
        var issues: [FieldIssue] = []
        #expect(PlainText.name("   ", field: "newName", limit: 80, missing: "Give it a name.", issues: &issues) == nil)
        #expect(issues == [FieldIssue(field: "newName", message: "Give it a name.")])
    }

    @Test("Every name field uses the rule: exercise, workout type, template, workout, token")
    func everyNameField() throws {
        let zeroWidth = "\u{200B}\u{200B}"
        let message = Self.invisibleMessage("U+200B")
        let exercise = ExerciseDraft(name: zeroWidth, muscleGroups: [.chest], equipment: .barbell, kind: .weightReps)
        #expect(throws: ValidationFailure(field: "name", message: message)) { try exercise.validated() }
        #expect(throws: ValidationFailure(field: "name", message: message)) {
            try WorkoutTypeDraft(name: zeroWidth, colorHex: "#4F8EF7", icon: "dumbbell").validated()
        }
        #expect(throws: ValidationFailure(field: "name", message: message)) { try TemplateDraft.validName(zeroWidth) }
        let workout = Workout(id: .numbered(1), ownerID: .numbered(2), name: "Legs", startedAt: Date(timeIntervalSince1970: 0))
        #expect(throws: ValidationFailure(field: "name", message: message)) {
            try WorkoutChange(name: zeroWidth).applied(to: workout)
        }
        #expect(throws: ValidationFailure(field: "name", message: message)) { try APIToken.validName(zeroWidth) }
        #expect(throws: ValidationFailure.self, "user names were ASCII already") { try Credentials.validUsername("a\u{200B}na") }

        let reversed = "\u{202E}tfel"
        let override = try #require(PlainText.issue(field: "name", in: reversed))
        #expect(throws: ValidationFailure([override])) { try TemplateDraft.validName(reversed) }
        #expect(throws: ValidationFailure([override])) { try APIToken.validName(reversed) }
        #expect(throws: ValidationFailure([override])) {
            try ExerciseDraft(name: reversed, muscleGroups: [.chest], equipment: .barbell, kind: .weightReps).validated()
        }
    }
}
