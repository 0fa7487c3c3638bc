import Foundation
import SpotterCore
import SpotterStore

/// "0:45" or "1:02:05": a countdown or a clock as the player and the builder show it
/// (always with minutes, so the digits do not jump at a minute).
enum GuidedText {
    static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        let (h, m, r) = (s / 3600, s % 3600 / 60, s % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, r) : String(format: "%d:%02d", m, r)
    }
}

struct TimelineItemView {
    let index: Int
    let number: Int
    let item: TimelineForm.Item
    let isBreak: Bool
    let timed: Bool
    let name: String
    let time: String
    let first: Bool
    let last: Bool
    let error: String?
}

struct PlayerCardView {
    let name: String
    let muscle: String
    let initial: String
    let imageUrl: String?
    let videoUrl: String?
    let setLabel: String
    let target: String
    let reps: String
    let weight: String
    let unit: String
    let timed: Bool
}

struct PlayerUpcomingView {
    let name: String
    let isBreak: Bool
    let detail: String
}

struct PlayerSummaryView {
    let duration: String
    let exercises: Int
    let sets: Int
    let volume: String
    let records: Int
    let hasRecords: Bool
    let singleRecord: Bool
}
