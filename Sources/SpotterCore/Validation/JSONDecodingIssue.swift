import Foundation

/// What a JSON decoder could not read, in the words of the API: the field as the API
/// spells its path (`entries[0].sets[2].reps`, as `PlainText.firstForbiddenString(inJSON:)`
/// names fields) and what went wrong, with no Swift type or coding key in sight.
public struct JSONDecodingIssue: Sendable, Equatable {
    /// One step of a path into a JSON document.
    public enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// What a field takes, as far as the decoder can tell.
    public enum ValueKind: Sendable, Equatable {
        case wholeNumber, number, text, boolean, list, object, id, dateTime, other

        /// "a whole number", "true or false"...
        public var words: String {
            switch self {
            case .wholeNumber: "a whole number"
            case .number: "a number"
            case .text: "text"
            case .boolean: "true or false"
            case .list: "a list"
            case .object: "an object"
            case .id: "a UUID such as \(JSONDecodingIssue.sampleID)"
            case .dateTime: "a date and time such as 2026-03-14T18:05:00Z"
            case .other: "a value of another kind"
            }
        }
    }

    public enum Problem: Sendable, Equatable {
        /// A required key is left out.
        case missing
        /// `null` where a value is required.
        case null(ValueKind)
        /// A value of another JSON type (text for a number, a fraction for a whole number).
        case wrongType(ValueKind)
        /// A value of the right JSON type that is not allowed: not an id, not a date, not
        /// one of the choices. `expected`: the words of the reader that refused it, when it
        /// gave some (`ExpectedValue`).
        case invalid(expected: String?)
        /// The text is not JSON, or holds a number too large for any field; the decoder
        /// does not say where.
        case unreadable

        public var isInvalid: Bool {
            if case .invalid = self { return true }
            return false
        }
    }

    public var path: [Step]
    public var problem: Problem

    public init(path: [Step], problem: Problem) {
        self.path = path
        self.problem = problem
    }

    public init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: Self.steps(context.codingPath + [key]), problem: .missing)
        case .valueNotFound(let type, let context):
            self.init(path: Self.steps(context.codingPath), problem: .null(Self.kind(of: type)))
        case .typeMismatch(let type, let context):
            self.init(path: Self.steps(context.codingPath), problem: .wrongType(Self.kind(of: type)))
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self.init(path: [], problem: .unreadable)
        case .dataCorrupted(let context):
            self.init(
                path: Self.steps(context.codingPath),
                problem: .invalid(expected: (context.underlyingError as? ExpectedValue)?.words))
        @unknown default:
            self.init(path: [], problem: .unreadable)
        }
    }

    /// The path as the API writes it (`entries[0].sets[2].reps`); nil for the body as a whole.
    public var field: String? { path.isEmpty ? nil : Self.text(of: path) }

    public static func text(of path: [Step]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    public static func steps(_ codingPath: [any CodingKey]) -> [Step] {
        codingPath.map { key in key.intValue.map(Step.index) ?? .key(key.stringValue) }
    }

    /// The kind a decoder asked for, from the type it names (never shown as such).
    public static func kind(of type: Any.Type) -> ValueKind {
        switch type {
        case is any BinaryInteger.Type: .wholeNumber
        case is any BinaryFloatingPoint.Type, is Decimal.Type: .number
        case is String.Type, is Substring.Type: .text
        case is Bool.Type: .boolean
        case is UUID.Type: .id
        case is Date.Type: .dateTime
        case is [String: Any].Type: .object
        case is [Any].Type: .list
        default: .other
        }
    }

    static let sampleID = "0b6c8e1a-6f9b-4c1e-9d3a-2f5e7a8b9c0d"

    /// How a reader of ours (a date strategy, a value's own `init(from:)`) says what it
    /// takes: thrown as the underlying error of `DecodingError.dataCorrupted`, so the
    /// words reach the client while Foundation's own descriptions never do.
    public struct ExpectedValue: Error, Sendable {
        /// "a date and time such as 2026-03-14T18:05:00Z".
        public var words: String

        public init(_ words: String) {
            self.words = words
        }

        /// The error to throw from `container`: its path, these words.
        public func error(in container: any SingleValueDecodingContainer) -> DecodingError {
            .dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "Expected \(words).", underlyingError: self))
        }
    }
}

extension JSONDecodingIssue {
    /// The issue as part of a sentence about a file or body whose schema is not at hand
    /// ("entries[0].reps must be a whole number"), with no full stop. `document`: the
    /// text as `JSONSerialization` reads it, to quote a refused value and to find the
    /// number the decoder could not hold.
    public func reason(in document: Any? = nil) -> String {
        let place = field ?? "the top level"
        let value = document.flatMap { Self.value(at: path, in: $0) }
        switch problem {
        case .missing: return "\(place) is missing"
        case .null(let kind): return "\(place) is null where \(kind.words) belongs"
        case .wrongType(let kind): return "\(place) must be \(kind.words)"
        case .invalid(let expected?):
            return value.map { "\(place) holds \($0), not \(expected)" } ?? "\(place) must be \(expected)"
        case .invalid(nil):
            return value.map { "\(place) holds \($0), which is not an allowed value" }
                ?? "\(place) does not hold an allowed value"
        case .unreadable:
            if let document, case let paths = Self.pathsOfNumbersNotWhole(in: document), paths.count == 1 {
                return "\(Self.text(of: paths[0])) must be a whole number"
            }
            return
                "it is not valid JSON, or a number in it does not fit its field (a fraction where a whole number belongs, or a number too large)"
        }
    }

    /// Where numbers that no whole-number field can hold stand (fractions, numbers beyond
    /// 64 bits), keys in sorted order, the first `limit`: Foundation's decoder refuses
    /// such a number without saying where.
    public static func pathsOfNumbersNotWhole(in document: Any, limit: Int = 200) -> [[Step]] {
        var found: [[Step]] = []
        func walk(_ value: Any, _ path: [Step]) {
            guard found.count < limit else { return }
            switch value {
            case let object as [String: Any]:
                for key in object.keys.sorted() { walk(object[key]!, path + [.key(key)]) }
            case let list as [Any]:
                for (index, item) in list.enumerated() { walk(item, path + [.index(index)]) }
            case is NSNumber where (value as? Int) == nil:
                found.append(path)
            default:
                break
            }
        }
        walk(document, [])
        return found
    }

    /// The text or number at `path` of a parsed JSON document, quoted as JSON writes it.
    public static func value(at path: [Step], in document: Any) -> String? {
        var value: Any? = document
        for step in path {
            switch step {
            case .key(let key): value = (value as? [String: Any])?[key]
            case .index(let index): value = (value as? [Any]).flatMap { index < $0.count ? $0[index] : nil }
            }
        }
        switch value {
        case let text as String: return "\"\(text.prefix(80))\""
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }
}
