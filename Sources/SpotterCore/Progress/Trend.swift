import Foundation

/// Where an exercise is heading: the least-squares slope of the best e1RM of each
/// session over a rolling window, as a share of the mean per week.
///
/// Threshold: within +/-1% a week is flat. A lifter adding 2.5 kg a week to a
/// 100 kg e1RM gains 2.5%: up. Day-to-day noise of a kilo or two over a month
/// stays under 1% a week: flat. Fewer than 3 sessions in the window, or sessions
/// less than a week apart from first to last, cannot tell a direction from noise:
/// not enough data.
public enum Trend: String, Sendable, Codable, CaseIterable {
    case up, flat, down, notEnoughData

    public static let defaultWindowDays = 28
    public static let flatBandPerWeek = 0.01
    public static let minimumSessions = 3
    /// The sessions must span a week at least: a slope over a few days (or over
    /// sessions minutes apart) would turn noise into a huge weekly rate.
    public static let minimumSpanDays = 7.0

    public struct Point: Sendable, Equatable {
        public var date: Date
        /// The session's best e1RM, in kilograms.
        public var value: Double

        public init(date: Date, value: Double) {
            self.date = date
            self.value = value
        }
    }

    /// The change per week as a share of the mean (0.025 is +2.5% a week), or nil
    /// with fewer than three points or less than a week between the first and last.
    public static func weeklyChange(_ points: [Point]) -> Double? {
        guard points.count >= minimumSessions else { return nil }
        let xs = points.map { $0.date.timeIntervalSinceReferenceDate / (7 * 86_400) }
        let ys = points.map(\.value)
        let n = Double(points.count)
        let meanX = xs.reduce(0, +) / n
        let meanY = ys.reduce(0, +) / n
        let sxx = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        guard sxx > 0, meanY > 0, xs.max()! - xs.min()! >= minimumSpanDays / 7 else { return nil }
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        return (sxy / sxx) / meanY
    }

    /// The trend of the points in the `days` before `now` (inclusive of both ends).
    public static func classify(
        _ points: [Point], now: Date, days: Int = defaultWindowDays, band: Double = flatBandPerWeek
    ) -> Trend {
        assess(points, now: now, days: days, band: band).trend
    }

    /// The trend of the points in the window, and the weekly change it comes from
    /// (nil when there is not enough data).
    public static func assess(
        _ points: [Point], now: Date, days: Int = defaultWindowDays, band: Double = flatBandPerWeek
    ) -> (trend: Trend, weeklyChange: Double?) {
        let start = now.addingTimeInterval(-Double(days) * 86_400)
        guard let change = weeklyChange(points.filter { $0.date >= start && $0.date <= now }) else {
            return (.notEnoughData, nil)
        }
        return (change > band ? .up : change < -band ? .down : .flat, change)
    }
}
