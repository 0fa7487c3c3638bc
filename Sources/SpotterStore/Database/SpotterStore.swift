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
    let databases: Databases
    let logger: Logger
    let eventLoopGroup: any EventLoopGroup
    /// The built-in exercises in memory (see `CatalogSnapshot`).
    let catalog = CatalogSnapshot()

    /// Opens the database at `location`. For SQLite the file's folder is created and
    /// the connection gets WAL, foreign keys, a busy timeout and full sync.
    ///
    /// SQLite lets one writer in at a time, and a transaction that read before it
    /// wrote fails outright (`SQLITE_BUSY_SNAPSHOT`) when another connection wrote in
    /// between. So the store keeps exactly one SQLite connection, on an event loop and
    /// a thread of its own: work queues for it without blocking a thread, no two
    /// transactions of this process ever race, and bcrypt on the shared thread pool
    /// never holds up a query. Other processes (the CLI) are kept apart by
    /// `BEGIN IMMEDIATE` and the busy timeout (see `Database.writeTransaction`).
    public static func open(_ location: DatabaseLocation, logger: Logger) async throws -> SpotterStore {
        let resources: OwnedResources?
        let databases: Databases
        let group: any EventLoopGroup
        switch location {
        case .sqlite(let path):
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let owned = OwnedResources(loop: MultiThreadedEventLoopGroup(numberOfThreads: 1), threads: NIOThreadPool(numberOfThreads: 1))
            owned.threads.start()
            resources = owned
            group = owned.loop
            databases = Databases(threadPool: owned.threads, on: group)
            databases.use(
                .sqlite(.file(path), connectionPoolTimeout: .seconds(60), sqlLogLevel: .trace),
                as: .sqlite)
        case .postgres(let url, let schema):
            resources = nil
            group = MultiThreadedEventLoopGroup.singleton
            databases = Databases(threadPool: NIOThreadPool.singleton, on: group)
            var configuration = try SQLPostgresConfiguration(url: url)
            if let schema { configuration.searchPath = [schema] }
            databases.use(
                .postgres(configuration: configuration, maxConnectionsPerEventLoop: 4, sqlLogLevel: .trace),
                as: .psql)
        }
        let store = SpotterStore(location: location, databases: databases, logger: logger, eventLoopGroup: group, owned: resources)
        do {
            try await store.configureConnections()
        } catch {
            await store.shutdown()
            throw error
        }
        return store
    }

    /// The event loop and thread the SQLite connection runs on, closed with the store.
    struct OwnedResources: Sendable {
        let loop: MultiThreadedEventLoopGroup
        let threads: NIOThreadPool
    }
    private let owned: OwnedResources?

    private init(location: DatabaseLocation, databases: Databases, logger: Logger, eventLoopGroup: any EventLoopGroup, owned: OwnedResources?) {
        self.location = location
        self.databases = databases
        self.logger = logger
        self.eventLoopGroup = eventLoopGroup
        self.owned = owned
    }

    /// A database handle for one unit of work.
    public var database: any Database {
        databases.database(logger: logger, on: eventLoopGroup.any())!
    }

    var sql: any SQLDatabase { database as! any SQLDatabase }

    /// The database engine in use.
    public var isSQLite: Bool {
        if case .sqlite = location { return true }
        return false
    }

    /// Closes every connection.
    public func shutdown() async {
        await databases.shutdownAsync()
        if let owned {
            try? await owned.loop.shutdownGracefully()
            try? await owned.threads.shutdownGracefully()
        }
    }

    /// sqlite-nio has no per-connection hook, and Fluent keeps its SQLite connection
    /// (one per event loop, and the store has one loop) for the life of the pool, so
    /// the settings are applied to it once, here, before anything else runs.
    private func configureConnections() async throws {
        guard isSQLite else { return }
        for loop in eventLoopGroup.makeIterator() {
            let db = databases.database(.sqlite, logger: logger, on: loop)! as! any SQLDatabase
            try await db.raw("PRAGMA journal_mode = WAL").run()
            try await db.raw("PRAGMA synchronous = FULL").run()
            try await db.raw("PRAGMA foreign_keys = ON").run()
            try await db.raw("PRAGMA busy_timeout = 10000").run()
        }
    }

    /// The SQLite settings of the connection behind every event loop, for checks.
    public func sqlitePragmas() async throws -> [[String: Int]] {
        var result: [[String: Int]] = []
        for loop in eventLoopGroup.makeIterator() {
            let db = databases.database(.sqlite, logger: logger, on: loop)! as! any SQLDatabase
            var values: [String: Int] = [:]
            for name in ["synchronous", "foreign_keys", "busy_timeout"] {
                // The answer's column is not always named after the pragma (busy_timeout answers "timeout").
                if let row = try await db.raw(SQLQueryString(stringLiteral: "PRAGMA \(name)")).first(), let column = row.allColumns.first {
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

/// Lets the server shut the store down with the rest of its services.
extension SpotterStore: Service {
    public func run() async throws {
        try? await gracefulShutdown()
        await shutdown()
    }
}
