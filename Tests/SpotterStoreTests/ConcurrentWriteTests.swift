import Foundation
import SpotterCore
import SpotterStore
import SpotterTestSupport
import Testing

/// A gym's worth of phones logging at once must never lose a set: SQLite refuses
/// a transaction that read before another connection wrote (SQLITE_BUSY), which
/// once turned a burst of ticks into server errors.
@Suite("Writes at the same moment")
struct ConcurrentWriteTests {
    /// A started workout with one exercise, ready for sets.
    private func workoutWithEntry(_ store: SpotterStore, user: User) async throws -> (workout: UUID, entry: UUID) {
        try await CatalogSeeder(store: store).seed(CatalogSeeder.bundledCatalog(), now: now)
        let exercise = try #require(try await ExerciseRepository(store: store).list(userID: user.id).first)
        let workout = try await WorkoutService.at(now, in: store).start(
            .init(id: UUID(), name: "Push", workoutTypeID: nil), user: user)
        let entry = UUID()
        _ = try await WorkoutService.at(now, in: store).putEntry(
            workoutID: workout.id, entryID: entry, change: EntryChange(exerciseID: exercise.id), user: user)
        return (workout.id, entry)
    }

    private func putSet(
        _ store: SpotterStore, _ ids: (workout: UUID, entry: UUID), set: UUID, done: Bool, user: User, at seconds: Double
    ) async throws -> SetWriteResult {
        try await WorkoutService.at(now.addingTimeInterval(seconds), in: store).putSet(
            SetWrite(
                workoutID: ids.workout, entryID: ids.entry, setID: set, draft: SetDraft(reps: 5, weight: 100, done: done),
                changedAt: now.addingTimeInterval(seconds)), user: user)
    }

    /// Runs `write` for every id at once (with its index) and keeps each one's outcome.
    private func atOnce(
        _ ids: [UUID], _ write: @escaping @Sendable (Int, UUID) async throws -> SetWriteResult
    ) async -> [UUID: Result<SetWriteResult, any Error>] {
        await withTaskGroup(of: (UUID, Result<SetWriteResult, any Error>).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    do {
                        return (id, .success(try await write(index, id)))
                    } catch {
                        return (id, .failure(error))
                    }
                }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
    }

