import Foundation
import SpotterCore
import SpotterStore
import Testing

@testable import SpotterImport

/// Names other apps write, matched against the shipped catalog: those a lifter
/// would call the same lift must land on it, near misses must not.
@Suite("Exercise matching against the catalog")
struct ExerciseMatchingTests {
    static let epoch = Date(timeIntervalSince1970: 0)

    /// The shipped catalog as the lifter's library.
    static func library() throws -> [Exercise] {
        try CatalogSeeder.bundledCatalog().exercises.map { entry in
            Exercise(
                id: UUID(), ownerID: nil, catalogKey: entry.key, name: entry.name, description: entry.description,
                primaryMuscles: entry.primaryMuscles, secondaryMuscles: entry.secondaryMuscles, equipment: entry.equipment,
                kind: entry.kind,
                aliases: entry.aliases, createdAt: epoch, updatedAt: epoch)
        }
    }

    static let mustMatch: [(name: String, key: String)] = [
        // Plurals.
        ("Pushups", "push-up"), ("Chest Dips", "chest-dip"), ("Box Squats", "box-squat-barbell"),
        ("Good Mornings", "good-morning-barbell"),
        ("Barbell Rows", "bent-over-row-barbell"), ("Glute Bridges", "glute-bridge"),
        ("Nordic Hamstrings Curls", "nordic-hamstring-curl"),
        ("Hanging Leg Raises", "hanging-leg-raise"), ("Dumbbell Lateral Raises", "lateral-raise-dumbbell"),
        // Hyphens and spaces.
        ("Bent Over Barbell Row", "bent-over-row-barbell"), ("Close Grip Barbell Bench Press", "close-grip-bench-press-barbell"),
        ("EZ-Bar Preacher Curl", "preacher-curl-barbell"), ("L Sit", "l-sit"), ("Ab-Wheel Rollout", "ab-wheel-rollout"),
        ("T Bar Row", "t-bar-row"), ("Sit-ups", "sit-up"),
        // Bracketed qualifiers.
        ("Lat Pulldown (Pulley)", "lat-pulldown-cable"), ("Lunge (Dumbbells)", "lunge-dumbbell"),
        ("Push Up (Bodyweight)", "push-up"),
        ("Pull Up (Weighted)", "pull-up"), ("Chin Up (Assisted)", "assisted-chin-up"),
        ("Back Extension (Hyperextension)", "back-extension"),
        ("Shoulder Press (Machine Plates)", "shoulder-press-machine"),
        ("Shoulder Press (Plate Loaded)", "shoulder-press-machine"),
        ("Dumbbell Curl (Each Side)", "bicep-curl-dumbbell"),
        ("Overhead Press (Each Side, Dumbbells)", "overhead-press-dumbbell"),
        ("Flat Barbell Bench Press (Each Side) (Smith Machine)", "bench-press-smith-machine"),
        ("Incline Barbell Bench Press Smith Machine (Each Side) (Smith Machine)", "incline-bench-press-smith-machine"),
        ("Seated Calf Raise Machine (Each Side)", "seated-calf-raise-machine"), ("Machine Row (Each Side)", "seated-row-machine"),
        ("Cable Lateral Raise (Each Side)", "lateral-raise-cable"),
        ("Seated Incline Dumbbell Curl (Each Side)", "incline-curl-dumbbell"),
        ("Russian Twist (Weighted)", "russian-twist"), ("Face Pull (Cable)", "face-pull-cable"),
        // Names without equipment: the barbell lift.
        ("Squat", "squat-barbell"), ("Bench Press", "bench-press-barbell"), ("Overhead Press", "overhead-press-barbell"),
        ("Clean", "clean-barbell"), ("Snatch", "snatch-barbell"), ("Clean and Jerk", "clean-and-jerk-barbell"),
        ("Paused Bench Press", "paused-bench-press-barbell"),
        // FitNotes word order and built-in names.
        ("Lateral Dumbbell Raise", "lateral-raise-dumbbell"), ("Front Dumbbell Raise", "front-raise-dumbbell"),
        ("Leg Press Machine", "leg-press-machine"), ("Arnold Dumbbell Press", "arnold-press-dumbbell"),
        ("Rear Delt Dumbbell Raise", "reverse-fly-dumbbell"), ("Seated Dumbbell Press", "overhead-press-dumbbell"),
        ("Seated Leg Curl Machine", "seated-leg-curl-machine"), ("EZ-Bar Skullcrusher", "skullcrusher-barbell"),
        ("Parallel Bar Triceps Dip", "triceps-dip"), ("Neutral Chin Up", "neutral-grip-pull-up"),
        ("Crunch Machine", "crunch-machine"),
        ("Barbell Front Squat", "front-squat-barbell"), ("Stiff-Legged Deadlift", "stiff-leg-deadlift-barbell"),
        ("Straight-Arm Cable Pushdown", "straight-arm-lat-pulldown-cable"), ("Rope Push Down", "triceps-pushdown-cable-rope"),
        // Strong and Hevy built-in names.
        ("Reverse Fly (Machine)", "rear-delt-reverse-fly-machine"),
        ("Seated Overhead Press (Dumbbell)", "overhead-press-dumbbell"),
        ("Rear Delt Reverse Fly (Cable)", "reverse-fly-cable"), ("Rear Delt Reverse Fly (Dumbbell)", "reverse-fly-dumbbell"),
        ("Seated Incline Curl (Dumbbell)", "incline-curl-dumbbell"), ("Incline Bicep Curl (Dumbbell)", "incline-curl-dumbbell"),
        ("Cable Fly Crossovers", "cable-crossover"), ("Triceps Dip (Assisted)", "assisted-dip"),
        ("Pull Up (Assisted)", "assisted-pull-up"),
        ("Arnold Press (Dumbbell)", "arnold-press-dumbbell"),
        ("Reverse Grip Lat Pulldown (Cable)", "lat-pulldown-underhand-cable"),
        ("Single Arm Lateral Raise (Cable)", "lateral-raise-cable"), ("Deadlift (Trap bar)", "deadlift-trap-bar"),
        ("Band Pullaparts", "pull-apart-band"), ("Bulgarian Split Squat (Dumbbell)", "bulgarian-split-squat"),
        ("Squat (Bodyweight)", "air-squat"),
        ("Rowing Machine", "rowing-machine"), ("Farmers Walk", "farmers-walk-dumbbell"),
        ("Goblet Squat", "goblet-squat-dumbbell"),
        ("Seated Leg Press (Machine)", "leg-press-machine"), ("EZ Bar Biceps Curl", "ez-bar-curl"),
        ("Chest Fly (Machine)", "pec-deck-machine"),
        ("Seated Cable Row - Bar Grip", "seated-row-cable"), ("Standing Cable Glute Kickbacks", "glute-kickback-cable"),
        ("Back Extension (Machine)", "back-extension-machine"), ("Iso-Lateral Row (Machine)", "seated-row-machine"),
        ("Bench Press - Close Grip (Barbell)", "close-grip-bench-press-barbell"),
        ("Seated Calf Raise", "seated-calf-raise-machine"),
    ]

