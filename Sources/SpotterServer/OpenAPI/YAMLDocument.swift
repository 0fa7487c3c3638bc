import Foundation

/// A YAML value as `openapi.yaml` writes it: text (numbers stay text), lists and maps.
indirect enum YAMLValue: Sendable, Equatable {
    case text(String)
    case list([YAMLValue])
    case map([String: YAMLValue])

    subscript(key: String) -> YAMLValue? {
        if case .map(let entries) = self { return entries[key] }
        return nil
    }

    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    var list: [YAMLValue]? {
        if case .list(let items) = self { return items }
        return nil
    }

    var map: [String: YAMLValue]? {
        if case .map(let entries) = self { return entries }
        return nil
    }

    /// A text or a list of texts (`type: [integer, "null"]`) as a list.
    var texts: [String] {
        switch self {
        case .text(let value): [value]
        case .list(let items): items.compactMap(\.text)
        case .map: []
        }
    }
}

/// Reads the part of YAML that the API document uses: block maps and lists by
/// indentation, `- key: value` items, quoted and plain scalars, `|` and `>` block text
/// and one-line flow collections (`[integer, "null"]`, `{"chest": 4250}`). Anchors,
/// tags and multi-line plain scalars are not used there and are not read; the
/// document's test reads every operation's body through this, so a construct it
/// cannot read fails that test instead of a request.
struct YAMLDocument {
    struct Unreadable: Error, CustomStringConvertible {
        let line: Int
        let reason: String
        var description: String { "openapi.yaml line \(line): \(reason)" }
    }

    /// Lines are read as bytes: the document is 8,000 lines, and reading it through
    /// `Character`s took a quarter of a second in a release build.
    typealias Bytes = ArraySlice<UInt8>

    static let space = UInt8(ascii: " ")

    private struct Line {
        let number: Int
        let indent: Int
        let content: Bytes
    }

    private var lines: [Line] = []
    private var index = 0

    static func parse(_ text: String) throws -> YAMLValue {
        var reader = YAMLDocument()
        let bytes = Array(text.utf8)
        reader.lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().map { number, raw in
            let line = raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw
            let content = line.drop { $0 == Self.space }
            return Line(number: number + 1, indent: line.count - content.count, content: content)
        }
        reader.skipBlank()
        guard reader.index < reader.lines.count else { return .map([:]) }
        let value = try reader.block(indent: reader.lines[reader.index].indent)
        reader.skipBlank()
        if reader.index < reader.lines.count { throw Unreadable(line: reader.lines[reader.index].number, reason: "unexpected indentation") }
        return value
    }

    private mutating func skipBlank() {
        while index < lines.count, lines[index].content.isEmpty || lines[index].content.first == UInt8(ascii: "#") { index += 1 }
    }

    private static func isListItem(_ content: Bytes) -> Bool {
        content.first == UInt8(ascii: "-") && (content.count == 1 || content.dropFirst().first == Self.space)
    }

    /// The map or list whose entries start at this indentation.
    private mutating func block(indent: Int) throws -> YAMLValue {
        Self.isListItem(lines[index].content) ? try list(indent: indent) : .map(try map(indent: indent, first: nil))
    }

    private mutating func list(indent: Int) throws -> YAMLValue {
        var items: [YAMLValue] = []
        while index < lines.count, lines[index].indent == indent, Self.isListItem(lines[index].content) {
            let line = lines[index]
            let item = line.content.dropFirst().drop { $0 == Self.space }
            if item.isEmpty {
                index += 1
                items.append(try nested(under: indent))
            } else if Self.startsMap(item) {
                // `- key: value`: a map whose keys line up with `key`.
                items.append(.map(try map(indent: indent + (line.content.count - item.count), first: item)))
            } else {
                index += 1
                items.append(try Self.scalar(item, line: line.number))
            }
            skipBlank()
        }
        return .list(items)
    }

