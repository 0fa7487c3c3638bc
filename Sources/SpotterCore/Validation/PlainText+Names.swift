/// The rule for names (an exercise, a workout type, a template, a program, a
/// workout, a token): the text rule, plus something to see. A name of zero-width
/// spaces (U+200B), joiners or other characters that draw nothing shows as an
/// empty line in every list, and cannot be told from another such name.
extension PlainText {
    /// `raw` as a name is stored (its display form: trimmed, inner white space folded
    /// to one space), or nil with what is wrong added to `issues` on `field`: nothing
    /// (`missing` says what to type), a character no text may hold, nothing visible,
    /// or more than `limit` characters. For forms that report every problem at once.
    public static func name(_ raw: String, field: String = "name", limit: Int, missing: String, issues: inout [FieldIssue])
        -> String?
    {
        let clean = NameKey.displayForm(of: raw)
        guard let issue = nameIssue(clean, field: field, limit: limit, missing: missing) else { return clean }
        issues.append(issue)
        return nil
    }

    /// `name`, throwing what is wrong.
    public static func checkedName(_ raw: String, field: String = "name", limit: Int, missing: String) throws(ValidationFailure)
        -> String
    {
        let clean = NameKey.displayForm(of: raw)
        if let issue = nameIssue(clean, field: field, limit: limit, missing: missing) { throw ValidationFailure([issue]) }
        return clean
    }

    private static func nameIssue(_ clean: String, field: String, limit: Int, missing: String) -> FieldIssue? {
        if clean.isEmpty { return FieldIssue(field: field, message: missing) }
        if let issue = issue(field: field, in: clean) { return issue }
        if let scalar = onlyInvisible(clean) {
            return FieldIssue(
                field: field,
                message:
                    "The name holds only invisible characters (\(code(scalar))). Type a name with letters, digits or symbols.")
        }
        if clean.count > limit { return FieldIssue(field: field, message: "The name is too long: at most \(limit) characters.") }
        return nil
    }

    /// The first character of `name` when nothing in it draws anything (white space
    /// aside), to name in a message; nil when something shows, or when it is empty.
    public static func onlyInvisible(_ name: some StringProtocol) -> Unicode.Scalar? {
        guard !name.unicodeScalars.contains(where: isVisible) else { return nil }
        return name.unicodeScalars.first { !$0.properties.isWhitespace }
    }

    /// Whether a character draws something: not white space, not a control and not
    /// one of Unicode's default-ignorable characters (zero-width spaces and joiners,
    /// direction marks, variation selectors, the Hangul fillers, tags).
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return allows(scalar) && !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
            && properties.generalCategory != .control
    }
}
