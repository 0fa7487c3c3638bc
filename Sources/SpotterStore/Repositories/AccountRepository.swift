import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// Everything one lifter owns, as Core values: what a full export writes, and what
/// a full import fills an empty account with. Records, marks and weekly counts are
/// not part of it: they follow from the workouts and are computed again.
public struct AccountContent: Sendable, Equatable {
    public var settings: UserSettings
    /// The lifter's own exercises, archived ones included (built-in ones belong to everyone).
    public var exercises: [Exercise]
    /// Every workout type, the seeded ones included, in the lifter's order.
    public var workoutTypes: [WorkoutType]
    /// Every workout, oldest first, the one in progress included.
    public var workouts: [Workout]
    /// Per workout id: the import key of a workout that came from another app.
    public var importKeys: [UUID: String]
    /// The lifter's own templates, archived ones included.
    public var templates: [WorkoutTemplate]
    /// Body measurements, oldest first.
    public var bodyMetrics: [BodyMetric]
    /// The lifter's own programs, archived ones included.
    public var programs: [TrainingProgram]
    /// The program the lifter follows, if any.
    public var activeProgram: ActiveProgram?
    /// The weeks the lifter skipped, per program: (week, the day it was skipped).
    public var skippedWeeks: [UUID: [ProgramSkip]]
    /// Every training max of every lift, oldest day first.
    public var trainingMaxes: [TrainingMax]

    public init(
        settings: UserSettings, exercises: [Exercise], workoutTypes: [WorkoutType], workouts: [Workout],
        importKeys: [UUID: String],
        templates: [WorkoutTemplate], bodyMetrics: [BodyMetric], programs: [TrainingProgram] = [],
        activeProgram: ActiveProgram? = nil,
        skippedWeeks: [UUID: [ProgramSkip]] = [:], trainingMaxes: [TrainingMax] = []
    ) {
        self.trainingMaxes = trainingMaxes
        self.programs = programs
        self.activeProgram = activeProgram
        self.skippedWeeks = skippedWeeks
        self.settings = settings
        self.exercises = exercises
        self.workoutTypes = workoutTypes
        self.workouts = workouts
        self.importKeys = importKeys
        self.templates = templates
        self.bodyMetrics = bodyMetrics
    }
}

/// Reads and fills a whole account at once.
public struct AccountRepository: Sendable {
    let db: any Database
    let reads: any Database

    public init(store: SpotterStore) {
        db = store.database
        reads = store.reader
    }

    /// Everything the lifter owns, as of one moment: read in one transaction on a
    /// reader (a WAL snapshot on SQLite; REPEATABLE READ on PostgreSQL, where each
    /// statement would otherwise see its own), so a set logged meanwhile is either
    /// in it with its workout or not at all, and the writer never waits for it.
    public func content(userID: UUID) async throws -> AccountContent {
        try await reads.transaction { tx in
            let sql = tx.sql
            if sql.dialect.name == "postgresql" {
                try await sql.raw("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ").run()
            }
            guard let user = try await UserRows.users(where: "u.id = \(bind: userID)", on: tx).first?.user else {
                throw SpotterError.notFound("The account")
            }
            let exercises = try await ExerciseRows.exercises(
                where: "x.user_id = \(bind: userID) ORDER BY x.created_at, x.name_key", on: tx)
            let types = try await WorkoutTypeRows.types(
                where: "t.user_id = \(bind: userID) ORDER BY t.sort_order, t.created_at", on: tx)
            let workouts = try await WorkoutRows.workouts(
                where: "w.user_id = \(bind: userID) ORDER BY w.started_at, w.created_at, w.import_key, w.name, w.ended_at", on: tx
            )
            var keys: [UUID: String] = [:]
            for row in try await sql.raw(
                "SELECT id, import_key FROM workouts WHERE user_id = \(bind: userID) AND import_key IS NOT NULL"
            ).all() {
                keys[try row.decode(column: "id", as: UUID.self)] = try row.decode(column: "import_key", as: String.self)
            }
            let templates = try await TemplateRows.templates(
                where: "t.user_id = \(bind: userID) ORDER BY t.created_at, t.name_key", on: tx)
            let metrics = try await sql.raw(
                "SELECT m.* FROM body_metrics m WHERE m.user_id = \(bind: userID) ORDER BY m.day, m.updated_at"
            ).all().map(BodyMetricRows.metric)
            let programs = try await ProgramRows.programs(where: "p.user_id = \(bind: userID)", on: tx)
            let active = try await sql.raw("SELECT a.* FROM active_programs a WHERE a.user_id = \(bind: userID)").first()
                .map(ActiveProgramRows.active)
            var skips: [UUID: [ProgramSkip]] = [:]
            for row in try await sql.raw(
                "SELECT s.* FROM program_skips s WHERE s.user_id = \(bind: userID) ORDER BY s.skipped_on, s.week_number"
            ).all() {
                let (programID, skip) = try ProgramSkipRows.skip(row)
                skips[programID, default: []].append(skip)
            }
            let maxes = try await sql.raw(
                "SELECT t.* FROM training_maxes t WHERE t.user_id = \(bind: userID) ORDER BY t.day, t.created_at, t.id"
            ).all().map(TrainingMaxRows.max)
            return AccountContent(
                settings: user.settings, exercises: exercises, workoutTypes: types, workouts: workouts, importKeys: keys,
                templates: templates, bodyMetrics: metrics, programs: programs, activeProgram: active, skippedWeeks: skips,
                trainingMaxes: maxes)
        }
    }

    /// What the account already holds that a full import would mix with, in words
    /// ("3 workouts, 1 template"); nil when there is nothing.
    public func holdings(userID: UUID) async throws -> String? {
        try await Self.holdings(userID: userID, on: reads)
    }