    /// `first`: the first entry's text when it shares its line with a list's `- `.
    private mutating func map(indent: Int, first: Bytes?) throws -> [String: YAMLValue] {
        var entries: [String: YAMLValue] = [:]
        var pending = first
        while true {
            let line: Line
            if let text = pending {
                line = Line(number: lines[index].number, indent: indent, content: text)
                pending = nil
            } else {
                guard index < lines.count, lines[index].indent == indent, !Self.isListItem(lines[index].content) else { break }
                line = lines[index]
            }
            let (key, rest) = try Self.splitEntry(line.content, line: line.number)
            index += 1
            entries[key] = try value(rest, under: indent, line: line.number)
            skipBlank()
        }
        return entries
    }

    /// The value after `key:` on a line of the given indentation.
    private mutating func value(_ rest: Bytes, under indent: Int, line: Int) throws -> YAMLValue {
        switch rest.first {
        case nil: return try nested(under: indent)
        case UInt8(ascii: "|"), UInt8(ascii: ">"): return .text(blockText(under: indent, folded: rest.first == UInt8(ascii: ">")))
        default: return try Self.scalar(rest, line: line)
        }
    }

    private mutating func nested(under indent: Int) throws -> YAMLValue {
        skipBlank()
        guard index < lines.count, lines[index].indent > indent else { return .text("") }
        if let first = lines[index].content.first, first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {  // a flow list on its own line
            index += 1
            return try Self.scalar(lines[index - 1].content, line: lines[index - 1].number)
        }
        return try block(indent: lines[index].indent)
    }

    /// The lines of a `|` or `>` text: every line indented deeper, and blank lines.
    private mutating func blockText(under indent: Int, folded: Bool) -> String {
        var parts: [String] = []
        var depth: Int?
        while index < lines.count, lines[index].content.isEmpty || lines[index].indent > indent {
            let line = lines[index]
            if !line.content.isEmpty { depth = depth ?? line.indent }
            let margin = String(repeating: " ", count: max(0, line.indent - (depth ?? line.indent)))
            parts.append(line.content.isEmpty ? "" : margin + String(decoding: line.content, as: UTF8.self))
            index += 1
        }
        while parts.last?.isEmpty == true { parts.removeLast() }
        return parts.joined(separator: folded ? " " : "\n")
    }

    private static func startsMap(_ item: Bytes) -> Bool {
        guard let first = item.first, !Array("\"'[{".utf8).contains(first) else { return false }
        return colon(in: item) != nil || item.last == UInt8(ascii: ":")
    }

    /// Where `: ` first stands.
    private static func colon(in content: Bytes) -> Bytes.Index? {
        content.indices.first { content[$0] == UInt8(ascii: ":") && $0 + 1 < content.endIndex && content[$0 + 1] == Self.space }
    }

    private static func splitEntry(_ content: Bytes, line: Int) throws -> (String, Bytes) {
        if let quote = content.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            var flow = YAMLFlowReader(text: content, line: line)
            let key = try flow.quoted()
            guard flow.rest.first == UInt8(ascii: ":") else { throw Unreadable(line: line, reason: "a quoted key without ':'") }
            return (key, flow.rest.dropFirst().drop { $0 == Self.space })
        }
        if let colon = colon(in: content) {
            return (String(decoding: content[..<colon], as: UTF8.self), content[(colon + 2)...].drop { $0 == Self.space })
        }
        guard content.last == UInt8(ascii: ":") else { throw Unreadable(line: line, reason: "expected 'key: value'") }
        return (String(decoding: content.dropLast(), as: UTF8.self), [])
    }

    static func scalar(_ text: Bytes, line: Int) throws -> YAMLValue {
        var flow = YAMLFlowReader(text: text, line: line)
        let value = try flow.value(inFlow: false)
        guard flow.rest.allSatisfy({ $0 == Self.space }) else { throw Unreadable(line: line, reason: "text after a value") }
        return value
    }
}
