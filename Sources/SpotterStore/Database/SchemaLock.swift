import FluentKit
import Foundation
import NIOPosix
import SQLKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SpotterStore {
    /// The PostgreSQL advisory lock that migrations and seeding hold ("SPOT" as a
    /// number), with the schema's name as its second key: instances on one schema
    /// take turns, those on others (tests) do not wait for each other.
    static let schemaLockKey: Int32 = 0x5350_4F54

    /// Runs `body` while holding the database's schema lock, which every process that
    /// migrates or seeds takes first: N instances (and the CLI) started at the same
    /// moment on one database then apply each migration once, one after another, and
    /// each finds the work of those before it done.
    ///
    /// PostgreSQL: a session advisory lock on a connection kept aside for the
    /// purpose; it is let go at the end, or by the server when the process dies.
    /// SQLite: an exclusive `flock` on `<database>.lock` beside the file, which the
    /// system also drops with the process. (SQLite's own write lock would block this
    /// process's writer, through which the migrations themselves run.)
    func withSchemaLock<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        switch location {
        case .postgres:
            return try await database.withConnection { connection in
                let sql = connection.sql
                try await sql.raw("SELECT pg_advisory_lock(\(bind: Self.schemaLockKey), hashtext(current_schema()))").run()
                do {
                    let result = try await body()
                    try await sql.raw("SELECT pg_advisory_unlock(\(bind: Self.schemaLockKey), hashtext(current_schema()))").run()
                    return result
                } catch {
                    _ = try? await sql.raw("SELECT pg_advisory_unlock(\(bind: Self.schemaLockKey), hashtext(current_schema()))").run()
                    throw error
                }
            }
        case .sqlite(let path):
            let lockPath = path + ".lock"
            if !FileManager.default.fileExists(atPath: lockPath) { _ = FileManager.default.createFile(atPath: lockPath, contents: nil) }
            guard let handle = FileHandle(forUpdatingAtPath: lockPath) else { throw StoreError.schemaLock(lockPath, errno) }
            defer { try? handle.close() }
            let descriptor = handle.fileDescriptor
            // flock waits in the kernel: on a thread of the pool, not a Swift task's.
            let locked = try await NIOThreadPool.singleton.runIfActive { flock(descriptor, LOCK_EX) }
            guard locked == 0 else { throw StoreError.schemaLock(lockPath, errno) }
            defer { flock(descriptor, LOCK_UN) }
            return try await body()
        }
    }
}
