import Foundation

extension UUID {
    /// A fixed id that reads as its number: `numbered(12)` is
    /// 00000000-0000-0000-0000-000000000012 and `numbered(3, prefix: "E0")` is
    /// E0000000-0000-0000-0000-000000000003, so each prefix is a range of its own.
    public static func numbered(_ n: Int, prefix: String = "") -> UUID {
        let digits = String(n)
        let head = prefix + String(repeating: "0", count: 8 - prefix.count)
        return UUID(uuidString: head + "-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits)!
    }
}
