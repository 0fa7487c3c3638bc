import Foundation
import SpotterCore
import SpotterStore

struct ProgramDetailPage: PageModel {
    static let template = "programs/program-detail"

    let page: PageChrome
    let id: String
    /// "/programs/<id>", for links made inside the week and day lists.
    let path: String
    let name: String
    let meta: String
    let length: String
    let description: String?
    let pattern: String
    let isPreset: Bool
    let archived: Bool
    let chart: String
    let weeks: [ProgramWeekView]
    /// The lifter's position, when this is the active program.
    let status: ProgramStatusView?
    /// The completion summary, when the active program is complete.
    let summary: CompletionView?
    /// The other active program this one would replace.
    let replaces: String?
    /// Where activating would pick up, when the lifter stopped following this program.
    let resume: ResumeView?
    /// What the program will ask of the lifter, when it is not the active one.
    let projection: ProjectionView?
    let today: String
    let newId: String
    let workoutId: String
    let notice: String?
    let error: String?
}

/// "Resume at week 5": where a program the lifter stopped following picks up again.
struct ResumeView {
    /// "Resume at week 5".
    let label: String
    /// "Next: Lower A · 14 of 36 sessions done".
    let line: String

    init?(_ progress: ProgramProgress, names: [UUID: String]) {
        guard let week = progress.currentWeek, let next = progress.next else { return nil }
        label = "Resume at week \(week)"
        let total = counted(progress.sessionsScheduled, "session")
        line = "Next: \(names[next.templateID] ?? "Workout") · \(progress.sessionsDone) of \(total) done"
    }
}

/// "What it will ask of you": each week's top set of the program's main lifts, played
/// from the lifter's history by the rule its sessions use (`ProgramProjection`).
struct ProjectionView {
    struct Lift {
        let name: String
        let style: String
    }

    struct Week {
        let number: Int
        let deload: Bool
        let cells: [String]
    }

    let lifts: [Lift]
    let weeks: [Week]
    let chart: String?
    let unit: String

    init?(_ projection: ProgramProjection, program: TrainingProgram, names: [UUID: String]) {
        let lifts = projection.lifts(limit: 3)
        guard !lifts.isEmpty else { return nil }
        let styles = ["a", "b", "c"]
        unit = projection.unit.rawValue
        self.lifts = zip(lifts, styles).map { Lift(name: names[$0.exerciseID] ?? "Exercise", style: $1) }
        weeks = program.weeks.map { week in
            Week(
                number: week.number, deload: week.isDeload,
                cells: lifts.map { lift in
                    lift.topSets.indices.contains(week.number - 1)
                        ? lift.topSets[week.number - 1].map { WeightFormat.trim($0) } ?? "–" : "–"
                })
        }
        let first = lifts.compactMap { $0.topSets.compactMap { $0 }.first }.max() ?? 0
        let last = lifts.compactMap { $0.topSets.compactMap { $0 }.last }.max() ?? 0
        chart = SVGChart.weeklyLines(
            id: "projection-chart", title: "Top set by week",
            description:
                "The heaviest suggested set of each main lift per week, from \(WeightFormat.trim(first)) to \(WeightFormat.trim(last)) \(unit).",
            weekCount: program.weekCount,
            series: zip(lifts, styles).map { (style: $1, values: $0.topSets) }, unit: unit)
    }
}
