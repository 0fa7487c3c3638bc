/// One problem with one field of a user's input, in words that say what to fix.
public struct FieldIssue: Sendable, Equatable, Hashable {
    /// The field's name as the API spells it (`name`, `muscleGroups`).
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}

/// Input that was rejected; nothing was changed.
public struct ValidationFailure: Error, Sendable, Equatable {
    public var issues: [FieldIssue]

    public init(_ issues: [FieldIssue]) {
        precondition(!issues.isEmpty, "a validation failure names at least one issue")
        self.issues = issues
    }

    public init(field: String, message: String) {
        self.init([FieldIssue(field: field, message: message)])
    }

    /// The first issue, which the JSON API reports.
    public var first: FieldIssue { issues[0] }

    /// The message for one field, if that field has a problem.
    public func message(for field: String) -> String? {
        issues.first { $0.field == field }?.message
    }
}
