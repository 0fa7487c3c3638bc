import Foundation
import SpotterCore
import Testing

@Suite("ExerciseMerge: which exercise a lifter's own one may join, and which to offer first")
struct ExerciseMergeTests {
    static let date = Date(timeIntervalSince1970: 1_790_000_000)

    static func exercise(
        _ name: String, _ equipment: Equipment = .barbell, kind: ExerciseKind = .weightReps, own: Bool = false,
        archived: Bool = false
    ) -> Exercise {
        Exercise(
            id: UUID(), ownerID: own ? UUID() : nil, name: name, description: "", primaryMuscles: [.legs], equipment: equipment,
            kind: kind,
            archived: archived, createdAt: date, updatedAt: date)
    }

    static let library = [
        exercise("Bench Press (Barbell)"), exercise("Front Squat (Barbell)"), exercise("Goblet Squat (Kettlebell)", .kettlebell),
        exercise("Squat (Dumbbell)", .dumbbell), exercise("Squat (Barbell)"), exercise("Squat (Smith Machine)", .machine),
        exercise("Plank", .bodyweight, kind: .duration), exercise("Air Squat", .bodyweight, kind: .bodyweightReps),
        exercise("Box Squat (Barbell)"), exercise("Squat (Band)", .band, kind: .assistedBodyweight),
        exercise("Old Squat", own: true, archived: true),
    ]

    static func names(for name: String, kind: ExerciseKind = .weightReps) -> [String] {
        ExerciseMerge.candidates(for: exercise(name, own: true), in: library).map(\.name)
    }

    @Test(
        "\"Squat\" is offered the library's squats, the same name with equipment first; never a bench press, a plank, an assisted or an archived one"
    )
    func squat() {
        #expect(
            Self.names(for: "Squat") == [
                // Same base name: barbell, dumbbell, smith machine (by name).
                "Squat (Barbell)", "Squat (Dumbbell)", "Squat (Smith Machine)",
                // One more word each, by name; Air Squat is bodyweight reps, which weight x reps may join.
                "Air Squat", "Box Squat (Barbell)", "Front Squat (Barbell)", "Goblet Squat (Kettlebell)",
            ])
    }

    @Test("Equipment decides among equals and alone matches nothing; a plural matches its singular")
    func equipmentAndPlurals() {
        #expect(Self.names(for: "Dumbbell Squat").prefix(2) == ["Squat (Dumbbell)", "Squat (Barbell)"])
        #expect(Self.names(for: "Box Squats").first == "Box Squat (Barbell)")
        #expect(Self.names(for: "Squats").prefix(2) == ["Squat (Barbell)", "Squat (Dumbbell)"], "the same name, a plural aside")
        #expect(Self.names(for: "Barbell") == [], "no squat or bench press for a name that is only equipment")
        #expect(ExerciseMerge.candidates(for: Self.exercise("Squat", own: true), in: Self.library, limit: 2).count == 2)
    }

    @Test("A name that is no exercise yet (an import's) gets the same ranking, among live exercises logged alike")
    func byName() {
        let byName = ExerciseMerge.candidates(forName: "Squat", kind: .weightReps, in: Self.library).map(\.name)
        #expect(byName == Self.names(for: "Squat"))
        #expect(ExerciseMerge.candidates(forName: "Plank Hold", kind: .duration, in: Self.library).map(\.name) == ["Plank"])
        #expect(
            ExerciseMerge.candidates(forName: "Air Squats", kind: .bodyweightReps, in: Self.library, limit: 2).map(\.name)
                == ["Air Squat", "Squat (Barbell)"],
            "bodyweight reps may join weight x reps; never the assisted or archived squat")
        #expect(
            ExerciseMerge.candidates(forName: "Old Squat", kind: .weightReps, in: Self.library).map(\.name).contains("Old Squat")
                == false)
    }

    @Test("A merge into itself, an archived exercise or one logged another way is refused with its reason at `into`")
    func refused() {
        let squat = Self.exercise("Squat", own: true)
        let cases: [(Exercise, String)] = [
            (squat, "Pick another exercise: Squat can't be merged into itself."),
            (
                Self.exercise("Old Squat", own: true, archived: true),
                "Old Squat is archived. Restore it first, or pick another exercise."
            ),
            (
                Self.exercise("Plank", .bodyweight, kind: .duration),
                "Squat is logged as weight × reps and Plank as duration: only exercises logged the same way can be merged."
            ),
            (
                Self.exercise("Assisted Squat", .machine, kind: .assistedBodyweight),
                "Squat is logged as weight × reps and Assisted Squat as assisted bodyweight: only exercises logged the same way can be merged."
            ),
        ]
        for (target, message) in cases {
            #expect(throws: ValidationFailure(field: "into", message: message)) { try ExerciseMerge.check(squat, into: target) }
        }
        #expect(throws: Never.self) {
            try ExerciseMerge.check(squat, into: Self.exercise("Air Squat", .bodyweight, kind: .bodyweightReps))
        }
    }

    @Test("Kinds that mean the same numbers: equal kinds, and weight x reps with bodyweight reps either way")
    func kinds() {
        for a in ExerciseKind.allCases {
            for b in ExerciseKind.allCases {
                let alike = a == b || Set([a, b]) == [.weightReps, .bodyweightReps]
                #expect(ExerciseMerge.loggedAlike(a, b) == alike, "\(a) and \(b)")
            }
        }
    }
}
