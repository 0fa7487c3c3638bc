import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

/// A training max as the API writes it.
struct TrainingMaxResponse: ResponseCodable, Equatable {
    let id: UUID
    let exerciseId: UUID
    let weight: Double
    let weightUnit: MassUnit
    let day: String
    let source: TrainingMax.Source
    let createdAt: Date

    init(_ max: TrainingMax) {
        id = max.id
        exerciseId = max.exerciseID
        weight = max.weight.value
        weightUnit = max.weight.unit
        day = max.day
        source = max.source
        createdAt = max.createdAt
    }
}

/// The max offered from the lift's recent e1RM.
struct TrainingMaxOfferResponse: Codable, Sendable, Equatable {
    let weight: Double
    let weightUnit: MassUnit
    let share: Double
    let bestE1RM: Double
    let bestDay: String
    let weeks: Int
    let reason: String

    init(_ offer: TrainingMaxOffer) {
        weight = offer.weight.value
        weightUnit = offer.weight.unit
        share = offer.share
        bestE1RM = offer.bestE1RM.value
        bestDay = offer.bestDay
        weeks = offer.weeks
        reason = offer.reason
    }
}

/// One lift: the max in force, its history and the offer.
struct TrainingMaxLiftResponse: ResponseEncodable, Equatable {
    let exerciseId: UUID
    let exerciseName: String
    @Nullable var current: TrainingMaxResponse?
    let history: [TrainingMaxResponse]
    @Nullable var offer: TrainingMaxOfferResponse?

    init(_ lift: TrainingMaxLift) {
        exerciseId = lift.exercise.id
        exerciseName = lift.exercise.name
        current = lift.current.map(TrainingMaxResponse.init)
        history = lift.history.map(TrainingMaxResponse.init)
        offer = lift.offer.map(TrainingMaxOfferResponse.init)
    }
}

struct TrainingMaxInput: Decodable {
    let exerciseId: UUID
    let weight: Double?
    let weightUnit: String?
    let day: String?
    let source: String?

    var draft: TrainingMaxDraft { TrainingMaxDraft(weight: weight, weightUnit: weightUnit, day: day, source: source) }
}
