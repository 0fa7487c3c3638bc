import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// A user's training programs, the one they follow, the weeks they skipped and the
/// workouts they did from them. Every query names the owner; another user's program
/// answers like a missing one. Each change is one transaction.
public struct ProgramRepository: Sendable {
    let db: any Database
    let reads: any Database

    public init(store: SpotterStore) {
        db = store.database
        reads = store.reader
    }

    // MARK: Reading

    /// The user's programs by name, archived ones only when asked.
    public func list(userID: UUID, includeArchived: Bool = false) async throws -> [TrainingProgram] {
        var condition: SQLQueryString = "p.user_id = \(bind: userID)"
        if !includeArchived { condition += " AND p.archived_at IS NULL" }
        return try await ProgramRows.programs(where: condition, on: reads)
    }

    public func find(id: UUID, userID: UUID) async throws -> TrainingProgram? {
        try await ProgramRows.programs(where: "p.id = \(bind: id) AND p.user_id = \(bind: userID)", on: reads).first
    }

    /// Whether any lifter has a program with this id (an id a client makes must be new).
    public func idTaken(_ id: UUID) async throws -> Bool {
        try await reads.sql.raw("SELECT id FROM programs WHERE id = \(bind: id)").first() != nil
    }

    /// The names the user's programs have, to make new names that do not clash.
    public func names(userID: UUID) async throws -> Set<NameKey> {
        try await takenNames(userID: userID, on: reads)
    }

    /// The names of the user's programs with a day on this template.
    public func names(usingTemplate templateID: UUID, userID: UUID) async throws -> [String] {
        try await Self.names(usingTemplate: templateID, userID: userID, on: reads)
    }

    static func names(usingTemplate templateID: UUID, userID: UUID, on db: any Database) async throws -> [String] {
        try await db.sql.raw(
            """
            SELECT DISTINCT p.name, p.name_key FROM programs p JOIN program_days d ON d.program_id = p.id \
            WHERE d.user_id = \(bind: userID) AND d.template_id = \(bind: templateID) ORDER BY p.name_key
            """
        ).all().map { try $0.decode(column: "name", as: String.self) }
    }

    /// The program the user follows, if any.
    public func active(userID: UUID) async throws -> ActiveProgram? {
        try await Self.active(userID: userID, on: reads)
    }

    static func active(userID: UUID, on db: any Database) async throws -> ActiveProgram? {
        try await db.sql.raw("SELECT a.* FROM active_programs a WHERE a.user_id = \(bind: userID)").first().map(
            ActiveProgramRows.active)
    }

    /// Where the user left this program when they stopped following it, if they did.
    public func stopped(programID: UUID, userID: UUID) async throws -> StoppedProgram? {
        try await reads.sql.raw(
            "SELECT * FROM program_stops WHERE user_id = \(bind: userID) AND program_id = \(bind: programID)"
        ).first().map(ProgramStopRows.stop)
    }

    /// The finished workouts started from the program's days, with the day each was
    /// done on in `timeZone`.
    public func sessions(programID: UUID, userID: UUID, timeZone: TimeZone) async throws -> [ProgramSession] {
        try await reads.sql.raw(
            """
            SELECT w.id, w.program_week, w.program_day_id, w.started_at FROM workouts w \
            WHERE w.user_id = \(bind: userID) AND w.program_id = \(bind: programID) AND w.ended_at IS NOT NULL \
            AND w.program_week IS NOT NULL AND w.program_day_id IS NOT NULL
            """
        ).all().map { row in
            let startedAt = try row.decode(column: "started_at", as: Date.self)
            return ProgramSession(
                workoutID: try row.decode(column: "id", as: UUID.self),
                week: try row.decode(column: "program_week", as: Int.self),
                dayID: try row.decode(column: "program_day_id", as: UUID.self),
                day: CalendarDay.string(of: startedAt, timeZone: timeZone), startedAt: startedAt)
        }
    }

    /// The weeks of the program the user skipped on or after `since` (a day).
    public func skippedWeeks(programID: UUID, userID: UUID, since: String) async throws -> Set<Int> {
        let rows = try await reads.sql.raw(
            """
            SELECT s.week_number FROM program_skips s \
            WHERE s.user_id = \(bind: userID) AND s.program_id = \(bind: programID) AND s.skipped_on >= \(bind: since)
            """
        ).all()
        return Set(try rows.map { try $0.decode(column: "week_number", as: Int.self) })
    }

