/// Checks that several drafts make of the same kind of field, each adding what to
/// fix to the draft's list of issues.
public enum FieldChecks {
    /// The unit a weight was typed in: `text` when it names one, else `fallback`
    /// (with an issue on `weightUnit` when it names none).
    public static func unit(_ text: String?, fallback: MassUnit, issues: inout [FieldIssue]) -> MassUnit {
        guard let text else { return fallback }
        if let unit = MassUnit(rawValue: text) { return unit }
        issues.append(.init(field: "weightUnit", message: "The weight unit must be kg or lb."))
        return fallback
    }

    /// A day ("yyyy-MM-dd", trimmed) of the past or today, from 1900 on, with an
    /// issue on `day` when it is not one.
    public static func pastDay(_ text: String, today: String, issues: inout [FieldIssue]) -> String {
        let day = text.trimmingCharacters(in: .whitespaces)
        if CalendarDay.parse(day) == nil {
            issues.append(.init(field: "day", message: "Enter the date as YYYY-MM-DD, for example 2026-03-14."))
        } else if day > today {
            issues.append(.init(field: "day", message: "The date is in the future; enter today or an earlier day."))
        } else if day < "1900-01-01" {
            issues.append(.init(field: "day", message: "The date must be 1900 or later."))
        }
        return day
    }
}
