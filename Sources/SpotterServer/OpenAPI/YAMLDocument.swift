import Foundation
import Yams

/// A YAML value as `openapi.yaml` writes it: text (numbers and flags as text), lists and maps.
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

/// Reads YAML (the API document) with Yams into `YAMLValue`s.
enum YAMLDocument {
    struct Unreadable: Error, CustomStringConvertible {
        let reason: String
        var description: String { "openapi.yaml: \(reason)" }
    }

    static func parse(_ text: String) throws -> YAMLValue {
        let node: Any?
        do {
            node = try Yams.load(yaml: text)
        } catch {
            throw Unreadable(reason: String(describing: error))
        }
        return value(node)
    }

    /// Yams gives maps, lists and plain Swift scalars; the schema words read scalars as text.
    private static func value(_ node: Any?) -> YAMLValue {
        switch node {
        case let map as [String: Any]: .map(map.mapValues(value))
        case let map as [AnyHashable: Any]:
            .map(Dictionary(map.map { ("\($0.key.base)", value($0.value)) }, uniquingKeysWith: { first, _ in first }))
        case let list as [Any]: .list(list.map(value))
        case let text as String: .text(text)
        case let flag as Bool: .text(flag ? "true" : "false")
        case let number as Int: .text(String(number))
        case let number as Double: .text(number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number))
        // YAML's null (`enum: [kg, lb, null]`) is JSON's null to the schema words.
        case nil, is NSNull: .text("null")
        case let other?: .text("\(other)")
        }
    }
}
