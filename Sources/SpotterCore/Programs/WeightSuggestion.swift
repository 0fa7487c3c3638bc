import Foundation

/// The weight a program suggests for an exercise today, and why: the weight of the
/// same program day last time, stepped by how hard it felt, times how much harder
/// this week is than that one, rounded to the lifter's smallest plate step.
///
/// How hard it felt (RPE, per set where logged, else the session's):
/// - below 7 (1-6.5): +5%;
/// - 7 to below 9 (7-8.5): +2.5%;
/// - 9 and above (9-10): -2.5%;
/// - not logged: +0%.
/// A step up is at least one plate step (40 kg x 1.025 = 41 would round back to 40).
///
/// The week's intensity modifier is relative: today's over the modifier of the week
/// the base session was in (1 for a session outside the program), so weeks do not
/// compound. In a deload week the RPE step is left out: the week's modifier alone
/// lowers the weight. Warm-ups and drop sets are never the base (`base(of:)`); which
/// session is, `programBase` says. With no history the template's target weight is
/// the base (times the week's modifier); with neither there is no suggestion.
public struct WeightSuggestion: Sendable, Equatable {
    public var weight: Mass
    /// "Last time 100 kg at RPE 8 · +2.5% · week ×1.05 = 107.5 kg".
    public var reason: String

    public init(weight: Mass, reason: String) {
        self.weight = weight
        self.reason = reason
    }

    /// The step for how hard the last session felt.
    public static func rpeStep(_ rpe: Double?) -> Double {
        guard let rpe else { return 0 }
        if rpe < 7 { return 0.05 }
        if rpe < 9 { return 0.025 }
        return -0.025
    }

    /// The set a suggestion starts from: the last done working (or to-failure) set
    /// with a weight, in the order the sets were logged.
    public static func base(of sets: [WorkoutSet]) -> WorkoutSet? {
        sets.last { $0.done && ($0.kind == .working || $0.kind == .failure) && $0.weight != nil }
    }

    /// The session a suggestion for the `occurrence`-th row (from 0) of one exercise
    /// in a template starts from, when a template holds the same lift twice (5/3/1's
    /// main sets, then its 5 x 10). `history` holds one session per logged entry, the
    /// entries of one workout sharing its start, in the order they were logged: the
    /// newest workout with a base set at the same place among that exercise's entries
    /// (its last entry when it had fewer) is the one; nil when none has a base set.
    public static func lastSession(
        for occurrence: Int, in history: [PreviousPerformance.Session]
    ) -> PreviousPerformance.Session? {
        var workouts: [(startedAt: Date, entries: [PreviousPerformance.Session])] = []
        for session in history {
            if let index = workouts.firstIndex(where: { $0.startedAt == session.startedAt }) {
                workouts[index].entries.append(session)
            } else {
                workouts.append((session.startedAt, [session]))
            }
        }
        for workout in workouts.sorted(by: { $0.startedAt > $1.startedAt }) {
            let entry = workout.entries[min(max(occurrence, 0), workout.entries.count - 1)]
            if base(of: entry.sets) != nil { return entry }
        }
        return nil
    }

    /// The suggestion for today. `sessionRPE` stands in when the base set has no RPE;
    /// `lastWeekModifier` is the modifier of the week the last sets were in (1 outside
    /// the program); `isDeload` says today's week is a deload; `plateStep` is in `unit`
    /// (2.5 kg or 5 lb by default).
    public static func suggest(
        lastSets: [WorkoutSet], sessionRPE: Int?, lastWeekModifier: Double = 1, templateWeight: Mass?, weekModifier: Double,
        isDeload: Bool = false, unit: MassUnit, plateStep: Double
    ) -> WeightSuggestion? {
        let name = unit.rawValue
        guard let last = base(of: lastSets), let weight = last.weight?.converted(to: unit) else {
            guard let templateWeight else { return nil }
            let value = round(templateWeight.converted(to: unit) * weekModifier, to: plateStep)
            let week = weekModifier == 1 ? "" : " · week ×\(number(weekModifier))"
            return WeightSuggestion(weight: Mass(value, unit), reason: "Template weight\(week) = \(number(value)) \(name)")
        }
        let ratio = lastWeekModifier > 0 ? weekModifier / lastWeekModifier : weekModifier
        let week =
            weekModifier == lastWeekModifier && !isDeload
            ? ""
            : " · \(isDeload ? "deload " : "")week ×\(number(weekModifier))"
                + (lastWeekModifier == 1 ? "" : " after ×\(number(lastWeekModifier))")
        let rpe = last.rpe ?? sessionRPE.map(Double.init)
        let felt = rpe.map { " at RPE \(number($0))" } ?? " · no RPE logged"
        let lastTime = "Last time \(number(weight)) \(name)\(felt)"
        if isDeload {
            let value = round(weight * ratio, to: plateStep)
            return WeightSuggestion(weight: Mass(value, unit), reason: "\(lastTime)\(week) = \(number(value)) \(name)")
        }
        let step = rpeStep(rpe)
        var value = round(weight * (1 + step) * ratio, to: plateStep)
        var change = step == 0 ? "+0%" : (step > 0 ? "+" : "-") + number(abs(step) * 100) + "%"
        let unstepped = round(weight * ratio, to: plateStep)
        if step > 0, plateStep > 0, value < unstepped + plateStep {
            value = round(unstepped + plateStep, to: plateStep)
            change += ", at least \(number(plateStep)) \(name)"
        }
        return WeightSuggestion(
            weight: Mass(value, unit), reason: "\(lastTime) · \(change)\(week) = \(number(value)) \(name)")
    }

