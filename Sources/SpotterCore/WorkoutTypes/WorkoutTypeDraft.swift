import Foundation

/// What a user typed to add or change a workout type, before validation.
public struct WorkoutTypeDraft: Sendable, Equatable {
    public var name: String
    public var colorHex: String
    public var icon: String

    public init(name: String, colorHex: String, icon: String) {
        self.name = name
        self.colorHex = colorHex
        self.icon = icon
    }

    public static let nameLimit = 40

    public func validated() throws(ValidationFailure) -> ValidWorkoutTypeDraft {
        var issues: [FieldIssue] = []
        let cleanName =
            PlainText.name(name, limit: Self.nameLimit, missing: "Give the workout type a name.", issues: &issues) ?? ""
        let color = HexColor(colorHex)
        if color == nil {
            issues.append(.init(field: "colorHex", message: "Use a colour like #4F8EF7 (a # and six hex digits)."))
        }
        let chosenIcon = WorkoutTypeIcon(rawValue: icon.trimmingCharacters(in: .whitespaces).lowercased())
        if chosenIcon == nil {
            let names = WorkoutTypeIcon.allCases.map(\.rawValue).joined(separator: ", ")
            issues.append(.init(field: "icon", message: "Choose one of the icons: \(names)."))
        }
        guard issues.isEmpty, let color, let chosenIcon else { throw ValidationFailure(issues) }
        return ValidWorkoutTypeDraft(
            name: cleanName, nameKey: NameKey(cleanName), colorHex: color.text, icon: chosenIcon)
    }
}

public struct ValidWorkoutTypeDraft: Sendable, Equatable {
    public let name: String
    public let nameKey: NameKey
    public let colorHex: String
    public let icon: WorkoutTypeIcon
}

/// A colour written `#RRGGBB`, kept upper-case.
public struct HexColor: Sendable, Equatable {
    public let text: String

    public init?(_ raw: String) {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.hasPrefix("#") ? trimmed.dropFirst() : Substring(trimmed)
        // ASCII only: Character.isHexDigit also accepts full-width look-alikes such as "Ａ".
        guard digits.count == 6, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
        text = "#" + digits.uppercased()
    }
}
