import Foundation

// The built-in routines of the preset library (seed 01), one preset per training day.
// Exercises are named by key in Sources/SpotterStore/Resources/catalog.json. The ids
// are fixed for ever: links and API clients name presets by them. The number sits
// before the last four hex digits, which `TemplatePreset.derivedID` mixes with the
// exercise index, so exercise ids of different presets can never collide.

extension TemplatePresets {
    static let library: [TemplatePreset] = [
        // MARK: Powerlifting
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000010000"),
            routine: "Powerlifting", name: "Powerlifting - Squat Focus", category: .strength,
            notes: "Heavy squat day: competition squat first, then front squats and single-leg work for the quads.",
            exercises: [
                .init(
                    "squat-barbell", sets: 5, reps: RepRange(3, 5), rest: 240,
                    notes: "Main lift. Add weight once every set reaches 5."),
                .init("front-squat-barbell", sets: 3, reps: RepRange(3, 5), rest: 180),
                .init("leg-press-machine", sets: 3, reps: RepRange(8, 10), rest: 120),
                .init("bulgarian-split-squat", sets: 3, reps: RepRange(6, 8), rest: 90, notes: "Each leg."),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000020000"),
            routine: "Powerlifting", name: "Powerlifting - Bench Focus", category: .strength,
            notes: "Heavy bench day: competition bench, incline and close-grip pressing, finished with dips for the triceps.",
            exercises: [
                .init(
                    "bench-press-barbell", sets: 5, reps: RepRange(3, 5), rest: 240,
                    notes: "Main lift. Pause briefly on the chest."),
                .init("incline-bench-press-barbell", sets: 3, reps: RepRange(4, 6), rest: 180),
                .init("close-grip-bench-press-barbell", sets: 3, reps: RepRange(4, 6), rest: 180),
                .init("chest-dip", sets: 3, reps: RepRange(6, 10), rest: 120, notes: "Add weight once 10 reps are easy."),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000030000"),
            routine: "Powerlifting", name: "Powerlifting - Deadlift Focus", category: .strength,
            notes: "Heavy pull day: deadlifts, then Romanian deadlifts and rows for the hamstrings and upper back.",
            exercises: [
                .init(
                    "deadlift-barbell", sets: 3, reps: RepRange(3, 5), rest: 300,
                    notes: "Main lift. Reset the start position before every rep."),
                .init("romanian-deadlift-barbell", sets: 3, reps: RepRange(6, 8), rest: 180),
                .init("bent-over-row-barbell", sets: 3, reps: RepRange(6, 8), rest: 150),
                .init("pull-up", sets: 3, reps: RepRange(5, 8), rest: 150, notes: "Add weight once every set reaches 8."),
            ]),
        // MARK: Starting Strength
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000040000"),
            routine: "Starting Strength", name: "Starting Strength - Workout A", category: .strength,
            notes: "Novice linear progression, day A. Alternate with Workout B, three sessions a week.",
            exercises: [
                .init(
                    "squat-barbell", sets: 3, reps: RepRange(5, 5), rest: 240,
                    notes: "Add 2.5 kg next session when all sets hit 5."),
                .init(
                    "bench-press-barbell", sets: 3, reps: RepRange(5, 5), rest: 180,
                    notes: "Add 2.5 kg next session when all sets hit 5."),
                .init("deadlift-barbell", sets: 1, reps: RepRange(5, 5), rest: 180, notes: "One work set after warm-ups."),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000050000"),
            routine: "Starting Strength", name: "Starting Strength - Workout B", category: .strength,
            notes: "Novice linear progression, day B. Alternate with Workout A, three sessions a week.",
            exercises: [
                .init(
                    "squat-barbell", sets: 3, reps: RepRange(5, 5), rest: 240,
                    notes: "Add 2.5 kg next session when all sets hit 5."),
                .init(
                    "overhead-press-barbell", sets: 3, reps: RepRange(5, 5), rest: 180,
                    notes: "Add 1-2.5 kg next session when all sets hit 5."),
                .init(
                    "power-clean-barbell", sets: 5, reps: RepRange(3, 3), rest: 150,
                    notes: "Fast and crisp; stop a set if form breaks down."),
            ]),
        // MARK: PPL
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000060000"),
            routine: "PPL", name: "PPL - Push", category: .hypertrophy,
            notes: "Chest, shoulders and triceps: presses first, then isolation work for the delts and triceps.",
            exercises: [
                .init("bench-press-barbell", sets: 4, reps: RepRange(8, 12), rest: 120),
                .init("incline-bench-press-dumbbell", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("overhead-press-dumbbell", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("lateral-raise-dumbbell", sets: 3, reps: RepRange(12, 15), rest: 60),
                .init("triceps-pushdown-cable-rope", sets: 3, reps: RepRange(10, 15), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000070000"),
            routine: "PPL", name: "PPL - Pull", category: .hypertrophy,
            notes: "Back and biceps: a heavy deadlift to open, then vertical and horizontal pulls and arm work.",
            exercises: [
                .init(
                    "deadlift-barbell", sets: 3, reps: RepRange(6, 8), rest: 180,
                    notes: "Heavy opener; leave a rep or two in reserve."),
                .init(
                    "pull-up", sets: 3, reps: RepRange(8, 12), rest: 120,
                    notes: "Use an assisted variation if you cannot reach 8."),
                .init("bent-over-row-barbell", sets: 3, reps: RepRange(8, 12), rest: 120),
                .init("face-pull-cable", sets: 3, reps: RepRange(12, 15), rest: 60),
                .init("bicep-curl-dumbbell", sets: 3, reps: RepRange(10, 15), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000080000"),
            routine: "PPL", name: "PPL - Legs", category: .hypertrophy,
            notes: "Quads, hamstrings and calves: squats, leg press, then machine isolation.",
            exercises: [
                .init("squat-barbell", sets: 4, reps: RepRange(8, 12), rest: 120),
                .init("leg-press-machine", sets: 3, reps: RepRange(10, 15), rest: 90),
                .init("lying-leg-curl-machine", sets: 3, reps: RepRange(10, 15), rest: 60),
                .init("standing-calf-raise-machine", sets: 4, reps: RepRange(10, 15), rest: 60),
            ]),
        // MARK: Bro Split
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000090000"),
            routine: "Bro Split", name: "Bro Split - Chest (Monday)", category: .hypertrophy,
            notes: "Chest day: flat and incline pressing followed by flyes for a full stretch and squeeze.",
            exercises: [
                .init("bench-press-barbell", sets: 4, reps: RepRange(8, 12), rest: 120),
                .init("incline-bench-press-barbell", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("chest-fly-dumbbell", sets: 3, reps: RepRange(10, 15), rest: 60),
                .init("cable-crossover", sets: 3, reps: RepRange(12, 15), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000000a0000"),
            routine: "Bro Split", name: "Bro Split - Back (Tuesday)", category: .hypertrophy,
            notes: "Back day: deadlifts for thickness, then pull-ups, rows and pulldowns for width.",
            exercises: [
                .init(
                    "deadlift-barbell", sets: 3, reps: RepRange(6, 8), rest: 180,
                    notes: "Heavy opener; leave a rep or two in reserve."),
                .init(
                    "pull-up", sets: 3, reps: RepRange(8, 12), rest: 120,
                    notes: "Use an assisted variation if you cannot reach 8."),
                .init("bent-over-row-barbell", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("seated-row-cable", sets: 3, reps: RepRange(10, 12), rest: 90),
                .init("lat-pulldown-cable", sets: 3, reps: RepRange(10, 12), rest: 90),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000000b0000"),
            routine: "Bro Split", name: "Bro Split - Shoulders (Wednesday)", category: .hypertrophy,
            notes: "Shoulder day: an overhead press, then raises for the side, front and rear delts.",
            exercises: [
                .init("overhead-press-barbell", sets: 4, reps: RepRange(8, 10), rest: 120),
                .init("lateral-raise-dumbbell", sets: 4, reps: RepRange(12, 15), rest: 60),
                .init("front-raise-dumbbell", sets: 3, reps: RepRange(10, 15), rest: 60),
                .init("reverse-fly-dumbbell", sets: 3, reps: RepRange(12, 15), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000000c0000"),
            routine: "Bro Split", name: "Bro Split - Arms (Thursday)", category: .hypertrophy,
            notes: "Arm day: two curls for the biceps and forearms, two extensions for the triceps.",
            exercises: [
                .init("bicep-curl-barbell", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("hammer-curl-dumbbell", sets: 3, reps: RepRange(10, 12), rest: 60),
                .init("triceps-pushdown-cable-rope", sets: 3, reps: RepRange(10, 15), rest: 60),
                .init("skullcrusher-barbell", sets: 3, reps: RepRange(8, 12), rest: 90),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000000d0000"),
            routine: "Bro Split", name: "Bro Split - Legs (Friday)", category: .hypertrophy,
            notes: "Leg day: squats and leg press, then curls, extensions and calves.",
            exercises: [
                .init("squat-barbell", sets: 4, reps: RepRange(8, 12), rest: 120),
                .init("leg-press-machine", sets: 3, reps: RepRange(10, 15), rest: 90),
                .init("lying-leg-curl-machine", sets: 3, reps: RepRange(10, 15), rest: 60),
                .init("leg-extension-machine", sets: 3, reps: RepRange(12, 15), rest: 60),
                .init("standing-calf-raise-machine", sets: 4, reps: RepRange(12, 15), rest: 60),
            ]),
        // MARK: Upper/Lower
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000000e0000"),
            routine: "Upper/Lower", name: "Upper/Lower - Upper", category: .hypertrophy,
            notes: "Upper body: a press and a row, overhead and vertical pulling, then biceps and triceps.",
            exercises: [
                .init("bench-press-barbell", sets: 3, reps: RepRange(8, 12), rest: 120),
                .init("bent-over-row-barbell", sets: 3, reps: RepRange(8, 12), rest: 120),
                .init("overhead-press-dumbbell", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init(
                    "pull-up", sets: 3, reps: RepRange(8, 12), rest: 90, notes: "Use an assisted variation if you cannot reach 8."
                ),
                .init("bicep-curl-dumbbell", sets: 3, reps: RepRange(10, 15), rest: 60),
                .init("triceps-pushdown-cable-rope", sets: 3, reps: RepRange(10, 15), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000000f0000"),
            routine: "Upper/Lower", name: "Upper/Lower - Lower", category: .hypertrophy,
            notes: "Lower body: squats and Romanian deadlifts, then leg press, leg curls and calves.",
            exercises: [
                .init("squat-barbell", sets: 4, reps: RepRange(8, 12), rest: 120),
                .init("romanian-deadlift-barbell", sets: 3, reps: RepRange(8, 12), rest: 120),
                .init("leg-press-machine", sets: 3, reps: RepRange(10, 15), rest: 90),
                .init("lying-leg-curl-machine", sets: 3, reps: RepRange(10, 15), rest: 60),
                .init("standing-calf-raise-machine", sets: 4, reps: RepRange(12, 15), rest: 60),
            ]),
        // MARK: Full Body Calisthenics
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000100000"),
            routine: "Full Body Calisthenics", name: "Full Body Calisthenics", category: .calisthenics,
            notes: "A whole-body bodyweight session: push, pull, dip, single-leg squat and a core hold.",
            exercises: [
                .init("push-up", sets: 4, reps: RepRange(12, 15), rest: 60),
                .init("pull-up", sets: 4, reps: RepRange(8, 12), rest: 90),
                .init("chest-dip", sets: 3, reps: RepRange(10, 15), rest: 90),
                .init(
                    "pistol-squat", sets: 3, reps: RepRange(8, 8), rest: 90,
                    notes: "Each leg. Hold a support or squat to a box to start."),
                .init(
                    "l-sit", sets: 3, reps: RepRange(1, 1), rest: 90, seconds: 20,
                    notes: "Build from 20 to 30 s; tuck the knees if needed."),
            ]),
        // MARK: Skill-Based Calisthenics
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000110000"),
            routine: "Skill-Based Calisthenics", name: "Skill-Based Calisthenics", category: .calisthenics,
            notes: "Skill practice while fresh: handstand, muscle-up, front lever and planche, with quality over volume.",
            exercises: [
                .init(
                    "handstand-hold", sets: 5, reps: RepRange(1, 1), rest: 60, seconds: 30,
                    notes: "Against a wall at first, then work toward free-standing."),
                .init(
                    "muscle-up", sets: 5, reps: RepRange(1, 3), rest: 120,
                    notes: "Use band-assisted or jumping reps until strict ones come."),
                .init(
                    "front-lever", sets: 5, reps: RepRange(1, 1), rest: 120, seconds: 10,
                    notes: "Hold the hardest clean progression: tuck, advanced tuck, straddle, full."),
                .init(
                    "planche", sets: 5, reps: RepRange(1, 1), rest: 120, seconds: 10,
                    notes: "Start with leans and tuck holds; keep the arms locked."),
            ]),
        // MARK: Olympic Lifting
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000120000"),
            routine: "Olympic Lifting", name: "Olympic Lifting", category: .weightlifting,
            notes: "Technique-first Olympic session: the two competition lifts, then front and overhead squats.",
            exercises: [
                .init(
                    "snatch-barbell", sets: 5, reps: RepRange(2, 3), rest: 150,
                    notes: "Stay crisp; drop the weight if the bar path drifts."),
                .init(
                    "clean-and-jerk-barbell", sets: 5, reps: RepRange(2, 3), rest: 180, notes: "One rep is a clean plus a jerk."),
                .init("front-squat-barbell", sets: 4, reps: RepRange(3, 5), rest: 180),
                .init("overhead-squat-barbell", sets: 3, reps: RepRange(5, 5), rest: 120),
            ]),
        // MARK: Full Body Beginner
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000130000"),
            routine: "Full Body Beginner", name: "Full Body Beginner - Workout A", category: .beginner,
            notes: "A simple full-body day for new lifters. Alternate with Workout B, three days a week.",
            exercises: [
                .init(
                    "squat-barbell", sets: 3, reps: RepRange(8, 8), rest: 120,
                    notes: "Add weight when all sets reach 8 with good form."),
                .init("bench-press-barbell", sets: 3, reps: RepRange(8, 8), rest: 120),
                .init("bent-over-row-barbell", sets: 3, reps: RepRange(8, 8), rest: 90),
                .init("plank", sets: 3, reps: RepRange(1, 1), rest: 90, seconds: 30),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000140000"),
            routine: "Full Body Beginner", name: "Full Body Beginner - Workout B", category: .beginner,
            notes: "The second full-body day for new lifters. Alternate with Workout A, three days a week.",
            exercises: [
                .init(
                    "deadlift-barbell", sets: 3, reps: RepRange(8, 8), rest: 120,
                    notes: "Keep the weight moderate and the back flat."),
                .init("overhead-press-barbell", sets: 3, reps: RepRange(8, 8), rest: 120),
                .init(
                    "pull-up", sets: 3, reps: RepRange(8, 8), rest: 120,
                    notes: "Use the assisted machine or a band if 8 is out of reach."),
                .init("hanging-leg-raise", sets: 3, reps: RepRange(10, 10), rest: 90, notes: "Bend the knees to make it easier."),
            ]),
    ]
}
