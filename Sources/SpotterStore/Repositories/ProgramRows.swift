import FluentKit
import Foundation
import SQLKit
import SpotterCore

/// The one Swift description of `programs` (made by `M012CreatePrograms`): its
/// columns, the row a program is written as and the program a row is read as.
/// Its weeks and days are `ProgramWeekRows` and `ProgramDayRows`.
enum ProgramRows: TableRows {
    static let table = "programs"
    /// The columns, in the order of `values`.
    static let columns = [
        "id", "user_id", "name", "name_key", "summary", "category", "difficulty", "pattern", "base_intensity", "weekly_increment",
        "archived_at", "created_at", "updated_at",
    ]

    static func values(_ program: TrainingProgram, userID: UUID) -> [RowValue] {
        [
            .uuid(program.id), .uuid(userID), .text(program.name), .text(NameKey(program.name).rawValue), .text(program.summary),
            .name(program.category.rawValue), .name(program.difficulty.rawValue), .name(program.pattern.rawValue),
            .double(program.baseIntensity), .double(program.weeklyIncrement), .time(program.archivedAt), .time(program.createdAt),
            .time(program.updatedAt),
        ]
    }

    /// A program without its weeks.
    static func program(_ row: any SQLRow) throws -> TrainingProgram {
        TrainingProgram(
            id: try row.decode(column: "id", as: UUID.self), ownerID: try row.decode(column: "user_id", as: UUID.self),
            name: try row.decode(column: "name", as: String.self), summary: try row.decode(column: "summary", as: String.self),
            category: ProgramCategory(rawValue: try row.decode(column: "category", as: String.self)) ?? .generalFitness,
            difficulty: ProgramDifficulty(rawValue: try row.decode(column: "difficulty", as: String.self)) ?? .beginner,
            pattern: ProgressionPattern(rawValue: try row.decode(column: "pattern", as: String.self)) ?? .constant,
            baseIntensity: try row.decode(column: "base_intensity", as: Double.self),
            weeklyIncrement: try row.decode(column: "weekly_increment", as: Double.self),
            archivedAt: try row.optional("archived_at"),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            updatedAt: try row.decode(column: "updated_at", as: Date.self))
    }

    /// The programs a condition on `p` selects, with their weeks and days: three
    /// queries, however many programs.
    static func programs(where condition: SQLQueryString, on db: any Database) async throws -> [TrainingProgram] {
        let sql = db.sql
        let programs = try await sql.raw("SELECT p.* FROM programs p WHERE " + condition + " ORDER BY p.name_key").all().map(
            program)
        guard !programs.isEmpty else { return [] }
        let ids = programs.map(\.id)
        var days: [UUID: [Int: [ProgramDay]]] = [:]
        for row in try await sql.raw("SELECT d.* FROM program_days d WHERE d.program_id IN (\(binds: ids)) ORDER BY d.weekday")
            .all()
        {
            let (programID, week, day) = try ProgramDayRows.day(row)
            days[programID, default: [:]][week, default: []].append(day)
        }
        var weeks: [UUID: [ProgramWeek]] = [:]
        for row in try await sql.raw("SELECT k.* FROM program_weeks k WHERE k.program_id IN (\(binds: ids)) ORDER BY k.number")
            .all()
        {
            let (programID, week) = try ProgramWeekRows.week(row)
            weeks[programID, default: []].append(
                ProgramWeek(
                    number: week.number, phase: week.phase, modifier: week.modifier, isDeload: week.isDeload,
                    days: days[programID]?[week.number] ?? []))
        }
        return programs.map { program in
            var program = program
            program.weeks = weeks[program.id] ?? []
            return program
        }
    }