    /// The refusal of a full import into an account that holds `held`.
    public static func notEmpty(_ held: String) -> SpotterError {
        .conflict(
            field: nil,
            message:
                "This account already holds \(held). A full export is imported into an empty account: create a new account and import it there."
        )
    }

    static func holdings(userID: UUID, on db: any Database) async throws -> String? {
        let sql = db.sql
        let row = try await sql.raw(
            """
            SELECT (SELECT COUNT(*) FROM workouts WHERE user_id = \(bind: userID)) AS workouts, \
            (SELECT COUNT(*) FROM exercises WHERE user_id = \(bind: userID)) AS exercises, \
            (SELECT COUNT(*) FROM workout_templates WHERE user_id = \(bind: userID)) AS templates, \
            (SELECT COUNT(*) FROM body_metrics WHERE user_id = \(bind: userID)) AS metrics, \
            (SELECT COUNT(*) FROM training_maxes WHERE user_id = \(bind: userID)) AS maxes
            """
        ).first()
        guard let row else { return nil }
        let parts = [
            (try row.decode(column: "workouts", as: Int.self), "workout"),
            (try row.decode(column: "exercises", as: Int.self), "custom exercise"),
            (try row.decode(column: "templates", as: Int.self), "template"),
            (try row.decode(column: "metrics", as: Int.self), "body measurement"),
            (try row.decode(column: "maxes", as: Int.self), "training max"),
        ].filter { $0.0 > 0 }.map { counted($0.0, $0.1) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Fills an empty account with `content`, in one transaction: all of it or, on
    /// any failure, nothing. Every id must be fresh, except those of the account's
    /// own seeded workout types, which are changed to the given ones. Records and
    /// weekly counts are computed once at the end. An account that holds workouts,
    /// exercises, templates, measurements or training maxes is refused.
    public func fill(_ content: AccountContent, userID: UUID, now: Date) async throws {
        try await db.writeTransaction { tx in
            if let held = try await Self.holdings(userID: userID, on: tx) { throw Self.notEmpty(held) }
            guard var user = try await UserRows.users(where: "u.id = \(bind: userID)", on: tx).first?.user else {
                throw SpotterError.notFound("The account")
            }
            user.settings = content.settings
            try await UserRows.saveSettings(of: user, on: tx)
            do {
                try await Self.putTypes(content.workoutTypes, userID: userID, on: tx)
                try await ExerciseRows.insert(
                    content.exercises.map { exercise in
                        var own = exercise
                        own.ownerID = userID
                        own.catalogKey = nil
                        return own
                    }, on: tx)
                try await WorkoutRows.insertWhole(
                    content.workouts, importKeys: content.importKeys, userID: userID, now: now, on: tx)
                for template in content.templates {
                    try await TemplateRows.write(template, userID: userID, isNew: true, on: tx)
                }
                try await BodyMetricRows.insert(content.bodyMetrics, userID: userID, on: tx)
                try await TrainingMaxRows.insert(content.trainingMaxes, userID: userID, on: tx)
                for program in content.programs {
                    try await ProgramRows.write(program, userID: userID, isNew: true, on: tx)
                }
                let skips = content.skippedWeeks.flatMap { programID, skips in
                    skips.map { ProgramSkipRows.values(programID: programID, week: $0.week, day: $0.day, userID: userID) }
                }
                if !skips.isEmpty { try await ProgramSkipRows.insert(rows: skips, on: tx) }
                if let active = content.activeProgram {
                    try await ActiveProgramRows.upsert(active, userID: userID, on: tx)
                }
            } catch let error as any DatabaseError where error.isConstraintFailure {
                throw SpotterError.idInUse
            }
            try await ProgressRows.rebuildWeeks(userID: userID, timeZone: content.settings.zone, on: tx)
        }
    }

    /// Changes the account's types to the given ones: those with a known id are
    /// updated, the others added. Types of the account the list leaves out (seeded
    /// by a newer server) keep their names and follow in their old order; the whole
    /// list is numbered 0..n-1 again.
    private static func putTypes(_ types: [WorkoutType], userID: UUID, on db: any Database) async throws {
        let existing = try await WorkoutTypeRows.types(where: "t.user_id = \(bind: userID) ORDER BY t.sort_order", on: db)
        let given = Set(types.map(\.id))
        let kept = existing.filter { !given.contains($0.id) }
        let keptNames = Dictionary(kept.map { (NameKey($0.name), $0.name) }, uniquingKeysWith: { first, _ in first })
        if let clash = types.first(where: { keptNames[NameKey($0.name)] != nil }) {
            throw SpotterError.conflict(
                field: nil,
                message:
                    "The file's workout type \"\(clash.name)\" has the name of a type this server gives every account. Rename that type in the account it came from, export again, and import the new file."
            )
        }
        // Names are unique per lifter: park the old ones first, so two seeded types can swap names.
        for type in existing where given.contains(type.id) {
            try await db.sql.raw(
                "UPDATE workout_types SET name_key = \(bind: "\u{1}" + type.id.uuidString) WHERE id = \(bind: type.id)"
            ).run()
        }
        let ordered = types.sorted { $0.sortOrder < $1.sortOrder }
        let stored = Set(existing.map(\.id))
        for (position, type) in ordered.enumerated() {
            var type = type
            type.ownerID = userID
            type.sortOrder = position
            if stored.contains(type.id) {
                try await WorkoutTypeRows.save(type, only: WorkoutTypeRows.allColumns, on: db)
            } else {
                try await WorkoutTypeRows.insert([type], on: db)
            }
        }
        for (offset, var type) in kept.enumerated() where type.sortOrder != ordered.count + offset {
            type.sortOrder = ordered.count + offset
            try await WorkoutTypeRows.save(type, only: ["sort_order"], on: db)
        }
    }
}
