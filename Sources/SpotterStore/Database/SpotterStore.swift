import FluentKit
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import ServiceLifecycle

/// The database and everything that opens, migrates and closes it. Repositories
/// are made from it; it hands out Core values only.
public final class SpotterStore: Sendable {
    public let location: DatabaseLocation
    /// Every write goes here: the SQLite writer, or the PostgreSQL pool.
    let databases: Databases
    public let logger: Logger
    let eventLoopGroup: any EventLoopGroup
    /// SQLite only: read-only connections for the reads that every request makes.
    let readers: Readers?
    /// Batches the writes made on every set (see `GroupCommit`): on SQLite all of
    /// them, on PostgreSQL those to one workout.
    let groupCommit: GroupCommit?
    /// The event loop and threads the store made for SQLite, closed with it.
    private let owned: [any Sendable & ShutdownAsync]
    /// The built-in exercises in memory (see `CatalogSnapshot`).
    let catalog = CatalogSnapshot()
    /// The plans of played workouts, which never change once made.
    let guidedPlans = GuidedPlanCache()
    /// Who recent tokens and session cookies belong to (see `SignInCache`).
    let tokenOwners = SignInCache<TokenOwner>()
    let sessionOwners = SignInCache<SessionOwner>()
    /// Whether writes lately failed for a full disk or the like (`/ready` asks).
    public let storageStatus = StorageStatus()

    struct Readers: Sendable {
        let databases: Databases
        let eventLoopGroup: any EventLoopGroup
    }

    /// Opens the database at `location`. For SQLite the file's folder is created and
    /// every connection gets WAL, foreign keys, a busy timeout and full sync.
    ///
    /// SQLite lets one writer in at a time, and a transaction that read before it
    /// wrote fails outright (`SQLITE_BUSY_SNAPSHOT`) when another connection wrote in
    /// between. So the store writes through exactly one SQLite connection, with a
    /// thread of its own that also runs the writes' code (`InlineEventLoop`): writes
    /// queue for it without blocking a thread and no two transactions of this
    /// process ever race. The reads that
    /// every request makes (who is signed in, the workout on screen) go to read-only
    /// connections (`PRAGMA query_only`), which WAL lets run beside the writer, so
    /// they never wait for a write. Other processes (the CLI) are kept apart by
    /// `BEGIN IMMEDIATE` and the busy timeout (see `Database.writeTransaction`).
    ///
    /// `readerMap`: how much of the SQLite file each reader maps (`PRAGMA mmap_size`).
    /// A server keeps the default; a command that reads the history once (an import
    /// judging its marks) passes 0: mapped, the whole file it read stayed resident
    /// (171 of the 237 MB a 300,000-set import peaked at), for nothing afterwards.
    public static func open(
        _ location: DatabaseLocation, logger: Logger, readerMap: Int = SpotterStore.readerMapBytes
    ) async throws -> SpotterStore {
        let store: SpotterStore
        switch location {
        case .sqlite(let path):
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let writerThread = NIOThreadPool(numberOfThreads: 1)
            let writerLoop = InlineEventLoop(timers: MultiThreadedEventLoopGroup.singleton.next(), threads: writerThread)
            let readerThreads = NIOThreadPool(numberOfThreads: System.coreCount)
            writerThread.start()
            readerThreads.start()
            let writer = Databases(threadPool: writerThread, on: writerLoop)
            writer.use(.sqlite(.file(path), connectionPoolTimeout: .seconds(60), sqlLogLevel: .trace), as: .sqlite)
            // One reader connection per loop of the shared group.
            let readers = Databases(threadPool: readerThreads, on: MultiThreadedEventLoopGroup.singleton)
            readers.use(.sqlite(.file(path), connectionPoolTimeout: .seconds(60), sqlLogLevel: .trace), as: .sqlite)
            store = SpotterStore(
                location: location, databases: writer, logger: logger, eventLoopGroup: writerLoop,
                readers: Readers(databases: readers, eventLoopGroup: MultiThreadedEventLoopGroup.singleton),
                groupCommit: GroupCommit(loop: writerLoop, database: { writer.database(logger: logger, on: writerLoop)! }),
                owned: [writerThread, readerThreads])
        case .postgres(let url, let schema):
            let databases = Databases(threadPool: NIOThreadPool.singleton, on: MultiThreadedEventLoopGroup.singleton)
            var configuration = try SQLPostgresConfiguration(url: url)
            if let schema { configuration.searchPath = [schema] }
            // Prepared statements (see `PreparedQuery`) keep one plan instead of
            // planning again on each run; unnamed statements are not affected.
            configuration.coreConfiguration.options.additionalStartupParameters.append(("plan_cache_mode", "force_generic_plan"))
            databases.use(
                .postgres(
                    configuration: configuration, maxConnectionsPerEventLoop: 4, connectionPoolTimeout: .seconds(60),
                    encodingContext: .default, sqlLogLevel: .trace),
                as: .psql)
            store = SpotterStore(
                location: location, databases: databases, logger: logger, eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
                readers: nil,
                groupCommit: GroupCommit(
                    loop: MultiThreadedEventLoopGroup.singleton.next(), perWorkout: true,
                    database: { databases.database(logger: logger, on: MultiThreadedEventLoopGroup.singleton.any())! }),
                owned: [])
        }
        do {
            try await store.configureConnections(readerMap: readerMap)
        } catch {
            await store.shutdown()
            throw error
        }
        return store
    }

