import Testing

@testable import SpotterImport

/// The pure name rules behind matching: what spelling is dropped and what is kept.
@Suite("Exercise name forms")
struct ExerciseNameFormTests {
    static func form(_ name: String) -> (words: String, equipment: [String]) {
        let form = ExerciseNameForm(name)
        return (form.words.joined(separator: " "), form.equipment.sorted())
    }

    @Test("plurals become singular; short words and -ss words stay")
    func plurals() {
        #expect(ExerciseNameForm.singular("rows") == "row")
        #expect(ExerciseNameForm.singular("presses") == "press")
        #expect(ExerciseNameForm.singular("press") == "press")
        #expect(ExerciseNameForm.singular("crunches") == "crunch")
        #expect(ExerciseNameForm.singular("flies") == "fly")
        #expect(ExerciseNameForm.singular("lunges") == "lunge")
        #expect(ExerciseNameForm.singular("biceps") == "bicep")
        #expect(ExerciseNameForm.singular("calves") == "calf")
        #expect(ExerciseNameForm.singular("abs") == "abs")
        #expect(Self.form("Nordic Hamstrings Curls") == ("nordic hamstring curl", []))
    }

    @Test("hyphens, spaces and joined compounds read the same")
    func compounds() {
        #expect(Self.form("Push-Ups") == Self.form("pushups"))
        #expect(Self.form("Push Up") == ("pushup", []))
        #expect(Self.form("Lat Pull Down") == ("lat pulldown", []))
        #expect(Self.form("L-Sit") == Self.form("L Sit"))
        #expect(Self.form("Farmer's Walk") == ("farmer walk", []))
        #expect(Self.form("Clean & Jerk") == Self.form("Clean and Jerk"))
        // "Push Press" is no push-up.
        #expect(Self.form("Push Press") == ("push press", []))
    }

    @Test("equipment is found anywhere, in words or brackets, with its other names")
    func equipment() {
        #expect(Self.form("Lateral Dumbbell Raise") == ("lateral raise", ["dumbbell"]))
        #expect(Self.form("Lateral Raise (Dumbbells)") == ("lateral raise", ["dumbbell"]))
        #expect(Self.form("Leg Press Machine") == ("leg press", ["machine"]))
        #expect(Self.form("Lat Pulldown (Pulley)") == ("lat pulldown", ["cable"]))
        #expect(Self.form("Shoulder Press (Machine Plates)") == ("shoulder press", ["machine"]))
        #expect(Self.form("Shoulder Press (Plate Loaded)") == ("shoulder press", ["machine"]))
        #expect(Self.form("EZ-Bar Preacher Curl") == ("preacher curl", ["ezbar"]))
        #expect(Self.form("Trap Bar Deadlift") == ("deadlift", ["trapbar"]))
        #expect(Self.form("DB Row") == ("row", ["dumbbell"]))
        #expect(Self.form("Squat (Bodyweight)") == ("squat", ["bodyweight"]))
        // The Smith machine says it all: "barbell" and "machine" beside it add nothing.
        #expect(
            Self.form("Incline Barbell Bench Press Smith Machine (Each Side) (Smith Machine)") == (
                "incline bench press", ["smith"]
            ))
    }

    @Test("load notes go; words that change the lift stay")
    func qualifiers() {
        #expect(Self.form("Pull Up (Weighted)") == ("pullup", []))
        #expect(Self.form("Overhead Press (Each Side, Dumbbells)") == ("overhead press", ["dumbbell"]))
        #expect(Self.form("Flat Dumbbell Fly") == ("fly", ["dumbbell"]))
        #expect(Self.form("Chin Up (Assisted)") == ("chinup assisted", []))
        #expect(Self.form("Front Squat") == ("front squat", []))
        #expect(Self.form("Romanian Deadlift") == ("romanian deadlift", []))
    }

    @Test("word order counts only in the ordered key")
    func order() {
        let a = ExerciseNameForm("Lat Pulldown - Underhand (Cable)")
        let b = ExerciseNameForm("Underhand Lat Pulldown Cable")
        #expect(a.ordered != b.ordered)
        #expect(a.unordered == b.unordered)
    }
}
