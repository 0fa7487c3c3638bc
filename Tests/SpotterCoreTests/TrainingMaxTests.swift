import Foundation
import SpotterCore
import SpotterTestSupport
import Testing

/// Training maxes: the offer made from recent e1RMs (checked by hand), the max in
/// force on a day, and the checks on a typed max.
@Suite("Training maxes")
struct TrainingMaxTests {
    static let lift = UUID.numbered(7)
    static let saved = Date(timeIntervalSince1970: 1_790_000_000)

    static func max(_ day: String, _ kg: Double, savedAfter seconds: Double = 0, id: Int = 0) -> TrainingMax {
        TrainingMax(
            id: .numbered(100 + id), exerciseID: lift, weight: Mass(kg, .kg), day: day, source: .typed,
            createdAt: saved.addingTimeInterval(seconds))
    }

    // MARK: The offer

    @Test(
        "90% of the best e1RM, rounded down to the plate step: 141 kg -> 126.9 -> 125 kg; the first day of the best is named"
    )
    func offerFromBestE1RM() throws {
        let offer = try #require(
            TrainingMaxOffer.make(
                sessions: [("2026-10-19", 130), ("2026-11-20", 141), ("2026-11-27", 141), ("2026-12-01", 138.5)], unit: .kg,
                step: 2.5))
        #expect(offer.weight == Mass(125, .kg))
        #expect(offer.bestE1RM == Mass(141, .kg))
        #expect(offer.bestDay == "2026-11-20")
        #expect(offer.share == 0.9)
        #expect(offer.reason == "90% of your best e1RM of the last 8 weeks (141 kg on 2026-11-20)")
    }

    @Test(
        "an exact multiple stays itself (125 kg -> 112.5 kg), a pound lifter gets pounds (100 kg = 220.5 lb -> 198.4 -> 195 lb)",
        arguments: [
            (125.0, MassUnit.kg, 2.5, 112.5, "125 kg"), (100.0, .lb, 5, 195, "220.5 lb"),
            (116.0 + 2.0 / 3, .kg, 2.5, 105, "116.7 kg"),
            (116.0 + 2.0 / 3, .kg, 1, 105, "116.7 kg"), (40, .kg, 0, 36, "40 kg"),
        ])
    func offerRounding(e1rm: Double, unit: MassUnit, step: Double, expected: Double, best: String) throws {
        let offer = try #require(TrainingMaxOffer.make(sessions: [("2026-12-01", e1rm)], unit: unit, step: step))
        #expect(offer.weight == Mass(expected, unit))
        #expect(offer.reason.contains("(\(best) on 2026-12-01)"))
    }

    @Test("no offer without a session that has an e1RM, nor one the lifter could not save (over 600 kg)")
    func noOffer() {
        #expect(TrainingMaxOffer.make(sessions: [], unit: .kg, step: 2.5) == nil)
        #expect(TrainingMaxOffer.make(sessions: [("2026-12-01", 0)], unit: .kg, step: 2.5) == nil)
        #expect(TrainingMaxOffer.make(sessions: [("2026-12-01", 700)], unit: .kg, step: 2.5) == nil, "0.9 x 700 = 630 kg")
        #expect(TrainingMaxOffer.make(sessions: [("2026-12-01", 660)], unit: .kg, step: 2.5)?.weight == Mass(592.5, .kg))
    }

    // MARK: The max in force

    @Test("the newest day on or before the day is in force; of two on one day the later saved; none before the first")
    func inForce() {
        let maxes = [
            Self.max("2026-09-01", 100, id: 1), Self.max("2026-10-01", 105, id: 2),
            Self.max("2026-10-01", 102.5, savedAfter: 60, id: 3), Self.max("2026-11-01", 110, id: 4),
        ]
        #expect(TrainingMax.inForce(maxes, on: "2026-08-31") == nil)
        #expect(TrainingMax.inForce(maxes, on: "2026-09-01")?.weight == Mass(100, .kg))
        #expect(TrainingMax.inForce(maxes, on: "2026-10-15")?.weight == Mass(102.5, .kg), "the later correction wins")
        #expect(TrainingMax.inForce(maxes, on: "2026-12-07")?.weight == Mass(110, .kg))
        #expect(TrainingMax.newestFirst(maxes).map(\.id) == [4, 3, 2, 1].map { UUID.numbered(100 + $0) })
    }

    // MARK: Checks

    @Test("a typed max holds from today unless a day is given, in the lifter's unit unless another is named")
    func validDraft() throws {
        let today = try TrainingMaxDraft(weight: 142.5).validated(
            id: .numbered(1), exerciseID: Self.lift, unit: .kg, today: "2026-12-07", now: Self.saved)
        #expect(
            today
                == TrainingMax(
                    id: .numbered(1), exerciseID: Self.lift, weight: Mass(142.5, .kg), day: "2026-12-07", source: .typed,
                    createdAt: Self.saved))
        let offered = try TrainingMaxDraft(weight: 315, weightUnit: "lb", day: " 2026-11-30 ", source: "estimated").validated(
            id: .numbered(2), exerciseID: Self.lift, unit: .kg, today: "2026-12-07", now: Self.saved)
        #expect(offered.weight == Mass(315, .lb))
        #expect(offered.day == "2026-11-30")
        #expect(offered.source == .estimated)
    }

    @Test(
        "a bad max is refused with what to fix",
        arguments: [
            (TrainingMaxDraft(weight: nil), "weight", "Enter the training max from 1 to 600 kg."),
            (TrainingMaxDraft(weight: 0), "weight", "The training max must be from 1 to 600 kg."),
            (TrainingMaxDraft(weight: 700), "weight", "The training max must be from 1 to 600 kg."),
            (TrainingMaxDraft(weight: .nan), "weight", "The training max must be from 1 to 600 kg."),
            (TrainingMaxDraft(weight: 1400, weightUnit: "lb"), "weight", "The training max must be from 2.3 to 1322.7 lb."),
            (TrainingMaxDraft(weight: 100, weightUnit: "stone"), "weightUnit", "The weight unit must be kg or lb."),
            (
                TrainingMaxDraft(weight: 100, day: "2026-12-08"), "day",
                "The date is in the future; enter today or an earlier day."
            ),
            (TrainingMaxDraft(weight: 100, day: "07/12/2026"), "day", "Enter the date as YYYY-MM-DD, for example 2026-03-14."),
            (TrainingMaxDraft(weight: 100, source: "guessed"), "source", "The source must be typed or estimated."),
        ])
    func badDraft(draft: TrainingMaxDraft, field: String, message: String) {
        #expect(throws: ValidationFailure(field: field, message: message)) {
            try draft.validated(id: .numbered(1), exerciseID: Self.lift, unit: .kg, today: "2026-12-07", now: Self.saved)
        }
    }
}
