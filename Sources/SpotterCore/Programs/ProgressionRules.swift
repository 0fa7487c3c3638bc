import Foundation

/// Today's prescription for one lift: the weight of its working sets, the reps of
/// each, and why, in words a lifter can check ("Last time 3 x 5 at 100 kg all done ·
/// +2.5 kg = 102.5 kg").
public struct Prescription: Sendable, Equatable {
    public var weight: Mass
    public var reps: [Int]
    public var reason: String

    public init(weight: Mass, reps: [Int], reason: String) {
        self.weight = weight
        self.reps = reps
        self.reason = reason
    }
}

/// The progression rules a program gives each of its lifts, as pure functions. Each
/// reads the lift's earlier sessions **of the same program day** (newest first,
/// deload weeks left out by the caller, so the week after a deload continues from the
/// week before it) and says what today asks. Weights are in `unit`, rounded to the
/// lifter's `plateStep`.
public enum ProgressionRules {
    /// The done working sets of a session (warm-ups, drops and planned sets left out).
    static func work(_ sets: [WorkoutSet]) -> [WorkoutSet] {
        sets.filter { $0.kind == .working && $0.done && $0.weight != nil }
    }

    /// The session's working weight: its heaviest done working set, in `unit`.
    static func weight(of sets: [WorkoutSet], in unit: MassUnit) -> Double? {
        work(sets).compactMap { $0.weight?.converted(to: unit) }.max()
    }

    /// Whether every one of `count` working sets at the session's weight reached `reps`.
    static func allDone(_ sets: [WorkoutSet], count: Int, reps: Int, unit: MassUnit) -> Bool {
        guard let top = weight(of: sets, in: unit) else { return false }
        let atWeight = work(sets).filter { abs(($0.weight?.converted(to: unit) ?? 0) - top) < 0.01 }
        return atWeight.count >= count && atWeight.allSatisfy { ($0.reps ?? 0) >= reps }
    }

    /// "3 x 5", or "5, 5, 4" when the reps differ.
    static func repsText(_ reps: [Int]) -> String {
        guard let first = reps.first else { return "0" }
        return reps.allSatisfy { $0 == first } ? "\(reps.count) x \(first)" : reps.map(String.init).joined(separator: ", ")
    }

    static func text(_ value: Double, _ unit: MassUnit) -> String { "\(WeightFormat.trim(value)) \(unit.rawValue)" }

    // MARK: Linear

    /// How many missed sessions in a row at one weight bring a deload, and how deep it is.
    public static let missesBeforeDeload = 3
    public static let deloadShare = 0.9

    /// Linear progression (Starting Strength, StrongLifts 5x5): `sets` x `reps` at one
    /// weight; after a session where every working set reached its reps, `step` more;
    /// after a miss, the same weight again; after the third miss in a row at that
    /// weight, 10% less. Before the first session, `start` (nil when there is none).
    public static func linear(
        after sessions: [[WorkoutSet]], sets: Int, reps: Int, step: Double, start: Mass?, unit: MassUnit, plateStep: Double
    ) -> Prescription? {
        let planned = Array(repeating: reps, count: sets)
        let done = sessions.filter { weight(of: $0, in: unit) != nil }
        guard let last = done.first, let weight = weight(of: last, in: unit) else {
            return start.map { start in
                let value = WeightSuggestion.round(start.converted(to: unit), to: plateStep)
                return Prescription(
                    weight: Mass(value, unit), reps: planned, reason: "First session · \(text(value, unit))")
            }
        }
        let lastTime = "Last time \(repsText(work(last).map { $0.reps ?? 0 })) at \(text(weight, unit))"
        if allDone(last, count: sets, reps: reps, unit: unit) {
            let value = WeightSuggestion.round(weight + step, to: plateStep)
            return Prescription(
                weight: Mass(value, unit), reps: planned,
                reason: "\(lastTime) all done · +\(text(step, unit)) = \(text(value, unit))")
        }
        let misses = done.prefix { session in
            Self.weight(of: session, in: unit).map { abs($0 - weight) < 0.01 } == true
                && !allDone(session, count: sets, reps: reps, unit: unit)
        }.count
        if misses >= missesBeforeDeload {
            let value = WeightSuggestion.round(weight * deloadShare, to: plateStep)
            return Prescription(
                weight: Mass(value, unit), reps: planned,
                reason: "\(lastTime) · \(ordinal(misses)) miss in a row · deload -10% = \(text(value, unit))")
        }
        return Prescription(
            weight: Mass(weight, unit), reps: planned,
            reason:
                "\(lastTime), short of \(repsText(planned)) · miss \(misses) of \(missesBeforeDeload) · same \(text(weight, unit))"
        )
    }

