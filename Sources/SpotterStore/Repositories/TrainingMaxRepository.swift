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
        query += " ORDER BY t.day DESC, t.created_at DESC, t.id DESC"
        return try await reads.sql.raw(query).all().map(TrainingMaxRows.max)
    }

    public func find(id: UUID, userID: UUID) async throws -> TrainingMax? {
        try await reads.sql.raw(
            "SELECT t.* FROM training_maxes t WHERE t.id = \(bind: id) AND t.user_id = \(bind: userID)"
        ).first().map(TrainingMaxRows.max)
    }

    /// Keeps a max under its id, for an exercise the lifter can see (the built-in
    /// catalog or their own): a new one (true), or a change of the lifter's own with
    /// that id, which keeps when it was first saved (false). Another lifter's id is
    /// refused as taken.
    @discardableResult
    public func put(_ max: TrainingMax, userID: UUID) async throws -> Bool {
        // Two PUTs of one new id at once (a retry while the first still runs) can both
        // find no row on PostgreSQL; the second insert then fails the key, and once more
        // it finds the first one's row and answers as a change of it.
        do { return try await write(max, userID: userID) } catch let error as any DatabaseError where error.isConstraintFailure {
            return try await write(max, userID: userID)
        }
    }

    private func write(_ max: TrainingMax, userID: UUID) async throws -> Bool {
        try await db.writeTransaction { tx in
            let sql = tx.sql
            guard
                try await sql.raw(
                    "SELECT x.id FROM exercises x WHERE x.id = \(bind: max.exerciseID) AND " + ExerciseRows.visible(to: userID)
                ).first() != nil
            else { throw SpotterError.notFound("The exercise") }
            guard let owner = try await sql.raw("SELECT t.user_id FROM training_maxes t WHERE t.id = \(bind: max.id)").first()
            else {
                try await TrainingMaxRows.insert([max], userID: userID, on: tx)
                return true
            }
            guard try owner.decode(column: "user_id", as: UUID.self) == userID else { throw SpotterError.idInUse }
            let values = TrainingMaxRows.values(max, userID: userID)
            try await sql.raw(
                """
                UPDATE training_maxes SET \(TrainingMaxRows.assignments(values, except: ["id", "user_id", "created_at"])) \
                WHERE id = \(bind: max.id) AND user_id = \(bind: userID)
                """
            ).run()
            return false
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