    /// Near misses: the name must not land on that exercise.
    static let mustNotMatch: [(name: String, key: String)] = [
        ("Front Squat", "squat-barbell"), ("Romanian Deadlift", "deadlift-barbell"),
        ("Incline Bench Press", "bench-press-barbell"),
        ("Assisted Pull Up", "pull-up"), ("Triceps Dip (Assisted)", "triceps-dip"), ("Single Leg Press", "leg-press-machine"),
        ("Seated Calf Raise", "standing-calf-raise-machine"), ("Close Grip Lat Pulldown", "lat-pulldown-cable"),
        ("Dumbbell Bench Press", "bench-press-barbell"), ("Hammer Curl (Cable)", "hammer-curl-dumbbell"),
        ("Smith Machine Squat", "squat-barbell"),
        ("Deficit Deadlift", "deadlift-barbell"), ("Sumo Deadlift", "deadlift-barbell"),
        ("Overhead Squat", "overhead-press-barbell"),
        ("Push Press", "push-up"), ("Pullover (Cable)", "pull-up"), ("Hip Thrust (Machine)", "hip-thrust-barbell"),
        ("Kettlebell Snatch", "snatch-barbell"), ("Bench Dip", "chest-dip"), ("Decline Crunch", "crunch"),
        ("Power Clean", "clean-barbell"),
        ("Hang Clean", "clean-barbell"), ("Reverse Curl (Barbell)", "bicep-curl-barbell"), ("Reverse Lunge", "lunge-bodyweight"),
        ("Paused Squat", "squat-barbell"), ("Low Bar Squat", "squat-barbell"),
        ("Seated Overhead Press (Barbell)", "overhead-press-barbell"),
        ("Incline Push Up", "push-up"), ("Pull Up (Band)", "pull-up"),
    ]

