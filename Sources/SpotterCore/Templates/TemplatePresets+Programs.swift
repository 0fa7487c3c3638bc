import Foundation

// The training days the program presets (ProgramPresets+Library.swift) need beyond
// the routines of the template library. Programs that match a library routine
// (Starting Strength, Full Body Beginner, PPL, Upper/Lower, Bro Split, the
// powerlifting focus days) use its days; the days here follow the published
// programs. Ids continue the numbering of the library (which ends at 0x14), with
// the number before the last four hex digits as there.

extension TemplatePresets {
    static let programDays: [TemplatePreset] = [
        // MARK: StrongLifts 5x5
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000150000"),
            routine: "StrongLifts 5x5", name: "StrongLifts 5x5 - Workout A", category: .strength,
            notes:
                "Squat, bench and row, five sets of five each. Alternate with Workout B, three sessions a week, adding weight every session you complete all 25 reps. Fail a weight three sessions running and take 10% off it.",
            exercises: [
                .init(
                    "squat-barbell", sets: 5, reps: RepRange(5, 5), rest: 180,
                    notes: "Add 2.5 kg next session when all 5x5 are done."),
                .init(
                    "bench-press-barbell", sets: 5, reps: RepRange(5, 5), rest: 180,
                    notes: "Add 2.5 kg next session when all 5x5 are done."),
                .init(
                    "bent-over-row-barbell", sets: 5, reps: RepRange(5, 5), rest: 180,
                    notes: "Pull every rep from the floor with a flat back. Add 2.5 kg when all 5x5 are done."),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000160000"),
            routine: "StrongLifts 5x5", name: "StrongLifts 5x5 - Workout B", category: .strength,
            notes:
                "Squat and overhead press for five fives, then a single set of five deadlifts. Alternate with Workout A, three sessions a week.",
            exercises: [
                .init(
                    "squat-barbell", sets: 5, reps: RepRange(5, 5), rest: 180,
                    notes: "Add 2.5 kg next session when all 5x5 are done."),
                .init(
                    "overhead-press-barbell", sets: 5, reps: RepRange(5, 5), rest: 180,
                    notes: "Add 2.5 kg next session when all 5x5 are done."),
                .init(
                    "deadlift-barbell", sets: 1, reps: RepRange(5, 5), rest: 180,
                    notes: "One work set after warm-ups. Add 5 kg next session when it goes."),
            ]),
        // MARK: Texas Method
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000170000"),
            routine: "Texas Method", name: "Texas Method - Volume Day", category: .strength,
            notes:
                "The week's workload: many sets at a weight a little below Friday's. Bench and press swap every week: on a press week, press 5x5 here instead of benching.",
            exercises: [
                .init(
                    "squat-barbell", sets: 5, reps: RepRange(5, 5), rest: 240,
                    notes: "5x5 at about 90% of the last intensity-day five."),
                .init(
                    "bench-press-barbell", sets: 5, reps: RepRange(5, 5), rest: 180,
                    notes: "5x5 at about 90% of the last intensity-day five. Press instead on press weeks."),
                .init("deadlift-barbell", sets: 1, reps: RepRange(5, 5), rest: 240, notes: "One heavy set of five."),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000180000"),
            routine: "Texas Method", name: "Texas Method - Recovery Day", category: .strength,
            notes:
                "A light day to recover from Monday and get ready for Friday: nothing here should be hard. Press on bench weeks, bench on press weeks.",
            exercises: [
                .init("squat-barbell", sets: 2, reps: RepRange(5, 5), rest: 180, notes: "2x5 at about 80% of Monday's weight."),
                .init(
                    "overhead-press-barbell", sets: 3, reps: RepRange(5, 5), rest: 150,
                    notes: "3x5 at a moderate weight, about 90% of your last press workout."),
                .init(
                    "chin-up", sets: 3, reps: RepRange(5, 10), rest: 120, notes: "Bodyweight, leaving a rep or two in reserve."),
                .init("back-extension", sets: 5, reps: RepRange(10, 10), rest: 90),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000190000"),
            routine: "Texas Method", name: "Texas Method - Intensity Day", category: .strength,
            notes:
                "The day the progress shows: one set of five at a new best weight on the squat and the bench or press, then explosive cleans.",
            exercises: [
                .init(
                    "squat-barbell", sets: 1, reps: RepRange(5, 5), rest: 300,
                    notes: "Work up to a new five-rep best, 2.5 kg over last Friday."),
                .init(
                    "bench-press-barbell", sets: 1, reps: RepRange(5, 5), rest: 300,
                    notes: "A new five-rep best; the same lift as Monday's."),
                .init(
                    "power-clean-barbell", sets: 5, reps: RepRange(3, 3), rest: 150,
                    notes: "Fast triples; power snatches 6x2 are the alternative."),
            ]),
        // MARK: 5/3/1 Boring But Big
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000001a0000"),
            routine: "5/3/1 Boring But Big", name: "5/3/1 Boring But Big - Press Day", category: .strength,
            notes:
                "5/3/1 pressing, then five sets of ten on the same lift and chin-ups. All percentages are of the training max, 90% of your one-rep max.",
            exercises: [
                .init("overhead-press-barbell", sets: 3, reps: RepRange(1, 5), rest: 180, notes: Self.fiveThreeOne),
                .init("overhead-press-barbell", sets: 5, reps: RepRange(10, 10), rest: 90, notes: Self.boringButBig),
                .init(
                    "chin-up", sets: 5, reps: RepRange(10, 10), rest: 90,
                    notes: "50 reps in all; split them into as many sets as needed."),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000001b0000"),
            routine: "5/3/1 Boring But Big", name: "5/3/1 Boring But Big - Deadlift Day", category: .strength,
            notes:
                "5/3/1 deadlifts, then five sets of ten on the same lift and hanging leg raises. All percentages are of the training max, 90% of your one-rep max.",
            exercises: [
                .init("deadlift-barbell", sets: 3, reps: RepRange(1, 5), rest: 240, notes: Self.fiveThreeOne),
                .init("deadlift-barbell", sets: 5, reps: RepRange(10, 10), rest: 120, notes: Self.boringButBig),
                .init("hanging-leg-raise", sets: 5, reps: RepRange(15, 15), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000001c0000"),
            routine: "5/3/1 Boring But Big", name: "5/3/1 Boring But Big - Bench Day", category: .strength,
            notes:
                "5/3/1 bench pressing, then five sets of ten on the same lift and dumbbell rows. All percentages are of the training max, 90% of your one-rep max.",
            exercises: [
                .init("bench-press-barbell", sets: 3, reps: RepRange(1, 5), rest: 180, notes: Self.fiveThreeOne),
                .init("bench-press-barbell", sets: 5, reps: RepRange(10, 10), rest: 90, notes: Self.boringButBig),
                .init("bent-over-one-arm-row-dumbbell", sets: 5, reps: RepRange(10, 10), rest: 60, notes: "Each arm."),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000001d0000"),
            routine: "5/3/1 Boring But Big", name: "5/3/1 Boring But Big - Squat Day", category: .strength,
            notes:
                "5/3/1 squats, then five sets of ten on the same lift and leg curls. All percentages are of the training max, 90% of your one-rep max.",
            exercises: [
                .init("squat-barbell", sets: 3, reps: RepRange(1, 5), rest: 240, notes: Self.fiveThreeOne),
                .init("squat-barbell", sets: 5, reps: RepRange(10, 10), rest: 120, notes: Self.boringButBig),
                .init("lying-leg-curl-machine", sets: 5, reps: RepRange(10, 10), rest: 60),
            ]),
        // MARK: nSuns 5/3/1
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000001e0000"),
            routine: "nSuns 5/3/1", name: "nSuns 5/3/1 - Day 1: Bench Volume and Press", category: .strength,
            notes:
                "Nine sets of bench press as the main (T1) lift, eight of overhead press as the secondary (T2), then chest, arm and back accessories. Percentages are of the training max (90% of the one-rep max).",
            exercises: [
                .init(
                    "bench-press-barbell", sets: 9, reps: RepRange(4, 8), rest: 150,
                    notes:
                        "T1: 8, 6, 4, 4, 4, 5, 6, 7, 8+ at 65, 75, 85, 85, 85, 80, 75, 70, 65%. The last set is as many reps as possible."
                ),
                .init(
                    "overhead-press-barbell", sets: 8, reps: RepRange(3, 8), rest: 120,
                    notes: "T2: 6, 5, 3, 5, 7, 4, 6, 8 at 50, 60, 70% and then 70% for the rest."),
                .init("chin-up", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("chest-fly-dumbbell", sets: 3, reps: RepRange(10, 15), rest: 60),
                .init("face-pull-cable", sets: 3, reps: RepRange(12, 15), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000001f0000"),
            routine: "nSuns 5/3/1", name: "nSuns 5/3/1 - Day 2: Squat and Sumo Deadlift", category: .strength,
            notes:
                "Nine sets of squats as the main (T1) lift with a 1+ set that decides next week's squat training max, then eight sets of sumo deadlifts and leg and ab accessories.",
            exercises: [
                .init("squat-barbell", sets: 9, reps: RepRange(1, 5), rest: 180, notes: Self.nSunsT1),
                .init(
                    "sumo-deadlift-barbell", sets: 8, reps: RepRange(3, 8), rest: 120,
                    notes: "T2: 5, 5, 3, 5, 7, 4, 6, 8 at 50, 60, 70% and then 70% for the rest."),
                .init("lying-leg-curl-machine", sets: 3, reps: RepRange(8, 12), rest: 60),
                .init("hanging-leg-raise", sets: 3, reps: RepRange(10, 15), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000200000"),
            routine: "nSuns 5/3/1", name: "nSuns 5/3/1 - Day 3: Press and Incline Bench", category: .strength,
            notes:
                "Nine sets of overhead press as the main (T1) lift with a 1+ set that decides next week's press training max, then eight sets of incline bench and shoulder accessories.",
            exercises: [
                .init("overhead-press-barbell", sets: 9, reps: RepRange(1, 5), rest: 150, notes: Self.nSunsT1),
                .init(
                    "incline-bench-press-barbell", sets: 8, reps: RepRange(3, 8), rest: 120,
                    notes: "T2: 6, 5, 3, 5, 7, 4, 6, 8 at 40, 50, 60% and then 60% of the bench training max."),
                .init("lateral-raise-dumbbell", sets: 3, reps: RepRange(12, 15), rest: 60),
                .init("pull-up", sets: 3, reps: RepRange(8, 12), rest: 90),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000210000"),
            routine: "nSuns 5/3/1", name: "nSuns 5/3/1 - Day 4: Deadlift and Front Squat", category: .strength,
            notes:
                "Nine sets of deadlifts as the main (T1) lift with a 1+ set that decides next week's deadlift training max, then eight sets of front squats and back and ab accessories.",
            exercises: [
                .init(
                    "deadlift-barbell", sets: 9, reps: RepRange(1, 5), rest: 180,
                    notes:
                        "T1: 5, 3, 1+, 3, 3, 3, 3, 3, 3+ at 75, 85, 95, 90, 85, 80, 75, 70, 65%. The 1+ set sets next week's training max."
                ),
                .init(
                    "front-squat-barbell", sets: 8, reps: RepRange(3, 8), rest: 120,
                    notes: "T2: 5, 5, 3, 5, 7, 4, 6, 8 at 35, 45, 55% and then 55% of the squat training max."),
                .init("bent-over-row-barbell", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("ab-wheel-rollout", sets: 3, reps: RepRange(10, 15), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000220000"),
            routine: "nSuns 5/3/1", name: "nSuns 5/3/1 - Day 5: Heavy Bench and Close-Grip", category: .strength,
            notes:
                "Nine heavier sets of bench press as the main (T1) lift with a 1+ set that decides next week's bench training max, then eight sets of close-grip bench and arm accessories.",
            exercises: [
                .init(
                    "bench-press-barbell", sets: 9, reps: RepRange(1, 5), rest: 180,
                    notes:
                        "T1: 5, 3, 1+, 3, 5, 3, 5, 3, 5+ at 75, 85, 95, 90, 85, 80, 75, 70, 65%. The 1+ set sets next week's training max."
                ),
                .init(
                    "close-grip-bench-press-barbell", sets: 8, reps: RepRange(3, 8), rest: 120,
                    notes: "T2: 6, 5, 3, 5, 7, 4, 6, 8 at 40, 50, 60% and then 60% of the bench training max."),
                .init("bicep-curl-barbell", sets: 3, reps: RepRange(8, 12), rest: 60),
                .init("triceps-pushdown-cable-rope", sets: 3, reps: RepRange(10, 15), rest: 60),
                .init("seated-row-cable", sets: 3, reps: RepRange(8, 12), rest: 60),
            ]),
        // MARK: PHAT
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000230000"),
            routine: "PHAT", name: "PHAT - Upper Body Power", category: .strength,
            notes:
                "Heavy upper-body day: a pull, a press and an arm exercise in low reps, each paired with a lighter assistance movement.",
            exercises: [
                .init("pendlay-row-barbell", sets: 3, reps: RepRange(3, 5), rest: 180),
                .init("pull-up", sets: 2, reps: RepRange(6, 10), rest: 120, notes: "Weighted once 10 is easy."),
                .init(
                    "chin-up", sets: 2, reps: RepRange(6, 10), rest: 120,
                    notes: "Rack chins in the original; any chin-up variation."),
                .init("bench-press-dumbbell", sets: 3, reps: RepRange(3, 5), rest: 180),
                .init("chest-dip", sets: 2, reps: RepRange(6, 10), rest: 120, notes: "Weighted once 10 is easy."),
                .init("overhead-press-dumbbell", sets: 3, reps: RepRange(6, 10), rest: 120, notes: "Seated."),
                .init("ez-bar-curl", sets: 3, reps: RepRange(6, 10), rest: 90),
                .init("skullcrusher-barbell", sets: 3, reps: RepRange(6, 10), rest: 90),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000240000"),
            routine: "PHAT", name: "PHAT - Lower Body Power", category: .strength,
            notes:
                "Heavy lower-body day: squats and stiff-legged deadlifts for low reps, then quad, hamstring and calf assistance.",
            exercises: [
                .init("squat-barbell", sets: 3, reps: RepRange(3, 5), rest: 240),
                .init("hack-squat-machine", sets: 2, reps: RepRange(6, 10), rest: 120),
                .init("leg-extension-machine", sets: 2, reps: RepRange(6, 10), rest: 90),
                .init("stiff-leg-deadlift-barbell", sets: 3, reps: RepRange(5, 8), rest: 180),
                .init(
                    "lying-leg-curl-machine", sets: 2, reps: RepRange(6, 10), rest: 90, notes: "Glute-ham raises in the original."
                ),
                .init("standing-calf-raise-machine", sets: 3, reps: RepRange(6, 10), rest: 90),
                .init("seated-calf-raise-machine", sets: 2, reps: RepRange(6, 10), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000250000"),
            routine: "PHAT", name: "PHAT - Back and Shoulders Hypertrophy", category: .hypertrophy,
            notes: "Speed rows at 65-70% of the power-day weight, then higher-rep back and shoulder work with short rests.",
            exercises: [
                .init(
                    "pendlay-row-barbell", sets: 6, reps: RepRange(3, 3), rest: 90,
                    notes: "Speed work: 65-70% of the power-day row, moved as fast as possible."),
                .init("chin-up", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("seated-row-cable", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init(
                    "shrug-dumbbell", sets: 2, reps: RepRange(12, 15), rest: 60,
                    notes: "Chest against an incline bench; dumbbell rows are the alternative."),
                .init("lat-pulldown-close-grip-cable", sets: 2, reps: RepRange(15, 20), rest: 60),
                .init("overhead-press-dumbbell", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("upright-row-barbell", sets: 2, reps: RepRange(12, 15), rest: 60),
                .init("lateral-raise-dumbbell", sets: 3, reps: RepRange(12, 20), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000260000"),
            routine: "PHAT", name: "PHAT - Lower Body Hypertrophy", category: .hypertrophy,
            notes: "Speed squats at 65-70% of the power-day weight, then higher-rep quad, hamstring and calf work.",
            exercises: [
                .init(
                    "squat-barbell", sets: 6, reps: RepRange(3, 3), rest: 90,
                    notes: "Speed work: 65-70% of the power-day squat, moved as fast as possible."),
                .init("hack-squat-machine", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("leg-press-machine", sets: 2, reps: RepRange(12, 15), rest: 90),
                .init("leg-extension-machine", sets: 3, reps: RepRange(15, 20), rest: 60),
                .init("romanian-deadlift-barbell", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("lying-leg-curl-machine", sets: 2, reps: RepRange(12, 15), rest: 60),
                .init("seated-leg-curl-machine", sets: 2, reps: RepRange(15, 20), rest: 60),
                .init(
                    "calf-press-machine", sets: 4, reps: RepRange(10, 12), rest: 60, notes: "Donkey calf raises in the original."),
                .init("seated-calf-raise-machine", sets: 3, reps: RepRange(15, 20), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000270000"),
            routine: "PHAT", name: "PHAT - Chest and Arms Hypertrophy", category: .hypertrophy,
            notes: "Speed dumbbell presses at 65-70% of the power-day weight, then higher-rep chest, biceps and triceps work.",
            exercises: [
                .init(
                    "bench-press-dumbbell", sets: 6, reps: RepRange(3, 3), rest: 90,
                    notes: "Speed work: 65-70% of the power-day press, moved as fast as possible."),
                .init("incline-bench-press-dumbbell", sets: 3, reps: RepRange(8, 12), rest: 90),
                .init("chest-press-machine", sets: 3, reps: RepRange(12, 15), rest: 60),
                .init("low-to-high-cable-fly", sets: 2, reps: RepRange(15, 20), rest: 60),
                .init("preacher-curl-barbell", sets: 3, reps: RepRange(8, 12), rest: 60),
                .init("concentration-curl-dumbbell", sets: 2, reps: RepRange(12, 15), rest: 60),
                .init("spider-curl-dumbbell", sets: 2, reps: RepRange(15, 20), rest: 60),
                .init("overhead-triceps-extension-dumbbell", sets: 3, reps: RepRange(8, 12), rest: 60, notes: "Seated."),
                .init("triceps-pushdown-cable-straight-bar", sets: 2, reps: RepRange(12, 15), rest: 60),
                .init("triceps-kickback-cable", sets: 2, reps: RepRange(15, 20), rest: 60),
            ]),
        // MARK: PHUL
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000280000"),
            routine: "PHUL", name: "PHUL - Upper Power", category: .strength,
            notes:
                "Heavy upper-body day: bench and row for low reps, then pressing, pulling and arms in moderate reps. Do 3-4 sets of each.",
            exercises: [
                .init("bench-press-barbell", sets: 4, reps: RepRange(3, 5), rest: 180),
                .init("incline-bench-press-dumbbell", sets: 4, reps: RepRange(6, 10), rest: 120),
                .init("bent-over-row-barbell", sets: 4, reps: RepRange(3, 5), rest: 180),
                .init("lat-pulldown-cable", sets: 4, reps: RepRange(6, 10), rest: 120),
                .init("overhead-press-barbell", sets: 3, reps: RepRange(5, 8), rest: 120),
                .init("bicep-curl-barbell", sets: 3, reps: RepRange(6, 10), rest: 90),
                .init("skullcrusher-barbell", sets: 3, reps: RepRange(6, 10), rest: 90),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000290000"),
            routine: "PHUL", name: "PHUL - Lower Power", category: .strength,
            notes: "Heavy lower-body day: squats and deadlifts for low reps, then leg press, leg curls and calves.",
            exercises: [
                .init("squat-barbell", sets: 4, reps: RepRange(3, 5), rest: 240),
                .init("deadlift-barbell", sets: 4, reps: RepRange(3, 5), rest: 240),
                .init("leg-press-machine", sets: 4, reps: RepRange(10, 15), rest: 120),
                .init("lying-leg-curl-machine", sets: 4, reps: RepRange(6, 10), rest: 90),
                .init("standing-calf-raise-machine", sets: 4, reps: RepRange(6, 10), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000002a0000"),
            routine: "PHUL", name: "PHUL - Upper Hypertrophy", category: .hypertrophy,
            notes: "Upper-body volume day: every exercise for 3-4 sets of 8-12 with shorter rests.",
            exercises: [
                .init("incline-bench-press-barbell", sets: 4, reps: RepRange(8, 12), rest: 90),
                .init("chest-fly-dumbbell", sets: 4, reps: RepRange(8, 12), rest: 60),
                .init("seated-row-cable", sets: 4, reps: RepRange(8, 12), rest: 90),
                .init("bent-over-one-arm-row-dumbbell", sets: 4, reps: RepRange(8, 12), rest: 60, notes: "Each arm."),
                .init("lateral-raise-dumbbell", sets: 4, reps: RepRange(8, 12), rest: 60),
                .init("incline-curl-dumbbell", sets: 4, reps: RepRange(8, 12), rest: 60),
                .init("overhead-triceps-extension-cable", sets: 4, reps: RepRange(8, 12), rest: 60),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000002b0000"),
            routine: "PHUL", name: "PHUL - Lower Hypertrophy", category: .hypertrophy,
            notes:
                "Lower-body volume day: front squats and lunges, then leg extensions, curls and two calf exercises, 3-4 sets each.",
            exercises: [
                .init("front-squat-barbell", sets: 4, reps: RepRange(8, 12), rest: 120),
                .init("lunge-barbell", sets: 4, reps: RepRange(8, 12), rest: 90, notes: "Each leg."),
                .init("leg-extension-machine", sets: 4, reps: RepRange(10, 15), rest: 60),
                .init("lying-leg-curl-machine", sets: 4, reps: RepRange(10, 15), rest: 60),
                .init("seated-calf-raise-machine", sets: 4, reps: RepRange(8, 12), rest: 60),
                .init("calf-press-machine", sets: 4, reps: RepRange(8, 12), rest: 60),
            ]),
        // MARK: 12-Week Powerlifting Peak (its other days are the Powerlifting focus days)
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000002c0000"),
            routine: "12-Week Powerlifting Peak", name: "12-Week Powerlifting Peak - Paused Bench and Upper Back",
            category: .strength,
            notes:
                "The second bench day of the peak: competition-paused benching for practice, then overhead pressing and upper-back work to keep the shoulders healthy.",
            exercises: [
                .init(
                    "paused-bench-press-barbell", sets: 4, reps: RepRange(3, 6), rest: 180,
                    notes: "A full one-second pause on the chest, as in competition."),
                .init("overhead-press-barbell", sets: 3, reps: RepRange(6, 8), rest: 120),
                .init("pendlay-row-barbell", sets: 4, reps: RepRange(6, 8), rest: 120),
                .init("face-pull-cable", sets: 3, reps: RepRange(12, 15), rest: 60),
                .init("triceps-pushdown-cable-rope", sets: 3, reps: RepRange(10, 12), rest: 60),
            ]),
        // MARK: Sheiko Intermediate
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000002d0000"),
            routine: "Sheiko Intermediate", name: "Sheiko Intermediate - Day 1: Squat, Bench, Squat", category: .strength,
            notes:
                "Sheiko style: many sets of few reps at 50-85% of the one-rep max, never to failure, with the squat trained twice in the session around the bench.",
            exercises: [
                .init(
                    "squat-barbell", sets: 6, reps: RepRange(3, 5), rest: 180,
                    notes: "50%x5, 60%x4, 70%x3, then 3 sets of 3 at 75-80%."),
                .init(
                    "bench-press-barbell", sets: 7, reps: RepRange(3, 5), rest: 150,
                    notes: "50%x5, 60%x4, 70%x3, then 4 sets of 3 at 75-80%."),
                .init(
                    "squat-barbell", sets: 5, reps: RepRange(2, 5), rest: 180,
                    notes: "Second pass: 50%x5, 60%x3, 70%x2, then 2 sets of 2 at 75%."),
                .init("chest-fly-dumbbell", sets: 5, reps: RepRange(10, 10), rest: 90),
                .init("good-morning-barbell", sets: 5, reps: RepRange(5, 5), rest: 90),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000002e0000"),
            routine: "Sheiko Intermediate", name: "Sheiko Intermediate - Day 2: Deadlift and Bench", category: .strength,
            notes:
                "Deadlift technique under moderate loads, a paused bench, then dips, block pulls and good mornings. Every rep crisp; stop a set before form slips.",
            exercises: [
                .init(
                    "deadlift-barbell", sets: 6, reps: RepRange(2, 4), rest: 180,
                    notes: "Pause just below the knee, then finish: 50%x3, 60%x3, 70%x2, then 3 sets of 2 at 75%."),
                .init(
                    "paused-bench-press-barbell", sets: 6, reps: RepRange(3, 5), rest: 150,
                    notes: "50%x5, 60%x4, 70%x3, then 3 sets of 3 at 75%."),
                .init("chest-dip", sets: 5, reps: RepRange(8, 8), rest: 90),
                .init(
                    "rack-pull-barbell", sets: 4, reps: RepRange(3, 3), rest: 150,
                    notes: "From blocks or pins at knee height, 80-85% of the deadlift max."),
                .init("good-morning-barbell", sets: 5, reps: RepRange(5, 5), rest: 90),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-0000002f0000"),
            routine: "Sheiko Intermediate", name: "Sheiko Intermediate - Day 3: Bench, Squat, Bench", category: .strength,
            notes: "The bench trained twice around a moderate squat, then lats and lower back.",
            exercises: [
                .init(
                    "bench-press-barbell", sets: 6, reps: RepRange(3, 5), rest: 150,
                    notes: "50%x5, 60%x4, 70%x3, then 3 sets of 3 at 80%."),
                .init(
                    "squat-barbell", sets: 6, reps: RepRange(3, 5), rest: 180,
                    notes: "50%x5, 60%x4, 70%x3, then 3 sets of 3 at 75%."),
                .init(
                    "close-grip-bench-press-barbell", sets: 5, reps: RepRange(4, 4), rest: 120,
                    notes: "Second bench pass at 60-70% of the bench max."),
                .init("lat-pulldown-cable", sets: 5, reps: RepRange(10, 10), rest: 90),
                .init("back-extension", sets: 4, reps: RepRange(8, 8), rest: 90),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000300000"),
            routine: "Sheiko Intermediate", name: "Sheiko Intermediate - Day 4: Deadlift, Bench, Deficit Pull",
            category: .strength,
            notes: "The heavier pull of the week, more bench practice, then deficit deadlifts for speed off the floor and abs.",
            exercises: [
                .init(
                    "deadlift-barbell", sets: 6, reps: RepRange(2, 3), rest: 240,
                    notes: "50%x3, 60%x3, 70%x3, 80%x2, then 2 sets of 2 at 85%."),
                .init(
                    "bench-press-barbell", sets: 6, reps: RepRange(3, 5), rest: 150,
                    notes: "50%x5, 60%x4, 70%x3, then 3 sets of 4 at 75%."),
                .init(
                    "deficit-deadlift-barbell", sets: 4, reps: RepRange(3, 3), rest: 180,
                    notes: "Standing on a 5-10 cm plate, 65-70% of the deadlift max."),
                .init("seated-row-cable", sets: 4, reps: RepRange(8, 10), rest: 90),
                .init("crunch", sets: 3, reps: RepRange(15, 15), rest: 60),
            ]),
        // MARK: Arnold Split
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000310000"),
            routine: "Arnold Split", name: "Arnold Split - Chest and Back", category: .hypertrophy,
            notes: "Chest and back trained together, pressing and pulling in turn, with lots of sets. Done twice a week.",
            exercises: [
                .init("bench-press-barbell", sets: 5, reps: RepRange(6, 10), rest: 90),
                .init("incline-bench-press-barbell", sets: 5, reps: RepRange(6, 10), rest: 90),
                .init("chest-fly-dumbbell", sets: 4, reps: RepRange(8, 12), rest: 60),
                .init("pull-up", sets: 5, reps: RepRange(6, 12), rest: 90, notes: "Wide grip, to near failure."),
                .init("t-bar-row", sets: 4, reps: RepRange(6, 10), rest: 90),
                .init("seated-row-cable", sets: 4, reps: RepRange(8, 12), rest: 60),
                .init("pullover-dumbbell", sets: 3, reps: RepRange(10, 12), rest: 60),
                .init("crunch", sets: 3, reps: RepRange(20, 25), rest: 30),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000320000"),
            routine: "Arnold Split", name: "Arnold Split - Shoulders and Arms", category: .hypertrophy,
            notes: "Shoulders, then biceps and triceps alternated, then forearms. Done twice a week.",
            exercises: [
                .init("seated-overhead-press-barbell", sets: 5, reps: RepRange(6, 10), rest: 90),
                .init("lateral-raise-dumbbell", sets: 4, reps: RepRange(8, 12), rest: 60),
                .init("upright-row-barbell", sets: 4, reps: RepRange(8, 12), rest: 60),
                .init("reverse-fly-dumbbell", sets: 4, reps: RepRange(10, 12), rest: 60),
                .init("bicep-curl-barbell", sets: 5, reps: RepRange(6, 10), rest: 60),
                .init("close-grip-bench-press-barbell", sets: 5, reps: RepRange(6, 10), rest: 60),
                .init("incline-curl-dumbbell", sets: 4, reps: RepRange(8, 12), rest: 60),
                .init("triceps-pushdown-cable-straight-bar", sets: 4, reps: RepRange(8, 12), rest: 60),
                .init("concentration-curl-dumbbell", sets: 3, reps: RepRange(8, 12), rest: 60),
                .init("overhead-triceps-extension-dumbbell", sets: 3, reps: RepRange(8, 12), rest: 60),
                .init("wrist-curl-barbell", sets: 3, reps: RepRange(10, 15), rest: 45),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000330000"),
            routine: "Arnold Split", name: "Arnold Split - Legs", category: .hypertrophy,
            notes:
                "Squats and leg press for the quads, curls and stiff-legged deadlifts for the hamstrings, and high-volume calves. Done twice a week.",
            exercises: [
                .init("squat-barbell", sets: 5, reps: RepRange(8, 12), rest: 120),
                .init("leg-press-machine", sets: 4, reps: RepRange(8, 12), rest: 90),
                .init("leg-extension-machine", sets: 4, reps: RepRange(12, 15), rest: 60),
                .init("lying-leg-curl-machine", sets: 5, reps: RepRange(10, 12), rest: 60),
                .init("stiff-leg-deadlift-barbell", sets: 4, reps: RepRange(10, 12), rest: 90),
                .init("standing-calf-raise-machine", sets: 10, reps: RepRange(10, 10), rest: 45),
                .init("hanging-leg-raise", sets: 3, reps: RepRange(15, 20), rest: 30),
            ]),
        // MARK: CrossFit Strength Bias
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000340000"),
            routine: "CrossFit Strength Bias", name: "CrossFit Strength Bias - Squat and Metcon", category: .strength,
            notes:
                "Strength first, conditioning second: heavy back squats, then a short metcon of 5 rounds for time (swings, box jumps, pull-ups), moving straight from one exercise to the next.",
            exercises: [
                .init(
                    "squat-barbell", sets: 5, reps: RepRange(3, 5), rest: 180,
                    notes: "Work up to heavy fives; go to triples as the weeks climb."),
                .init("kettlebell-swing", sets: 5, reps: RepRange(15, 15), rest: 0, notes: "Metcon, 5 rounds for time."),
                .init("box-jump", sets: 5, reps: RepRange(10, 10), rest: 0),
                .init("pull-up", sets: 5, reps: RepRange(10, 10), rest: 0, notes: "Kipping allowed in the metcon."),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000350000"),
            routine: "CrossFit Strength Bias", name: "CrossFit Strength Bias - Press and Metcon", category: .strength,
            notes: "Strict press and push press for strength, then a metcon of 3 rounds for time: wall balls and burpees.",
            exercises: [
                .init("overhead-press-barbell", sets: 5, reps: RepRange(3, 5), rest: 150),
                .init("push-press-barbell", sets: 3, reps: RepRange(3, 3), rest: 150),
                .init("wall-ball", sets: 3, reps: RepRange(21, 21), rest: 0, notes: "Metcon, 3 rounds for time."),
                .init("burpee", sets: 3, reps: RepRange(15, 15), rest: 0),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000360000"),
            routine: "CrossFit Strength Bias", name: "CrossFit Strength Bias - Deadlift and Metcon", category: .strength,
            notes: "Heavy deadlifts, then a metcon of 4 rounds for time: a 500 m row and 15 toes-to-bar.",
            exercises: [
                .init("deadlift-barbell", sets: 5, reps: RepRange(3, 3), rest: 240),
                .init(
                    "rowing-machine", sets: 4, reps: RepRange(1, 1), rest: 0,
                    notes: "Metcon, 4 rounds for time: 500 m each round."),
                .init("toes-to-bar", sets: 4, reps: RepRange(15, 15), rest: 0),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000370000"),
            routine: "CrossFit Strength Bias", name: "CrossFit Strength Bias - Bench and Metcon", category: .strength,
            notes:
                "Bench press and rows for strength, then 12 minutes of as many rounds as possible of pull-ups, push-ups and air squats.",
            exercises: [
                .init("bench-press-barbell", sets: 5, reps: RepRange(3, 5), rest: 180),
                .init("pendlay-row-barbell", sets: 5, reps: RepRange(5, 5), rest: 120),
                .init(
                    "pull-up", sets: 12, reps: RepRange(5, 5), rest: 0,
                    notes: "Metcon: AMRAP 12 minutes. Twelve rounds is a good target."),
                .init("push-up", sets: 12, reps: RepRange(10, 10), rest: 0),
                .init("air-squat", sets: 12, reps: RepRange(15, 15), rest: 0),
            ]),
        TemplatePreset(
            id: UUID(preset: "5e7f0000-0000-4000-8000-000000380000"),
            routine: "CrossFit Strength Bias", name: "CrossFit Strength Bias - Clean and Metcon", category: .weightlifting,
            notes: "Power cleans and front squats, then a 21-15-9 couplet of thrusters and pull-ups for time.",
            exercises: [
                .init(
                    "power-clean-barbell", sets: 6, reps: RepRange(2, 3), rest: 120,
                    notes: "Fast, crisp reps; stop adding weight when the catch gets messy."),
                .init("front-squat-barbell", sets: 3, reps: RepRange(3, 3), rest: 180),
                .init(
                    "thruster-barbell", sets: 3, reps: RepRange(9, 21), rest: 0,
                    notes: "Metcon: 21, 15, then 9 reps of each, for time."),
                .init("pull-up", sets: 3, reps: RepRange(9, 21), rest: 0),
            ]),
    ]

    /// The main-lift note of every 5/3/1 day.
    static let fiveThreeOne =
        "5/3/1: week 1 is 3x5 at 65/75/85%, week 2 3x3 at 70/80/90%, week 3 5/3/1 at 75/85/95% of the training max, the last set as many reps as possible. Deload weeks are 3x5 at 40/50/60%."
    /// The supplemental note of every Boring But Big day.
    static let boringButBig = "Boring But Big: 5x10 at 50-60% of the training max, the same lift as the main sets."
    /// The main-lift note of the nSuns squat and press days.
    static let nSunsT1 =
        "T1: 5, 3, 1+, 3, 3, 3, 5, 5, 5+ at 75, 85, 95, 90, 85, 80, 75, 70, 65%. The 1+ set sets next week's training max."
}
