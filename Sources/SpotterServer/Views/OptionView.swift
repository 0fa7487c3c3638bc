import Mustache
import SpotterCore

/// One choice in a select, radio group or checkbox group.
struct OptionView {
    let value: String
    let label: String
    let selected: Bool
}

extension OptionView: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "value": value
        case "label": label
        case "selected": selected
        default: nil
        }
    }
}
