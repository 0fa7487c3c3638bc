import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// Home's dashboard as `ProgressService` works it out from the store: the last
/// workout, this week against the four before, the strongest lifts and the records
/// set lately, for the owner only.
@Suite struct ProgressServiceTests {
    @Test("the dashboard adds up two squat sessions a week apart, for their owner only", arguments: TestDatabase.all)
    func dashboard(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: now)
                let ana = try await makeUser("ana", in: store)
                let ben = try await makeUser("ben", in: store)
                let squat = try #require(
                    try await ExerciseRepository(store: store).list(userID: ana.id).first { $0.name == "Squat (Barbell)" })
                func set(_ kilograms: Double) -> WorkoutSet {
                    WorkoutSet(
                        id: UUID(), kind: .working, reps: 5, weight: Mass(kilograms, .kg), done: true, loggedAt: now,
                        updatedAt: now)
                }
                // Three sets of five a week ago at 100 kg, and today at 110 kg (records).
                let sessions = [(-7.0, 100.0), (0.0, 110.0)].map { days, kilograms in
                    Workout(
                        id: UUID(), ownerID: ana.id, name: "Legs", startedAt: now.addingTimeInterval(days * 86_400),
                        endedAt: now.addingTimeInterval(days * 86_400 + 3_600),
                        entries: [
                            ExerciseEntry(
                                id: UUID(), exerciseID: squat.id, sets: [set(kilograms), set(kilograms), set(kilograms)])
                        ])
                }
                try await WorkoutRepository(store: store).addFinished(sessions, userID: ana.id, now: now)
                let service = ProgressService(store: store, clock: { now.addingTimeInterval(7_200) })

                let dashboard = try await service.dashboard(user: ana)
                #expect(dashboard.unit == .kg)
                let last = try #require(dashboard.lastWorkout)
                #expect(last.id == sessions[1].id)
                #expect(last.summary.setCount == 3)
                #expect(last.records > 0, "110 kg beats last week's 100 kg")
                #expect(dashboard.workoutsThisWeek == 1)
                #expect(dashboard.streakWeeks == 2)
                #expect(dashboard.weeklyVolume.count == 5, "this week and the four before")
                #expect(dashboard.weeklyVolume.suffix(2).map(\.volume) == [1_500, 1_650])
                #expect(dashboard.weeklyVolume.map(\.workouts) == [0, 0, 0, 1, 1])
                // 1,650 against the average of 1,500 over four weeks (375).
                #expect(dashboard.volumeVsAveragePercent == 440)
                #expect(dashboard.bestLifts.map(\.exerciseName) == ["Squat (Barbell)"])
                #expect(dashboard.bestLifts.first?.heaviest == 110)
                #expect(
                    dashboard.recentRecords.map(\.workoutID) == [sessions[1].id], "one row per exercise, from its newest session")
                #expect(dashboard.recentRecords.first?.exerciseName == "Squat (Barbell)")

                let empty = try await service.dashboard(user: ben)
                #expect(empty.lastWorkout == nil)
                #expect(empty.workoutsThisWeek == 0)
                #expect(empty.weeklyVolume.map(\.volume) == [0, 0, 0, 0, 0])
                #expect(empty.volumeVsAveragePercent == nil)
                #expect(empty.bestLifts.isEmpty && empty.trends.isEmpty && empty.recentRecords.isEmpty)
            }
        }
    }
}
