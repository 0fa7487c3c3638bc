import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `body_metrics` (made by `M009CreateProgress`): its
/// columns, the row a measurement is written as and the measurement a row is read as.
enum BodyMetricRows: TableRows {
    static let table = "body_metrics"
    /// The columns, in the order of `values`.
    static let columns = [
        "id", "user_id", "day", "body_weight_value", "body_weight_unit", "body_fat_percent", "note", "updated_at",
    ]

    static func values(_ m: BodyMetric, userID: UUID) -> [RowValue] {
        [
            .uuid(m.id), .uuid(userID), .text(m.day), .double(m.bodyWeight?.value), .name(m.bodyWeight?.unit.rawValue),
            .double(m.bodyFatPercent), .text(m.note), .time(m.updatedAt),
        ]
    }

    static func metric(_ row: any SQLRow) throws -> BodyMetric {
        BodyMetric(
            id: try row.decode(column: "id", as: UUID.self), day: try row.decode(column: "day", as: String.self),
            bodyWeight: try row.mass(value: "body_weight_value", unit: "body_weight_unit"),
            bodyFatPercent: try row.optional("body_fat_percent"), note: try row.decode(column: "note", as: String.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self))
    }

    static func insert(_ metrics: [BodyMetric], userID: UUID, on db: any Database) async throws {
        try await insert(rows: metrics.map { values($0, userID: userID) }, on: db)
    }
}
