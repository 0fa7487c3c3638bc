import Foundation

extension UUID {
    /// An id as Spotter writes it everywhere: in JSON, in pages and in addresses. Lower
    /// case (as RFC 9562 recommends), so an id a script or a page has read compares
    /// equal to the one in a link without folding. Reading accepts either case.
    public var text: String { uuidString.lowercased() }
}

// The synthesized `Encodable` of every type in a module that imports SpotterCore
// writes its ids through these, as `UUID.text`: the one place that decides how an id
// is written in JSON (API answers, exports, template files). Foundation's own
// encoding of a UUID would write upper case.
extension KeyedEncodingContainer {
    public mutating func encode(_ value: UUID, forKey key: Key) throws {
        try encode(value.text, forKey: key)
    }

    public mutating func encodeIfPresent(_ value: UUID?, forKey key: Key) throws {
        guard let value else { return }
        try encode(value.text, forKey: key)
    }

    public mutating func encode(_ value: [UUID], forKey key: Key) throws {
        try encode(value.map(\.text), forKey: key)
    }
}

extension UUID {
    /// A built-in preset's fixed id, written in the source. Presets keep their ids
    /// from release to release (a lifter's copy and programs point at them), so
    /// they are literals; a mistyped one stops at the first use of the presets,
    /// which every test run makes, with the text in the message.
    public init(preset text: String) {
        guard let id = UUID(uuidString: text) else { preconditionFailure("\(text) is not a UUID.") }
        self = id
    }
}
