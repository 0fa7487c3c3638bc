import Foundation
import SpotterCore
import SpotterStore

/// A lift's training max: the one in force, the offer from recent sessions, the
/// form to set one, and every max before.
struct TrainingMaxPage: PageModel {
    static let template = "training-maxes/training-max"

    /// One max of the lift's history.
    struct Row {
        let weight: String
        let dayLabel: String
        let source: String
        let inForce: Bool
        let deleteAction: String
    }

    /// The max offered from the lift's recent e1RM.
    struct Offer {
        let weight: String
        let value: String
        let reason: String
    }

    let page: PageChrome
    let notice: String?
    let exerciseName: String
    /// Nil for a lift not measured by weight × reps: the page says why it has no max.
    let refusal: String?
    let current: String?
    let currentSince: String?
    let offer: Offer?
    let formAction: String
    let offerID: String
    let newID: String
    let formError: String?
    let weight: FieldView
    let day: FieldView
    let unit: String
    let today: String
    let history: [Row]
    let hasHistory: Bool
}
