import Foundation

/// Saving a finished workout as a template, and reading what a workout did as a
/// plan to compare with the template it came from.
public enum TemplateFromWorkout {
    /// The name the save form suggests: "Workout on Nov 3" in the lifter's time zone.
    public static func suggestedName(for workout: Workout, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "MMM d"
        return "Workout on \(formatter.string(from: workout.startedAt))"
    }

    /// The workout's exercises in order as template exercises: set count = completed
    /// working sets, rep range = fewest..most reps of those sets, rest and notes of
    /// the entry. Timed sets give the longest duration as the target. An exercise
    /// with no completed working set is left out (it was skipped); `weights` says
    /// whether each keeps its top working weight as a target (the update-values
    /// path) or leaves weights to history (a new template).
    public static func plan(of workout: Workout, weights: Bool, newID: () -> UUID) -> [TemplateExercise] {
        workout.entries.compactMap { entry in
            let work = entry.sets.filter(\.isCompletedWork)
            guard !work.isEmpty else { return nil }
            let reps = work.compactMap(\.reps).filter { $0 > 0 }
            let range =
                reps.isEmpty
                ? RepRange(1, 1)
                : RepRange(
                    max(reps.min()!, RepRange.limits.lowerBound), min(reps.max()!, RepRange.limits.upperBound))
            let duration = reps.isEmpty ? work.compactMap(\.durationSeconds).filter { $0 > 0 }.max() : nil
            let top = work.heaviestWeight
            return TemplateExercise(
                id: newID(), exerciseID: entry.exerciseID, setCount: min(work.count, TemplateExercise.setCountLimits.upperBound),
                reps: duration == nil && reps.isEmpty ? .standard : range, targetWeight: weights ? top : nil,
                restSeconds: entry.restSeconds, targetDurationSeconds: duration,
                notes: String(entry.notes.prefix(TemplateDraft.exerciseNotesLimit)))
        }
    }

    /// Exercises of the workout that `plan` leaves out, for the save form to say so.
    public static func skippedExerciseIDs(of workout: Workout) -> [UUID] {
        workout.entries.filter { !$0.sets.contains(where: \.isCompletedWork) }.map(\.exerciseID)
    }
}

extension WorkoutSet {
    /// Work done: ticked, and neither a warm-up nor a drop set (both are lighter on
    /// purpose), so it can stand for what the lifter can do.
    var isCompletedWork: Bool { done && (kind == .working || kind == .failure) }
}

extension Sequence<WorkoutSet> {
    /// The heaviest weight above zero among these sets, compared in kilograms.
    var heaviestWeight: Mass? {
        compactMap(\.weight).filter { $0.value > 0 }.max { $0.converted(to: .kg) < $1.converted(to: .kg) }
    }
}
