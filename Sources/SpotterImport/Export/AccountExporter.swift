import Foundation
import SpotterCore
import SpotterStore

/// Everything of one account written out as a file, the same for the command line
/// and the web.
public struct AccountExporter: Sendable {
    let users: UserRepository
    let exercises: ExerciseRepository
    let workouts: WorkoutRepository

    public init(store: SpotterStore) {
        users = UserRepository(store: store)
        exercises = ExerciseRepository(store: store)
        workouts = WorkoutRepository(store: store)
    }

    /// Every done set of the account's finished workouts in Strong's CSV layout,
    /// oldest first, in the account's unit and time zone.
    public func strongCSV(userID: UUID) async throws -> String {
        guard let account = try await users.find(id: userID) else { throw SpotterError.notFound("The account") }
        let history = try await workouts.history(userID: userID, filter: HistoryFilter(limit: Int(Int32.max)))
        let ids = Set(history.flatMap { $0.entries.map(\.exerciseID) })
        let names = try await exercises.exercises(ids: ids, userID: userID).mapValues(\.name)
        let writer = StrongCSVWriter(unit: account.settings.unit, zone: account.settings.zone)
        return StrongCSVWriter.header + "\r\n" + history.reversed().map { writer.rows(of: $0, names: names) }.joined()
    }
}
