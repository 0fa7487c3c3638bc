import FluentKit
import Foundation
import NIOPosix
import PostgresKit
import SQLKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SpotterStore {
    /// The PostgreSQL advisory lock that migrations and seeding hold ("SPOT" as a
    /// number), with the schema's name (if one is set) as its second key.
    static let schemaLockKey: Int32 = 0x5350_4F54

    /// Runs `body` while holding the database's schema lock, which every process that
    /// migrates or seeds takes first: N instances (and the CLI) started at the same
    /// moment on one database then apply each migration once, one after another, and
    /// each finds the work of those before it done.
    ///
    /// PostgreSQL: a session advisory lock on a connection opened for the purpose,
    /// outside the pool; it is let go at the end, or by the server when the process dies.
    /// SQLite: an exclusive `flock` on `<database>.lock` beside the file, which the
    /// system also drops with the process. (SQLite's own write lock would block this
    /// process's writer, through which the migrations themselves run.)
    func withSchemaLock<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        switch location {
        case .postgres(let url, let schema):
            // A connection of its own, outside the pool: the migrations and the seeding
            // get the whole pool, and the lock goes with the connection if the process dies.
            let configuration = try SQLPostgresConfiguration(url: url)
            let connection = try await PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration.coreConfiguration, id: 0,
                logger: logger
            ).get()
            let key = Self.schemaLockKey
            // The schema names the lock: instances on one schema take turns, those on
            // others (tests, one schema each) do not wait for each other.
            let scope = schema ?? ""
            do {
                _ = try await connection.query("SELECT pg_advisory_lock(\(key), hashtext(\(scope)))", logger: logger)
                let result = try await body()
                _ = try? await connection.query("SELECT pg_advisory_unlock(\(key), hashtext(\(scope)))", logger: logger)
                try? await connection.close()
                return result
            } catch {
                try? await connection.close()
                throw error
            }
        case .sqlite(let path):
            let lockPath = path + ".lock"
            // open(2) with O_CREAT, not FileManager.createFile: that writes a new file
            // and renames it over the old one, so two processes starting together could
            // each lock a different file and migrate over each other.
            let descriptor = openLockFile(lockPath)
            guard descriptor >= 0 else { throw StoreError.schemaLock(lockPath, errno) }
            defer { closeLockFile(descriptor) }
            // flock waits in the kernel: on a thread of the pool, not a Swift task's.
            // errno is the pool thread's: it is read there.
            let failure = try await NIOThreadPool.singleton.runIfActive { flock(descriptor, LOCK_EX) == 0 ? 0 : errno }
            guard failure == 0 else { throw StoreError.schemaLock(lockPath, failure) }
            defer { flock(descriptor, LOCK_UN) }
            return try await body()
        }
    }
}

// The C calls by their module's name: `open` and `close` alone are taken inside the store.
#if canImport(Glibc)
    private func openLockFile(_ path: String) -> Int32 { Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) }
    private func closeLockFile(_ descriptor: Int32) { _ = Glibc.close(descriptor) }
#elseif canImport(Darwin)
    private func openLockFile(_ path: String) -> Int32 { Darwin.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) }
    private func closeLockFile(_ descriptor: Int32) { _ = Darwin.close(descriptor) }
#endif
