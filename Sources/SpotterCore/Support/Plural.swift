/// A count with its noun: "1 workout", "3 workouts", "2 training maxes". English
/// plurals with "s", or "es" after s, x, ch and sh, which is all the nouns counted in
/// messages need.
public func counted(_ count: Int, _ noun: String) -> String {
    guard count != 1 else { return "\(count) \(noun)" }
    let sibilant = ["s", "x", "ch", "sh"].contains { noun.hasSuffix($0) }
    return "\(count) \(noun)\(sibilant ? "es" : "s")"
}
