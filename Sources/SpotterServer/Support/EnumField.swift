import Foundation
import Hummingbird
import SpotterCore

/// A closed set of values sent as text; a wrong one gets a message naming the field
/// and every allowed value.
enum EnumField {
    static func parse<Value: RawRepresentable & CaseIterable>(
        _ raw: String, as type: Value.Type, field: String, noun: String
    ) throws -> Value where Value.RawValue == String {
        guard let value = Value(rawValue: raw) else {
            let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw SpotterError.invalid(field: field, "Unknown \(noun) \"\(raw)\". Use one of: \(allowed).")
        }
        return value
    }
}
