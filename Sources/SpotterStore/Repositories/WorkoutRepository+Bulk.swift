import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// Finished workouts to add in one go (an import, or made-up history), with the
/// custom exercises they need.
public struct FinishedBatch: Sendable {
    public var workouts: [Workout]
    /// Per workout id: where it came from, for imports (see `M010CreateImportKeys`).
    /// A workout whose key the lifter already has is left out.
    public var importKeys: [UUID: String]
    /// Custom exercises to create first, with the ids the workouts use.
    public var newExercises: [(id: UUID, exercise: ValidExerciseDraft)]

    public init(workouts: [Workout], importKeys: [UUID: String] = [:], newExercises: [(id: UUID, exercise: ValidExerciseDraft)] = []) {
        self.workouts = workouts
        self.importKeys = importKeys
        self.newExercises = newExercises
    }
}

extension FinishedBatch {
    /// The workouts of `workouts` whose import key is not among `known` (those without one too).
    func notImported(_ workouts: [Workout], known: Set<String>) -> [Workout] {
        workouts.filter { importKeys[$0.id].map { !known.contains($0) } ?? true }
    }
}

extension WorkoutRepository {
    /// Adds finished workouts in bulk (made-up history, tests), with the records and
    /// weekly counts computed once for everything they touch: `addFinishedInChunks` in
    /// one part. Each workout must be finished and carry fresh ids.
    public func addFinished(_ workouts: [Workout], userID: UUID, now: Date) async throws {
        _ = try await addFinishedInChunks(FinishedBatch(workouts: workouts), userID: userID, now: now, setsPerChunk: .max)
    }

    /// Which of these import keys the lifter's workouts already carry.
    public func importKeys(_ keys: [String], userID: UUID) async throws -> Set<String> {
        try await Self.importKeys(keys, userID: userID, on: reads)
    }

    static func importKeys(_ keys: [String], userID: UUID, on db: any Database) async throws -> Set<String> {
        var found = Set<String>()
        for chunk in keys.chunked(by: 500) {
            let rows = try await (db as! any SQLDatabase).raw("""
                SELECT import_key FROM workouts WHERE user_id = \(bind: userID) AND import_key IN (\(binds: Array(chunk)))
                """).all()
            for row in rows { found.insert(try row.decode(column: "import_key", as: String.self)) }
        }
        return found
    }
}

extension WorkoutRepository {
    /// Sets written per transaction by `addFinishedInChunks`: a fraction of a second of
    /// writing, so a lifter's set waits at most that long behind an import.
    public static let setsPerImportChunk = 2_000

