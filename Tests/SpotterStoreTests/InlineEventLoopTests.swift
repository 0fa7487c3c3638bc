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

    @Test("deferred work never runs before the call returns, and still runs")
    func deferredRunsLater() async throws {
        try await withLoop { loop in
            let ran = Mutex(false)
            let promise = loop.makePromise(of: Void.self)
            loop.executeDeferred {
                ran.withLock { $0 = true }
                promise.succeed()
            }
            let ranAtOnce = ran.withLock { $0 }
            try await promise.futureResult.get()
            #expect(ranAtOnce == false)
            #expect(ran.withLock { $0 })
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
