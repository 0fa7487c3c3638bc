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
