import Foundation

/// What a week of a program is for, shown beside its number ("Week 5 of 12 · Strength").
public enum TrainingPhase: String, CaseIterable, Codable, Sendable {
    case hypertrophy, strength, peaking, deload, testing

    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
