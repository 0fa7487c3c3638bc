import Foundation

/// What goes on a bar for a weight: the plates per side, largest first, and the
/// weight that makes when the asked one cannot be loaded exactly.
public struct PlateLoad: Sendable, Equatable {
    /// The weight asked for.
    public var target: Double
    /// The weight on the bar: `target` when it can be loaded, else the closest one that can.
    public var weight: Double
    /// The plates on each side, largest first; empty for just the bar.
    public var perSide: [Double]
    /// When `target` sits exactly between two loadable weights: the higher one, not
    /// chosen (the lower one is, so a lifter never loads more than asked by chance).
    public var tiedWith: Double?

    public init(target: Double, weight: Double, perSide: [Double], tiedWith: Double? = nil) {
        self.target = target
        self.weight = weight
        self.perSide = perSide
        self.tiedWith = tiedWith
    }

    public var isExact: Bool { PlateMath.hundredths(weight) == PlateMath.hundredths(target) }
    public var isJustTheBar: Bool { perSide.isEmpty }
}

/// The plate calculator: a bar, plates in pairs (plenty of each), and a weight.
/// Weights are counted in hundredths of the unit, so 1.25 + 1.25 is exactly 2.5.
/// `public/plate-calculator.js` follows the same rule, for the page without signal.
public enum PlateMath {
    /// The plates for `target`, or for the closest loadable weight (the lower one
    /// on a tie). Below the bar it is just the bar.
    public static func load(_ target: Double, bar: Double, plates: [Double]) -> PlateLoad {
        let loading = Loading(bar: bar, plates: plates)
        let goal = hundredths(target) - loading.bar
        guard goal > 0, !loading.pairs.isEmpty else { return PlateLoad(target: target, weight: bar, perSide: []) }
        let table = loading.table(upTo: goal + loading.pairs[0])
        let lower = table.lower(atMost: goal)
        let higher = table.higher(atLeast: goal)
        var chosen = lower
        var tied: Int?
        if let higher, higher - goal < goal - lower {
            chosen = higher
        } else if let higher, higher != lower, higher - goal == goal - lower {
            tied = higher
        }
        return PlateLoad(
            target: target, weight: loading.weight(chosen), perSide: table.plates(for: chosen).map(value),
            tiedWith: tied.map(loading.weight))
    }

    /// The heaviest loadable weight no heavier than `target` (at least the bar), with its plates.
    public static func loadAtMost(_ target: Double, bar: Double, plates: [Double]) -> PlateLoad {
        let loading = Loading(bar: bar, plates: plates)
        let goal = hundredths(target) - loading.bar
        guard goal > 0, !loading.pairs.isEmpty else { return PlateLoad(target: target, weight: bar, perSide: []) }
        let table = loading.table(upTo: goal)
        let chosen = table.lower(atMost: goal)
        return PlateLoad(target: target, weight: loading.weight(chosen), perSide: table.plates(for: chosen).map(value))
    }

    /// 20, 2.5, 1.25: no trailing zeros.
    public static func number(_ value: Double) -> String {
        // Beyond 10^13 the hundredths overflow an Int (a refused 1e300 is named in its message).
        guard value.isFinite, abs(value) < 1e13 else { return String(value) }
        let hundredths = Int((value * 100).rounded())
        if hundredths % 100 == 0 { return String(hundredths / 100) }
        return hundredths % 10 == 0 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }

    static func hundredths(_ value: Double) -> Int { Int((value * 100).rounded()) }

    static func value(_ hundredths: Int) -> Double { Double(hundredths) / 100 }

    /// A bar and its plates in hundredths; a pair of plates adds twice a plate.
    struct Loading {
        let bar: Int
        /// Pairs, heaviest first, without repeats.
        let pairs: [Int]
        /// The greatest common divisor of the pairs: every load is a multiple of it.
        let grain: Int

        init(bar: Double, plates: [Double]) {
            self.bar = PlateMath.hundredths(bar)
            pairs = Array(Set(plates.map(PlateMath.hundredths).filter { $0 > 0 })).sorted(by: >).map { $0 * 2 }
            grain = pairs.reduce(0, gcd)
        }

        func weight(_ load: Int) -> Double { PlateMath.value(bar + load) }

        /// The fewest pairs for every multiple of `grain` up to `limit`.
        func table(upTo limit: Int) -> Table {
            let size = limit / grain + 1
            var fewest = [Int](repeating: .max, count: size)
            fewest[0] = 0
            for step in 1..<max(size, 1) {
                for pair in pairs where pair / grain <= step && fewest[step - pair / grain] != .max {
                    fewest[step] = min(fewest[step], fewest[step - pair / grain] + 1)
                }
            }
            return Table(fewest: fewest, loading: self)
        }
    }

    /// Which loads (in hundredths, both sides) can be made, and with how few pairs.
    struct Table {
        let fewest: [Int]
        let loading: Loading

        func lower(atMost goal: Int) -> Int {
            var step = min(goal / loading.grain, fewest.count - 1)
            while fewest[step] == .max { step -= 1 }
            return step * loading.grain
        }

        func higher(atLeast goal: Int) -> Int? {
            var step = (goal + loading.grain - 1) / loading.grain
            while step < fewest.count {
                if fewest[step] != .max { return step * loading.grain }
                step += 1
            }
            return nil
        }

        /// The plates of one side for a load: the fewest, and of those the heaviest
        /// first plate, then the heaviest next one (so 40 per side is 25 + 15, not 20 + 20).
        func plates(for load: Int) -> [Int] {
            var step = load / loading.grain
            var result: [Int] = []
            while step > 0 {
                guard
                    let pair = loading.pairs.first(where: { pair in
                        let rest = step - pair / loading.grain
                        return rest >= 0 && fewest[rest] != .max && fewest[rest] + 1 == fewest[step]
                    })
                else { break }
                result.append(pair / 2)
                step -= pair / loading.grain
            }
            return result
        }
    }
}

private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

extension PlateMath {
    /// The weight a lifter asks the calculator about (`,` as the decimal mark too),
    /// in their unit: a number from 0 to the heaviest set Spotter logs.
    public static func target(_ text: String?, unit: MassUnit) throws(ValidationFailure) -> Double {
        let limit = Mass(SetDraft.maxWeightKilograms, .kg).converted(to: unit).rounded(.down)
        let cleaned = (text ?? "").trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        guard let value = Double(cleaned), value.isFinite, value >= 0, value <= limit else {
            throw ValidationFailure(
                field: "weight", message: "Give the weight as a number from 0 to \(number(limit)) \(unit.rawValue), such as 100.")
        }
        return value
    }
}
