import Foundation

/// The weight a program suggests for an exercise today, and why: the last working
/// weight, stepped by how hard it felt, times the week's intensity modifier, rounded
/// to the lifter's smallest plate step.
///
/// How hard it felt (RPE, per set where logged, else the session's):
/// - below 7 (1-6.5): +5%;
/// - 7 to below 9 (7-8.5): +2.5%;
/// - 9 and above (9-10): -2.5%;
/// - not logged: +0%.
/// Warm-ups and drop sets are never the base. With no history the template's target
/// weight is the base (times the week's modifier); with neither there is no suggestion.
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
    /// `plateStep` is in `unit` (2.5 kg or 5 lb by default).
    public static func suggest(
        lastSets: [WorkoutSet], sessionRPE: Int?, templateWeight: Mass?, weekModifier: Double, unit: MassUnit, plateStep: Double
    ) -> WeightSuggestion? {
        let week = weekModifier == 1 ? "" : " · week ×\(Self.number(weekModifier))"
        if let last = base(of: lastSets), let weight = last.weight {
            let rpe = last.rpe ?? sessionRPE.map(Double.init)
            let step = rpeStep(rpe)
            let value = round(weight.converted(to: unit) * (1 + step) * weekModifier, to: plateStep)
            let felt = rpe.map { " at RPE \(Self.number($0))" } ?? " · no RPE logged"
            let change = step == 0 ? "+0%" : (step > 0 ? "+" : "-") + Self.number(abs(step) * 100) + "%"
            return WeightSuggestion(
                weight: Mass(value, unit),
                reason:
                    "Last time \(Self.number(weight.converted(to: unit))) \(unit.rawValue)\(felt) · \(change)\(week) = \(Self.number(value)) \(unit.rawValue)"
            )
        }
        guard let templateWeight else { return nil }
        let value = round(templateWeight.converted(to: unit) * weekModifier, to: plateStep)
        return WeightSuggestion(
            weight: Mass(value, unit), reason: "Template weight\(week) = \(Self.number(value)) \(unit.rawValue)")
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