    /// Adds a large batch in short transactions of about `setsPerChunk` sets each, so
    /// other writers (lifters logging sets while a big import runs from the CLI) get in
    /// between them instead of waiting for the whole import. The record marks of the
    /// new sets are judged once, up front, on a reader; each part is then written with
    /// its marks, and a last short transaction writes the bests, any stored marks the
    /// import outranks and the weekly counts (judging everything again only if the
    /// history of these exercises changed meanwhile). Still all
    /// or nothing: when a part fails, the workouts and exercises the earlier parts added
    /// are taken out again and the error is thrown. If the process dies between parts,
    /// importing the same file again adds just the rest (import keys), so nothing is
    /// added twice.
    public func addFinishedInChunks(
        _ batch: FinishedBatch, userID: UUID, now: Date, setsPerChunk: Int = WorkoutRepository.setsPerImportChunk
    ) async throws -> [Workout] {
        precondition(batch.workouts.allSatisfy { $0.endedAt != nil }, "only finished workouts are added in bulk")
        let known = try await Self.importKeys(Array(batch.importKeys.values), userID: userID, on: reads)
        let fresh = batch.notImported(batch.workouts, known: known)
        guard !fresh.isEmpty else { return [] }
        let used = Set(fresh.flatMap { $0.entries.map(\.exerciseID) })
        var judged = try await ProgressRows.judge(userID: userID, exerciseIDs: used, adding: fresh, on: reads)
        let marked = judged.workouts
        judged.workouts = []
        var added: [Workout] = []
        var created = Set<UUID>()
        do {
            for chunk in Self.chunks(marked, setsPerChunk: setsPerChunk) {
                let (done, made) = try await db.writeTransaction { [created] tx in
                    // Checked again inside: two imports of one file at once add it once.
                    let known = try await Self.importKeys(chunk.compactMap { batch.importKeys[$0.id] }, userID: userID, on: tx)
                    let workouts = batch.notImported(chunk, known: known)
                    guard !workouts.isEmpty else { return ([Workout](), [UUID]()) }
                    // Only the new exercises these workouts use, and not made by an earlier part.
                    let needed = Set(workouts.flatMap { $0.entries.map(\.exerciseID) })
                    let exercises = batch.newExercises.filter { needed.contains($0.id) && !created.contains($0.id) }
                    do {
                        for (id, exercise) in exercises {
                            try await ExerciseRepository.customModel(id: id, userID: userID, valid: exercise, now: now).create(on: tx)
                        }
                        try await WorkoutRows.insertMarked(workouts, importKeys: batch.importKeys, userID: userID, now: now, on: tx)
                    } catch let error as any DatabaseError where error.isConstraintFailure {
                        throw SpotterError.idInUse
                    }
                    return (workouts, exercises.map(\.id))
                }
                added += done
                created.formUnion(made)
            }
            guard !added.isEmpty else { return [] }
            let addedSets = added.reduce(0) { $0 + $1.allSets.count }
            try await db.writeTransaction { [judged] tx in
                // What was judged holds unless someone changed these exercises' history meanwhile
                // (the lifter logging during their own import): then everything is judged again.
                if try await ProgressRows.storedSetCount(userID: userID, exerciseIDs: used, on: tx) == judged.storedSets + addedSets {
                    try await ProgressRows.apply(judged, userID: userID, exerciseIDs: used, on: tx)
                } else {
                    try await ProgressRows.refresh(userID: userID, exerciseIDs: used, on: tx)
                }
                try await ProgressRows.rebuildWeeks(userID: userID, on: tx)
            }
        } catch {
            if !added.isEmpty || !created.isEmpty {
                try await takeBack(added, exercises: created, userID: userID)
            }
            throw error
        }
        return added
    }

    /// Workouts in order, cut where a chunk would pass `setsPerChunk` sets (a workout is never split).
    static func chunks(_ workouts: [Workout], setsPerChunk: Int) -> [[Workout]] {
        var chunks: [[Workout]] = []
        var current: [Workout] = []
        var sets = 0
        for workout in workouts {
            let count = workout.allSets.count
            if !current.isEmpty, sets + count > setsPerChunk {
                chunks.append(current)
                current = []
                sets = 0
            }
            current.append(workout)
            sets += count
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    /// Removes what a failed chunked import added, in one transaction, and computes
    /// the records and weekly counts of what is left again.
    private func takeBack(_ workouts: [Workout], exercises: Set<UUID>, userID: UUID) async throws {
        let touched = Set(workouts.flatMap { $0.entries.map(\.exerciseID) })
        try await db.writeTransaction { tx in
            let sql = tx as! any SQLDatabase
            for chunk in workouts.map(\.id).chunked(by: 500) {
                try await sql.raw("DELETE FROM workouts WHERE user_id = \(bind: userID) AND id IN (\(binds: Array(chunk)))").run()
            }
            // Records first (the new exercises' are cleared with their last sets), then the exercises.
            try await ProgressRows.refresh(userID: userID, exerciseIDs: touched, on: tx)
            for chunk in Array(exercises).chunked(by: 500) {
                try await sql.raw("DELETE FROM exercises WHERE user_id = \(bind: userID) AND id IN (\(binds: Array(chunk)))").run()
            }
            try await ProgressRows.rebuildWeeks(userID: userID, on: tx)
        }
    }
}
