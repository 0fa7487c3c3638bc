import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// A program as the API writes it: its fields, its weeks and their days.
struct ProgramResponse: ResponseEncodable, Equatable {
    struct DayResponse: Codable, Equatable {
        let id: UUID
        let weekday: String
        let templateId: UUID
        let templateName: String
        let notes: String
        @Nullable var suggestedRPE: Double?

        init(_ day: ProgramDay, templateName: String) {
            id = day.id
            weekday = day.weekday.key
            templateId = day.templateID
            self.templateName = templateName
            notes = day.notes
            suggestedRPE = day.suggestedRPE
        }
    }

    struct WeekResponse: Codable, Equatable {
        let number: Int
        @Nullable var phase: TrainingPhase?
        let modifier: Double
        let deload: Bool
        let days: [DayResponse]
    }

    let id: UUID
    let name: String
    let description: String
    let category: ProgramCategory
    let difficulty: ProgramDifficulty
    let preset: Bool
    let pattern: ProgressionPattern
    let baseIntensity: Double
    let weeklyIncrement: Double
    let weekCount: Int
    let daysPerWeek: Int
    let archived: Bool
    let createdAt: Date
    let updatedAt: Date
    let weeks: [WeekResponse]

    init(_ program: TrainingProgram, templateNames: [UUID: String]) {
        id = program.id
        name = program.name
        description = program.summary
        category = program.category
        difficulty = program.difficulty
        preset = program.isPreset
        pattern = program.pattern
        baseIntensity = program.baseIntensity
        weeklyIncrement = program.weeklyIncrement
        weekCount = program.weekCount
        daysPerWeek = program.daysPerWeek
        archived = program.isArchived
        createdAt = program.createdAt
        updatedAt = program.updatedAt
        weeks = program.weeks.map { week in
            WeekResponse(
                number: week.number, phase: week.phase, modifier: week.modifier, deload: week.isDeload,
                days: week.days.map { DayResponse($0, templateName: templateNames[$0.templateID] ?? "Unknown template") })
        }
    }
}

/// `GET /api/v1/programs/active`: the active program, today's day and the progress.
struct ProgramStatusResponse: ResponseEncodable, Equatable {
    struct TodayResponse: Codable, Equatable {
        /// train, rest, paused, not-started or completed.
        let state: String
        @Nullable var week: Int?
        /// The day to train, or the next one on a rest day or after the pause.
        @Nullable var day: ProgramResponse.DayResponse?
        /// For train: the day's weekday has passed (it rolled forward).
        let late: Bool
        /// For rest: done-today, scheduled or ahead.
        @Nullable var restReason: String?
    }

    struct WeekProgressResponse: Codable, Equatable {
        let number: Int
        /// done, skipped, current or upcoming.
        let state: String
        let scheduled: Int
        let done: Int
        /// Each day's id and state: done, missed, next or upcoming.
        let days: [DayState]

        struct DayState: Codable, Equatable {
            let id: UUID
            let state: String
        }
    }

    let program: ProgramResponse
    let startDay: String
    let today: TodayResponse
    /// The day the present pause began; null when the program runs.
    @Nullable var pausedSince: String?
    /// Days of pauses that ended (they do not count as late or missed).
    let pausedDays: Int
    /// Whole weeks the next day is overdue on the program's calendar.
    let weeksBehind: Int
    @Nullable var currentWeek: Int?
    let sessionsDone: Int
    let sessionsDue: Int
    let sessionsScheduled: Int
    /// Days done out of days due, 0-1; null before anything was due.
    @Nullable var adherence: Double?
    /// How far through the program, 0-1.
    let completion: Double
    let weeks: [WeekProgressResponse]

    init(_ status: ProgramStatus) {
        let progress = status.progress
        program = ProgramResponse(status.program, templateNames: status.templateNames)
        startDay = status.active.startDay
        func day(_ day: ProgramDay) -> ProgramResponse.DayResponse { .init(day, templateName: status.name(of: day)) }
        switch progress.today {
        case .notStarted:
            today = TodayResponse(state: "not-started", week: nil, day: nil, late: false, restReason: nil)
        case .train(let week, let next, let late):
            today = TodayResponse(state: "train", week: week, day: day(next), late: late, restReason: nil)
        case .rest(let week, let next, let reason):
            let reasons: [ProgramProgress.RestReason: String] = [
                .doneToday: "done-today", .scheduled: "scheduled", .ahead: "ahead",
            ]
            today = TodayResponse(state: "rest", week: week, day: day(next), late: false, restReason: reasons[reason])
        case .paused(_, let week, let next):
            today = TodayResponse(state: "paused", week: week, day: day(next), late: false, restReason: nil)
        case .completed:
            today = TodayResponse(state: "completed", week: nil, day: nil, late: false, restReason: nil)
        }
        pausedSince = status.active.pause.since
        pausedDays = status.active.pause.days
        weeksBehind = progress.weeksBehind
        currentWeek = progress.currentWeek
        sessionsDone = progress.sessionsDone
        sessionsDue = progress.sessionsDue
        sessionsScheduled = progress.sessionsScheduled
        adherence = progress.adherence
        completion = progress.completion
        weeks = progress.weeks.map { week in
            WeekProgressResponse(
                number: week.week.number, state: week.state.rawValue, scheduled: week.scheduled, done: week.done,
                days: week.days.map { .init(id: $0.day.id, state: $0.state.rawValue) })
        }
    }
}

/// `GET /api/v1/programs/{id}/projection`: each main lift's top set per week, played
/// from the lifter's history (`ProgramProjection`).
struct ProgramProjectionResponse: ResponseEncodable, Equatable {
    struct Lift: Codable, Equatable {
        let exerciseId: UUID
        let name: String
        /// One per week, in order; null for a week without the lift.
        let topSets: [Double?]
    }

    let unit: String
    let assumedRPE: Double
    let lifts: [Lift]

    init(_ projection: ProgramProjection, names: [UUID: String]) {
        unit = projection.unit.rawValue
        assumedRPE = ProgramProjection.assumedRPE
        lifts = projection.lifts().map {
            Lift(exerciseId: $0.exerciseID, name: names[$0.exerciseID] ?? "Exercise", topSets: $0.topSets)
        }
    }
}
