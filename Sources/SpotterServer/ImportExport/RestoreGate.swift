import Foundation
import Hummingbird
import Synchronization

/// Lets restores (`POST /api/v1/restore`) in one at a time per lifter and `most` at
/// once on this instance. A restore reads its whole file (up to 64 MB) and decodes
/// it before writing anything: a 12 MB export took a debug server from 65 to 314 MB,
/// and four 60 MB restores at once took one from 51 to 475 MB. Restores are rare (an
/// account moving between servers), so one at a time is the default. The lifters'
/// bodies are refused before they are read, so what waits costs nothing.
final class RestoreGate: Sendable {
    private struct Running {
        var lifters: Set<UUID> = []
    }

    private let running = Mutex(Running())
    let most: Int

    init(most: Int = 1) {
        self.most = most
    }

    /// Runs `body` as one of the restores let in, or refuses at once: 429 while the
    /// lifter's own restore runs, 503 while `most` others run.
    func admit<T>(_ userID: UUID, _ body: () async throws -> T) async throws -> T {
        let refusal: APIProblem? = running.withLock { running in
            if running.lifters.contains(userID) {
                return .rateLimited("A restore into this account is running already: wait for it to finish.", retryAfter: 10)
            }
            guard running.lifters.count < most else {
                var problem = APIProblem(
                    status: .serviceUnavailable, code: "unavailable",
                    message: "The server is restoring other accounts right now. Send the file again in a minute.")
                problem.headers[.retryAfter] = "30"
                return problem
            }
            running.lifters.insert(userID)
            return nil
        }
        if let refusal { throw refusal }
        defer {
            _ = running.withLock { $0.lifters.remove(userID) }
            ProcessMemory.returnFreedMemory()
        }
        return try await body()
    }
}
