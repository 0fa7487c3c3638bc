/// What an exercise is performed with.
public enum Equipment: String, CaseIterable, Codable, Sendable, Hashable {
    case barbell, dumbbell, machine, cable, bodyweight, kettlebell, band, cardio, other

    public var displayName: String {
        switch self {
        case .cardio: "Cardio machine"
        default: rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        }
    }
}
