import Foundation
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import SpotterStore

@Suite("The SQLite writer's inline event loop")
struct InlineEventLoopTests {
    private func withLoop(_ body: (InlineEventLoop) async throws -> Void) async throws {
        let threads = NIOThreadPool(numberOfThreads: 1)
        threads.start()
        let loop = InlineEventLoop(timers: MultiThreadedEventLoopGroup.singleton.next(), threads: threads)
        try await body(loop)
        try await threads.shutdownGracefully()
    }

    @Test("work runs in order, one task at a time; work handed in by a task waits for it")
    func orderAndNoReentry() async throws {
        try await withLoop { loop in
            let log = Mutex<[String]>([])
            loop.execute {
                #expect(loop.inEventLoop)
                log.withLock { $0.append("first begins") }
                loop.execute { log.withLock { $0.append("queued by first") } }
                log.withLock { $0.append("first ends") }
            }
            loop.execute { log.withLock { $0.append("second") } }
            #expect(log.withLock { $0 } == ["first begins", "first ends", "queued by first", "second"])
            #expect(!loop.inEventLoop, "nothing runs once the queue is empty")
        }
    }

    @Test("deferred work never runs inside the call, and still runs")
    func deferredRunsLater() async throws {
        try await withLoop { loop in
            // Run inside the call, the work would run on the caller's thread before
            // `returned` is set. Later it may run anywhere, the caller's thread
            // included (it runs the loop's queue when it next hands in work).
            let caller = pthread_self()
            let returned = Mutex(false)
            let promise = loop.makePromise(of: Bool.self)
            loop.executeDeferred {
                let onCaller = pthread_equal(pthread_self(), caller) != 0
                promise.succeed(!onCaller || returned.withLock { $0 })
            }
            returned.withLock { $0 = true }
            let afterTheCall = try await promise.futureResult.get()
            #expect(afterTheCall, "the work ran inside the call")
        }
    }

    @Test("scheduled work runs on the loop, and a cancelled one never does")
    func scheduled() async throws {
        try await withLoop { loop in
            let onLoop = try await loop.scheduleTask(in: .milliseconds(1)) { loop.inEventLoop }.futureResult.get()
            #expect(onLoop)
            let cancelled = loop.scheduleTask(in: .seconds(30)) { Issue.record("a cancelled task ran") }
            cancelled.cancel()
            await #expect(throws: EventLoopError.cancelled) { try await cancelled.futureResult.get() }
        }
    }
}