    /// How many personal records these workouts set, counted as Home counts them: a
    /// set that set any (its heaviest weight and best e1RM at once are one PR), and
    /// an exercise's session volume record.
    public func recordCount(workoutIDs: [UUID], userID: UUID) async throws -> Int {
        guard !workoutIDs.isEmpty else { return 0 }
        let sets = try await reads.sql.raw(
            """
            SELECT s.records FROM workout_sets s \
            WHERE s.user_id = \(bind: userID) AND s.workout_id IN (\(binds: workoutIDs)) AND s.records IS NOT NULL
            """
        ).all()
        let volumes =
            try await reads.sql.raw(
                """
                SELECT COUNT(*) AS n FROM exercise_entries e \
                WHERE e.user_id = \(bind: userID) AND e.workout_id IN (\(binds: workoutIDs)) AND e.volume_record = \(bind: true)
                """
            ).first()?.decode(column: "n", as: Int.self) ?? 0
        return try sets.filter { !ProgressRows.kinds(try $0.decode(column: "records", as: String.self)).isEmpty }.count + volumes
    }

    // MARK: Writing

    /// Adds a program with its weeks and days; the name must be free among the user's programs.
    public func insert(_ program: TrainingProgram, userID: UUID) async throws -> TrainingProgram {
        try await db.writeTransaction { tx in
            try await write(program, userID: userID, isNew: true, on: tx)
        }
        return try await found(program.id, userID: userID)
    }

    /// Changes a stored program with `change` (it gets the program as stored at that
    /// moment), then writes it, in one transaction.
    public func update(
        id: UUID, userID: UUID, now: Date, _ change: @escaping @Sendable (TrainingProgram) throws -> TrainingProgram
    ) async throws -> TrainingProgram {
        try await db.writeTransaction { tx in
            if WorkoutRows.locksWorkouts(tx) {
                try await tx.sql.raw(
                    "SELECT p.id FROM programs p WHERE p.id = \(bind: id) AND p.user_id = \(bind: userID) FOR UPDATE"
                ).run()
            }
            guard
                let stored = try await ProgramRows.programs(where: "p.id = \(bind: id) AND p.user_id = \(bind: userID)", on: tx)
                    .first
            else { throw SpotterError.notFound("The program") }
            var changed = try change(stored)
            (changed.id, changed.ownerID, changed.createdAt) = (stored.id, userID, stored.createdAt)
            guard changed != stored else { return }
            var edited = changed
            edited.archivedAt = stored.archivedAt
            if edited != stored { changed.updatedAt = now }
            try await write(changed, userID: userID, isNew: false, on: tx)
        }
        return try await found(id, userID: userID)
    }

    /// Copies a program into a new one of the user's; `naming` picks the name from
    /// the ones already taken.
    public func copy(
        _ source: TrainingProgram, as newID: UUID, userID: UUID, now: Date, naming: @escaping @Sendable (Set<NameKey>) -> String
    ) async throws -> TrainingProgram {
        if let existing = try await find(id: newID, userID: userID) { return existing }
        try await db.writeTransaction { tx in
            var copy = source
            (copy.id, copy.ownerID, copy.archivedAt, copy.createdAt, copy.updatedAt) = (newID, userID, nil, now, now)
            copy.name = naming(try await takenNames(userID: userID, on: tx))
            copy.weeks = source.weeks.map { week in
                var week = week
                week.days = week.days.map { day in
                    var day = day
                    day.id = UUID()
                    return day
                }
                return week
            }
            try await write(copy, userID: userID, isNew: true, on: tx)
        }
        return try await found(newID, userID: userID)
    }

    public func delete(id: UUID, userID: UUID) async throws {
        try await db.writeTransaction { tx in
            guard
                try await tx.sql.raw("SELECT id FROM programs WHERE id = \(bind: id) AND user_id = \(bind: userID)").first()
                    != nil
            else { throw SpotterError.notFound("The program") }
            try await tx.sql.raw("DELETE FROM programs WHERE id = \(bind: id) AND user_id = \(bind: userID)").run()
        }
    }

