/// What a set was for. Warm-ups never count toward volume or records.
public enum SetKind: String, CaseIterable, Codable, Sendable {
    case warmup, working, drop, failure

    public var displayName: String {
        switch self {
        case .warmup: "Warm-up"
        case .working: "Working"
        case .drop: "Drop set"
        case .failure: "To failure"
        }
    }

    /// The one-letter mark in set strips (W, D, F); working sets have none.
    public var mark: String? {
        switch self {
        case .warmup: "W"
        case .working: nil
        case .drop: "D"
        case .failure: "F"
        }
    }
}
