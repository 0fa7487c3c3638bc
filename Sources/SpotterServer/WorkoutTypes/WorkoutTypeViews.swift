import Foundation
import Hummingbird
import SpotterCore
import SpotterStore

struct WorkoutTypeChip {
    let id: String
    let name: String
    let color: String
    let icon: String
    let archived: Bool

    init(_ type: WorkoutType) {
        id = type.id.text
        name = type.name
        color = type.colorHex
        icon = type.icon.rawValue
        archived = type.archived
    }
}

struct WorkoutTypeRowView {
    let chip: WorkoutTypeChip
    let canMoveUp: Bool
    let canMoveDown: Bool
}

struct WorkoutTypeFormView {
    let name: FieldView
    let colorHex: FieldView
    let icons: [OptionView]
    let iconError: String?

    init(draft: WorkoutTypeDraft, failure: ValidationFailure?) {
        name = FieldView(draft.name, failure: failure, field: "name")
        colorHex = FieldView(HexColor(draft.colorHex)?.text.lowercased() ?? draft.colorHex, failure: failure, field: "colorHex")
        icons = WorkoutTypeIcon.allCases.map {
            OptionView(value: $0.rawValue, label: $0.displayName, selected: $0.rawValue == draft.icon)
        }
        iconError = failure?.message(for: "icon")
    }
}
