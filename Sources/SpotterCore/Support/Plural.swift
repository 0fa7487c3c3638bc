/// A count with its noun: "1 workout", "3 workouts". English plurals with "s",
/// which is all the nouns counted in messages need.
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