    static func ordinal(_ n: Int) -> String {
        switch n {
        case 1: "first"
        case 2: "second"
        case 3: "third"
        default: "\(n)th"
        }
    }

    // MARK: Double progression

    /// Double progression (PHUL, PHAT, Upper/Lower, Bro Split, Arnold): `sets` sets in
    /// `range` at one weight; each set aims one rep past last time (never below the
    /// bottom nor past the top) until every set reaches the top; then `step` more and
    /// back to the bottom of the range.
    public static func double(
        after sessions: [[WorkoutSet]], sets: Int, range: RepRange, step: Double, start: Mass?, unit: MassUnit,
        plateStep: Double
    ) -> Prescription? {
        let bottom = Array(repeating: range.min, count: sets)
        guard let last = sessions.first(where: { weight(of: $0, in: unit) != nil }), let weight = weight(of: last, in: unit)
        else {
            return start.map { start in
                let value = WeightSuggestion.round(start.converted(to: unit), to: plateStep)
                return Prescription(weight: Mass(value, unit), reps: bottom, reason: "First session · \(text(value, unit))")
            }
        }
        let done = work(last).filter { abs(($0.weight?.converted(to: unit) ?? 0) - weight) < 0.01 }.map { $0.reps ?? 0 }
        let lastTime = "Last time \(repsText(done)) at \(text(weight, unit))"
        if done.count >= sets, done.allSatisfy({ $0 >= range.max }) {
            let value = WeightSuggestion.round(weight + step, to: plateStep)
            return Prescription(
                weight: Mass(value, unit), reps: bottom,
                reason:
                    "\(lastTime), the top of \(range.min)-\(range.max) · +\(text(step, unit)), back to \(range.min) = \(text(value, unit))"
            )
        }
        let aims = (0..<sets).map { index in
            Swift.min(range.max, Swift.max(range.min, (index < done.count ? done[index] : range.min - 1) + 1))
        }
        return Prescription(
            weight: Mass(weight, unit), reps: aims,
            reason: "\(lastTime) · one more rep a set: \(repsText(aims)) at \(text(weight, unit))")
    }
}

/// A set of a training-max week: a share of the TM for some reps, the last one
/// often "as many as you can" (AMRAP, written "5+").
public struct WaveSet: Sendable, Equatable {
    public var percent: Double
    public var reps: Int
    public var amrap: Bool

    public init(_ percent: Double, _ reps: Int, amrap: Bool = false) {
        self.percent = percent
        self.reps = reps
        self.amrap = amrap
    }

    /// "85% · 5+".
    public var label: String { "\(WeightFormat.trim(percent * 100))% · \(reps)\(amrap ? "+" : "")" }
}

/// Training-max waves (5/3/1, nSuns): each week of a cycle is a list of sets at
/// shares of the lift's training max; the max rises at the end of a cycle by its
/// step, or after each AMRAP set by what it showed (nSuns); a missed AMRAP target
/// takes it back.
public struct TrainingMaxWave: Sendable, Equatable {
    public var weeks: [[WaveSet]]
    /// Which week of the cycle deloads (nil when none).
    public var deloadWeek: Int?

