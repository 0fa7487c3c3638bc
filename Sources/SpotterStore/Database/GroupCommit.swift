import FluentKit
import NIOCore
import Synchronization

/// Group commit for the SQLite writer: the writes that arrive while one
/// transaction runs wait for it, then all go into the next transaction together,
/// so a gym full of lifters ticking sets costs one `BEGIN` / `COMMIT` and one sync
/// to disk per batch instead of per set. Each write still sees every earlier one;
/// the result is the same as running them one after another.
///
/// A write that fails rolls back its whole batch; then each write of that batch
/// runs again in a transaction of its own, so only the failing one fails. Writes
/// must therefore touch nothing but the database they are given. (A bad request
/// thus costs its batch a second run; savepoints per write would avoid that at the
/// price of two statements per write, which is what batching saves.)
final class GroupCommit: Sendable {
    private struct Pending: Sendable {
        let body: @Sendable (any Database) async throws -> any Sendable
        let continuation: CheckedContinuation<any Sendable, any Error>
    }

    private struct Queue: Sendable {
        var pending: [Pending] = []
        var running = false
        /// Those waiting for the queue to empty (`idle`).
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Bounds how long the last write of a batch waits for the others.
    static let maxBatch = 32

    private let queue = Mutex(Queue())
    private let database: @Sendable () -> any Database
    /// The writer's loop: the batches are run from it, so that nothing hops
    /// between threads from one batch to the next.
    private let executor: EventLoopExecutor

    init(loop: any EventLoop, database: @escaping @Sendable () -> any Database) {
        self.database = database
        executor = EventLoopExecutor(loop)
    }

    /// Runs `body` in the next transaction and returns its result once committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        let result = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<any Sendable, any Error>) in
            let startsRunner = queue.withLock { queue in
                queue.pending.append(Pending(body: { try await body($0) }, continuation: continuation))
                guard !queue.running else { return false }
                queue.running = true
                return true
            }
            if startsRunner { Task(executorPreference: executor) { await self.drain() } }
        }
        return result as! T
    }

    /// Returns once every write queued so far is committed (or failed) and nothing
    /// waits: the server's shutdown calls it before the database closes.
    func idle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = queue.withLock { queue in
                guard queue.running || !queue.pending.isEmpty else { return true }
                queue.idleWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Commits batches until nothing waits.
    private func drain() async {
        while true {
            let (batch, waiters) = queue.withLock { queue in
                let batch = Array(queue.pending.prefix(Self.maxBatch))
                queue.pending.removeFirst(batch.count)
                guard batch.isEmpty else { return (batch, [CheckedContinuation<Void, Never>]()) }
                queue.running = false
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
                for write in batch { results.append(try await write.body(tx)) }
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
