import Foundation

/// Names for copies: a duplicate is "Push Day (Copy)", then "Push Day (Copy 2)";
/// an imported template whose name is taken is "Push Day (Imported)", then
/// "(Imported 2)". Names compare as `NameKey`s (case and spaces ignored).
public enum TemplateNaming {
    public static func copyName(of name: String, taken: Set<NameKey>) -> String {
        firstFree(base: base(of: name, suffix: "Copy"), suffix: "Copy", taken: taken)
    }

    /// `name` itself when it is free, else its first free copy name (a preset used twice).
    public static func freeName(_ name: String, taken: Set<NameKey>) -> String {
        let clean = NameKey.displayForm(of: name)
        return taken.contains(NameKey(clean)) ? copyName(of: clean, taken: taken) : clean
    }

    /// `name` itself when it is free, else the first free "(Imported n)" name.
    public static func importedName(of name: String, taken: Set<NameKey>) -> String {
        let clean = NameKey.displayForm(of: name)
        if !taken.contains(NameKey(clean)) { return clean }
        return firstFree(base: base(of: clean, suffix: "Imported"), suffix: "Imported", taken: taken)
    }

    /// The name without a trailing "(Copy)" or "(Copy n)", so copying a copy
    /// counts on from the original instead of stacking suffixes.
    static func base(of name: String, suffix: String) -> String {
        let clean = NameKey.displayForm(of: name)
        guard clean.hasSuffix(")"), let open = clean.range(of: " (\(suffix)", options: [.backwards, .caseInsensitive]) else {
            return clean
        }
        let inside = clean[open.upperBound..<clean.index(before: clean.endIndex)]
        guard inside.isEmpty || (inside.first == " " && Int(inside.dropFirst()) != nil) else { return clean }
        return String(clean[..<open.lowerBound])
    }

    static func firstFree(base: String, suffix: String, taken: Set<NameKey>) -> String {
        var number = 1
        while true {
            let tail = number == 1 ? " (\(suffix))" : " (\(suffix) \(number))"
            // Long names are shortened so the suffix always fits the name limit.
            let room = TemplateDraft.nameLimit - tail.count
            let candidate = NameKey.displayForm(of: String(base.prefix(room))) + tail
            if !taken.contains(NameKey(candidate)) { return candidate }
            number += 1
        }
    }
}
