import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// "Merge into…": one of the lifter's own exercises joins another (an imported
/// "Squat" into the library's "Squat (Barbell)"), so one lift has one history. Every
/// entry of every workout, the workout in progress too, and every template row moves,
/// the remembered rest moves unless the other has one, records are judged again over
/// the joined history, and the merged exercise is deleted (archived if anything
/// still used it). One transaction; the API and the page call the same methods.
public struct ExerciseMergeService: Sendable {
    let store: SpotterStore

    public init(store: SpotterStore) {
        self.store = store
    }

    var exercises: ExerciseRepository { ExerciseRepository(store: store) }

    /// What a merge would move, for the confirmation.
    public struct Plan: Sendable, Equatable {
        public let source: Exercise
        public let target: Exercise
        /// The sets of `source` in the lifter's workouts, done or not.
        public let sets: Int
        public let usage: ExerciseUsage
    }

    /// What a merge did.
    public struct Outcome: Sendable, Equatable {
        public let plan: Plan
        /// The merged exercise was deleted (else archived), and its image with it.
        public let deleted: Bool
        /// The image the caller removes from storage, if the exercise had one.
        public let removedImage: StoredImage?
    }

    /// The lifter's own exercise `sourceID`: another user's is not found, a built-in one
    /// is refused (403), as for any change.
    public func source(_ sourceID: UUID, userID: UUID) async throws -> Exercise {
        guard let source = try await exercises.find(id: sourceID, userID: userID) else {
            throw SpotterError.notFound("The exercise")
        }
        guard source.ownerID == userID else {
            throw SpotterError.forbidden("Built-in exercises cannot be merged. You can merge only exercises you made.")
        }
        return source
    }

    /// The exercises to offer for `source`: with nothing typed, those whose names share
    /// a word with it (`ExerciseMerge.candidates`); else the library's search, less
    /// those it can't be merged into.
    public func candidates(for source: Exercise, search: String, userID: UUID) async throws -> [Exercise] {
        let query = search.trimmingCharacters(in: .whitespaces)
        if query.isEmpty {
            return ExerciseMerge.candidates(for: source, in: try await exercises.list(userID: userID))
        }
        return try await exercises.list(userID: userID, filter: ExerciseFilter(search: query))
            .filter { (try? ExerciseMerge.check(source, into: $0)) != nil }
            .prefix(ExerciseMerge.offered * 4).map { $0 }
    }

    /// What merging `sourceID` into `targetID` would move, or why it can't be done
    /// (400 naming `into`).
    public func plan(_ sourceID: UUID, into targetID: UUID, userID: UUID) async throws -> Plan {
        let source = try await source(sourceID, userID: userID)
        guard let target = try await exercises.find(id: targetID, userID: userID) else {
            throw SpotterError.invalid(field: "into", "The exercise to merge into was not found. Pick one from your library.")
        }
        do { try ExerciseMerge.check(source, into: target) } catch { throw SpotterError.invalid(error) }
        return Plan(
            source: source, target: target, sets: try await setCount(of: sourceID, userID: userID, on: store.database),
            usage: try await exercises.usage(of: sourceID, userID: userID))
    }

    /// Merges `sourceID` into `targetID` in one transaction.
    public func merge(_ sourceID: UUID, into targetID: UUID, userID: UUID, now: Date) async throws -> Outcome {
        let plan = try await plan(sourceID, into: targetID, userID: userID)
        let deleted = try await store.database.writeTransaction { tx in
            try await WorkoutRows.lockUser(userID, on: tx)
            // Gone or changed since it was checked (another tab merged it): not found.
            guard
                try await ExerciseRows.exercises(where: "x.id = \(bind: sourceID) AND x.user_id = \(bind: userID)", on: tx).first
                    != nil
            else {
                throw SpotterError.notFound("The exercise")
            }
            try await Self.moveUses(of: sourceID, to: targetID, userID: userID, on: tx)
            try await ProgressRows.refresh(userID: userID, exerciseIDs: [targetID], on: tx)
            let stillUsed =
                try await tx.sql.raw(
                    """
                    SELECT 1 AS used FROM exercise_entries WHERE user_id = \(bind: userID) AND exercise_id = \(bind: sourceID) \
                    UNION ALL SELECT 1 AS used FROM template_exercises WHERE user_id = \(bind: userID) AND exercise_id = \(bind: sourceID)
                    """
                ).first() != nil
            if stillUsed {
                var archived = plan.source
                archived.archived = true
                archived.updatedAt = now
                try await ExerciseRows.save(archived, only: ExerciseRows.archiveColumns, on: tx)
                try await tx.sql.raw(
                    "DELETE FROM exercise_records WHERE user_id = \(bind: userID) AND exercise_id = \(bind: sourceID)"
                ).run()
                return false
            }
            try await tx.sql.raw("DELETE FROM exercises WHERE id = \(bind: sourceID) AND user_id = \(bind: userID)").run()
            return true
        }
        return Outcome(plan: plan, deleted: deleted, removedImage: deleted ? plan.source.image : nil)
    }

    /// Points every use of `sourceID` at `targetID`: workout entries, template rows, training maxes,
    /// the remembered rest (unless the target has one) and a pending judgement.
    static func moveUses(of sourceID: UUID, to targetID: UUID, userID: UUID, on tx: any Database) async throws {
        for table in ["exercise_entries", "template_exercises", "training_maxes"] {
            try await tx.sql.raw(
                """
                UPDATE \(ident: table) SET exercise_id = \(bind: targetID) WHERE user_id = \(bind: userID) AND exercise_id = \(bind: sourceID)
                """
            ).run()
        }
        for table in ["exercise_rests", "unjudged_exercises"] {
            try await tx.sql.raw(
                """
                UPDATE \(ident: table) SET exercise_id = \(bind: targetID) WHERE user_id = \(bind: userID) AND exercise_id = \(bind: sourceID) \
                AND NOT EXISTS (SELECT 1 FROM \(ident: table) t WHERE t.user_id = \(bind: userID) AND t.exercise_id = \(bind: targetID))
                """
            ).run()
            try await tx.sql.raw(
                "DELETE FROM \(ident: table) WHERE user_id = \(bind: userID) AND exercise_id = \(bind: sourceID)"
            ).run()
        }
    }

    private func setCount(of exerciseID: UUID, userID: UUID, on db: any Database) async throws -> Int {
        try await db.sql.raw(
            """
            SELECT COUNT(*) AS sets FROM workout_sets s JOIN exercise_entries e ON e.id = s.entry_id \
            WHERE e.user_id = \(bind: userID) AND e.exercise_id = \(bind: exerciseID)
            """
        ).first()?.decode(column: "sets", as: Int.self) ?? 0
    }
}
