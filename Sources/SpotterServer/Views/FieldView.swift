import Mustache
import SpotterCore

/// A form field as a template shows it: what was typed and what is wrong with it.
struct FieldView {
    let value: String
    let error: String?

    init(_ value: String, error: String? = nil) {
        self.value = value
        self.error = error
    }

    init(_ value: String, failure: ValidationFailure?, field: String) {
        self.init(value, error: failure?.message(for: field))
    }
}