    /// Writes a program's row, weeks and days: a new program is added; a stored one
    /// has its row updated and its weeks and days replaced.
    static func write(_ program: TrainingProgram, userID: UUID, isNew: Bool, on db: any Database) async throws {
        let sql = db.sql
        if isNew {
            try await insert(rows: [values(program, userID: userID)], on: db)
        } else {
            try await sql.raw(
                """
                UPDATE programs SET \(assignments(values(program, userID: userID), except: ["id", "user_id", "created_at"])) \
                WHERE id = \(bind: program.id) AND user_id = \(bind: userID)
                """
            ).run()
            try await sql.raw("DELETE FROM program_days WHERE program_id = \(bind: program.id)").run()
            try await sql.raw("DELETE FROM program_weeks WHERE program_id = \(bind: program.id)").run()
        }
        try await ProgramWeekRows.insert(
            rows: program.weeks.map { ProgramWeekRows.values($0, programID: program.id, userID: userID) }, on: db)
        let days = program.weeks.flatMap { week in
            week.days.map { ProgramDayRows.values($0, week: week.number, programID: program.id, userID: userID) }
        }
        if !days.isEmpty { try await ProgramDayRows.insert(rows: days, on: db) }
    }
}

/// `program_weeks`: one row per week of a program.
enum ProgramWeekRows: TableRows {
    static let table = "program_weeks"
    static let columns = ["id", "user_id", "program_id", "number", "phase", "modifier", "is_deload"]

    static func values(_ week: ProgramWeek, programID: UUID, userID: UUID) -> [RowValue] {
        [
            .uuid(UUID()), .uuid(userID), .uuid(programID), .int(week.number), .name(week.phase?.rawValue),
            .double(week.modifier), .bool(week.isDeload),
        ]
    }

    /// A week without its days, with the program it belongs to.
    static func week(_ row: any SQLRow) throws -> (programID: UUID, week: ProgramWeek) {
        let week = ProgramWeek(
            number: try row.decode(column: "number", as: Int.self),
            phase: try row.optional("phase", as: String.self).flatMap(TrainingPhase.init(rawValue:)),
            modifier: try row.decode(column: "modifier", as: Double.self),
            isDeload: try row.decode(column: "is_deload", as: Bool.self))
        return (try row.decode(column: "program_id", as: UUID.self), week)
    }
}

/// `program_days`: one row per training day of a program week.
enum ProgramDayRows: TableRows {
    static let table = "program_days"
    static let columns = ["id", "user_id", "program_id", "week_number", "weekday", "template_id", "notes", "suggested_rpe"]

    static func values(_ day: ProgramDay, week: Int, programID: UUID, userID: UUID) -> [RowValue] {
        [
            .uuid(day.id), .uuid(userID), .uuid(programID), .int(week), .int(day.weekday.rawValue), .uuid(day.templateID),
            .text(day.notes),
            .double(day.suggestedRPE),
        ]
    }

    static func day(_ row: any SQLRow) throws -> (programID: UUID, week: Int, day: ProgramDay) {
        let day = ProgramDay(
            id: try row.decode(column: "id", as: UUID.self),
            weekday: Weekday(rawValue: try row.decode(column: "weekday", as: Int.self)) ?? .monday,
            templateID: try row.decode(column: "template_id", as: UUID.self),
            notes: try row.decode(column: "notes", as: String.self),
            suggestedRPE: try row.optional("suggested_rpe"))
        return (try row.decode(column: "program_id", as: UUID.self), try row.decode(column: "week_number", as: Int.self), day)
    }
}

/// `active_programs`: the program a user follows and the day they started it, one
/// row per user at most (written by `ProgramRepository.activate`'s upsert).
enum ActiveProgramRows {
    /// Makes `active` the user's one active program: one statement on a row unique
    /// per user, so two racing activations leave exactly one.
    static func upsert(_ active: ActiveProgram, userID: UUID, on db: any Database) async throws {
        try await db.sql.raw(
            """
            INSERT INTO active_programs (id, user_id, program_id, start_day, activated_at, paused_days, paused_on) \
            VALUES (\(bind: UUID()), \(bind: userID), \(bind: active.programID), \(bind: active.startDay), \
            \(bind: active.activatedAt), \(bind: active.pause.days), \(bind: active.pause.since)) \
            ON CONFLICT (user_id) DO UPDATE SET program_id = excluded.program_id, start_day = excluded.start_day, \
            activated_at = excluded.activated_at, paused_days = excluded.paused_days, paused_on = excluded.paused_on
            """
        ).run()
    }

