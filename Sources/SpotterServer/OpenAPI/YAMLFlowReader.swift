import Foundation

/// One line's scalar or flow collection (`[a, "b"]`, `{"k": 1}`).
struct YAMLFlowReader {
    var rest: YAMLDocument.Bytes
    let line: Int

    init(text: YAMLDocument.Bytes, line: Int) {
        rest = text
        self.line = line
    }

    private mutating func skipSpaces() { rest = rest.drop { $0 == YAMLDocument.space } }

    private func unreadable(_ reason: String) -> YAMLDocument.Unreadable { YAMLDocument.Unreadable(line: line, reason: reason) }

    mutating func value(inFlow: Bool) throws -> YAMLValue {
        skipSpaces()
        switch rest.first {
        case UInt8(ascii: "["):
            rest.removeFirst()
            var items: [YAMLValue] = []
            while try !closes(UInt8(ascii: "]")) { items.append(try value(inFlow: true)) }
            return .list(items)
        case UInt8(ascii: "{"):
            rest.removeFirst()
            var entries: [String: YAMLValue] = [:]
            while try !closes(UInt8(ascii: "}")) {
                skipSpaces()
                let key = rest.first == UInt8(ascii: "\"") || rest.first == UInt8(ascii: "'") ? try quoted() : plain(until: ":")
                skipSpaces()
                guard rest.first == UInt8(ascii: ":") else { throw unreadable("a flow map entry without ':'") }
                rest.removeFirst()
                entries[key] = try value(inFlow: true)
            }
            return .map(entries)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .text(try quoted())
        default:
            if inFlow { return .text(plain(until: ",]}")) }
            let text = String(decoding: rest, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            rest = []
            return .text(text)
        }
    }

    /// After an item: true at the closing bracket (consumed), false after a comma.
    private mutating func closes(_ bracket: UInt8) throws -> Bool {
        skipSpaces()
        guard let next = rest.first else { throw unreadable("a flow collection without its closing bracket") }
        if next == bracket {
            rest.removeFirst()
            return true
        }
        if next == UInt8(ascii: ",") {
            rest.removeFirst()
            skipSpaces()
            if rest.first == bracket {
                rest.removeFirst()
                return true
            }
        }
        return false
    }

    private mutating func plain(until stops: String) -> String {
        let text = rest.prefix { !stops.utf8.contains($0) }
        rest = rest.dropFirst(text.count)
        return String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    /// A double-quoted text with its escapes, or a single-quoted one ('' is a quote).
    mutating func quoted() throws -> String {
        let quote = rest.removeFirst()
        var text: [UInt8] = []
        while let byte = rest.first {
            rest.removeFirst()
            if byte == quote {
                guard quote == UInt8(ascii: "'"), rest.first == quote else { return String(decoding: text, as: UTF8.self) }
                rest.removeFirst()
                text.append(quote)
            } else if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
                text.append(contentsOf: try escape().utf8)
            } else {
                text.append(byte)
            }
        }
        throw unreadable("a quoted text without its closing quote")
    }

    private mutating func escape() throws -> String {
        guard let code = rest.first else { throw unreadable("a quoted text ending in '\\'") }
        rest.removeFirst()
        switch code {
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let value = UInt32(String(decoding: rest.prefix(4), as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(value) else {
                throw unreadable("a bad \\u escape")
            }
            rest = rest.dropFirst(4)
            return String(Character(scalar))
        default: return String(decoding: [code], as: UTF8.self)
        }
    }
}
