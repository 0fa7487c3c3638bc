/// Numbers as the app's English writes them, for pages and the command line alike.
public enum NumberText {
    /// "11,628": thousands grouped with commas, as the rest of the app's English does.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = value < 0 ? "-" : ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return grouped
    }
}
