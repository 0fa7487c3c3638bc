import Foundation
import SpotterCore

extension BodySchema {
    /// What the field takes, in words: "a whole number from 0 to 1000", "one of: kg, lb",
    /// "text of at most 100 characters" (or the schema's `x-allowed`); nil when the schema
    /// says nothing of its kind.
    var allowed: String? {
        // The document's own words where its bounds alone would mislead (a weight's
        // maximum is 2000 kg or its pounds, whichever the unit).
        if let words = keywords["x-allowed"]?.text { return words }
        let choices = self.choices
        if types.isEmpty, !choices.isEmpty {
            let words = choices.compactMap(\.allowed)
            return words.isEmpty ? nil : words.joined(separator: " or ")
        }
        let words = types.compactMap(words(forType:))
        return words.isEmpty ? nil : words.joined(separator: " or ")
    }

    /// Whether a number must be whole here (a fraction or a number beyond 64 bits is refused).
    var takesWholeNumbers: Bool { types.contains("integer") && !types.contains("number") }

    private func words(forType type: String) -> String? {
        switch type {
        case "integer": "a whole number" + range
        case "number": "a number" + range + (number("multipleOf").map { " in steps of \(Self.text($0))" } ?? "")
        case "string": textWords
        case "boolean": "true or false"
        case "array": listWords
        case "object": "an object"
        default: nil
        }
    }

    private var textWords: String {
        if let values = choiceValues { return "one of: " + values.joined(separator: ", ") }
        switch keywords["format"]?.text {
        case "uuid": return JSONDecodingIssue.ValueKind.id.words
        case "date-time": return JSONDecodingIssue.ValueKind.dateTime.words
        case "date": return "a day such as 2026-03-14"
        case "uri", "uri-reference": return "a web address"
        default: break
        }
        switch (number("minLength").map(Int.init), number("maxLength").map(Int.init)) {
        case (let least?, let most?) where least > 0: return "text of \(least) to \(most) characters"
        case (_, let most?): return "text of at most \(most) characters"
        case (let least?, nil) where least > 0: return "text of at least \(least) characters"
        default: return "text"
        }
    }

    private var listWords: String {
        var words = "a list"
        if let items = child(.index(0)) {
            switch items.types.first {
            case "integer": words += " of whole numbers"
            case "number": words += " of numbers"
            case "object": words += " of objects"
            case "string":
                if let values = items.choiceValues {
                    words += " of values from: " + values.joined(separator: ", ")
                } else {
                    words += items.keywords["format"]?.text == "uuid" ? " of UUIDs" : " of texts"
                }
            default: break
            }
        }
        switch (number("minItems").map(Int.init), number("maxItems").map(Int.init)) {
        case (let least?, let most?) where least > 0: words += " (\(least) to \(most) items)"
        case (_, let most?): words += " (at most \(most) items)"
        case (let least?, nil) where least > 0: words += " (at least \(least))"
        default: break
        }
        return words
    }

    /// An `enum`'s values, but `null` (a nullable field lists it among them).
    private var choiceValues: [String]? {
        let values = keywords["enum"]?.texts.filter { $0 != "null" } ?? []
        return values.isEmpty ? nil : values
    }

    /// " from 0 to 1000", " of at least 1", " of at most 10", or nothing.
    private var range: String {
        // A bound with more decimals (2000 kg in pounds, 4409.245...) is shown to a
        // tenth, rounded inwards, as the validators show it.
        let least = number("minimum").map { ($0 * 10).rounded(.up) / 10 }
        let most = number("maximum").map { ($0 * 10).rounded(.down) / 10 }
        switch (least, most) {
        case (let least?, let most?): return " from \(Self.text(least)) to \(Self.text(most))"
        case (let least?, nil): return " of at least \(Self.text(least))"
        case (nil, let most?): return " of at most \(Self.text(most))"
        default: return ""
        }
    }

    private func number(_ keyword: String) -> Double? {
        keywords[keyword]?.text.flatMap(Double.init)
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
