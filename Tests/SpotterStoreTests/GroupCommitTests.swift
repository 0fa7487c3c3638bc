import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

@testable import SpotterStore

/// The store's group commit as each engine runs it: on SQLite one queue for every
/// write, on PostgreSQL one per workout, where only a later write of the same
/// workout in a batch may skip taking the workout's lock.
@Suite("Group commit")
struct GroupCommitTests {
    @Test(
        "writes that queue behind a batch share the next one; only a later write of the same workout is told its lock is held",
        arguments: TestDatabase.all)
    func laterWritesOfOneWorkoutShareItsLock(engine: TestDatabase) async throws {
        try await TestEnvironment.with(engine) { env in
            try await env.withStore { store in
                let commit = try #require(store.groupCommit)
                let owner = UUID()
                let legs = GroupCommit.Key(workoutID: UUID(), userID: owner)
                let push = GroupCommit.Key(workoutID: UUID(), userID: owner)
                let (started, start) = AsyncStream<Void>.makeStream()
                let (gate, open) = AsyncStream<Void>.makeStream()
                // The first write holds its batch open until the others wait.
                let first = Task {
                    try await commit.write(legs) { tx, turn in
                        start.yield()
                        for await _ in gate { break }
                        _ = try await tx.sql.raw("SELECT 1 AS n").all()
                        return turn.workoutLocked
                    }
                }
                for await _ in started { break }
                let write: @Sendable (GroupCommit.Key) -> Task<Bool, any Error> = { key in
                    Task {
                        try await commit.write(key) { tx, turn in
                            _ = try await tx.sql.raw("SELECT 1 AS n").all()
                            return turn.workoutLocked
                        }
                    }
                }
                let later = [write(legs), write(legs)]
                let other = write(push)
                if store.isSQLite {
                    // One writer: the other workout's write waits with them.
                    while commit.waiting < 3 { await Task.yield() }
                } else {
                    // Another workout runs beside the open batch, on a connection of its own.
                    #expect(try await other.value == false)
                    while commit.waiting < 2 { await Task.yield() }
                }
                open.yield()
                #expect(try await first.value == false)
                var turns: [Bool] = []
                for task in later { turns.append(try await task.value) }
                #expect(
                    turns.sorted { !$0 && $1 } == [false, true],
                    "the first of the next batch locks the workout, the second finds it locked")
                #expect(try await other.value == false, "another workout is never taken for locked")
                await commit.idle()
                #expect(commit.waiting == 0)
            }
        }
    }
}
