import FluentKit
import Foundation
import NIOCore
import Synchronization

/// Group commit: the writes that arrive while one transaction runs wait for it,
/// then go into the next transaction together. Each write still sees every earlier
/// one; the result is the same as running them one after another.
///
/// - SQLite (one lane for every write): the writer takes one transaction at a time
///   anyway, so a gym full of lifters ticking sets costs one `BEGIN` / `COMMIT` and
///   one sync to disk per batch instead of per set.
/// - PostgreSQL (a lane per workout and owner, `perWorkout`): writes to one workout
///   take turns on its row lock, and each turn held the lock for three round trips
///   (lock granted, read, write, `COMMIT`). Batched, the workout is locked once per
///   batch and each later write of the batch holds it for two (read, write): the
///   body is told the lock is held (`WriteTurn.workoutLocked`). Writes to different
///   workouts still run side by side on connections of their own.
///
/// A write that fails rolls back its whole batch; then each write of that batch
/// runs again in a transaction of its own, so only the failing one fails. Writes
/// must therefore touch nothing but the database they are given. (A bad request
/// thus costs its batch a second run; savepoints per write would avoid that at the
/// price of two statements per write, which is what batching saves.)
final class GroupCommit: Sendable {
    /// The workout a write changes, and its owner.
    struct Key: Hashable, Sendable {
        let workoutID: UUID
        let userID: UUID
    }

    private struct Pending: Sendable {
        let key: Key
        let body: @Sendable (any Database, WriteTurn) async throws -> any Sendable
        let continuation: CheckedContinuation<any Sendable, any Error>
    }

    private struct Queue: Sendable {
        /// Writes waiting, by lane (nil: the one lane when not `perWorkout`).
        var pending: [Key?: [Pending]] = [:]
        /// The lanes whose batches are being committed.
        var running: Set<Key?> = []
        /// Those waiting for every lane to empty (`idle`).
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Bounds how long the last write of a batch waits for the others.
    static let maxBatch = 32

    private let queue = Mutex(Queue())
    private let perWorkout: Bool
    private let database: @Sendable () -> any Database
    /// Where the batches are run from (the SQLite writer's loop), so that nothing
    /// hops between threads from one batch to the next.
    private let executor: EventLoopExecutor

    init(loop: any EventLoop, perWorkout: Bool = false, database: @escaping @Sendable () -> any Database) {
        self.database = database
        self.perWorkout = perWorkout
        executor = EventLoopExecutor(loop)
    }

    /// Runs `body` in the next transaction of `key`'s lane and returns its result once committed.
    func write<T: Sendable>(_ key: Key, _ body: @escaping @Sendable (any Database, WriteTurn) async throws -> T) async throws -> T
    {
        let lane = perWorkout ? key : nil
        let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any Sendable, any Error>) in
            let startsRunner = queue.withLock { queue in
                queue.pending[lane, default: []].append(
                    Pending(key: key, body: { try await body($0, $1) }, continuation: continuation))
                return queue.running.insert(lane).inserted
            }
            if startsRunner { Task(executorPreference: executor) { await self.drain(lane) } }
        }
        return result as! T
    }

    /// How many writes wait for a batch (tests watch the queue fill).
    var waiting: Int {
        queue.withLock { $0.pending.values.reduce(0) { $0 + $1.count } }
    }

    /// Returns once every write queued so far is committed (or failed) and nothing
    /// waits: the server's shutdown calls it before the database closes.
    func idle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = queue.withLock { queue in
                guard queue.running.isEmpty else {
                    queue.idleWaiters.append(continuation)
                    return false
                }
                return true
            }
            if done { continuation.resume() }
        }
    }

    /// Commits `lane`'s batches until nothing waits in it.
    private func drain(_ lane: Key?) async {
        while true {
            let (batch, waiters) = queue.withLock { queue in
                let batch = Array(queue.pending[lane, default: []].prefix(Self.maxBatch))
                guard batch.isEmpty else {
                    queue.pending[lane]?.removeFirst(batch.count)
                    return (batch, [CheckedContinuation<Void, Never>]())
                }
                queue.pending[lane] = nil
                queue.running.remove(lane)
                guard queue.running.isEmpty else { return (batch, []) }
                defer { queue.idleWaiters = [] }
                return (batch, queue.idleWaiters)
            }
            if batch.isEmpty {
                for waiter in waiters { waiter.resume() }
                return
            }
            StoreMetrics.groupCommitBatch.record(batch.count)
            await commit(batch)
        }
    }

    private func commit(_ batch: [Pending]) async {
        let began = Mutex(false)
        do {
            let results = try await database().writeTransaction { tx in
                began.withLock { $0 = true }
                var results: [any Sendable] = []
                var locked: Set<Key> = []
                for write in batch {
                    let turn = WriteTurn(workoutLocked: !locked.insert(write.key).inserted)
                    results.append(try await write.body(tx, turn))
                }
                return results
            }
            for (write, result) in zip(batch, results) { write.continuation.resume(returning: result) }
        } catch {
            // A transaction that could not even begin (the file locked by another
            // process past the busy timeout) fails them all: retrying would wait again.
            guard batch.count > 1, began.withLock({ $0 }) else {
                for write in batch { write.continuation.resume(throwing: error) }
                return
            }
            for write in batch { await commit([write]) }
        }
    }
}

/// What a batched write learns about the transaction it runs in.
struct WriteTurn: Sendable {
    /// An earlier write of the same workout and owner ran in this transaction, so
    /// the workout's row is locked already (see `WorkoutRows.lockWorkout`).
    var workoutLocked: Bool

    /// A write of its own transaction.
    static let alone = WriteTurn(workoutLocked: false)
}
