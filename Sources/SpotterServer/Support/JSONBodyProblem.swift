import Foundation
import Hummingbird
import SpotterCore

/// A JSON body the decoder refused, as the 400 a client reads: `field` is the path the
/// API spells (`entries[0].sets[2].reps`) and the message says what the field takes, in
/// the API document's terms (`RequestBodySchemas`), never in Foundation's words, a Swift
/// type or a coding key ("Reps must be a whole number from 0 to 1000.").
enum JSONBodyProblem {
    static func problem(for error: DecodingError, body: Data, schema: BodySchema?) -> APIProblem {
        var issue = JSONDecodingIssue(error)
        // Read again only to say more: where a number is, or what value was refused.
        let document =
            issue.problem == .unreadable || issue.problem.isInvalid
            ? try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) : nil
        if issue.problem == .unreadable {
            // Foundation says "not valid JSON", with no path, both for text that is not
            // JSON and for a number a field cannot hold (1.5 or 1e20 for a whole number).
            guard let document else { return badRequest(notJSON(body), field: nil) }
            guard let path = unfitNumber(in: document, schema: schema) else {
                return badRequest(
                    "A number in the body does not fit its field: a fraction where a whole number belongs, or a number too large.",
                    field: nil)
            }
            issue = JSONDecodingIssue(path: path, problem: .wrongType(.wholeNumber))
        }
        // A value refused for what it says (a date, an id) is quoted back.
        let refused = issue.problem.isInvalid ? document.flatMap { JSONDecodingIssue.value(at: issue.path, in: $0) } : nil
        return badRequest(message(for: issue, allowed: schema?.at(issue.path)?.allowed, refused: refused), field: issue.field)
    }

    static func message(for issue: JSONDecodingIssue, allowed: String?, refused: String? = nil) -> String {
        let name = label(issue.path)
        switch issue.problem {
        case .missing:
            return allowed.map { "\(name) is required: \($0)." } ?? "\(name) is required."
        case .null(let kind):
            return "\(name) cannot be null: it must be \(allowed ?? kind.words)."
        case .wrongType(let kind):
            return issue.path.isEmpty ? "The body must be a JSON object." : "\(name) must be \(allowed ?? kind.words)."
        case .invalid(let expected):
            return "\(name) must be \(allowed ?? expected ?? "one of the values the API allows")"
                + (refused.map { ", not \($0)." } ?? ".")
        case .unreadable:
            return "The body is not valid JSON."
        }
    }

    /// "Reps", or "Reps (entries[0].sets[2].reps)" inside a list or object; a list's item
    /// or a key the lifter chose (an exercise name in `mappings`) by its path alone.
    static func label(_ path: [JSONDecodingIssue.Step]) -> String {
        guard case .key(let key)? = path.last, key.first?.isLetter == true, key.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            return path.isEmpty ? "The body" : "The item \(JSONDecodingIssue.text(of: path))"
        }
        let words = words(of: key)
        return path.count == 1 ? words : "\(words) (\(JSONDecodingIssue.text(of: path)))"
    }

    /// "defaultRestSeconds" -> "Default rest seconds", "sessionRPE" -> "Session RPE",
    /// "workoutTypeId" -> "Workout type ID".
    static func words(of key: String) -> String {
        var words: [String] = []
        let characters = Array(key)
        var current = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord =
                character.isUppercase
                && (previous?.isLowercase == true || (previous?.isUppercase == true && next?.isLowercase == true))
            if startsWord, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        let shown = words.map { word in
            word == "Id" || word == "id" ? "ID" : (word.count > 1 && word == word.uppercased() ? word : word.lowercased())
        }
        guard let first = shown.first else { return key }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + shown.dropFirst()).joined(separator: " ")
    }

    /// Where a text that is not JSON goes wrong, as Foundation's parser tells it.
    static func notJSON(_ body: Data) -> String {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return "The body is empty: send a JSON object."
        }
        var reason = ""
        do {
            _ = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        } catch {
            reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        }
        if reason.contains("end of file") { return "The body is not valid JSON: it ends before the JSON is complete." }
        if reason.contains("not representable") { return "The body is not valid JSON: it holds a number too large to read." }
        guard let range = reason.range(of: #"character \d+"#, options: .regularExpression),
            let offset = Int(reason[range].dropFirst("character ".count)), offset <= body.count
        else { return "The body is not valid JSON." }
        let before = [UInt8](body.prefix(offset))
        let line = before.count(where: { $0 == 0x0A }) + 1
        let column = before.count - ((before.lastIndex(of: 0x0A) ?? -1) + 1) + 1
        let what = reason.contains("UTF-8") ? "valid UTF-8 text" : "valid JSON"
        return "The body is not \(what): look at line \(line), column \(column)."
    }

    /// The path of the number the decoder could not hold: the first fraction or number
    /// beyond 64 bits at a field that takes whole numbers; without a schema, the only
    /// such number of the body, if there is just one.
    static func unfitNumber(in root: Any, schema: BodySchema?) -> [JSONDecodingIssue.Step]? {
        let paths = JSONDecodingIssue.pathsOfNumbersNotWhole(in: root)
        return paths.first { schema?.at($0)?.takesWholeNumbers == true } ?? (paths.count == 1 ? paths[0] : nil)
    }

    private static func badRequest(_ message: String, field: String?) -> APIProblem {
        APIProblem(status: .badRequest, code: "bad_request", message: message, field: field)
    }
}
