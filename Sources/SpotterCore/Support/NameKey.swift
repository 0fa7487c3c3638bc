/// The form of a name used to decide whether two names are the same: surrounding
/// white space dropped, inner runs of white space folded to one space, case ignored.
/// "  Push   Day " and "push day" share a key.
public struct NameKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(_ name: String) {
        rawValue = NameKey.displayForm(of: name).lowercased()
    }

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The name as it is shown and stored: trimmed, inner white space folded to one space.
    public static func displayForm(of name: String) -> String {
        name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    public var description: String { rawValue }

    public static func < (lhs: NameKey, rhs: NameKey) -> Bool { lhs.rawValue < rhs.rawValue }
}
