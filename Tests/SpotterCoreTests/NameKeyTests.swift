import SpotterCore
import Testing

@Suite("NameKey: when two names count as the same")
struct NameKeyTests {
    @Test("Surrounding and repeated spaces and case do not make a different name")
    func spacingAndCaseAreIgnored() {
        #expect(NameKey("  Push   Day ") == NameKey("push day"))
        #expect(NameKey("  Push   Day ").rawValue == "push day")
        #expect(NameKey("PUSH DAY").rawValue == "push day")
    }

    @Test(
        "Tabs, newlines and other white space fold to one space",
        arguments: [
            "Push\tDay",
            "Push\nDay",
            "\n\tPush \t\r\n Day\t\n",
            "Push\u{00A0}Day",  // no-break space
            "Push \u{2003} Day",  // em space
        ])
    func whiteSpaceFolds(_ raw: String) {
        #expect(NameKey.displayForm(of: raw) == "Push Day")
        #expect(NameKey(raw) == NameKey("push day"))
    }

    @Test("The display form keeps the user's capitals")
    func displayFormKeepsCase() {
        #expect(NameKey.displayForm(of: "  Push   Day ") == "Push Day")
        #expect(NameKey.displayForm(of: "Bench Press (Barbell)") == "Bench Press (Barbell)")
    }

    @Test(
        "Names already in display form are kept as they are; anything else folds as before",
        arguments: [
            "Squat (Barbell)", "A", " Squat", "Squat ", "Squat  (Barbell)", "Squat\t(Barbell)", "Kniebeuge\u{A0}(Langhantel)",
            "Übung", "x\u{7F}y", "",
        ])
    func fastPathAgrees(_ name: String) {
        let folded = name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        #expect(NameKey.displayForm(of: name) == folded)
    }

    @Test("A name of only white space has an empty display form")
    func blankName() {
        #expect(NameKey.displayForm(of: "") == "")
        #expect(NameKey.displayForm(of: " \t\n ") == "")
        #expect(NameKey("   ").rawValue == "")
    }

    @Test(
        "Different names have different keys",
        arguments: [
            ("Push Day", "Pull Day"),
            ("Push Day", "PushDay"),
            ("Push Day", "Push Day 2"),
            ("Legs", "Leg"),
            ("Bench Press", "Bench-Press"),
        ])
    func differentNamesDiffer(_ a: String, _ b: String) {
        #expect(NameKey(a) != NameKey(b))
    }

    @Test("Keys collapse duplicates in a set")
    func hashing() {
        let keys: Set<NameKey> = [NameKey("Push Day"), NameKey(" push  day"), NameKey("PUSH DAY"), NameKey("Legs")]
        #expect(keys.count == 2)
    }

    @Test("Keys sort by their lower-cased text")
    func ordering() {
        let sorted = ["Legs", "back", "Chest"].map { NameKey($0) }.sorted()
        #expect(sorted.map(\.rawValue) == ["back", "chest", "legs"])
        #expect(NameKey("Back") < NameKey("chest"))
    }

    @Test("description and rawValue show the key")
    func descriptionIsRawValue() {
        #expect(NameKey(" Full   Body ").description == "full body")
        #expect(NameKey(rawValue: "As Is").rawValue == "As Is")
    }
}