    public init(weeks: [[WaveSet]], deloadWeek: Int? = nil) {
        precondition(!weeks.isEmpty, "a wave has at least one week")
        self.weeks = weeks
        self.deloadWeek = deloadWeek
    }

    /// 5/3/1 as published: 5s, 3s and 5/3/1 weeks, then a deload at 40/50/60%.
    public static let fiveThreeOne = TrainingMaxWave(
        weeks: [
            [WaveSet(0.65, 5), WaveSet(0.75, 5), WaveSet(0.85, 5, amrap: true)],
            [WaveSet(0.70, 3), WaveSet(0.80, 3), WaveSet(0.90, 3, amrap: true)],
            [WaveSet(0.75, 5), WaveSet(0.85, 3), WaveSet(0.95, 1, amrap: true)],
            [WaveSet(0.40, 5), WaveSet(0.50, 5), WaveSet(0.60, 5)],
        ], deloadWeek: 4)

    /// Boring But Big's supplemental work: 5 x 10 at 50% of the training max.
    public static let boringButBig = Array(repeating: WaveSet(0.5, 10), count: 5)

    /// The week of the cycle that program week `week` (from 1) falls on.
    public func cycleWeek(_ week: Int) -> Int { (max(week, 1) - 1) % weeks.count + 1 }

    /// The cycle (from 1) that program week `week` is in.
    public func cycle(_ week: Int) -> Int { (max(week, 1) - 1) / weeks.count + 1 }

    /// The sets of program week `week` from `trainingMax`, each weight rounded to `plateStep`.
    public func sets(week: Int, trainingMax: Mass, unit: MassUnit, plateStep: Double) -> [(weight: Mass, set: WaveSet)] {
        Self.weights(weeks[cycleWeek(week) - 1], trainingMax: trainingMax, unit: unit, plateStep: plateStep)
    }

    /// Each set's weight from `trainingMax` (BBB's 5 x 10 too), rounded to `plateStep`.
    public static func weights(_ sets: [WaveSet], trainingMax: Mass, unit: MassUnit, plateStep: Double)
        -> [(weight: Mass, set: WaveSet)]
    {
        let tm = trainingMax.converted(to: unit)
        return sets.map { set in (Mass(WeightSuggestion.round(tm * set.percent, to: plateStep), unit), set) }
    }

    /// "Week 3 · 95% of TM 140 kg = 132.5 kg · 1+".
    public static func reason(week: Int, set: WaveSet, trainingMax: Mass, weight: Mass) -> String {
        let tm = "\(WeightFormat.trim(trainingMax.value)) \(trainingMax.unit.rawValue)"
        let percent = WeightFormat.trim(set.percent * 100)
        return "Week \(week) · \(percent)% of TM \(tm) = \(WeightFormat.trim(weight.value)) \(weight.unit.rawValue)"
            + " · \(set.reps)\(set.amrap ? "+" : "")"
    }

    /// The training max after a 5/3/1 cycle, in `unit`: `step` more (5 lb / 2.5 kg for
    /// presses, 10 lb / 5 kg for squats and deadlifts) when every AMRAP set reached its
    /// reps; when one fell short, back to 90% of it, as Wendler's reset does; with no
    /// AMRAP set logged, as it was.
    public static func afterCycle(
        _ trainingMax: Mass, step: Double, amraps: [(done: Int, asked: Int)], unit: MassUnit, plateStep: Double
    ) -> (max: Mass, reason: String) {
        let tm = trainingMax.converted(to: unit)
        guard !amraps.isEmpty else {
            return (Mass(tm, unit), "No + set logged this cycle · TM holds = \(ProgressionRules.text(tm, unit))")
        }
        if let short = amraps.first(where: { $0.done < $0.asked }) {
            let value = WeightSuggestion.round(tm * 0.9, to: plateStep)
            return (
                Mass(value, unit), "\(short.done) of \(short.asked)+ reps · TM back 10% = \(ProgressionRules.text(value, unit))"
            )
        }
        let value = WeightSuggestion.round(tm + step, to: plateStep)
        return (
            Mass(value, unit),
            "Cycle done, every + set made · TM \(change(value - tm, unit)) = \(ProgressionRules.text(value, unit))"
        )
    }

