import ArgumentParser
import Foundation
import SpotterCore
import SpotterStore

/// `spotter demo-history`: fills an account with years of made-up training, to try
/// the progress pages with a long history (and for the benchmark's lifters).
struct DemoHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-history",
        abstract: "Add made-up finished workouts to an account (to try Spotter, and for benchmarks).",
        discussion: """
            Adds WEEKS weeks of workouts ending this week: PER-WEEK workouts a week, rotating three days of \
            six barbell and dumbbell lifts, five working sets each. The account's own workouts are kept. \
            Meant for a test account: the workouts are ordinary ones and show everywhere.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The account to fill.") var user: String
    @Option(help: "How many weeks of history, ending this week.") var weeks = 52
    @Option(name: .customLong("per-week"), help: "Workouts a week, 1-7.") var perWeek = 5
    @Option(help: "Seed of the made-up numbers (the same seed gives the same numbers).") var seed: UInt64 = 42

    static let plan: [[(key: String, kilograms: Double)]] = [
        [
            ("squat-barbell", 80), ("bench-press-barbell", 60), ("bent-over-row-barbell", 50), ("overhead-press-dumbbell", 16),
            ("bicep-curl-barbell", 25), ("lunge-barbell", 40),
        ],
        [
            ("deadlift-barbell", 100), ("overhead-press-barbell", 40), ("pendlay-row-barbell", 50),
            ("incline-bench-press-dumbbell", 20),
            ("romanian-deadlift-barbell", 70), ("ez-bar-curl", 20),
        ],
        [
            ("front-squat-barbell", 60), ("incline-bench-press-barbell", 50), ("bent-over-one-arm-row-dumbbell", 22),
            ("close-grip-bench-press-barbell", 50), ("split-squat-barbell", 35), ("preacher-curl-barbell", 20),
        ],
    ]

    func validate() throws {
        guard (1...7).contains(perWeek) else { throw ValidationError("--per-week must be from 1 to 7.") }
        guard (1...1040).contains(weeks) else { throw ValidationError("--weeks must be from 1 to 1040 (20 years).") }
    }

    func run() async throws {
        let count = try await database.withStore { store in
            guard let account = try await UserRepository(store: store).find(username: user) else {
                throw ValidationError("No account named \(user). See `spotter user list`.")
            }
            let catalog = try await ExerciseRepository(store: store).list(userID: account.id)
            let byKey = Dictionary(catalog.compactMap { e in e.catalogKey.map { ($0, e.id) } }, uniquingKeysWith: { a, _ in a })
            let days = try Self.plan.map { day in
                try day.map { lift -> DemoHistory.Lift in
                    guard let id = byKey[lift.key] else { throw ValidationError("The exercise library lacks \(lift.key).") }
                    return DemoHistory.Lift(exerciseID: id, startKilograms: lift.kilograms)
                }
            }
            let workouts = DemoHistory.generate(
                ownerID: account.id, days: days, weeks: weeks, perWeek: perWeek, now: Date(),
                timeZone: account.settings.zone, seed: seed)
            try await WorkoutRepository(store: store).addFinished(workouts, userID: account.id, now: Date())
            return workouts.count
        }
        print("Added \(count) workouts to \(user.lowercased()).")
    }
}