    private init(
        location: DatabaseLocation, databases: Databases, logger: Logger, eventLoopGroup: any EventLoopGroup, readers: Readers?,
        groupCommit: GroupCommit?, owned: [any Sendable & ShutdownAsync]
    ) {
        self.location = location
        self.databases = databases
        self.logger = logger
        self.eventLoopGroup = eventLoopGroup
        self.readers = readers
        self.groupCommit = groupCommit
        self.owned = owned
    }

    /// A database handle for one unit of work; every write goes through it.
    public var database: any Database {
        databases.database(logger: logger, on: eventLoopGroup.any())!
    }

    /// A handle for reads outside a write: on SQLite a read-only connection that
    /// never waits for the writer (and refuses to write), on PostgreSQL the pool.
    public var reader: any Database {
        guard let readers else { return database }
        return readers.databases.database(logger: logger, on: readers.eventLoopGroup.any())!
    }

    /// The writer as SQLKit sees it (tests and tools read and write plain SQL through it).
    public var sql: any SQLDatabase { database.sql }

    /// The database engine in use.
    public var isSQLite: Bool {
        if case .sqlite = location { return true }
        return false
    }

    /// Closes every connection.
    public func shutdown() async {
        await readers?.databases.shutdownAsync()
        await databases.shutdownAsync()
        for resource in owned { try? await resource.shutdownGracefully() }
    }

    /// Every SQLite connection: the writer, then one reader per loop of the readers' group.
    private var sqliteConnections: [(db: any SQLDatabase, readOnly: Bool)] {
        var connections = eventLoopGroup.makeIterator().map { loop in
            (databases.database(.sqlite, logger: logger, on: loop)!.sql, false)
        }
        if let readers {
            connections += readers.eventLoopGroup.makeIterator().map { loop in
                (readers.databases.database(.sqlite, logger: logger, on: loop)!.sql, true)
            }
        }
        return connections
    }

    /// sqlite-nio has no per-connection hook, and Fluent keeps its SQLite
    /// connections (one per event loop) for the life of the pool, so the settings
    /// are applied to each of them once, here, before anything else runs. The
    /// writer comes first: it turns the file to WAL, which the readers then share.
    private func configureConnections(readerMap: Int) async throws {
        guard isSQLite else { return }
        for (db, readOnly) in sqliteConnections {
            if !readOnly {
                try await db.raw("PRAGMA journal_mode = WAL").run()
                // A part of an import (2,000 sets with their index entries) outgrows
                // SQLite's 2 MB page cache and would spill dirty pages mid-transaction,
                // then read them back; up to 16 MB is kept instead (64 MB was no faster
                // for imports written in parts, and held 48 MB more for good). Statement
                // journals (multi-row inserts inside a transaction) go to memory rather
                // than temp files.
                try await db.raw("PRAGMA cache_size = -16384").run()
                try await db.raw("PRAGMA temp_store = MEMORY").run()
            }
            if readOnly {
                // Readers see the file through the memory map: their page caches
                // (2 MB each) are emptied whenever the writer commits, and a page read
                // past them was a pread(2) and a copy (13% of the exercise page of a
                // lifter with ten years of training). Mapped pages are the kernel's
                // own cache, shared by every connection, and stay valid across commits.
                try await db.raw("PRAGMA mmap_size = \(unsafeRaw: String(readerMap))").run()
            }
            try await db.raw("PRAGMA synchronous = FULL").run()
            try await db.raw("PRAGMA foreign_keys = ON").run()
            try await db.raw("PRAGMA busy_timeout = 10000").run()
            try await db.raw(readOnly ? "PRAGMA query_only = ON" : "PRAGMA query_only = OFF").run()
        }
    }

    /// How much of the database file a server's reader maps (1 GiB; the rest is read as usual).
    public static let readerMapBytes = 1 << 30

    /// The SQLite settings of every connection, writer first, for checks.
    public func sqlitePragmas() async throws -> [[String: Int]] {
        var result: [[String: Int]] = []
        for (db, _) in sqliteConnections {
            var values: [String: Int] = [:]
            for name in ["synchronous", "foreign_keys", "busy_timeout", "query_only", "mmap_size"] {
                // The answer's column is not always named after the pragma (busy_timeout answers "timeout").
                if let row = try await db.raw(SQLQueryString(stringLiteral: "PRAGMA \(name)")).first(),
                    let column = row.allColumns.first
                {
                    values[name] = try row.decode(column: column, as: Int.self)
                }
            }
            let mode = try await db.raw("PRAGMA journal_mode").first()?.decode(column: "journal_mode", as: String.self)
            values["wal"] = mode?.lowercased() == "wal" ? 1 : 0
            result.append(values)
        }
        return result
    }
}

/// What the store shuts down of its own: event loops and thread pools.
protocol ShutdownAsync {
    func shutdownGracefully() async throws
}

extension MultiThreadedEventLoopGroup: ShutdownAsync {}
extension NIOThreadPool: ShutdownAsync {}

/// Lets the server run the store with the rest of its services: it listens for other
/// instances' sign-in changes meanwhile (PostgreSQL), and at shutdown, which comes
/// after the HTTP server has finished the requests in flight, it commits what the
/// group commit still holds before closing the database.
extension SpotterStore: Service {
    public func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.listenForSignInChanges() }
            try? await gracefulShutdown()
            group.cancelAll()
        }
        await groupCommit?.idle()
        await shutdown()
    }
}
