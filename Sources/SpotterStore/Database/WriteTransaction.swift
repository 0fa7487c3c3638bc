import FluentKit
import NIOCore
import SQLKit
import SQLiteNIO

extension Database {
    /// Runs `body` in one transaction that is going to write.
    ///
    /// On SQLite the transaction starts with `BEGIN IMMEDIATE`, which takes the write
    /// lock before the first read (waiting up to the busy timeout while another
    /// process, such as the CLI, holds it). Fluent's plain `BEGIN` takes it only at
    /// the first write, and a transaction that read first then fails with
    /// `SQLITE_BUSY_SNAPSHOT` if someone else wrote in between: a lost set. On
    /// PostgreSQL it is a plain `BEGIN` (writes lock the rows they need). Inside
    /// `body`, use only the database it is given and do not start another transaction.
    func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        if inTransaction { return try await transaction(body) }
        let sqlite = (self as? any SQLDatabase)?.dialect.name == "sqlite"
        do {
            return try await StoreMetrics.timed(sqlite: sqlite) {
                try await connectionTransaction(begin: sqlite ? "BEGIN IMMEDIATE" : "BEGIN", body)
            }
        } catch let error as SQLiteError where Self.isBusy(error) {
            // Another process held the write lock past the busy timeout (SQLite already
            // waited and retried all that time): say so, rather than fail as if broken.
            throw StoreError.busy
        }
    }

    /// The transaction on one connection, whose loop runs the transaction's own code
    /// as well: between two statements the answer does not hop to another thread and
    /// back (on PostgreSQL that hop cost more than the statements of a set write).
    private func connectionTransaction<T: Sendable>(
        begin: SQLQueryString, _ body: @escaping @Sendable (any Database) async throws -> T
    ) async throws -> T {
        try await withConnection { connection in
            try await withTaskExecutorPreference(EventLoopExecutor(connection.eventLoop)) {
                let sql = connection.sql
                try await sql.raw(begin).run()
                do {
                    let result = try await body(connection)
                    try await sql.raw("COMMIT").run()
                    return result
                } catch {
                    try? await sql.raw("ROLLBACK").run()
                    throw error
                }
            }
        }
    }
}

extension Database {
    /// Whether SQLite gave up waiting for another connection's lock.
    static func isBusy(_ error: SQLiteError) -> Bool {
        switch error.reason {
        case .busy, .busyTimeout, .busyInRecovery, .busyInSnapshot, .locked, .lockedBySharedCache: true
        default: false
        }
    }
}

/// Runs Swift tasks on a NIO event loop, where the SQLite writer answers.
final class EventLoopExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let step: @Sendable () -> Void = { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        if let inline = loop as? InlineEventLoop {
            inline.executeDeferred(step)
        } else {
            loop.execute(step)
        }
    }
}