    /// nSuns: after the day's 1+ set, the lift's training max (in `unit`) moves by what
    /// the set showed: 0 reps takes a plate step off, 1 holds it, 2-3 add one step, 4-5
    /// two, 6 or more three (2.5 / 5 / 7.5 kg; 5 / 10 / 15 lb on 5 lb steps).
    public static func afterAMRAP(_ trainingMax: Mass, reps: Int, unit: MassUnit, plateStep: Double) -> (
        max: Mass, reason: String
    ) {
        let steps =
            switch reps {
            case ...0: -1
            case 1: 0
            case 2...3: 1
            case 4...5: 2
            default: 3
            }
        let tm = trainingMax.converted(to: unit)
        let set = "\(reps) \(reps == 1 ? "rep" : "reps") on the 1+ set"
        // A max off the plate steps stays as it is when it holds.
        guard steps != 0 else { return (Mass(tm, unit), "\(set) · TM holds = \(ProgressionRules.text(tm, unit))") }
        let value = WeightSuggestion.round(tm + Double(steps) * plateStep, to: plateStep)
        return (Mass(value, unit), "\(set) · TM \(change(value - tm, unit)) = \(ProgressionRules.text(value, unit))")
    }

    /// "+5 kg", "-2.5 kg": the change as it came out after rounding.
    static func change(_ delta: Double, _ unit: MassUnit) -> String {
        (delta < 0 ? "-" : "+") + ProgressionRules.text(abs(delta), unit)
    }
}

/// Texas Method's three days, one from another: the intensity day is a new five-rep
/// max (`step` over last week's when it was made, else the same again); the volume
/// day is 5 x 5 at 90% of the newest intensity day's 5; the recovery day is 2 x 5 at
/// 80% of the volume day.
public enum TexasMethod {
    public static let volumeShare = 0.9
    public static let recoveryShare = 0.8

    /// Friday: `lastFive` (the last intensity day's weight) and whether it was made.
    public static func intensity(lastFive: Mass, made: Bool, step: Double, plateStep: Double) -> Prescription {
        let unit = lastFive.unit
        let last = lastFive.value
        let value = made ? WeightSuggestion.round(last + step, to: plateStep) : last
        let reason =
            made
            ? "Last 5RM \(ProgressionRules.text(last, unit)) made · +\(ProgressionRules.text(step, unit)) = \(ProgressionRules.text(value, unit))"
            : "Last 5RM \(ProgressionRules.text(last, unit)) missed · same again"
        return Prescription(weight: Mass(value, unit), reps: [5], reason: reason)
    }

    /// Monday: 5 x 5 at 90% of the newest intensity day's 5.
    public static func volume(intensityFive: Mass, plateStep: Double) -> Prescription {
        let unit = intensityFive.unit
        let value = WeightSuggestion.round(intensityFive.value * volumeShare, to: plateStep)
        return Prescription(
            weight: Mass(value, unit), reps: Array(repeating: 5, count: 5),
            reason: "90% of your 5RM \(ProgressionRules.text(intensityFive.value, unit)) = \(ProgressionRules.text(value, unit))")
    }

    /// Wednesday: 2 x 5 at 80% of Monday's volume weight.
    public static func recovery(volume: Mass, plateStep: Double) -> Prescription {
        let unit = volume.unit
        let value = WeightSuggestion.round(volume.value * recoveryShare, to: plateStep)
        return Prescription(
            weight: Mass(value, unit), reps: [5, 5],
            reason: "80% of Monday's \(ProgressionRules.text(volume.value, unit)) = \(ProgressionRules.text(value, unit))")
    }
}
