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
        isDisplayForm(name) ? name : name.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Whether a name is already in its display form, judged on its bytes: printable
    /// ASCII with single spaces between words (an import checks a name on every row).
    /// Anything else takes the full path.
    static func isDisplayForm(_ name: String) -> Bool {
        var afterSpace = true
        for byte in name.utf8 {
            guard (0x20..<0x7F).contains(byte) else { return false }
            if byte == 0x20, afterSpace { return false }
            afterSpace = byte == 0x20
        }
        return !afterSpace
    }

    public var description: String { rawValue }

    public static func < (lhs: NameKey, rhs: NameKey) -> Bool { lhs.rawValue < rhs.rawValue }
}
