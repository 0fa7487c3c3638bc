import Foundation
import Hummingbird
import NIOCore

extension Parameters {
    /// A query value as a browser's form meant it: `+` stands for a space in
    /// url-encoded queries, which the router leaves as it is.
    func formText(_ name: String) -> String? {
        get(name)?.replacingOccurrences(of: "+", with: " ")
    }
}

/// The fields of an `application/x-www-form-urlencoded` body or query string,
/// keeping repeated names (checkbox groups) in order.
struct URLEncodedForm: Sendable {
    private(set) var fields: [(name: String, value: String)] = []

    init(_ text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = Self.decode(parts[0])
            let value = parts.count > 1 ? Self.decode(parts[1]) : ""
            fields.append((name, value))
        }
    }

    init(buffer: ByteBuffer) {
        self.init(String(buffer: buffer))
    }

    private static func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// The first value of a field.
    func value(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of a repeated field.
    func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }
}
