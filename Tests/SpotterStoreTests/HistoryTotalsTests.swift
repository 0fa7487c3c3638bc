import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// The history as Home and the stats page add it up: `history(sets: .totals)`, read
/// with each set's figures and record marks only, and `totals`, each workout's sets
/// summed by exercise in the database.
@Suite struct HistoryTotalsTests {
    @Test("sets read for totals carry every figure and record mark, and nothing else", arguments: TestDatabase.all)
    func sameFigures(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: now)
                let ana = try await makeUser("ana", in: store)
                let squat = try #require(
                    try await ExerciseRepository(store: store).list(userID: ana.id).first { $0.name == "Squat (Barbell)" })
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
                        entries: [
                            ExerciseEntry(
                                id: UUID(), exerciseID: squat.id, notes: "belt on",
                                sets: [
                                    set(5, 60, kind: .warmup), set(5, kilograms), set(5, kilograms),
                                    set(5, kilograms + 5, done: false),
                                    // Every figure a set can hold, planned (not done: the volumes stay round).
                                    WorkoutSet(
                                        id: UUID(), kind: .drop, reps: 8, weight: Mass(102.5, .lb), durationSeconds: 90,
                                        distanceMeters: 1_234.5,
                                        rpe: 7.5, done: false, updatedAt: now),
                                ]),
                            // An entry with no sets yet keeps its place.
                            ExerciseEntry(id: UUID(), exerciseID: squat.id),
                        ])
                }
                // And a workout with no entries at all.
                let empty = Workout(
                    id: UUID(), ownerID: ana.id, name: "Nothing", startedAt: now.addingTimeInterval(-14 * 86_400),
                    endedAt: now.addingTimeInterval(-14 * 86_400 + 60))
                try await repository.addFinished(sessions + [empty], userID: ana.id, now: now)

                let full = try await repository.history(userID: ana.id)
                let totals = try await repository.history(userID: ana.id, sets: .totals)
                #expect(totals.map(\.id) == full.map(\.id))
                #expect(totals.map(\.startedAt) == full.map(\.startedAt))
                let kinds = [squat.id: ExerciseKind.weightReps]
                #expect(
                    totals.map { Volume.of($0, kinds: kinds, in: .kg) } == [Volume(load: 1_100), Volume(load: 1_000), Volume()])
                #expect(totals.map(\.entries.count) == [2, 2, 0])
                #expect(totals.map { $0.entries.map(\.id) } == full.map { $0.entries.map(\.id) })
                #expect(totals.map { $0.entries.map(\.sets.count) } == [[5, 0], [5, 0], []])
                #expect(totals.map { Volume.of($0, kinds: kinds, in: .kg) } == full.map { Volume.of($0, kinds: kinds, in: .kg) })
                #expect(!(totals.first?.entries.first?.records.sets.isEmpty ?? true), "the newer session's records are marked")
                for (light, whole) in zip(totals, full) where !whole.entries.isEmpty {
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

    @Test("workout totals summed in the database are the sums of the sets read in full", arguments: TestDatabase.all)
    func summedInTheDatabase(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: now)
                let ana = try await makeUser("ana", in: store), ben = try await makeUser("ben", in: store)
                let catalog = try await ExerciseRepository(store: store).list(userID: ana.id)
                let squat = try #require(catalog.first { $0.name == "Squat (Barbell)" })
                let pullUp = try #require(catalog.first { $0.kind == .bodyweightReps })
                let repository = WorkoutRepository(store: store)
                func set(_ reps: Int?, _ weight: Mass?, kind: SetKind = .working, done: Bool = true, seconds: Int? = nil)
                    -> WorkoutSet
                {
                    WorkoutSet(
                        id: UUID(), kind: kind, reps: reps, weight: weight, durationSeconds: seconds, done: done, updatedAt: now)
                }
                func workout(_ owner: UUID, daysAgo: Double, _ entries: [ExerciseEntry]) -> Workout {
                    let start = now.addingTimeInterval(-daysAgo * 86_400)
                    return Workout(
                        id: UUID(), ownerID: owner, name: "Day", startedAt: start, endedAt: start.addingTimeInterval(3_600),
                        entries: entries)
                }
                let mixed = workout(
                    ana.id, daysAgo: 1,
                    [
                        ExerciseEntry(
                            id: UUID(), exerciseID: squat.id,
                            sets: [
                                set(5, Mass(60, .kg), kind: .warmup), set(5, Mass(102.5, .kg)), set(3, Mass(225, .lb)),
                                set(7, Mass(33.3, .lb)),
                                set(5, Mass(110, .kg), done: false), set(nil, Mass(100, .kg)), set(0, Mass(100, .kg)),
                            ]),
                        ExerciseEntry(
                            id: UUID(), exerciseID: pullUp.id,
                            sets: [set(10, nil), set(8, Mass(0, .kg)), set(6, Mass(10, .kg)), set(nil, nil, seconds: 45)]),
                        // The same exercise again later in the workout, and an entry with no sets yet.
                        ExerciseEntry(id: UUID(), exerciseID: squat.id, sets: [set(2, Mass(140, .kg), kind: .failure)]),
                        ExerciseEntry(id: UUID(), exerciseID: pullUp.id),
                    ])
                let empty = workout(ana.id, daysAgo: 2, [])
                let old = workout(
                    ana.id, daysAgo: 40, [ExerciseEntry(id: UUID(), exerciseID: squat.id, sets: [set(5, Mass(90, .kg))])])
                try await repository.addFinished([mixed, empty, old], userID: ana.id, now: now)
                try await repository.addFinished(
                    [
                        workout(
                            ben.id, daysAgo: 1, [ExerciseEntry(id: UUID(), exerciseID: squat.id, sets: [set(5, Mass(200, .kg))])])
                    ],
                    userID: ben.id, now: now)

                let full = try await repository.history(userID: ana.id)
                let totals = try await repository.totals(userID: ana.id, filter: HistoryFilter())
                let expected = full.map(WorkoutTotals.init)
                #expect(totals.map(\.id) == [mixed.id, empty.id, old.id])
                #expect(totals.map(\.startedAt) == full.map(\.startedAt))
                #expect(totals.map { Set($0.exercises.keys) } == expected.map { Set($0.exercises.keys) })
                for (read, sums) in zip(totals, expected) {
                    for (exerciseID, want) in sums.exercises {
                        let got = try #require(read.exercises[exerciseID])
                        // The engines print sums to 15 or 17 digits: 33.3 lb x 7 may differ in its last bit.
                        #expect(
                            abs(got.kilograms - want.kilograms) < 1e-9 && abs(got.pounds - want.pounds) < 1e-9, "\(got) \(want)")
                        #expect(
                            got.sets == want.sets && got.loadedReps == want.loadedReps && got.bareReps == want.bareReps,
                            "\(got) \(want)")
                    }
                }
                // By hand: squat 102.5 x 5 + 140 x 2 = 792.5 kg, 225 x 3 + 33.3 x 7 = 908.1 lb, 5 + 3 + 7 + 2 = 17 reps with a weight;
                // counted: 5 working (the warm-up and the undone one not) and the failure set = 6.
                let squatSums = try #require(totals.first?.exercises[squat.id])
                #expect(squatSums.sets == 6 && squatSums.kilograms == 792.5 && abs(squatSums.pounds - 908.1) < 1e-9)
                #expect(squatSums.loadedReps == 17 && squatSums.bareReps == 0)
                // Pull-ups: 10 kg x 6 with a weight; 10 + 8 without; the timed set counts as a set.
                #expect(totals.first?.exercises[pullUp.id] == SetSums(sets: 4, kilograms: 60, loadedReps: 6, bareReps: 18))
                #expect(totals[1].exercises.isEmpty)
                // The filter is history's: from a date on, and never another lifter's workouts.
                let recent = try await repository.totals(
                    userID: ana.id, filter: HistoryFilter(from: now.addingTimeInterval(-7 * 86_400)))
                #expect(recent.map(\.id) == [mixed.id, empty.id])
                #expect(
                    try await repository.totals(userID: ben.id, filter: HistoryFilter()).map { $0.exercises[squat.id]?.kilograms }
                        == [1_000])
            }
        }
    }
}
