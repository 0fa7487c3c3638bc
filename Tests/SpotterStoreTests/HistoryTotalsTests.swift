import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// `historyTotals`: the history Home and the stats page add up, read with each set's
/// figures and record marks only.
@Suite struct HistoryTotalsTests {
    @Test("sets read for totals carry every figure and record mark, and nothing else", arguments: TestDatabase.all)
    func sameFigures(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: now)
                let ana = try await makeUser("ana", in: store)
                let squat = try #require(try await ExerciseRepository(store: store).list(userID: ana.id).first { $0.name == "Squat (Barbell)" })
                let repository = WorkoutRepository(store: store)
                func set(_ reps: Int, _ kilograms: Double, kind: SetKind = .working, done: Bool = true) -> WorkoutSet {
                    WorkoutSet(
                        id: UUID(), kind: kind, reps: reps, weight: Mass(kilograms, .kg), rpe: 8, done: done, note: "felt heavy",
                        loggedAt: now, updatedAt: now, target: SetTarget(reps: RepRange(5, 5)))
                }
                // Two squat sessions a week apart: the second sets records.
                let sessions = [(-7.0, 100.0), (0.0, 110.0)].map { days, kilograms in
                    Workout(
                        id: UUID(), ownerID: ana.id, name: "Legs", startedAt: now.addingTimeInterval(days * 86_400),
                        endedAt: now.addingTimeInterval(days * 86_400 + 3_600), notes: "good day",
                        entries: [ExerciseEntry(id: UUID(), exerciseID: squat.id, notes: "belt on", sets: [
                            set(5, 60, kind: .warmup), set(5, kilograms), set(5, kilograms), set(5, kilograms + 5, done: false),
                            // Every figure a set can hold, planned (not done: the volumes stay round).
                            WorkoutSet(
                                id: UUID(), kind: .drop, reps: 8, weight: Mass(102.5, .lb), durationSeconds: 90, distanceMeters: 1_234.5,
                                rpe: 7.5, done: false, updatedAt: now),
                        ])])
                }
                try await repository.addFinished(sessions, userID: ana.id, now: now)

                let full = try await repository.history(userID: ana.id)
                let totals = try await repository.history(userID: ana.id, sets: .totals)
                #expect(totals.map(\.id) == full.map(\.id))
                #expect(totals.map(\.startedAt) == full.map(\.startedAt))
                let kinds = [squat.id: ExerciseKind.weightReps]
                #expect(totals.map { Volume.of($0, kinds: kinds, in: .kg) } == [Volume(load: 1_100), Volume(load: 1_000)])
                #expect(totals.map { Volume.of($0, kinds: kinds, in: .kg) } == full.map { Volume.of($0, kinds: kinds, in: .kg) })
                #expect(!(totals.first?.entries.first?.records.sets.isEmpty ?? true), "the newer session's records are marked")
                for (light, whole) in zip(totals, full) {
                    #expect(light.entries.map(\.records) == whole.entries.map(\.records))
                    #expect(light.entries.map(\.exerciseID) == whole.entries.map(\.exerciseID))
                    let lightSets = light.allSets, wholeSets = whole.allSets
                    #expect(lightSets.map(\.id) == wholeSets.map(\.id))
                    #expect(lightSets.map(\.kind) == wholeSets.map(\.kind))
                    #expect(lightSets.map(\.reps) == wholeSets.map(\.reps))
                    #expect(lightSets.map(\.weight) == wholeSets.map(\.weight))
                    #expect(lightSets.map(\.rpe) == wholeSets.map(\.rpe))
                    #expect(lightSets.map(\.durationSeconds) == wholeSets.map(\.durationSeconds))
                    #expect(lightSets.map(\.distanceMeters) == wholeSets.map(\.distanceMeters))
                    #expect(lightSets.last?.weight == Mass(102.5, .lb) && lightSets.last?.distanceMeters == 1_234.5)
                    #expect(lightSets.map(\.done) == wholeSets.map(\.done))
                    // What totals never read stays empty.
                    #expect(lightSets.allSatisfy { $0.note.isEmpty && $0.loggedAt == nil && $0.target == nil })
                    #expect(wholeSets.dropLast().allSatisfy { $0.note == "felt heavy" && $0.target != nil })
                }
            }
        }
    }
}
