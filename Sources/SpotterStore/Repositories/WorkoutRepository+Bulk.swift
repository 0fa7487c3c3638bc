import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// One finished workout of a bulk load (an import, made-up history).
public struct FinishedWorkout: Sendable {
    public var workout: Workout
    /// Where it came from, for imports (see `M010CreateImportKeys`): a workout whose
    /// key the lifter already has is left out.
    public var importKey: String?

    public init(_ workout: Workout, importKey: String? = nil) {
        self.workout = workout
        self.importKey = importKey
    }
}

/// What a bulk load added.
public struct BulkOutcome: Sendable, Equatable {
    public var workouts = 0
    public var sets = 0
    /// The custom exercises it created: those the added workouts use.
    public var newExercises = 0
    /// Workouts left out because the lifter already had their import key.
    public var alreadyThere = 0

    public init() {}
}

extension WorkoutRepository {
    /// Adds finished workouts in bulk (made-up history, tests): `addFinished(next:)`
    /// in one part.
    public func addFinished(_ workouts: [Workout], userID: UUID, now: Date) async throws {
        var remaining = workouts.makeIterator()
        _ = try await addFinished(
            next: { remaining.next().map { FinishedWorkout($0) } }, userID: userID, now: now, setsPerChunk: .max)
    }

    /// Which of these import keys the lifter's workouts already carry.
    public func importKeys(_ keys: [String], userID: UUID) async throws -> Set<String> {
        try await Self.importKeys(keys, userID: userID, on: reads)
    }

    static func importKeys(_ keys: [String], userID: UUID, on db: any Database) async throws -> Set<String> {
        var found = Set<String>()
        for chunk in keys.chunked(by: 500) {
            let rows = try await db.sql.raw(
                """
                SELECT import_key FROM workouts WHERE user_id = \(bind: userID) AND import_key IN (\(binds: Array(chunk)))
                """
            ).all()
            for row in rows { found.insert(try row.decode(column: "import_key", as: String.self)) }
        }
        return found
    }
}

extension WorkoutRepository {
    /// Sets written per transaction by `addFinishedInChunks`: a fraction of a second of
    /// writing, so a lifter's set waits at most that long behind an import.
    public static let setsPerImportChunk = 2_000

    /// Adds the finished workouts `next` gives until it gives nil, in short
    /// transactions of about `setsPerChunk` sets each, so other writers (lifters
    /// logging sets while a big import runs from the CLI) get in between them instead
    /// of waiting for the whole load; memory holds one part, never the whole load.
    /// `newExercises` are the custom exercises the workouts may use: each is created
    /// with the first part that uses it. The parts are written without record marks;
    /// the marks and bests are then judged once on a reader (streaming the history)
    /// and written in a last short transaction with the weekly counts, judging again
    /// under the lock only if someone changed these exercises' history meanwhile.
    /// Still all or nothing: when anything fails, the workouts and exercises the
    /// earlier parts added are taken out again and the error is thrown. If the process
    /// dies between parts, importing the same file again adds just the rest (import
    /// keys), so nothing is added twice.
    public func addFinished(
        next: () throws -> FinishedWorkout?, newExercises: [UUID: ValidExerciseDraft] = [:], userID: UUID, now: Date,
        setsPerChunk: Int = WorkoutRepository.setsPerImportChunk
    ) async throws -> BulkOutcome {
        var outcome = BulkOutcome()
        var added: [UUID] = []
        var touched = Set<UUID>()
        var created = Set<UUID>()
        var part: [FinishedWorkout] = []
        var partSets = 0
        do {
            var item = try next()
            while item != nil || !part.isEmpty {
                if let current = item, part.isEmpty || partSets + current.workout.allSets.count <= setsPerChunk {
                    precondition(current.workout.endedAt != nil, "only finished workouts are added in bulk")
                    part.append(current)
                    partSets += current.workout.allSets.count
                    item = try next()
                    continue
                }
                // The part is full (a workout is never split), or the input ended.
                let written = try await addPart(part, newExercises: newExercises, created: created, userID: userID, now: now)
                outcome.alreadyThere += part.count - written.count
                for workout in written {
                    added.append(workout.id)
                    outcome.workouts += 1
                    outcome.sets += workout.allSets.count
                    touched.formUnion(workout.entries.map(\.exerciseID))
                }
                created.formUnion(newExercises.keys.filter(touched.contains))
                (part, partSets) = ([], 0)
            }
            outcome.newExercises = created.count
            guard !added.isEmpty else { return outcome }
            let judged = try await ProgressRows.judge(userID: userID, exerciseIDs: touched, on: reads)
            try await db.writeTransaction { [touched] tx in
                // What was judged holds unless someone changed these exercises' history meanwhile
                // (the lifter logging during their own import): then everything is judged again.
                if try await ProgressRows.storedSetCount(userID: userID, exerciseIDs: touched, on: tx) == judged.storedSets {
                    try await ProgressRows.apply(judged, userID: userID, exerciseIDs: touched, on: tx)
                } else {
                    try await ProgressRows.refresh(userID: userID, exerciseIDs: touched, on: tx)
                }
                try await ProgressRows.rebuildWeeks(userID: userID, on: tx)
                try await Self.clearUnjudged(touched, userID: userID, on: tx)
            }
        } catch {
            if !added.isEmpty || !created.isEmpty {
                try await takeBack(added, exercises: created, touched: touched, userID: userID)
            }
            throw error
        }
        return outcome
    }

