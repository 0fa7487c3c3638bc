import Foundation

// The built-in programs (seed 04). Their days name template presets by id: the
// library routines where one fits the program (TemplatePresets+Library.swift), else
// the program days (TemplatePresets+Programs.swift).
//
// The ids are fixed for ever: links and API clients name presets by them. The
// number (hex, 01 to 0f) sits before the last six hex digits, which
// `ProgramPreset.dayID` mixes with the week and weekday, so day ids of different
// programs can never collide.

extension ProgramPresets {
    public static let all: [ProgramPreset] = [
        // MARK: Beginner
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-000001000000"),
            name: "Starting Strength",
            summary:
                "Three full-body barbell sessions a week built on the squat, with workouts A and B taking turns. Every session aims a little heavier than the last for as long as the novice can keep adding weight.",
            category: .beginner, difficulty: .beginner, weeks: 12, pattern: .linear, baseIntensity: 1, weeklyIncrement: 0.025,
            rotation: [
                [
                    .init(.monday, T.startingStrengthA, notes: "Workout A: squat, bench, deadlift."),
                    .init(.wednesday, T.startingStrengthB, notes: "Workout B: squat, press, power clean."),
                    .init(.friday, T.startingStrengthA, notes: "Workout A: squat, bench, deadlift."),
                ],
                [
                    .init(.monday, T.startingStrengthB, notes: "Workout B: squat, press, power clean."),
                    .init(.wednesday, T.startingStrengthA, notes: "Workout A: squat, bench, deadlift."),
                    .init(.friday, T.startingStrengthB, notes: "Workout B: squat, press, power clean."),
                ],
            ]),
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-000002000000"),
            name: "StrongLifts 5x5",
            summary:
                "Five sets of five on the main barbell lifts, three days a week, alternating two short workouts. Weight goes up every session the sets are completed, and a lift that stalls three times is reset about ten percent lower.",
            category: .beginner, difficulty: .beginner, weeks: 12, pattern: .linear, baseIntensity: 1, weeklyIncrement: 0.025,
            rotation: [
                [
                    .init(.monday, T.strongLiftsA, notes: "Workout A: squat, bench, row."),
                    .init(.wednesday, T.strongLiftsB, notes: "Workout B: squat, press, deadlift."),
                    .init(.friday, T.strongLiftsA, notes: "Workout A: squat, bench, row."),
                ],
                [
                    .init(.monday, T.strongLiftsB, notes: "Workout B: squat, press, deadlift."),
                    .init(.wednesday, T.strongLiftsA, notes: "Workout A: squat, bench, row."),
                    .init(.friday, T.strongLiftsB, notes: "Workout B: squat, press, deadlift."),
                ],
            ]),
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-000003000000"),
            name: "Beginner Full Body",
            summary:
                "A gentle start to lifting: two full-body workouts of eight-rep sets, taken in turn three days a week. The loads climb slowly so technique has time to settle before things get heavy.",
            category: .beginner, difficulty: .beginner, weeks: 8, pattern: .linear, baseIntensity: 1, weeklyIncrement: 0.02,
            rotation: [
                [
                    .init(.monday, T.fullBodyA, notes: "Workout A. Stop each set with two good reps left.", rpe: 7),
                    .init(.wednesday, T.fullBodyB, notes: "Workout B. Stop each set with two good reps left.", rpe: 7),
                    .init(.friday, T.fullBodyA, notes: "Workout A. Stop each set with two good reps left.", rpe: 7),
                ],
                [
                    .init(.monday, T.fullBodyB, notes: "Workout B. Stop each set with two good reps left.", rpe: 7),
                    .init(.wednesday, T.fullBodyA, notes: "Workout A. Stop each set with two good reps left.", rpe: 7),
                    .init(.friday, T.fullBodyB, notes: "Workout B. Stop each set with two good reps left.", rpe: 7),
                ],
            ]),
        // MARK: Strength
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-000004000000"),
            name: "Texas Method",
            summary:
                "An intermediate week in three parts: a high-volume Monday, a light Wednesday and a Friday that sets a new five-rep best. Progress comes week to week instead of session to session.",
            category: .strength, difficulty: .intermediate, weeks: 12, pattern: .linear, baseIntensity: 1, weeklyIncrement: 0.015,
            rotation: [
                [
                    .init(
                        .monday, T.texasVolume, notes: "Volume: 5x5 at about 90% of Friday's five. Hard but no misses.", rpe: 8),
                    .init(
                        .wednesday, T.texasRecovery, notes: "Recovery: light and quick; leave feeling fresher than you came in.",
                        rpe: 6),
                    .init(.friday, T.texasIntensity, notes: "Intensity: one all-out set of five at a new best weight.", rpe: 9),
                ]
            ]),
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-000005000000"),
            name: "5/3/1 Boring But Big",
            summary:
                "Four days a week, each built on one main lift done with the 5/3/1 wave and then five sets of ten of the same lift. Three climbing weeks are followed by a deload, and the training max goes up a little every cycle.",
            category: .strength, difficulty: .intermediate, weeks: 12, pattern: .threeUpOneDeload, baseIntensity: 1,
            weeklyIncrement: 0.05,
            rotation: [
                [
                    .init(
                        .monday, T.bbbPress,
                        notes: "Press. Last main set as many reps as possible, stopping one short of a grind.", rpe: 8),
                    .init(
                        .tuesday, T.bbbDeadlift,
                        notes: "Deadlift. Last main set as many reps as possible, stopping one short of a grind.", rpe: 8),
                    .init(
                        .thursday, T.bbbBench,
                        notes: "Bench. Last main set as many reps as possible, stopping one short of a grind.", rpe: 8),
                    .init(
                        .friday, T.bbbSquat,
                        notes: "Squat. Last main set as many reps as possible, stopping one short of a grind.", rpe: 8),
                ]
            ]),
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-000006000000"),
            name: "nSuns 5/3/1",
            summary:
                "A high-volume take on 5/3/1 over five days, pairing nine sets of a main lift with eight sets of a related one. The reps on each day's 1+ set decide how much that lift's training max rises the next week.",
            category: .strength, difficulty: .intermediate, weeks: 12, pattern: .linear, baseIntensity: 1, weeklyIncrement: 0.02,
            rotation: [
                [
                    .init(.monday, T.nSunsDay1, notes: "Bench volume and overhead press.", rpe: 8.5),
                    .init(
                        .tuesday, T.nSunsDay2,
                        notes: "Squat and sumo deadlift. Squat 1+ set: 2-3 reps add 2.5 kg, 4-5 add 2.5-5 kg, more add 5-7.5 kg.",
                        rpe: 8.5),
                    .init(
                        .wednesday, T.nSunsDay3,
                        notes: "Overhead press and incline bench. Press 1+ set decides next week's press max.", rpe: 8.5),
                    .init(
                        .thursday, T.nSunsDay4,
                        notes: "Deadlift and front squat. Deadlift 1+ set decides next week's deadlift max.", rpe: 8.5),
                    .init(
                        .friday, T.nSunsDay5,
                        notes: "Heavy bench and close-grip bench. Bench 1+ set decides next week's bench max.", rpe: 8.5),
                ]
            ]),
        // MARK: Hypertrophy
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-000007000000"),
            name: "PPL 6-Day",
            summary:
                "Push, pull and legs, each trained twice in six days for plenty of weekly volume per muscle. Add reps inside the ranges, then weight once the top of the range comes easily.",
            category: .hypertrophy, difficulty: .intermediate, weeks: 12, pattern: .linear, baseIntensity: 1,
            weeklyIncrement: 0.015,
            rotation: [
                [
                    .init(.monday, T.pplPush, notes: "Push: chest, shoulders, triceps.", rpe: 8),
                    .init(.tuesday, T.pplPull, notes: "Pull: back and biceps.", rpe: 8),
                    .init(.wednesday, T.pplLegs, notes: "Legs.", rpe: 8),
                    .init(.thursday, T.pplPush, notes: "Push again: try to beat Monday's reps.", rpe: 8),
                    .init(.friday, T.pplPull, notes: "Pull again: try to beat Tuesday's reps.", rpe: 8),
                    .init(.saturday, T.pplLegs, notes: "Legs again: try to beat Wednesday's reps.", rpe: 8),
                ]
            ]),
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-000008000000"),
            name: "PHAT",
            summary:
                "Power Hypertrophy Adaptive Training: two heavy power days for upper and lower body, then three days of bodypart hypertrophy work. Speed sets open each hypertrophy day so the heavy work and the pump work feed each other.",
            category: .hypertrophy, difficulty: .advanced, weeks: 12, pattern: .wave, baseIntensity: 1, weeklyIncrement: 0.025,
            rotation: [
                [
                    .init(
                        .monday, T.phatUpperPower, notes: "Upper power: heavy sets of 3-5 on the first lift of each pair.",
                        rpe: 8.5),
                    .init(.tuesday, T.phatLowerPower, notes: "Lower power: heavy squats and stiff-legged deadlifts.", rpe: 8.5),
                    .init(
                        .thursday, T.phatBackShoulders, notes: "Back and shoulders hypertrophy, opening with speed rows.", rpe: 8),
                    .init(.friday, T.phatLowerHypertrophy, notes: "Lower hypertrophy, opening with speed squats.", rpe: 8),
                    .init(.saturday, T.phatChestArms, notes: "Chest and arms hypertrophy, opening with speed presses.", rpe: 8),
                ]
            ]),
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-000009000000"),
            name: "PHUL",
            summary:
                "Power Hypertrophy Upper Lower: four days, with a heavy upper and lower day early in the week and a higher-rep pair after a rest day. It builds strength and size together on a schedule that leaves three days off.",
            category: .hypertrophy, difficulty: .intermediate, weeks: 12, pattern: .linear, baseIntensity: 1,
            weeklyIncrement: 0.015,
            rotation: [
                [
                    .init(.monday, T.phulUpperPower, notes: "Upper power: heavy bench and rows.", rpe: 8.5),
                    .init(.tuesday, T.phulLowerPower, notes: "Lower power: heavy squats and deadlifts.", rpe: 8.5),
                    .init(.thursday, T.phulUpperHypertrophy, notes: "Upper hypertrophy: 8-12 reps, short rests.", rpe: 8),
                    .init(.friday, T.phulLowerHypertrophy, notes: "Lower hypertrophy: 8-15 reps, short rests.", rpe: 8),
                ]
            ]),
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-00000a000000"),
            name: "Upper/Lower 4-Day",
            summary:
                "Upper body and lower body, each twice a week, in moderate rep ranges. Three weeks of building are followed by a lighter week to recover.",
            category: .hypertrophy, difficulty: .intermediate, weeks: 12, pattern: .threeUpOneDeload, baseIntensity: 1,
            weeklyIncrement: 0.02,
            rotation: [
                [
                    .init(.monday, T.upper, notes: "Upper.", rpe: 8),
                    .init(.tuesday, T.lower, notes: "Lower.", rpe: 8),
                    .init(.thursday, T.upper, notes: "Upper: try to beat Monday's reps.", rpe: 8),
                    .init(.friday, T.lower, notes: "Lower: try to beat Tuesday's reps.", rpe: 8),
                ]
            ]),
        // MARK: Powerlifting
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-00000b000000"),
            name: "12-Week Powerlifting Peak",
            summary:
                "A meet preparation in three blocks: four weeks of volume, four of heavier strength work and four of peaking toward singles. The last week tests new maxima on the squat, bench and deadlift.",
            category: .powerlifting, difficulty: .advanced, weeks: 12, pattern: .block, baseIntensity: 0.85,
            weeklyIncrement: 0.025,
            rotation: [
                [
                    .init(
                        .monday, T.powerliftingSquat,
                        notes: "Squat. Weeks 1-4 sets of 5-8, weeks 5-8 sets of 3-5, weeks 9-11 triples to singles.", rpe: 8),
                    .init(
                        .tuesday, T.powerliftingBench,
                        notes: "Bench. Weeks 1-4 sets of 5-8, weeks 5-8 sets of 3-5, weeks 9-11 triples to singles.", rpe: 8),
                    .init(
                        .thursday, T.powerliftingDeadlift,
                        notes: "Deadlift. Weeks 1-4 sets of 5-6, weeks 5-8 sets of 3-4, weeks 9-11 doubles to singles.", rpe: 8),
                    .init(
                        .saturday, T.peakPausedBench,
                        notes: "Paused bench and upper back; keep it a little lighter than Tuesday.", rpe: 7.5),
                ]
            ],
            phases: [12: .testing]),
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-00000c000000"),
            name: "Sheiko Intermediate",
            summary:
                "The Russian approach to the competition lifts: lots of sets of a few reps at moderate percentages, with the squat, bench and deadlift practised several times a week. Volume and load rise and fall in waves, and nothing is taken to failure until the final test.",
            category: .powerlifting, difficulty: .intermediate, weeks: 16, pattern: .wave, baseIntensity: 0.95,
            weeklyIncrement: 0.02,
            rotation: [
                [
                    .init(.monday, T.sheikoDay1, notes: "Squat, bench, squat. Every rep crisp; no grinders.", rpe: 7),
                    .init(.tuesday, T.sheikoDay2, notes: "Deadlift technique and paused bench.", rpe: 7),
                    .init(.thursday, T.sheikoDay3, notes: "Bench, squat, bench.", rpe: 7),
                    .init(.saturday, T.sheikoDay4, notes: "The heavier pull of the week, up to 85%.", rpe: 7.5),
                ]
            ],
            phases: [16: .testing]),
        // MARK: Bodybuilding
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-00000d000000"),
            name: "Bro Split",
            summary:
                "The classic bodybuilding week: chest, back, shoulders, arms and legs, each with a day of its own. Every muscle gets a lot of work once a week and then a full week to recover.",
            category: .bodybuilding, difficulty: .intermediate, weeks: 12, pattern: .linear, baseIntensity: 1,
            weeklyIncrement: 0.015,
            rotation: [
                [
                    .init(.monday, T.broChest, notes: "Chest.", rpe: 8),
                    .init(.tuesday, T.broBack, notes: "Back.", rpe: 8),
                    .init(.wednesday, T.broShoulders, notes: "Shoulders.", rpe: 8),
                    .init(.thursday, T.broArms, notes: "Arms.", rpe: 8),
                    .init(.friday, T.broLegs, notes: "Legs.", rpe: 8),
                ]
            ]),
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-00000e000000"),
            name: "Arnold Split",
            summary:
                "The six-day split of golden-era bodybuilding: chest with back, shoulders with arms, then legs, each done twice a week. It is a lot of sets with short rests, meant for lifters who already recover well.",
            category: .bodybuilding, difficulty: .advanced, weeks: 12, pattern: .linear, baseIntensity: 1, weeklyIncrement: 0.015,
            rotation: [
                [
                    .init(
                        .monday, T.arnoldChestBack,
                        notes: "Chest and back; alternate a chest and a back exercise if time is short.", rpe: 8.5),
                    .init(.tuesday, T.arnoldShouldersArms, notes: "Shoulders and arms.", rpe: 8.5),
                    .init(.wednesday, T.arnoldLegs, notes: "Legs and abs.", rpe: 8.5),
                    .init(.thursday, T.arnoldChestBack, notes: "Chest and back again.", rpe: 8.5),
                    .init(.friday, T.arnoldShouldersArms, notes: "Shoulders and arms again.", rpe: 8.5),
                    .init(.saturday, T.arnoldLegs, notes: "Legs and abs again.", rpe: 8.5),
                ]
            ]),
        // MARK: CrossFit
        ProgramPreset(
            id: UUID(preset: "9a0f0000-0000-4000-8000-00000f000000"),
            name: "CrossFit Strength Bias",
            summary:
                "Five days that put a heavy barbell lift first and keep the conditioning short and intense afterwards. It suits CrossFit athletes whose engine is ahead of their strength, and ends with a week of retesting.",
            category: .crossfit, difficulty: .intermediate, weeks: 8, pattern: .wave, baseIntensity: 1, weeklyIncrement: 0.025,
            rotation: [
                [
                    .init(.monday, T.crossFitSquat, notes: "Squat, then the metcon all out.", rpe: 8.5),
                    .init(.tuesday, T.crossFitPress, notes: "Press, then the metcon all out.", rpe: 8.5),
                    .init(.wednesday, T.crossFitDeadlift, notes: "Deadlift, then the metcon all out.", rpe: 8.5),
                    .init(.friday, T.crossFitBench, notes: "Bench, then the metcon all out.", rpe: 8.5),
                    .init(.saturday, T.crossFitClean, notes: "Cleans, then the metcon all out.", rpe: 8.5),
                ]
            ],
            phases: [8: .testing]),
    ]

    /// The template presets the programs use, by id.
    private enum T {
        static func id(_ number: Int) -> UUID {
            let hex = String(number, radix: 16)
            return UUID(uuidString: "5e7f0000-0000-4000-8000-000000\(hex.count == 1 ? "0" + hex : hex)0000")!
        }

        // The template library.
        static let powerliftingSquat = id(0x01)
        static let powerliftingBench = id(0x02)
        static let powerliftingDeadlift = id(0x03)
        static let startingStrengthA = id(0x04)
        static let startingStrengthB = id(0x05)
        static let pplPush = id(0x06)
        static let pplPull = id(0x07)
        static let pplLegs = id(0x08)
        static let broChest = id(0x09)
        static let broBack = id(0x0a)
        static let broShoulders = id(0x0b)
        static let broArms = id(0x0c)
        static let broLegs = id(0x0d)
        static let upper = id(0x0e)
        static let lower = id(0x0f)
        static let fullBodyA = id(0x13)
        static let fullBodyB = id(0x14)

        // The program days.
        static let strongLiftsA = id(0x15)
        static let strongLiftsB = id(0x16)
        static let texasVolume = id(0x17)
        static let texasRecovery = id(0x18)
        static let texasIntensity = id(0x19)
        static let bbbPress = id(0x1a)
        static let bbbDeadlift = id(0x1b)
        static let bbbBench = id(0x1c)
        static let bbbSquat = id(0x1d)
        static let nSunsDay1 = id(0x1e)
        static let nSunsDay2 = id(0x1f)
        static let nSunsDay3 = id(0x20)
        static let nSunsDay4 = id(0x21)
        static let nSunsDay5 = id(0x22)
        static let phatUpperPower = id(0x23)
        static let phatLowerPower = id(0x24)
        static let phatBackShoulders = id(0x25)
        static let phatLowerHypertrophy = id(0x26)
        static let phatChestArms = id(0x27)
        static let phulUpperPower = id(0x28)
        static let phulLowerPower = id(0x29)
        static let phulUpperHypertrophy = id(0x2a)
        static let phulLowerHypertrophy = id(0x2b)
        static let peakPausedBench = id(0x2c)
        static let sheikoDay1 = id(0x2d)
        static let sheikoDay2 = id(0x2e)
        static let sheikoDay3 = id(0x2f)
        static let sheikoDay4 = id(0x30)
        static let arnoldChestBack = id(0x31)
        static let arnoldShouldersArms = id(0x32)
        static let arnoldLegs = id(0x33)
        static let crossFitSquat = id(0x34)
        static let crossFitPress = id(0x35)
        static let crossFitDeadlift = id(0x36)
        static let crossFitBench = id(0x37)
        static let crossFitClean = id(0x38)
    }
}