    /// Makes `run` the user's active program, replacing any other: one statement on a
    /// row unique per user, so two racing activations leave one. The program it
    /// replaces, if another, is kept where it stood on `day` (`program_stops`), and the
    /// program's own stop is spent.
    public func activate(_ run: ActiveProgram, userID: UUID, day: String) async throws {
        try await db.writeTransaction { tx in
            guard
                try await tx.sql.raw(
                    """
                    SELECT id FROM programs WHERE id = \(bind: run.programID) AND user_id = \(bind: userID) AND archived_at IS NULL
                    """
                ).first() != nil
            else { throw SpotterError.notFound("The program") }
            if let replaced = try await Self.active(userID: userID, on: tx), replaced.programID != run.programID {
                try await ProgramStopRows.save(replaced, on: day, userID: userID, on: tx)
            }
            try await tx.sql.raw(
                "DELETE FROM program_stops WHERE user_id = \(bind: userID) AND program_id = \(bind: run.programID)"
            ).run()
            try await ActiveProgramRows.upsert(run, userID: userID, on: tx)
        }
    }

    /// Stops following a program, kept where it stood on `day`; false when none was active.
    @discardableResult
    public func deactivate(userID: UUID, day: String) async throws -> Bool {
        try await db.writeTransaction { tx in
            guard let active = try await Self.active(userID: userID, on: tx) else { return false }
            try await ProgramStopRows.save(active, on: day, userID: userID, on: tx)
            try await tx.sql.raw("DELETE FROM active_programs WHERE user_id = \(bind: userID)").run()
            return true
        }
    }

    /// Holds the active program still, or runs it again: false when none is active.
    @discardableResult
    public func savePause(_ pause: ProgramPause, userID: UUID) async throws -> Bool {
        try await db.writeTransaction { tx in
            guard try await Self.active(userID: userID, on: tx) != nil else { return false }
            try await tx.sql.raw(
                """
                UPDATE active_programs SET paused_days = \(bind: pause.days), paused_on = \(bind: pause.since) \
                WHERE user_id = \(bind: userID)
                """
            ).run()
            return true
        }
    }

    /// Marks a week of the active program skipped, on `day`.
    public func skip(week: Int, programID: UUID, userID: UUID, day: String) async throws {
        try await db.writeTransaction { tx in
            try await ProgramSkipRows.insert(
                rows: [ProgramSkipRows.values(programID: programID, week: week, day: day, userID: userID)], on: tx)
        }
    }

    // MARK: Helpers

    private func found(_ id: UUID, userID: UUID) async throws -> TrainingProgram {
        guard let program = try await find(id: id, userID: userID) else { throw SpotterError.notFound("The program") }
        return program
    }

    private func takenNames(userID: UUID, on db: any Database) async throws -> Set<NameKey> {
        let rows = try await db.sql.raw("SELECT name_key FROM programs WHERE user_id = \(bind: userID)").all()
        return Set(try rows.map { NameKey(rawValue: try $0.decode(column: "name_key", as: String.self)) })
    }

    /// Checks the name and the templates, then writes.
    private func write(_ program: TrainingProgram, userID: UUID, isNew: Bool, on db: any Database) async throws {
        let sql = db.sql
        if let clash = try await sql.raw(
            """
            SELECT name FROM programs WHERE user_id = \(bind: userID) AND name_key = \(bind: NameKey(program.name).rawValue) \
            AND id <> \(bind: program.id)
            """
        ).first() {
            throw SpotterError.programNameTaken(try clash.decode(column: "name", as: String.self))
        }
        let templateIDs = program.templateIDs
        if !templateIDs.isEmpty {
            let owned = Set(
                try await sql.raw(
                    """
                    SELECT id FROM workout_templates WHERE user_id = \(bind: userID) AND id IN (\(binds: templateIDs))
                    """
                ).all().map { try $0.decode(column: "id", as: UUID.self) })
            if templateIDs.contains(where: { !owned.contains($0) }) {
                throw SpotterError.invalid(
                    field: "schedule", "A day names a template that is not one of yours; pick one of your templates.")
            }
        }
        do {
            try await ProgramRows.write(program, userID: userID, isNew: isNew, on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw isNew ? SpotterError.idInUse : SpotterError.programNameTaken(program.name)
        }
    }
}

extension SpotterError {
    /// A program name the user already has (compared ignoring case and spaces).
    public static func programNameTaken(_ name: String, field: String = "name") -> SpotterError {
        .conflict(field: field, message: "You already have a program called \(name). Choose another name.")
    }
}
