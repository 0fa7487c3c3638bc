import Foundation
import SpotterCore
import SpotterStore

/// A program in a list: name, "Strength · Intermediate", "12 weeks · 4 days/week",
/// and for the active one its progress.
struct ProgramCardView {
    let id: String
    let name: String
    let meta: String
    let length: String
    let isPreset: Bool
    let archived: Bool
    let active: Bool
    let percent: Int?

    init(_ program: TrainingProgram, status: ProgramStatus?) {
        id = program.id.text
        name = program.name
        meta = program.metaLine
        length = program.lengthLabel
        isPreset = program.isPreset
        archived = program.isArchived
        let isActive = status?.program.id == program.id
        active = isActive
        percent = isActive ? status.map { ProgramProgress.percent($0.progress.completion) } : nil
    }
}

/// What a day is, as the detail page and Home show it.
struct ProgramDayView {
    let id: String
    let weekday: String
    let shortDay: String
    let name: String
    let notes: String?
    let rpe: String?
    /// done, missed, next or upcoming (nil when the program is not active).
    let state: String?
    let stateLabel: String?
    let editable: Bool

    init(_ day: ProgramDay, name: String, state: ProgramProgress.DayState?, editable: Bool) {
        id = day.id.text
        weekday = day.weekday.displayName
        shortDay = day.weekday.shortName
        self.name = name
        notes = day.notes.isEmpty ? nil : day.notes
        rpe = day.suggestedRPE.map { "RPE \(WeightFormat.trim($0))" }
        self.state = state?.rawValue
        stateLabel = state.map {
            switch $0 {
            case .done: "Done"
            case .missed: "Missed"
            case .next: "Next"
            case .upcoming: "Upcoming"
            }
        }
        self.editable = editable
    }
}

struct ProgramWeekView {
    let number: Int
    let label: String?
    let intensity: String
    let deload: Bool
    let state: String?
    let stateLabel: String?
    let progress: String?
    let days: [ProgramDayView]
    let editable: Bool
    /// Shown unfolded: the current week, or the first when none is.
    var open: Bool = true
}

/// Where the lifter stands in the active program (Home and the detail page).
struct ProgramStatusView {
    let programID: String
    let programName: String
    /// "Week 5 of 12 · Strength".
    let weekLine: String
    /// "Push A" or "Rest day".
    let todayTitle: String
    /// "Tuesday's day, due since then" / "Next: Pull A on Wednesday".
    let todaySub: String
    let canStart: Bool
    let startLabel: String
    let percent: Int
    let sessionsLine: String
    let adherence: String?
    let completed: Bool
    let notStarted: Bool
    let paused: Bool
    /// "1 week behind", when the next day is a week or more overdue.
    let behind: String?

    init(_ status: ProgramStatus) {
        let progress = status.progress
        let program = status.program
        programID = program.id.text
        programName = program.name
        percent = ProgramProgress.percent(progress.completion)
        sessionsLine = "\(progress.sessionsDone) of \(counted(progress.sessionsScheduled, "session")) done"
        adherence = progress.adherence.map { "\(ProgramProgress.percent($0))% adherence" }
        completed = progress.isComplete
        paused = progress.isPaused
        behind = progress.weeksBehind > 0 && !progress.isPaused ? "\(counted(progress.weeksBehind, "week")) behind" : nil
        var notStarted = false
        func weekLine(_ number: Int) -> String {
            let label = program.week(number)?.label.map { " · \($0)" } ?? ""
            return "Week \(number) of \(program.weekCount)\(label)"
        }
        switch progress.today {
        case .train(let week, let day, let late):
            self.weekLine = weekLine(week)
            todayTitle = status.name(of: day)
            todaySub = late ? "\(day.weekday.displayName)'s session, moved to today" : "Today's session"
            canStart = true
            startLabel = "Start"
        case .rest(let week, let next, let reason):
            self.weekLine = weekLine(week)
            todayTitle = "Rest day"
            let lead = reason == .doneToday ? "Done for today. " : ""
            todaySub = "\(lead)Next: \(status.name(of: next)) on \(next.weekday.displayName)"
            canStart = true
            startLabel = "Start \(status.name(of: next)) now"
        case .paused(let since, let week, let next):
            self.weekLine = weekLine(week)
            todayTitle = "Paused"
            todaySub = "Since \(since). Resume to go on with \(status.name(of: next))"
            canStart = false
            startLabel = "Start"
        case .notStarted(let day):
            self.weekLine = "Starts \(day)"
            todayTitle = "Not started yet"
            todaySub = "Week 1 begins on \(day)"
            canStart = false
            startLabel = "Start"
            notStarted = true
        case .completed:
            self.weekLine = "All \(counted(program.weekCount, "week")) done"
            todayTitle = "Program complete"
            todaySub = "Restart it or pick another program"
            canStart = false
            startLabel = "Start"
        }
        self.notStarted = notStarted
    }
}

struct CompletionView {
    let weeks: Int
    let sessions: Int
    let adherence: String
    let records: Int
}
