import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// Each lifter's training maxes, lift by lift, with their history.
public struct TrainingMaxRepository: Sendable {
    let db: any Database
    let reads: any Database

    public init(store: SpotterStore) {
        db = store.database
        reads = store.reader
    }

    /// The lifter's maxes of the given exercises (of every exercise when nil), newest first.
    public func list(userID: UUID, exerciseIDs: Set<UUID>? = nil) async throws -> [TrainingMax] {
        if let exerciseIDs, exerciseIDs.isEmpty { return [] }
        var query: SQLQueryString = "SELECT t.* FROM training_maxes t WHERE t.user_id = \(bind: userID)"
        if let exerciseIDs { query += " AND t.exercise_id IN (\(binds: Array(exerciseIDs)))" }
        query += " ORDER BY t.day DESC, t.created_at DESC"
        return try await reads.sql.raw(query).all().map(TrainingMaxRows.max)
    }

    public func find(id: UUID, userID: UUID) async throws -> TrainingMax? {
        try await reads.sql.raw(
            "SELECT t.* FROM training_maxes t WHERE t.id = \(bind: id) AND t.user_id = \(bind: userID)"
        ).first().map(TrainingMaxRows.max)
    }

    /// Keeps a new max, for an exercise the lifter can see (the built-in catalog or their own).
    public func add(_ max: TrainingMax, userID: UUID) async throws {
        try await db.writeTransaction { tx in
            guard
                try await tx.sql.raw(
                    "SELECT x.id FROM exercises x WHERE x.id = \(bind: max.exerciseID) AND " + ExerciseRows.visible(to: userID)
                ).first() != nil
            else { throw SpotterError.notFound("The exercise") }
            try await TrainingMaxRows.insert([max], userID: userID, on: tx)
        }
    }

    /// Removes one max of the lifter's; the one before it is in force again.
    public func delete(id: UUID, userID: UUID) async throws {
        try await db.writeTransaction { tx in
            guard
                try await tx.sql.raw(
                    "SELECT t.id FROM training_maxes t WHERE t.id = \(bind: id) AND t.user_id = \(bind: userID)"
                ).first() != nil
            else { throw SpotterError.notFound("The training max") }
            try await tx.sql.raw("DELETE FROM training_maxes WHERE id = \(bind: id) AND user_id = \(bind: userID)").run()
        }
    }
}
