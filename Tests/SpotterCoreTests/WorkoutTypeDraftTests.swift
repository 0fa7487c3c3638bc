import SpotterCore
import Testing

@Suite("WorkoutTypeDraft: checking a workout type before it is saved")
struct WorkoutTypeDraftTests {
    @Test("A good draft gives back its cleaned values")
    func goodDraft() throws {
        let valid = try WorkoutTypeDraft(name: "  Push   Day ", colorHex: "#abc123", icon: "dumbbell").validated()
        #expect(valid.name == "Push Day")
        #expect(valid.nameKey == NameKey("push day"))
        #expect(valid.colorHex == "#ABC123")
        #expect(valid.icon == .dumbbell)
    }

    @Test(
        "Colours with six hex digits are accepted and upper-cased",
        arguments: [
            ("#abc123", "#ABC123"),
            ("abc123", "#ABC123"),
            ("#ABC123", "#ABC123"),
            ("#4F8EF7", "#4F8EF7"),
            ("000000", "#000000"),
            ("#ffffff", "#FFFFFF"),
            ("  #4f8ef7  ", "#4F8EF7"),
        ])
    func goodColours(_ raw: String, _ stored: String) throws {
        #expect(HexColor(raw)?.text == stored)
        let valid = try WorkoutTypeDraft(name: "Legs", colorHex: raw, icon: "leg").validated()
        #expect(valid.colorHex == stored)
    }

    @Test(
        "Other colour forms are refused",
        arguments: [
            "#abc", "abc", "#GGGGGG", "#abc12", "#abc1234", "", "#", "##abc12", "##abc123", "red",
            "rgb(1,2,3)", "#ab c12", "0xabc123",
        ])
    func badColours(_ raw: String) throws {
        #expect(HexColor(raw) == nil)
        let failure = try #require(throws: ValidationFailure.self) {
            try WorkoutTypeDraft(name: "Legs", colorHex: raw, icon: "leg").validated()
        }
        #expect(
            failure.issues == [
                FieldIssue(field: "colorHex", message: "Use a colour like #4F8EF7 (a # and six hex digits).")
            ])
    }

    /// The stored colour is put into pages and style sheets as `#RRGGBB`, so only the
    /// ASCII digits 0-9, A-F may pass. `Character.isHexDigit` also says yes to the
    /// full-width forms (U+FF10..., U+FF21...), which HexColor currently accepts.
    @Test(
        "Full-width look-alike digits are not hex digits of a colour",
        arguments: ["#ＡＢＣ１２３", "＃ABC123", "#１２３４５６", "ａｂｃ１２３"])
    func fullWidthDigitsRefused(_ raw: String) {
        #expect(HexColor(raw) == nil, "stored as \(HexColor(raw)?.text ?? "nil")")
    }

    @Test(
        "Icon names are matched ignoring case and surrounding spaces",
        arguments: [
            ("dumbbell", WorkoutTypeIcon.dumbbell), ("Dumbbell", .dumbbell), ("  HEART ", .heart), ("leg", .leg),
            ("star", .star),
        ])
    func goodIcons(_ raw: String, _ icon: WorkoutTypeIcon) throws {
        #expect(try WorkoutTypeDraft(name: "Legs", colorHex: "#3FBF7F", icon: raw).validated().icon == icon)
    }

    @Test("Every icon of the set is accepted by its name")
    func everyIcon() throws {
        for icon in WorkoutTypeIcon.allCases {
            #expect(try WorkoutTypeDraft(name: "X", colorHex: "#000000", icon: icon.rawValue).validated().icon == icon)
        }
        #expect(WorkoutTypeIcon.allCases.count == 16)
    }

    @Test("Unknown icons are refused with the list of choices", arguments: ["", "legs", "rocket", "dumb bell"])
    func badIcons(_ raw: String) throws {
        let failure = try #require(throws: ValidationFailure.self) {
            try WorkoutTypeDraft(name: "Legs", colorHex: "#3FBF7F", icon: raw).validated()
        }
        #expect(failure.issues.map(\.field) == ["icon"])
        #expect(
            failure.message(for: "icon") == """
                Choose one of the icons: dumbbell, barbell, kettlebell, back, chest, shoulders, arm, leg, core, body, \
                heart, run, bolt, flame, target, star.
                """)
    }

    @Test("A name of 40 characters is kept, 41 is too long")
    func nameLimit() throws {
        #expect(WorkoutTypeDraft.nameLimit == 40)
        let forty = String(repeating: "n", count: 40)
        #expect(try WorkoutTypeDraft(name: forty, colorHex: "#000000", icon: "star").validated().name == forty)

        let failure = try #require(throws: ValidationFailure.self) {
            try WorkoutTypeDraft(name: forty + "n", colorHex: "#000000", icon: "star").validated()
        }
        #expect(failure.issues == [FieldIssue(field: "name", message: "The name is too long: at most 40 characters.")])
    }

    @Test("An empty or blank name is refused", arguments: ["", "   ", "\t\n"])
    func emptyName(_ raw: String) throws {
        let failure = try #require(throws: ValidationFailure.self) {
            try WorkoutTypeDraft(name: raw, colorHex: "#000000", icon: "star").validated()
        }
        #expect(failure.issues == [FieldIssue(field: "name", message: "Give the workout type a name.")])
    }

    @Test("All problems are reported at once")
    func allIssues() throws {
        let failure = try #require(throws: ValidationFailure.self) {
            try WorkoutTypeDraft(name: " ", colorHex: "#GGGGGG", icon: "rocket").validated()
        }
        #expect(failure.issues.map(\.field) == ["name", "colorHex", "icon"])
    }

    @Test("The seeded types have unique keys and names, valid colours, and start with Back")
    func seeds() {
        let seeds = SeedWorkoutType.all
        #expect(seeds.count == 9)
        #expect(seeds.first?.name == "Back")
        #expect(Set(seeds.map(\.key)).count == seeds.count)
        #expect(Set(seeds.map { NameKey($0.name) }).count == seeds.count)
        for seed in seeds {
            #expect(HexColor(seed.colorHex)?.text == seed.colorHex)
        }
    }
}
