import Dispatch
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The event loop of the SQLite writer connection: it has no thread of its own and
/// runs its work, one task at a time and in order, on the thread that hands it work.
///
/// sqlite-nio runs every statement on its thread pool and then completes the answer
/// on the connection's event loop. With an ordinary loop, each statement of a write
/// transaction crosses threads twice (loop -> pool thread -> loop), and on a busy
/// machine each crossing waits for the other thread to be scheduled; measured, that
/// was most of the time a set write took. With this loop the answer is completed on
/// the pool's thread itself, the transaction's code (which prefers this loop as its
/// task executor, see `EventLoopExecutor`) continues right there, and its next
/// statement is the pool thread's next job: a whole transaction runs without a
/// thread switch.
///
/// Work handed in while another thread is running the loop's tasks is queued and run
/// by that thread before it lets go, so tasks never run at the same time. Tasks must
/// never block: everything here is a callback of a future or a step of a Swift task,
/// and a task that waited for the pool's only thread (say, with `.wait()`) would
/// wait forever, since it usually runs on that thread.
/// Timers (the connection pool's request timeout) are kept by `timers` and run here.
final class InlineEventLoop: EventLoop, @unchecked Sendable {
    private struct State: @unchecked Sendable {
        var queue: [@Sendable () -> Void] = []
        /// The thread running the queue, if any.
        var runner: pthread_t?
    }

    private let state = Mutex(State())
    private let timers: any EventLoop
    /// The thread that runs the SQLite statements, where deferred work starts.
    private let threads: NIOThreadPool

    init(timers: any EventLoop, threads: NIOThreadPool) {
        self.timers = timers
        self.threads = threads
    }

    var inEventLoop: Bool {
        state.withLock { state in state.runner.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    func execute(_ task: @escaping @Sendable () -> Void) {
        let runsHere = state.withLock { state -> Bool in
            state.queue.append(task)
            guard state.runner == nil else { return false }
            state.runner = pthread_self()
            return true
        }
        if runsHere { run() }
    }

    /// Like `execute`, but never runs `task` before returning. Swift tasks enqueue
    /// their next step through this (see `EventLoopExecutor`): the Swift runtime
    /// must be done with a step before the next one starts. The step runs on the
    /// thread running this loop's tasks if there is one (the usual case: a statement
    /// just completed on the pool's thread), else on the pool's thread.
    func executeDeferred(_ task: @escaping @Sendable () -> Void) {
        let queued = state.withLock { state -> Bool in
            guard state.runner != nil else { return false }
            state.queue.append(task)
            return true
        }
        guard !queued else { return }
        threads.submit { state in
            // A stopped pool calls at once, inside this call: go through the timers' loop then.
            if case .active = state { self.execute(task) } else { self.timers.execute { self.execute(task) } }
        }
    }

    /// Runs queued tasks, including those they queue, until none is left.
    private func run() {
        while true {
            let tasks = state.withLock { state -> [@Sendable () -> Void] in
                let tasks = state.queue
                state.queue.removeAll(keepingCapacity: true)
                if tasks.isEmpty { state.runner = nil }
                return tasks
            }
            if tasks.isEmpty { return }
            for task in tasks { task() }
        }
    }

    func scheduleTask<T>(deadline: NIODeadline, _ task: @escaping @Sendable () throws -> T) -> Scheduled<T> {
        let promise = makePromise(of: T.self)
        let timer = timers.scheduleTask(deadline: deadline) {
            self.execute { promise.completeWith(Result { try task() }) }
        }
        return Scheduled(promise: promise, cancellationTask: { timer.cancel() })
    }

    func scheduleTask<T>(in delay: TimeAmount, _ task: @escaping @Sendable () throws -> T) -> Scheduled<T> {
        scheduleTask(deadline: .now() + delay, task)
    }

    func preconditionInEventLoop(file: StaticString, line: UInt) {
        precondition(inEventLoop, "not on the inline event loop", file: file, line: line)
    }

    func preconditionNotInEventLoop(file: StaticString, line: UInt) {
        precondition(!inEventLoop, "on the inline event loop", file: file, line: line)
    }

    func shutdownGracefully(queue: DispatchQueue, _ callback: @escaping @Sendable ((any Error)?) -> Void) {
        queue.async { callback(nil) }
    }
}
