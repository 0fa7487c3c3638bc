/// The errors of the domain. The server maps each to one HTTP status in one place.
public enum SpotterError: Error, Sendable, Equatable {
    /// Bad input: nothing was changed.
    case invalid(ValidationFailure)
    /// The thing does not exist, or belongs to someone else (the two answer alike).
    case notFound(String)
    /// The request clashes with what is stored (a name taken, a state that forbids it).
    case conflict(field: String?, message: String)
    /// The request is understood but not allowed for this thing (a built-in exercise).
    case forbidden(String)

    /// Shorthand for a single-field validation failure.
    public static func invalid(field: String, _ message: String) -> SpotterError {
        .invalid(ValidationFailure(field: field, message: message))
    }

    /// Words a user can read.
    public var message: String {
        switch self {
        case .invalid(let failure): failure.first.message
        case .notFound(let what): "\(what) was not found."
        case .conflict(_, let message): message
        case .forbidden(let message): message
        }
    }
}

extension SpotterError: CustomStringConvertible {
    public var description: String { message }
}

extension ValidationFailure: CustomStringConvertible {
    public var description: String { issues.map(\.message).joined(separator: " ") }
}
