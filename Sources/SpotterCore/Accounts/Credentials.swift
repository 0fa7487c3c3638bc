/// The rules for user names and passwords.
public enum Credentials {
    public static let passwordMinLength = 10
    /// bcrypt reads at most 72 bytes; longer passwords would be silently cut, so they are refused.
    public static let passwordMaxBytes = 72
    public static let usernameLengths = 3...32

    /// A user name as stored: trimmed and lower-cased, or the reason it is refused.
    public static func validUsername(_ raw: String) throws(ValidationFailure) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard usernameLengths.contains(name.count) else {
            throw ValidationFailure(
                field: "username",
                message: "A user name has \(usernameLengths.lowerBound) to \(usernameLengths.upperBound) characters.")
        }
        let allowed = name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "." || scalar == "-"
        }
        guard allowed else {
            throw ValidationFailure(
                field: "username", message: "Use only letters a-z, digits, dots, dashes and underscores in a user name.")
        }
        return name
    }

    /// Checks a new password against the policy.
    public static func checkNewPassword(_ password: String, field: String = "password") throws(ValidationFailure) {
        try PlainText.check(password, field: field)
        if password.count < passwordMinLength {
            throw ValidationFailure(
                field: field, message: "Use a password of at least \(passwordMinLength) characters.")
        }
        if password.allSatisfy(\.isWhitespace) {
            throw ValidationFailure(
                field: field, message: "A password of spaces alone is too easy to guess: use letters, digits or symbols too.")
        }
        if password.utf8.count > passwordMaxBytes {
            throw ValidationFailure(
                field: field, message: "The password is too long: at most \(passwordMaxBytes) bytes.")
        }
    }
}
