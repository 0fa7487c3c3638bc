/// The muscle groups an exercise can train. The list is fixed so that filters,
/// statistics and imports agree on the same eleven names.
public enum MuscleGroup: String, CaseIterable, Codable, Sendable, Hashable {
    case chest, back, shoulders, biceps, triceps, legs, core, glutes, forearms, calves
    case fullBody

    /// The name a lifter reads.
    public var displayName: String {
        switch self {
        case .fullBody: "Full Body"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }
}
