/// How a set of an exercise is measured. It decides which fields a set shows
/// and how its volume counts.
public enum ExerciseKind: String, CaseIterable, Codable, Sendable, Hashable {
    /// Load times repetitions: bench press, curls.
    case weightReps
    /// Bodyweight repetitions, optionally with added load: pull-ups, dips.
    case bodyweightReps
    /// Bodyweight repetitions with assistance subtracted: assisted pull-ups.
    case assistedBodyweight
    /// Time under tension only: plank, dead hang.
    case duration
    /// Distance covered in a time: running, rowing.
    case distanceDuration

    public var displayName: String {
        switch self {
        case .weightReps: "Weight × reps"
        case .bodyweightReps: "Bodyweight reps (+ optional load)"
        case .assistedBodyweight: "Assisted bodyweight"
        case .duration: "Duration"
        case .distanceDuration: "Distance + duration"
        }
    }
}