    @Test("16 sets added at once are all stored, each at its own position", arguments: TestDatabase.all)
    func concurrentInserts(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let ids = try await workoutWithEntry(store, user: ana)
                let workouts = WorkoutRepository(store: store)
                let setIDs = (0..<16).map { _ in UUID() }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, id) in setIDs.enumerated() {
                        // A repository per write, as each request makes its own. 16 rather than
                        // 40: each write holds a connection while it waits for the workout's lock,
                        // and 40 queued on 8 connections outwaited the pool's 60 s when the whole
                        // suite ran at once on 2 cores.
                        group.addTask { _ = try await putSet(store, ids, set: id, done: false, user: ana, at: Double(index)) }
                    }
                    try await group.waitForAll()
                }
                let stored = try #require(try await workouts.find(id: ids.workout, userID: ana.id)).entries[0].sets
                #expect(Set(stored.map(\.id)) == Set(setIDs))
                #expect(try await TestEnvironment.count("workout_sets", in: store) == 16)
                let positions = try await TestEnvironment.integers(
                    "SELECT position AS n FROM workout_sets ORDER BY position", in: store)
                #expect(positions == Array(0..<16))
            }
        }
    }

    @Test(
        "a bad write among many at once fails alone, with its own message, and the rest are stored", arguments: TestDatabase.all)
    func failureStaysAlone(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let ids = try await workoutWithEntry(store, user: ana)
                let workouts = WorkoutRepository(store: store)
                let good = (0..<20).map { _ in UUID() }
                let bad = UUID()
                let outcomes = await atOnce(good + [bad]) { index, id in
                    let draft = id == bad ? SetDraft(reps: 5000) : SetDraft(reps: 5, weight: 100)
                    return try await WorkoutService.at(now, in: store).putSet(
                        SetWrite(
                            workoutID: ids.workout, entryID: ids.entry, setID: id, draft: draft,
                            changedAt: now.addingTimeInterval(Double(index))), user: ana)
                }
                for id in good { #expect((try? outcomes[id]?.get())?.applied == true) }
                #expect(throws: SpotterError.invalid(field: "reps", "Reps must be between 0 and 1000.")) {
                    try outcomes[bad]?.get()
                }
                let stored = try #require(try await workouts.find(id: ids.workout, userID: ana.id)).entries[0].sets
                #expect(Set(stored.map(\.id)) == Set(good))
            }
        }
    }

    @Test("ticking 30 sets done at once: every tick is stored", arguments: TestDatabase.all)
    func concurrentTicks(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let ids = try await workoutWithEntry(store, user: ana)
                let workouts = WorkoutRepository(store: store)
                var setIDs: [UUID] = []
                for index in 0..<30 {
                    let id = UUID()
                    _ = try await putSet(store, ids, set: id, done: false, user: ana, at: Double(index))
                    setIDs.append(id)
                }
                // Each tick reads the stored set and then writes: the read-then-write
                // transaction SQLite used to refuse when another one wrote in between.
                let results = try await withThrowingTaskGroup(of: SetWriteResult.self) { group in
                    for id in setIDs {
                        group.addTask { try await putSet(store, ids, set: id, done: true, user: ana, at: 100) }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(results.allSatisfy { $0.applied })
                let workout = try #require(try await workouts.find(id: ids.workout, userID: ana.id))
                #expect(workout.entries[0].sets.allSatisfy { $0.done && $0.loggedAt == now.addingTimeInterval(100) })
                #expect(workout.entries[0].sets.map(\.id) == setIDs, "the order they were added in")
                // The rest follows whichever tick came last; never the workout's last set.
                #expect(workout.rest.afterSetID.map { setIDs.dropLast().contains($0) } ?? true)
            }
        }
    }

    @Test(
        "another lifter writing into a workout by its id while its owner logs sets is refused, and changes nothing",
        arguments: TestDatabase.all)
    func intruderAmongBatchedWrites(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let bo = try await makeUser("bob", in: store)
                let ids = try await workoutWithEntry(store, user: ana)
                let workouts = WorkoutRepository(store: store)
                let mine = (0..<12).map { _ in UUID() }
                let theirs = UUID()
                let outcomes = await atOnce(mine + [theirs]) { index, id in
                    try await putSet(store, ids, set: id, done: true, user: id == theirs ? bo : ana, at: Double(index))
                }
                for id in mine { #expect((try? outcomes[id]?.get())?.applied == true) }
                #expect(throws: SpotterError.notFound("The workout")) { try outcomes[theirs]?.get() }
                let stored = try #require(try await workouts.find(id: ids.workout, userID: ana.id)).entries[0].sets
                #expect(Set(stored.map(\.id)) == Set(mine))
                #expect(try await TestEnvironment.count("workout_sets", in: store) == 12)
            }
        }
    }

    @Test("the same new set sent twice at once (a retry) is stored once, and neither request fails", arguments: TestDatabase.all)
    func retriedInsert(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let ana = try await makeUser("ana", in: store)
                let ids = try await workoutWithEntry(store, user: ana)
                for _ in 0..<10 {
                    let set = UUID()
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<2 {
                            group.addTask { _ = try await putSet(store, ids, set: set, done: true, user: ana, at: 1) }
                        }
                        try await group.waitForAll()
                    }
                }
                #expect(try await TestEnvironment.count("workout_sets", in: store) == 10)
            }
        }
    }

    @Test("a second process writing the same SQLite file (the CLI) never makes a set fail")
    func twoProcesses() async throws {
        try await TestEnvironment.with(.sqlite) { env in
            try await env.withStore { server in
                let ana = try await makeUser("ana", in: server)
                let ids = try await workoutWithEntry(server, user: ana)
                try await env.withStore { cli in
                    let fromServer = WorkoutRepository(store: server)
                    let setIDs = (0..<20).map { _ in UUID() }
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for (index, id) in setIDs.enumerated() {
                            let store = index.isMultiple(of: 2) ? server : cli
                            group.addTask {
                                _ = try await putSet(store, ids, set: id, done: false, user: ana, at: Double(index))
                                _ = try await putSet(store, ids, set: id, done: true, user: ana, at: Double(index) + 0.5)
                            }
                        }
                        try await group.waitForAll()
                    }
                    let sets = try #require(try await fromServer.find(id: ids.workout, userID: ana.id)).entries[0].sets
                    #expect(Set(sets.map(\.id)) == Set(setIDs))
                    #expect(sets.allSatisfy { $0.done })
                }
            }
        }
    }
}
