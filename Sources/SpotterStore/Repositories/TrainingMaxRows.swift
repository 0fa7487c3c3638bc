import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `training_maxes` (made by `M019CreateTrainingMaxes`):
/// its columns, the row a training max is written as and the max a row is read as.
enum TrainingMaxRows: TableRows {
    static let table = "training_maxes"
    /// The columns, in the order of `values`.
    static let columns = ["id", "user_id", "exercise_id", "weight_value", "weight_unit", "day", "source", "created_at"]

    static func values(_ m: TrainingMax, userID: UUID) -> [RowValue] {
        [
            .uuid(m.id), .uuid(userID), .uuid(m.exerciseID), .double(m.weight.value), .name(m.weight.unit.rawValue),
            .text(m.day), .name(m.source.rawValue), .time(m.createdAt),
        ]
    }

    static func max(_ row: any SQLRow) throws -> TrainingMax {
        let unit = MassUnit(rawValue: try row.decode(column: "weight_unit", as: String.self)) ?? .kg
        let weight = Mass(try row.decode(column: "weight_value", as: Double.self), unit)
        let source = try row.decode(column: "source", as: String.self)
        return TrainingMax(
            id: try row.decode(column: "id", as: UUID.self), exerciseID: try row.decode(column: "exercise_id", as: UUID.self),
            weight: weight, day: try row.decode(column: "day", as: String.self),
            source: TrainingMax.Source(rawValue: source) ?? .typed,
            createdAt: try row.decode(column: "created_at", as: Date.self))
    }

    static func insert(_ maxes: [TrainingMax], userID: UUID, on db: any Database) async throws {
        try await insert(rows: maxes.map { values($0, userID: userID) }, on: db)
    }
}
