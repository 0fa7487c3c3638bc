import Foundation

/// A plausible training history, made up: for trying Spotter with years of data
/// and for the benchmark's heavy and light lifters. Deterministic for a seed.
///
/// Workouts fall on the first `perWeek` days of each week at 18:00 in the lifter's
/// zone, rotating through `days` (each a list of exercises). Each exercise gets
/// `setsPerExercise` working sets; its weight climbs fast at first and levels off
/// (as real lifters do), waves over four-week blocks and is rounded to 2.5 kg.
public enum DemoHistory {
    public struct Lift: Sendable {
        public let exerciseID: UUID
        /// The weight of the first session, in kilograms.
        public let startKilograms: Double

        public init(exerciseID: UUID, startKilograms: Double) {
            self.exerciseID = exerciseID
            self.startKilograms = startKilograms
        }
    }

    public static func generate(
        ownerID: UUID, days: [[Lift]], weeks: Int, perWeek: Int, setsPerExercise: Int = 5, now: Date, timeZone: TimeZone,
        seed: UInt64 = 42
    ) -> [Workout] {
        precondition(!days.isEmpty && (1...7).contains(perWeek) && weeks > 0)
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        var random = seed
        func next() -> Double {
            // SplitMix64: small, fast and the same everywhere.
            random &+= 0x9E37_79B9_7F4A_7C15
            var z = random
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
        let thisWeek = WeekGrouping.weekStart(of: now, timeZone: timeZone)
        let firstWeek = calendar.date(byAdding: .weekOfYear, value: -(weeks - 1), to: thisWeek)!
        var workouts: [Workout] = []
        var session = 0
        for week in 0..<weeks {
            let monday = calendar.date(byAdding: .weekOfYear, value: week, to: firstWeek)!
            for day in 0..<perWeek {
                let start = calendar.date(
                    bySettingHour: 18, minute: 0, second: 0, of: calendar.date(byAdding: .day, value: day, to: monday)!)!
                guard start < now.addingTimeInterval(-3600) else { continue }
                let years = Double(week) / 52
                let level = 1 + 0.6 * (1 - exp(-years / 2.5))
                let wave = [0.94, 0.98, 1.02, 1.0][week % 4]
                let rotation = session % days.count
                let lifts = days[rotation]
                session += 1
                let id = UUID()
                var minute = 0.0
                let entries = lifts.map { lift in
                    let weight = max(2.5, ((lift.startKilograms * level * wave * (0.98 + next() * 0.04)) / 2.5).rounded() * 2.5)
                    let sets = (0..<setsPerExercise).map { index in
                        minute += 3
                        let reps = max(1, 8 - index / 2 - Int(next() * 2))
                        return WorkoutSet(
                            id: UUID(), kind: .working, reps: reps, weight: Mass(weight, .kg), done: true,
                            loggedAt: start.addingTimeInterval(minute * 60), updatedAt: start.addingTimeInterval(minute * 60))
                    }
                    return ExerciseEntry(id: UUID(), exerciseID: lift.exerciseID, sets: sets)
                }
                workouts.append(
                    Workout(
                        id: id, ownerID: ownerID, name: "Day \(rotation + 1)",
                        startedAt: start, endedAt: start.addingTimeInterval(minute * 60 + 300), entries: entries))
            }
        }
        return workouts
    }
}