    static func active(_ row: any SQLRow) throws -> ActiveProgram {
        ActiveProgram(
            programID: try row.decode(column: "program_id", as: UUID.self),
            startDay: try row.decode(column: "start_day", as: String.self),
            activatedAt: try row.decode(column: "activated_at", as: Date.self),
            pause: ProgramPause(
                days: try row.decode(column: "paused_days", as: Int.self),
                since: try row.decode(column: "paused_on", as: String?.self)))
    }
}

/// `program_stops`: where the lifter left a program they stopped following.
enum ProgramStopRows {
    /// Keeps where `active` stood on `day`, the present pause folded into its days.
    static func save(_ active: ActiveProgram, on day: String, userID: UUID, on db: any Database) async throws {
        try await db.sql.raw(
            """
            INSERT INTO program_stops (user_id, program_id, start_day, activated_at, paused_days, stopped_on) \
            VALUES (\(bind: userID), \(bind: active.programID), \(bind: active.startDay), \(bind: active.activatedAt), \
            \(bind: active.pause.days(by: day)), \(bind: day)) \
            ON CONFLICT (user_id, program_id) DO UPDATE SET start_day = excluded.start_day, \
            activated_at = excluded.activated_at, paused_days = excluded.paused_days, stopped_on = excluded.stopped_on
            """
        ).run()
    }

    static func stop(_ row: any SQLRow) throws -> StoppedProgram {
        StoppedProgram(
            run: ActiveProgram(
                programID: try row.decode(column: "program_id", as: UUID.self),
                startDay: try row.decode(column: "start_day", as: String.self),
                activatedAt: try row.decode(column: "activated_at", as: Date.self),
                pause: ProgramPause(days: try row.decode(column: "paused_days", as: Int.self))),
            stoppedOn: try row.decode(column: "stopped_on", as: String.self))
    }
}

/// `program_skips`: a week the lifter chose to skip, and the day they did.
enum ProgramSkipRows: TableRows {
    static let table = "program_skips"
    static let columns = ["id", "user_id", "program_id", "week_number", "skipped_on"]

    static func values(programID: UUID, week: Int, day: String, userID: UUID) -> [RowValue] {
        [.uuid(UUID()), .uuid(userID), .uuid(programID), .int(week), .text(day)]
    }

    static func skip(_ row: any SQLRow) throws -> (programID: UUID, skip: ProgramSkip) {
        (
            try row.decode(column: "program_id", as: UUID.self),
            ProgramSkip(
                week: try row.decode(column: "week_number", as: Int.self),
                day: try row.decode(column: "skipped_on", as: String.self))
        )
    }
}

/// A week of a program the lifter skipped, and the day they did.
public struct ProgramSkip: Sendable, Equatable {
    public var week: Int
    public var day: String

    public init(week: Int, day: String) {
        self.week = week
        self.day = day
    }
}

/// The program a user follows, from which day, and the time they held it still.
public struct ActiveProgram: Sendable, Equatable {
    public var programID: UUID
    /// "2026-11-24", a day in the lifter's time zone.
    public var startDay: String
    public var activatedAt: Date
    public var pause: ProgramPause

    public init(programID: UUID, startDay: String, activatedAt: Date, pause: ProgramPause = ProgramPause()) {
        self.programID = programID
        self.startDay = startDay
        self.activatedAt = activatedAt
        self.pause = pause
    }
}

/// A program the lifter stopped following, where they left it: activating it again
/// resumes there, the days it stood stopped counted as a pause.
public struct StoppedProgram: Sendable, Equatable {
    public var run: ActiveProgram
    public var stoppedOn: String

    /// The run picked up again on `today`: the days since the stop are paused days.
    public func resumed(on today: String) -> ActiveProgram {
        var run = run
        run.pause = ProgramPause(days: run.pause.days + max(0, ProgramProgress.daysBetween(stoppedOn, today)))
        return run
    }
}
