import Foundation
import SpotterCore

extension WorkoutService {
    /// The lifter's workout in progress, if any, with its record marks.
    public func active(user: User) async throws -> Workout? {
        try await marked(workouts.active(userID: user.id))
    }

    /// One of the lifter's workouts, with its record marks.
    public func find(_ id: UUID, user: User) async throws -> Workout? {
        try await marked(workouts.find(id: id, userID: user.id))
    }

    /// One of the lifter's workouts; "The workout was not found" when it is not one.
    public func found(_ id: UUID, user: User) async throws -> Workout {
        guard let workout = try await find(id, user: user) else { throw SpotterError.notFound("The workout") }
        return workout
    }

    /// Finished workouts, newest first (see `WorkoutRepository.history`).
    public func history(user: User, filter: HistoryFilter = .init(), sets: SetDetail = .full) async throws -> [Workout] {
        try await workouts.history(userID: user.id, filter: filter, sets: sets)
    }

    /// One page of the history and the cursor of the next.
    public func historyPage(user: User, filter: HistoryFilter, limit: Int) async throws -> (
        workouts: [Workout], next: HistoryCursor?
    ) {
        try await workouts.historyPage(userID: user.id, filter: filter, limit: limit)
    }

    /// What each finished workout adds up to (see `WorkoutTotals`).
    public func totals(user: User, filter: HistoryFilter) async throws -> [WorkoutTotals] {
        try await workouts.totals(userID: user.id, filter: filter)
    }

    /// The exercises the lifter has logged in a finished workout.
    public func loggedExerciseIDs(user: User) async throws -> Set<UUID> {
        try await workouts.loggedExerciseIDs(userID: user.id)
    }

    /// The rest the lifter last chose for each of these exercises that has one.
    public func rememberedRests(user: User, exerciseIDs: Set<UUID>) async throws -> [UUID: Int] {
        try await workouts.rememberedRests(userID: user.id, exerciseIDs: exerciseIDs)
    }

    /// The done sets of each exercise in earlier sessions, newest first, for the
    /// previous-performance hints.
    public func previousSessions(
        user: User, exerciseIDs: Set<UUID>, excluding workoutID: UUID?, limit: Int = 5
    ) async throws -> [UUID: [PreviousPerformance.Session]] {
        try await workouts.previousSessions(userID: user.id, exerciseIDs: exerciseIDs, excluding: workoutID, limit: limit)
    }

    /// How many workouts are in progress on this server (for `/metrics`).
    public func activeCount() async throws -> Int {
        try await workouts.activeCount()
    }

    /// A workout in progress with its record marks, judged live against the stored
    /// bests (a finished one carries its stored marks already).
    func marked(_ workout: Workout?) async throws -> Workout? {
        guard let workout, workout.isActive else { return workout }
        let bests = try await ProgressRepository(store: store).bests(
            userID: workout.ownerID, exerciseIDs: Set(workout.entries.map(\.exerciseID)))
        return PersonalRecords.marking(workout, after: bests).workout
    }

    /// `marked` of a workout a write returned.
    func marked(_ workout: Workout) async throws -> Workout {
        try await marked(Optional(workout)) ?? workout
    }
}
