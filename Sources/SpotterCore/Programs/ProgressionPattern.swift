import Foundation

/// How a program's weeks get harder: each pattern turns a base intensity and a weekly
/// increment into one intensity modifier per week (the factor suggested weights are
/// multiplied by), with the deload weeks and phases marked.
///
/// - `constant`: every week at the base.
/// - `linear`: the base, then one increment more each week.
/// - `wave`: waves of three weeks (low, medium, high); each wave starts one increment
///   above the one before, so 1.0, 1.025, 1.05, then 1.025, 1.05, 1.075, ...
/// - `threeUpOneDeload`: cycles of four weeks: three climbing weeks as in `wave`, then
///   a deload week at 90% of the cycle's first week.
/// - `block`: hypertrophy, strength, peaking in three blocks as equal as the length
///   allows (the earlier blocks take the spare weeks); each block starts two
///   increments above the last week of the one before and climbs one a week.
public enum ProgressionPattern: String, CaseIterable, Codable, Sendable {
    case constant, linear, wave, threeUpOneDeload = "three-up-one-deload", block

    public var displayName: String {
        switch self {
        case .constant: "Constant"
        case .linear: "Linear"
        case .wave: "Wave (undulating)"
        case .threeUpOneDeload: "3 weeks up, 1 deload"
        case .block: "Block: hypertrophy, strength, peaking"
        }
    }

    /// The share of the cycle's first week that a deload week lifts.
    public static let deloadShare = 0.9

    /// One week of the plan a pattern makes.
    public struct Week: Sendable, Equatable {
        public var modifier: Double
        public var isDeload: Bool
        public var phase: TrainingPhase?

        public init(modifier: Double, isDeload: Bool = false, phase: TrainingPhase? = nil) {
            self.modifier = modifier
            self.isDeload = isDeload
            self.phase = phase
        }
    }

    /// The `count` weeks of a program (1-52), modifiers rounded to a thousandth.
    public func weeks(_ count: Int, base: Double, increment: Double) -> [Week] {
        (0..<max(count, 0)).map { index in
            var week = self.week(index, of: count, base: base, increment: increment)
            week.modifier = (week.modifier * 1000).rounded() / 1000
            return week
        }
    }

    private func week(_ index: Int, of count: Int, base: Double, increment: Double) -> Week {
        switch self {
        case .constant:
            return Week(modifier: base)
        case .linear:
            return Week(modifier: base + Double(index) * increment)
        case .wave:
            return Week(modifier: base + Double(index / 3 + index % 3) * increment)
        case .threeUpOneDeload:
            let (cycle, position) = (index / 4, index % 4)
            let start = base + Double(cycle) * increment
            return position == 3
                ? Week(modifier: start * Self.deloadShare, isDeload: true, phase: .deload)
                : Week(modifier: start + Double(position) * increment)
        case .block:
            let sizes = Self.blockSizes(count)
            var (first, start) = (0, base)
            for (block, size) in sizes.enumerated() {
                if index < first + size {
                    let phase: TrainingPhase = [.hypertrophy, .strength, .peaking][block]
                    return Week(modifier: start + Double(index - first) * increment, phase: phase)
                }
                start += Double(size - 1 + 2) * increment
                first += size
            }
            return Week(modifier: base)
        }
    }

    /// The lengths of the three blocks of `count` weeks: 12 gives 4, 4, 4; 7 gives
    /// 3, 2, 2; a program shorter than three weeks has fewer blocks.
    static func blockSizes(_ count: Int) -> [Int] {
        guard count > 0 else { return [] }
        let blocks = min(count, 3)
        return (0..<blocks).map { count / blocks + ($0 < count % blocks ? 1 : 0) }
    }
}
