import Foundation
import SpotterCore
import Testing

@testable import SpotterServer

/// Views that answer Mustache by name (instead of by reflection) must answer for
/// every field they have; a field left out of the switch would render as nothing.
@Suite("Views answer every field by name")
struct MustacheLookupTests {
    /// Each stored property, by reflection, against what `child(named:)` says.
    func mismatches(_ value: Any, _ child: (String) -> Any?) -> [String] {
        Mirror(reflecting: value).children.compactMap { label, expected in
            guard let label else { return nil }
            let answered = child(label).map { String(describing: $0) } ?? "nil"
            let reflected =
                Mirror(reflecting: expected).displayStyle == .optional
                ? (Mirror(reflecting: expected).children.first.map { String(describing: $0.value) } ?? "nil")
                : String(describing: expected)
            return answered == reflected ? nil : "\(label): \(answered) instead of \(reflected)"
        }
    }

    @Test("A template card answers each of its fields, optional ones included")
    func templateCard() {
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let exercises = (0..<5).map { _ in TemplateExercise(id: UUID(), exerciseID: UUID(), setCount: 4) }
        let template = WorkoutTemplate(
            id: UUID(), ownerID: UUID(), name: "Push Day", category: .hypertrophy, exercises: exercises, pinned: true,
            archivedAt: now, createdAt: now, lastUsedAt: now.addingTimeInterval(-3 * 86_400))
        let card = TemplateCardView(template, names: [exercises[0].exerciseID: "Bench Press (Barbell)"], now: now, timeZone: .gmt)
        #expect(mismatches(card, card.child(named:)) == [])
        #expect(card.child(named: "moreCount") as? Int == 2)
        #expect(card.child(named: "lastUsed") as? String == "Last used 3 days ago")

        let fresh = TemplateCardView(
            WorkoutTemplate(id: UUID(), ownerID: nil, name: "Preset", category: .strength, createdAt: now), names: [:], now: now,
            timeZone: .gmt)
        #expect(mismatches(fresh, fresh.child(named:)) == [])
        #expect(fresh.child(named: "moreCount") == nil, "nil, not an Optional holding nil: a section on it must not open")
    }

    @Test("An option answers its value, label and selection")
    func option() {
        let option = OptionView(value: "kg", label: "Kilograms", selected: true)
        #expect(mismatches(option, option.child(named:)) == [])
    }
}
