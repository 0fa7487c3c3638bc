import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// Body weight and body fat by day.
public struct BodyMetricRepository: Sendable {
    let db: any Database
    let reads: any Database

    public init(store: SpotterStore) {
        db = store.database
        reads = store.reader
    }

    /// The lifter's measurements, newest day first (since `sinceDay`, "yyyy-MM-dd", when given).
    public func list(userID: UUID, sinceDay: String? = nil) async throws -> [BodyMetric] {
        var query: SQLQueryString = "SELECT m.* FROM body_metrics m WHERE m.user_id = \(bind: userID)"
        if let sinceDay { query += " AND m.day >= \(bind: sinceDay)" }
        query += " ORDER BY m.day DESC, m.updated_at DESC"
        return try await reads.sql.raw(query).all().map(BodyMetricRows.metric)
    }

    public func find(id: UUID, userID: UUID) async throws -> BodyMetric? {
        try await reads.sql.raw(
            "SELECT m.* FROM body_metrics m WHERE m.id = \(bind: id) AND m.user_id = \(bind: userID)"
        ).first().map(BodyMetricRows.metric)
    }

    /// Adds the measurement with the client's id, or changes it; another user's id is refused as taken.
    public func put(_ metric: BodyMetric, userID: UUID) async throws -> BodyMetric {
        try await db.writeTransaction { tx in
            let sql = tx.sql
            let owner = try await sql.raw("SELECT m.user_id FROM body_metrics m WHERE m.id = \(bind: metric.id)").first()
            if let owner {
                guard try owner.decode(column: "user_id", as: UUID.self) == userID else { throw SpotterError.idInUse }
                let values = BodyMetricRows.values(metric, userID: userID)
                try await sql.raw(
                    """
                    UPDATE body_metrics SET \(BodyMetricRows.assignments(values, except: ["id", "user_id"])) \
                    WHERE id = \(bind: metric.id)
                    """
                ).run()
            } else {
                try await BodyMetricRows.insert([metric], userID: userID, on: tx)
            }
        }
        return metric
    }

    public func delete(id: UUID, userID: UUID) async throws {
        try await db.writeTransaction { tx in
            let sql = tx.sql
            guard
                try await sql.raw(
                    "SELECT m.id FROM body_metrics m WHERE m.id = \(bind: id) AND m.user_id = \(bind: userID)"
                ).first() != nil
            else { throw SpotterError.notFound("The measurement") }
            try await sql.raw("DELETE FROM body_metrics WHERE id = \(bind: id) AND user_id = \(bind: userID)").run()
        }
    }
}
