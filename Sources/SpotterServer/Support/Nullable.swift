import Foundation

/// An optional that is always written, as `null` when empty. Swift's synthesized
/// coding leaves empty optionals out; API clients are better served by a stable
/// shape in which every documented key is present.
@propertyWrapper
struct Nullable<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        // An id is written as everywhere else (`UUID.text`); generic code does not see
        // the container overloads that do it for plain properties.
        if let id = wrappedValue as? UUID {
            try container.encode(id.text)
        } else {
            try container.encode(wrappedValue)
        }
    }
}

extension KeyedDecodingContainer {
    /// A missing key decodes as empty rather than failing.
    func decode<Value>(_ type: Nullable<Value>.Type, forKey key: Key) throws -> Nullable<Value> {
        try decodeIfPresent(type, forKey: key) ?? Nullable(wrappedValue: nil)
    }
}
