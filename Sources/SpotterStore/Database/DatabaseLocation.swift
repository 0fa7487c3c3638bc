import Foundation

/// Where the data lives: an embedded SQLite file (the default) or a PostgreSQL server.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    /// A `postgres://user:password@host:port/database` URL, and an optional schema to
    /// work in (tests use one schema each).
    case postgres(url: String, schema: String? = nil)

    /// The SQLite file inside a data directory.
    public static func sqlite(dataDirectory: URL) -> DatabaseLocation {
        .sqlite(path: dataDirectory.appendingPathComponent("spotter.sqlite").path)
    }

    /// Reads `--database-url`: `postgres://` and `postgresql://` URLs go to PostgreSQL,
    /// `sqlite:PATH` to a SQLite file.
    public static func parse(url: String) throws -> DatabaseLocation {
        let lower = url.lowercased()
        if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") {
            return .postgres(url: url)
        }
        if lower.hasPrefix("sqlite:") {
            let path = String(url.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw StoreError.badDatabaseURL(url) }
            return .sqlite(path: path)
        }
        throw StoreError.badDatabaseURL(url)
    }

    /// Says where the data is without printing a password.
    public var description: String {
        switch self {
        case .sqlite(let path): return "SQLite at \(path)"
        case .postgres(let url, _):
            guard var components = URLComponents(string: url) else { return "PostgreSQL" }
            if components.password != nil { components.password = "***" }
            return "PostgreSQL at \(components.string ?? "?")"
        }
    }
}

/// Failures of the store itself, as opposed to a user's bad input.
public enum StoreError: Error, CustomStringConvertible {
    case badDatabaseURL(String)
    case pragmaNotApplied(String)
    case catalogMissing
    /// A backup or restore that would lose data, or cannot go ahead; says what to do.
    case refused(String)
    /// The database stayed locked by another writer (the CLI, another process) past the
    /// busy timeout: nothing was written, and the same write may succeed in a moment.
    case busy
    /// The lock file that keeps migrations of several processes apart could not be used.
    case schemaLock(String, Int32)

    public var description: String {
        switch self {
        case .badDatabaseURL(let url):
            "The database URL \(url) is not understood: use postgres://user:password@host:5432/database or sqlite:PATH."
        case .pragmaNotApplied(let detail): "SQLite refused a setting: \(detail)"
        case .catalogMissing: "The exercise catalog is missing from the program's resources."
        case .refused(let message): message
        case .schemaLock(let path, let code):
            "The lock file \(path) could not be opened or locked (error \(code)): check that the data folder is writable."
        case .busy:
            "The database is busy with another change (an import, a backup). Nothing was saved; try again in a few seconds."
        }
    }
}