    /// The session today's suggestion for the `occurrence`-th row of one lift in the
    /// template of today's program day starts from, and the modifier of its week:
    /// the newest session of **the same program day** (a day of this program with the
    /// same template) outside a deload week, so a light day never sets a heavy day's
    /// weight and the week after a deload continues from the week before it. Before
    /// the program has such a session, the newest session outside this program, at a
    /// modifier of 1. Nil when neither has a base set.
    public static func programBase(
        for occurrence: Int, templateID: UUID, program: TrainingProgram, history: [PreviousPerformance.Session]
    ) -> (session: PreviousPerformance.Session, weekModifier: Double)? {
        var dayTemplates: [UUID: UUID] = [:]
        for week in program.weeks { for day in week.days { dayTemplates[day.id] = day.templateID } }
        let sameDay = history.filter { session in
            guard let link = session.program, link.programID == program.id else { return false }
            return dayTemplates[link.dayID] == templateID && program.week(link.week)?.isDeload != true
        }
        if let session = lastSession(for: occurrence, in: sameDay), let link = session.program {
            return (session, program.week(link.week)?.modifier ?? 1)
        }
        let outside = history.filter { $0.program?.programID != program.id }
        return lastSession(for: occurrence, in: outside).map { ($0, 1) }
    }

    /// The suggested weight of each row of a program day's template, in order. The
    /// second row of one lift (5/3/1's 5 x 10) starts from that lift's second entry
    /// last time. `history` holds each lift's recent sessions.
    public static func forProgramDay(
        _ rows: [TemplateExercise], history: [UUID: [PreviousPerformance.Session]], program: TrainingProgram,
        day: ProgramDay, week: ProgramWeek, unit: MassUnit, plateStep: Double
    ) -> [WeightSuggestion?] {
        zip(rows, occurrences(of: rows)).map { item, occurrence in
            forProgramDay(
                item, occurrence: occurrence, history: history[item.exerciseID] ?? [], program: program, day: day, week: week,
                unit: unit, plateStep: plateStep)
        }
    }

    /// Each row's place among the rows of its lift: 0 for a lift's first row, 1 for its second.
    public static func occurrences(of rows: [TemplateExercise]) -> [Int] {
        var seen: [UUID: Int] = [:]
        return rows.map { item in
            defer { seen[item.exerciseID, default: 0] += 1 }
            return seen[item.exerciseID, default: 0]
        }
    }

    /// The suggested weight of one template exercise on a program day: from the same
    /// program day last time (`programBase`), its set RPE, else that session's, and
    /// this week's modifier over that week's; else the template's weight; rounded to
    /// `plateStep` (in `unit`). Nil for a timed exercise.
    public static func forProgramDay(
        _ item: TemplateExercise, occurrence: Int = 0, history: [PreviousPerformance.Session], program: TrainingProgram,
        day: ProgramDay, week: ProgramWeek, unit: MassUnit, plateStep: Double
    ) -> WeightSuggestion? {
        guard item.targetDurationSeconds == nil else { return nil }
        let base = programBase(for: occurrence, templateID: day.templateID, program: program, history: history)
        return suggest(
            lastSets: base?.session.sets ?? [], sessionRPE: base?.session.sessionRPE, lastWeekModifier: base?.weekModifier ?? 1,
            templateWeight: item.targetWeight, weekModifier: week.modifier, isDeload: week.isDeload, unit: unit,
            plateStep: plateStep)
    }

    /// `value` to the nearest multiple of `step` (a step of 0 or less leaves it to 0.01).
    static func round(_ value: Double, to step: Double) -> Double {
        guard step > 0 else { return (value * 100).rounded() / 100 }
        return ((value / step).rounded() * step * 1000).rounded() / 1000
    }

    /// 100, 102.5, 1.05: no trailing zeros.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
