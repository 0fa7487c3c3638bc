import CoreMetrics
import Foundation

/// What the store reports through swift-metrics: the server exports it at `/metrics`
/// when it is turned on; otherwise swift-metrics' default backend drops it all.
public enum StoreMetrics {
    static let sqliteTransactions = Timer(label: "spotter_db_transaction_duration_seconds", dimensions: [("engine", "sqlite")])
    static let postgresTransactions = Timer(
        label: "spotter_db_transaction_duration_seconds", dimensions: [("engine", "postgresql")])
    /// How many writes each group commit joined (SQLite).
    static let groupCommitBatch = Recorder(label: "spotter_group_commit_batch_size")
    static let signInHits = Counter(label: "spotter_sign_in_cache_lookups_total", dimensions: [("result", "hit")])
    static let signInMisses = Counter(label: "spotter_sign_in_cache_lookups_total", dimensions: [("result", "miss")])

    /// Makes the store's series now, at zero, so a scraper sees each of them before its
    /// first event (PostgreSQL never makes a group commit, say). Call it once the
    /// metrics backend is bootstrapped.
    public static func declare() {
        _ = (sqliteTransactions, postgresTransactions, groupCommitBatch, signInHits, signInMisses)
    }

    /// Times one write transaction, from asking for it to its commit or rollback.
    static func timed<T>(sqlite: Bool, _ body: () async throws -> T) async rethrows -> T {
        let started = DispatchTime.now().uptimeNanoseconds
        defer {
            let elapsed = Int64(DispatchTime.now().uptimeNanoseconds - started)
            (sqlite ? sqliteTransactions : postgresTransactions).recordNanoseconds(elapsed)
        }
        return try await body()
    }
}