    /// Not in the library at all: each must become a custom exercise.
    static let noMatch = [
        "Squat (Dumbbell)", "Squat (Machine)", "Snatch (Dumbbell)", "Neck Curl", "Bench Press (Cable)",
        "Bent Over Row (Dumbbell)", "Sumo Squat",
        "Pendulum Squat (Machine)", "Deadlift (Dumbbell)", "Front Squat (Dumbbell)", "Bulgarian Split Squat (Barbell)",
        "Spoto Bench Press (Barbell)",
        "Pamela Reif Ab Workout", "Snatch Grip Deadlift", "Jefferson Curl", "Press", "Curl (Band) Hold",
    ]

    @Test("names a lifter would call the same lift land on it")
    func mustMatch() throws {
        let library = try Self.library()
        let matcher = ExerciseMatcher(library: library)
        for (name, key) in Self.mustMatch {
            #expect(library.contains { $0.catalogKey == key }, "no \(key) in the catalog")
            #expect(matcher.match(name)?.catalogKey == key, "\(name)")
        }
    }

    @Test("near misses do not land on the lift they resemble")
    func mustNotMatch() throws {
        let library = try Self.library()
        let matcher = ExerciseMatcher(library: library)
        for (name, key) in Self.mustNotMatch {
            #expect(library.contains { $0.catalogKey == key }, "no \(key) in the catalog")
            #expect(matcher.match(name)?.catalogKey != key, "\(name)")
            // Without the right exercise in the library, still not the near one.
            let correct = matcher.match(name)?.catalogKey
            let reduced = ExerciseMatcher(library: library.filter { $0.catalogKey != correct })
            #expect(reduced.match(name)?.catalogKey != key, "\(name) without \(correct ?? "-")")
        }
        for name in Self.noMatch {
            #expect(matcher.match(name) == nil, "\(name) -> \(matcher.match(name)?.name ?? "")")
        }
    }

    @Test(
        "the three sample exports: every standard name lands on the catalog",
        arguments: [
            ("legacy-comma-kg-W-D-F.prefix", [String]()), ("kg-warmup-dropset-timed.prefix", ["Pamela Reif Ab Workout"]),
            ("new-weight-unit-col-unquoted-commas.prefix", []),
        ])
    func samples(sample: String, custom: [String]) throws {
        let file = try SampleFileTests.read(sample)
        let plan = ImportPlan.make(
            file: file.outline, library: try Self.library(), ownerID: UUID(), zone: TimeZone(identifier: "UTC")!,
            makeID: UUID.init)
        #expect(plan.matches.filter { $0.exercise == nil }.map(\.name) == custom)
        let matched = plan.matches.filter { $0.exercise != nil }.reduce(0) { $0 + $1.sets }
        #expect(Double(matched) >= 0.95 * Double(plan.matches.reduce(0) { $0 + $1.sets }))
    }

    @Test("no two catalog exercises share a name form, so none is lost to ambiguity")
    func formsAreUnique() throws {
        var owners: [String: Set<String>] = [:]
        for exercise in try Self.library() {
            for name in [exercise.name] + exercise.aliases {
                for form in ExerciseMatcher.forms(name, equipment: exercise.equipment) {
                    owners[form.ordered, default: []].insert(exercise.catalogKey ?? "")
                }
            }
        }
        let shared = owners.filter { $0.value.count > 1 }.map { "\($0.key): \($0.value.sorted())" }.sorted()
        #expect(shared.isEmpty, "\(shared)")
    }

    @Test("the catalog holds no aliases fitted to one file's spelling: the rules cover those")
    func noFittedAliases() throws {
        let aliases = try Self.library().flatMap(\.aliases)
        #expect(aliases.filter { $0.localizedCaseInsensitiveContains("each side") }.isEmpty)
    }
}
