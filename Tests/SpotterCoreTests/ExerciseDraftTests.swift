import SpotterCore
import Testing

@Suite("ExerciseDraft: checking a custom exercise before it is saved")
struct ExerciseDraftTests {
    /// A draft that passes, to change one field at a time.
    static let good = ExerciseDraft(
        name: "Cable Crossover", description: "Cross the handles in front of the chest.",
        muscleGroups: [.chest, .shoulders], equipment: .cable, kind: .weightReps,
        videoURL: "https://youtu.be/dQw4w9WgXcQ")

    @Test("A good draft gives back its cleaned values")
    func goodDraft() throws {
        let valid = try Self.good.validated()
        #expect(valid.name == "Cable Crossover")
        #expect(valid.nameKey == NameKey("cable crossover"))
        #expect(valid.description == "Cross the handles in front of the chest.")
        #expect(valid.muscleGroups == [.chest, .shoulders])
        #expect(valid.equipment == .cable)
        #expect(valid.kind == .weightReps)
        #expect(valid.video?.id == "dQw4w9WgXcQ")
        #expect(valid.video?.watchURL == "https://www.youtube.com/watch?v=dQw4w9WgXcQ")
    }

    @Test("Name and description are trimmed; inner white space of the name is folded")
    func trimming() throws {
        var draft = Self.good
        draft.name = "  Cable \t  Crossover\n"
        draft.description = "\n  Slow and controlled.  \n\n"
        draft.videoURL = "  youtube.com/shorts/dQw4w9WgXcQ  "
        let valid = try draft.validated()
        #expect(valid.name == "Cable Crossover")
        #expect(valid.nameKey.rawValue == "cable crossover")
        #expect(valid.description == "Slow and controlled.")
        #expect(valid.video?.id == "dQw4w9WgXcQ")
    }

    @Test("Description and video are optional")
    func optionalFields() throws {
        let draft = ExerciseDraft(name: "Plank", muscleGroups: [.core], equipment: .bodyweight, kind: .duration)
        let valid = try draft.validated()
        #expect(valid.description == "")
        #expect(valid.video == nil)

        var blank = draft
        blank.description = "   \n "
        blank.videoURL = "  \t "
        let validBlank = try blank.validated()
        #expect(validBlank.description == "")
        #expect(validBlank.video == nil)
    }

    @Test("Repeated muscle groups collapse, keeping the first order")
    func duplicateMusclesCollapse() throws {
        var draft = Self.good
        draft.muscleGroups = [.legs, .glutes, .legs, .core, .glutes, .legs]
        #expect(try draft.validated().muscleGroups == [.legs, .glutes, .core])
    }

    @Test(
        "Each bad field is reported under its own name, with what to do",
        arguments: [
            (
                "name", ExerciseDraft(name: "   ", muscleGroups: [.chest], equipment: .cable, kind: .weightReps),
                "Give the exercise a name."
            ),
            (
                "muscleGroups", ExerciseDraft(name: "Fly", muscleGroups: [], equipment: .cable, kind: .weightReps),
                "Choose at least one muscle group."
            ),
            (
                "equipment", ExerciseDraft(name: "Fly", muscleGroups: [.chest], equipment: nil, kind: .weightReps),
                "Choose the equipment."
            ),
            (
                "kind", ExerciseDraft(name: "Fly", muscleGroups: [.chest], equipment: .cable, kind: nil),
                "Choose how the exercise is measured."
            ),
            (
                "videoURL",
                ExerciseDraft(
                    name: "Fly", muscleGroups: [.chest], equipment: .cable, kind: .weightReps,
                    videoURL: "https://vimeo.com/123456"),
                "Use a YouTube link: youtube.com/watch?v=…, youtu.be/… or youtube.com/shorts/…"
            ),
        ])
    func singleIssue(field: String, draft: ExerciseDraft, message: String) throws {
        let failure = try #require(throws: ValidationFailure.self) { try draft.validated() }
        #expect(failure.issues == [FieldIssue(field: field, message: message)])
        #expect(failure.message(for: field) == message)
    }

    @Test("Every problem is reported at once, in field order")
    func allIssuesAtOnce() throws {
        let draft = ExerciseDraft(
            name: String(repeating: "x", count: 81), description: String(repeating: "d", count: 2_001),
            muscleGroups: [], equipment: nil, kind: nil, videoURL: "https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ")
        let failure = try #require(throws: ValidationFailure.self) { try draft.validated() }
        #expect(failure.issues.map(\.field) == ["name", "description", "muscleGroups", "equipment", "kind", "videoURL"])
        #expect(failure.message(for: "name") == "The name is too long: at most 80 characters.")
        #expect(failure.message(for: "description") == "The description is too long: at most 2000 characters.")
        #expect(failure.first.field == "name")
    }

    @Test("A name of 80 characters is kept, 81 is too long")
    func nameLimit() throws {
        #expect(ExerciseDraft.nameLimit == 80)
        var draft = Self.good
        draft.name = String(repeating: "a", count: 80)
        #expect(try draft.validated().name.count == 80)

        draft.name = String(repeating: "a", count: 81)
        let failure = try #require(throws: ValidationFailure.self) { try draft.validated() }
        #expect(failure.issues == [FieldIssue(field: "name", message: "The name is too long: at most 80 characters.")])
    }

    @Test("The name limit counts the cleaned name, not the padding around it")
    func nameLimitAfterCleaning() throws {
        var draft = Self.good
        draft.name = "   " + String(repeating: "a", count: 40) + "      " + String(repeating: "b", count: 39) + "   "
        // cleaned: 40 + 1 space + 39 = 80 characters
        #expect(try draft.validated().name.count == 80)
    }

    @Test("The name limit counts characters, not bytes")
    func nameLimitCountsCharacters() throws {
        var draft = Self.good
        draft.name = String(repeating: "ü", count: 80)  // 160 bytes in UTF-8
        #expect(try draft.validated().name.count == 80)
    }

    @Test("A description of 2000 characters is kept, 2001 is too long")
    func descriptionLimit() throws {
        #expect(ExerciseDraft.descriptionLimit == 2_000)
        var draft = Self.good
        draft.description = "  " + String(repeating: "d", count: 2_000) + "\n"
        #expect(try draft.validated().description.count == 2_000)

        draft.description = String(repeating: "d", count: 2_001)
        let failure = try #require(throws: ValidationFailure.self) { try draft.validated() }
        #expect(
            failure.issues == [
                FieldIssue(field: "description", message: "The description is too long: at most 2000 characters.")
            ])
    }

    @Test(
        "Links that are not YouTube are refused",
        arguments: ["https://youtube.com@evil.com/watch?v=dQw4w9WgXcQ", "javascript:alert(1)", "youtu.be/short"])
    func badVideo(_ link: String) throws {
        var draft = Self.good
        draft.videoURL = link
        let failure = try #require(throws: ValidationFailure.self) { try draft.validated() }
        #expect(failure.issues.map(\.field) == ["videoURL"])
    }
}
