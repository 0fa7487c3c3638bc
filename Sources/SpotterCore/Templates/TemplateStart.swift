import Foundation

/// Starting a workout from a template: the template is copied (copy-at-start), so
/// editing the template later never changes a started or past workout.
public enum TemplateStart {
    /// The exercise entries of a workout started from `exercises` (a template's, or
    /// today's tweaked list). Every set is planned, not done: reps at the bottom of
    /// the range (the number to reach), the template's target weight, or else the
    /// suggested weight from history, and the target it came from.
    public static func entries(
        from exercises: [TemplateExercise], suggestedWeights: [UUID: Mass], now: Date, newID: () -> UUID
    ) -> [ExerciseEntry] {
        exercises.map { item in
            let weight = item.targetWeight ?? suggestedWeights[item.exerciseID]
            let timed = item.targetDurationSeconds != nil
            let sets = (0..<item.setCount).map { _ in
                WorkoutSet(
                    id: newID(), kind: .working, reps: timed ? nil : item.reps.min, weight: weight,
                    durationSeconds: item.targetDurationSeconds, updatedAt: now,
                    target: SetTarget(reps: timed ? nil : item.reps, rpe: item.targetRPE))
            }
            return ExerciseEntry(
                id: newID(), exerciseID: item.exerciseID, notes: item.notes, restSeconds: item.restSeconds, sets: sets)
        }
    }
}

/// The weight a template start suggests when the template sets none: the last
/// working weight of that exercise, meaning the heaviest done working (or failure)
/// set of the most recent session that had one. Warm-ups and drop sets do not count:
/// they are lighter on purpose.
public enum SuggestedWeight {
    public static func from(_ history: [PreviousPerformance.Session]) -> Mass? {
        for session in history.sorted(by: { $0.startedAt > $1.startedAt }) {
            if let heaviest = session.sets.filter(\.isCompletedWork).heaviestWeight { return heaviest }
        }
        return nil
    }
}