    /// Writes one part in one transaction: the workouts whose import key the lifter
    /// does not have yet, after the new exercises they use that no earlier part
    /// created. Returns the workouts written.
    func addPart(
        _ part: [FinishedWorkout], newExercises: [UUID: ValidExerciseDraft], created: Set<UUID>, userID: UUID, now: Date
    ) async throws -> [Workout] {
        try await db.writeTransaction { tx in
            // Checked inside: two imports of one file at once add it once.
            let known = try await Self.importKeys(part.compactMap(\.importKey), userID: userID, on: tx)
            let workouts = part.filter { $0.importKey.map { !known.contains($0) } ?? true }.map(\.workout)
            guard !workouts.isEmpty else { return [] }
            let needed = Set(workouts.flatMap { $0.entries.map(\.exerciseID) })
            let importKeys = Dictionary(
                uniqueKeysWithValues: part.compactMap { item in item.importKey.map { (item.workout.id, $0) } })
            do {
                for (id, exercise) in newExercises where needed.contains(id) && !created.contains(id) {
                    try await ExerciseRows.insert(
                        [Exercise(custom: exercise, id: id, ownerID: userID, now: now)], on: tx)
                }
                try await WorkoutRows.insertUnjudged(workouts, importKeys: importKeys, userID: userID, now: now, on: tx)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw SpotterError.idInUse
            }
            try await Self.markUnjudged(needed, userID: userID, on: tx)
            return workouts
        }
    }

    /// Removes what a failed bulk load added, in one transaction, and computes the
    /// records and weekly counts of what is left again.
    private func takeBack(_ workouts: [UUID], exercises: Set<UUID>, touched: Set<UUID>, userID: UUID) async throws {
        try await db.writeTransaction { tx in
            let sql = tx.sql
            for chunk in workouts.chunked(by: 500) {
                try await sql.raw("DELETE FROM workouts WHERE user_id = \(bind: userID) AND id IN (\(binds: Array(chunk)))").run()
            }
            // Records first (the new exercises' are cleared with their last sets), then the exercises.
            try await ProgressRows.refresh(userID: userID, exerciseIDs: touched, on: tx)
            for chunk in Array(exercises).chunked(by: 500) {
                try await sql.raw("DELETE FROM exercises WHERE user_id = \(bind: userID) AND id IN (\(binds: Array(chunk)))")
                    .run()
            }
            try await ProgressRows.rebuildWeeks(userID: userID, on: tx)
            try await Self.clearUnjudged(touched, userID: userID, on: tx)
        }
    }
}

extension WorkoutRepository {
    /// Notes, in a part's transaction, that these exercises have sets whose marks
    /// are not judged yet (see `M011CreateUnjudgedExercises`).
    static func markUnjudged(_ exerciseIDs: Set<UUID>, userID: UUID, on db: any Database) async throws {
        for chunk in Array(exerciseIDs).chunked(by: 300) {
            let tuples = chunk.map { "(\(bind: UUID()), \(bind: userID), \(bind: $0))" as SQLQueryString }
            try await db.sql.raw(
                """
                INSERT INTO unjudged_exercises (id, user_id, exercise_id) VALUES \(tuples.joined(separator: ", ")) \
                ON CONFLICT (user_id, exercise_id) DO NOTHING
                """
            ).run()
        }
    }

    static func clearUnjudged(_ exerciseIDs: Set<UUID>, userID: UUID, on db: any Database) async throws {
        for chunk in Array(exerciseIDs).chunked(by: 500) {
            try await db.sql.raw(
                """
                DELETE FROM unjudged_exercises WHERE user_id = \(bind: userID) AND exercise_id IN (\(binds: Array(chunk)))
                """
            ).run()
        }
    }

    /// Judges what bulk loads left unjudged when their process died between writing
    /// their parts and judging them: the record marks and bests of those exercises and
    /// the lifters' weekly counts, one lifter per transaction. Run when a server or an
    /// import starts; returns how many lifters it settled.
    @discardableResult
    public func finishInterruptedLoads() async throws -> Int {
        let rows = try await reads.sql.raw("SELECT user_id, exercise_id FROM unjudged_exercises").all()
        var byUser: [UUID: Set<UUID>] = [:]
        for row in rows {
            byUser[try row.decode(column: "user_id", as: UUID.self), default: []].insert(
                try row.decode(column: "exercise_id", as: UUID.self))
        }
        for (userID, exerciseIDs) in byUser {
            try await db.writeTransaction { tx in
                try await ProgressRows.refresh(userID: userID, exerciseIDs: exerciseIDs, on: tx)
                try await ProgressRows.rebuildWeeks(userID: userID, on: tx)
                try await Self.clearUnjudged(exerciseIDs, userID: userID, on: tx)
            }
        }
        return byUser.count
    }
}
