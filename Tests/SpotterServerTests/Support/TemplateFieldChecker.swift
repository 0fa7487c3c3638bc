import Foundation
import Mustache
@_spi(Reflection) import Swift

@testable import SpotterServer

/// One tag of a template that reads a name: `{{name}}`, `{{{name}}}`, `{{&name}}`,
/// `{{#name}}`, `{{^name}}` (dotted names and `transform(name)` included).
struct TemplateTag: Hashable, Sendable, CustomStringConvertible {
    let template: String
    let line: Int
    let column: Int
    /// The tag as written, without the braces (`#page.signedIn`).
    let text: String
    /// The name looked up (`page.signedIn`), without transforms.
    let name: String
    /// The transforms around the name, outermost first (`empty(records)` -> ["empty"]).
    let transforms: [String]

    var description: String { "\(template).mustache:\(line):\(column) {{\(text)}}" }
}

/// A template read the way swift-mustache reads it, for the names it looks up.
indirect enum TemplateNode: Sendable {
    case name(TemplateTag)
    case section(TemplateTag, [TemplateNode], inverted: Bool)
    case partial(String, TemplateTag)
    /// `{{<parent}}` with the blocks it fills (`{{$content}}...{{/content}}`).
    case parent(String, TemplateTag, blocks: [String: [TemplateNode]])
    /// `{{$block}}default{{/block}}` where a parent template leaves room.
    case block(String, [TemplateNode])
}

struct TemplateParseError: Error, CustomStringConvertible {
    let description: String
}

/// Reads the tags of a template: enough of Mustache for the views (no set delimiters,
/// which the views do not use; a `{{=` makes the parse fail rather than guess).
enum TemplateTagParser {
    static func parse(_ text: String, template: String) throws -> [TemplateNode] {
        struct Open {
            let kind: Character
            let tag: TemplateTag
            var nodes: [TemplateNode] = []
        }
        var stack = [
            Open(kind: " ", tag: TemplateTag(template: template, line: 0, column: 0, text: "", name: "", transforms: []))
        ]
        let chars = Array(text)
        var index = 0
        var line = 1
        var lineStart = 0
        func position(_ at: Int) -> (Int, Int) { (line, at - lineStart + 1) }
        while index < chars.count {
            if chars[index] == "\n" {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard chars[index] == "{", index + 1 < chars.count, chars[index + 1] == "{" else {
                index += 1
                continue
            }
            let (tagLine, tagColumn) = position(index)
            let triple = index + 2 < chars.count && chars[index + 2] == "{"
            let start = index + (triple ? 3 : 2)
            let close: [Character] = triple ? ["}", "}", "}"] : ["}", "}"]
            var end = start
            while end + close.count <= chars.count, Array(chars[end..<end + close.count]) != close {
                if chars[end] == "\n" {
                    line += 1
                    lineStart = end + 1
                }
                end += 1
            }
            guard end + close.count <= chars.count else {
                throw TemplateParseError(description: "\(template).mustache:\(tagLine): a tag is never closed")
            }
            let raw = String(chars[start..<end]).trimmingCharacters(in: .whitespacesAndNewlines)
            index = end + close.count
            var sigil: Character = triple ? "&" : " "
            var body = raw
            if !triple, let first = raw.first, "#^/><$!&={".contains(first) {
                sigil = first
                body = String(raw.dropFirst()).trimmingCharacters(in: .whitespaces)
            }
            if sigil == "=" {
                throw TemplateParseError(description: "\(template).mustache:\(tagLine): set delimiters are not read by this test")
            }
            if sigil == "!" { continue }
            let (name, transforms) = try splitTransforms(body, at: "\(template).mustache:\(tagLine)")
            let tag = TemplateTag(
                template: template, line: tagLine, column: tagColumn, text: triple ? "{\(raw)}" : raw, name: name,
                transforms: transforms)
            switch sigil {
            case "#", "^", "<", "$":
                stack.append(Open(kind: sigil, tag: tag))
            case "/":
                guard stack.count > 1, let open = stack.popLast() else {
                    throw TemplateParseError(description: "\(tag): closes nothing")
                }
                let openBody = String(open.tag.text.dropFirst()).trimmingCharacters(in: .whitespaces)
                guard openBody == body else {
                    throw TemplateParseError(description: "\(tag): closes {{\(open.tag.text)}} of line \(open.tag.line)")
                }
                let node: TemplateNode
                switch open.kind {
                case "#": node = .section(open.tag, open.nodes, inverted: false)
                case "^": node = .section(open.tag, open.nodes, inverted: true)
                case "<":
                    var blocks: [String: [TemplateNode]] = [:]
                    for case .block(let name, let nodes) in open.nodes { blocks[name] = nodes }
                    node = .parent(openBody, open.tag, blocks: blocks)
                default: node = .block(openBody, open.nodes)
                }
                stack[stack.count - 1].nodes.append(node)
            case ">":
                stack[stack.count - 1].nodes.append(.partial(body, tag))
            default:
                stack[stack.count - 1].nodes.append(.name(tag))
            }
        }
        guard stack.count == 1 else {
            throw TemplateParseError(description: "\(stack[stack.count - 1].tag) is never closed")
        }
        return stack[0].nodes
    }

    /// `empty(records)` -> ("records", ["empty"]); `a(b(c))` -> ("c", ["a", "b"]).
    static func splitTransforms(_ body: String, at place: String) throws -> (String, [String]) {
        var name = Substring(body)
        var transforms: [String] = []
        while let open = name.firstIndex(of: "(") {
            guard name.last == ")" else { throw TemplateParseError(description: "\(place): cannot read {{\(body)}}") }
            transforms.append(String(name[..<open]).trimmingCharacters(in: .whitespaces))
            name = name[name.index(after: open)..<name.index(before: name.endIndex)]
        }
        return (String(name).trimmingCharacters(in: .whitespaces), transforms)
    }
}

/// Every name a template looks up, checked against the model it is rendered with, the
/// way swift-mustache resolves names (up the section stack; dotted names from the first
/// part's owner) and the way `ReflectedView` hands models over (a struct's stored
/// properties, optionals unwrapped, views that answer by name through `child(named:)`).
///
/// A section that a model leaves closed (a nil optional, an empty list, false) is still
/// walked, with the static type its value would have had: so a name inside an error
/// message that no page shows during the test is checked too. A name is missing only when
/// every context on the stack is known not to have it.
final class TemplateFieldChecker: @unchecked Sendable {
    let templates: [String: [TemplateNode]]
    private let lock = NSLock()
    /// Tags that some context answered (a value, a nil field, or a field of a known type).
    private(set) var checked: Set<TemplateTag> = []
    /// Tags that no context could have answered, with why.
    private(set) var misses: [TemplateTag: String] = [:]
    /// Templates rendered, directly or as a partial or parent.
    private(set) var rendered: Set<String> = []

    init(templates: [String: [TemplateNode]]) {
        self.templates = templates
    }

    /// The views folder's templates, named as `ViewRenderer.load` names them.
    static func loadViews() throws -> TemplateFieldChecker {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Sources/SpotterServer/Resources/views")
        var templates: [String: [TemplateNode]] = [:]
        let files = FileManager.default.enumerator(atPath: folder.path)
        while let path = files?.nextObject() as? String {
            guard path.hasSuffix(".mustache") else { continue }
            let name = String(path.dropLast(".mustache".count))
            templates[name] = try TemplateTagParser.parse(
                String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8), template: name)
        }
        return TemplateFieldChecker(templates: templates)
    }

    /// Every tag of every template (the static list the run must cover).
    var allTags: Set<TemplateTag> {
        var tags: Set<TemplateTag> = []
        func walk(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case .name(let tag): tags.insert(tag)
                case .section(let tag, let children, _): tags.insert(tag); walk(children)
                case .partial: break
                case .parent(_, _, let blocks): blocks.values.forEach(walk)
                case .block(_, let children): walk(children)
                }
            }
        }
        templates.values.forEach(walk)
        return tags
    }

    /// Hands to `ViewRenderer.renderObserver`.
    func observe(template: String, model: Any) {
        lock.lock()
        defer { lock.unlock() }
        var walk = Walk(checker: self, root: String(reflecting: type(of: model)))
        walk.render(template, stack: [.value(model)], blocks: [:])
    }

    // MARK: - Resolution

    /// A context on the stack: a value as the template gets it, the type a value would
    /// have inside a section the model leaves closed, or something that cannot be known.
    enum Frame {
        case value(Any)
        case type(Any.Type)
        case unknown

        var label: String {
            switch self {
            case .value(let value): Self.name(Swift.type(of: value))
            case .type(let type): Self.name(type) + " (closed section)"
            case .unknown: "?"
            }
        }

        static func name(_ type: Any.Type) -> String {
            String(reflecting: type).replacingOccurrences(of: "SpotterServer.", with: "").replacingOccurrences(
                of: "SpotterCore.", with: "")
        }
    }

    /// What one context says about one name.
    enum Probe {
        case value(Any)
        /// The context has the field, and it is nil (swift-mustache then looks further up).
        case nilField(Any.Type)
        /// A field of this type (in a closed section).
        case type(Any.Type)
        /// A view answering by name holds the field, set, but does not answer it: blank.
        case unanswered(String)
        case absent
        case unknown
    }

    /// What a whole lookup came to.
    enum Outcome {
        case value(Any)
        case type(Any.Type)
        /// Answered, with nothing to go on (a nil whose type is unknown).
        case answered
        case missing(String)
        case unknown
    }

    struct Walk {
        let checker: TemplateFieldChecker
        let root: String
        var partials: [String] = []

        mutating func render(_ template: String, stack: [Frame], blocks: [String: [TemplateNode]]) {
            checker.rendered.insert(template)
            guard let nodes = checker.templates[template], partials.filter({ $0 == template }).count < 3 else { return }
            partials.append(template)
            walk(nodes, stack: stack, blocks: blocks)
            partials.removeLast()
        }

        mutating func walk(_ nodes: [TemplateNode], stack: [Frame], blocks: [String: [TemplateNode]]) {
            for node in nodes {
                switch node {
                case .name(let tag):
                    _ = resolve(tag, stack: stack)
                case .section(let tag, let children, let inverted):
                    let outcome = resolve(tag, stack: stack)
                    // An inverted section's body is read with the stack as it is (an empty
                    // list pushes itself, which answers no name).
                    for inner in inverted ? [stack] : sectionStacks(outcome, stack) {
                        walk(children, stack: inner, blocks: blocks)
                    }
                case .partial(let name, _):
                    render(name, stack: stack, blocks: [:])
                case .parent(let name, _, let overrides):
                    render(name, stack: stack, blocks: overrides)
                case .block(let name, let defaults):
                    walk(blocks[name] ?? defaults, stack: stack, blocks: blocks)
                }
            }
        }

        /// The stacks a section's body is read with: each item of a list, the value, or
        /// (closed) the type its value would have.
        func sectionStacks(_ outcome: Outcome, _ stack: [Frame]) -> [[Frame]] {
            switch outcome {
            case .value(let value):
                if let list = TemplateFieldChecker.sequence(value) {
                    if list.isEmpty {
                        return [stack + [TemplateFieldChecker.elementType(of: Swift.type(of: value)).map(Frame.type) ?? .unknown]]
                    }
                    return list.map { item in stack + [TemplateFieldChecker.unwrap(item).map(Frame.value) ?? .unknown] }
                }
                if value is Bool { return [stack] }
                return [stack + [.value(value)]]
            case .type(let type):
                return [sectionFrames(for: type, stack)]
            case .answered, .missing, .unknown:
                return [stack + [.unknown]]
            }
        }

        func sectionFrames(for type: Any.Type, _ stack: [Frame]) -> [Frame] {
            let type = TemplateFieldChecker.unwrappedType(type)
            if type == Bool.self { return stack }
            if let element = TemplateFieldChecker.elementType(of: type) {
                return stack + [.type(TemplateFieldChecker.unwrappedType(element))]
            }
            return stack + [.type(type)]
        }

        /// Looks a tag's name up as swift-mustache does, recording the tag as checked or missing.
        mutating func resolve(_ tag: TemplateTag, stack: [Frame]) -> Outcome {
            let outcome = lookUp(tag, stack: stack)
            switch outcome {
            case .value, .type, .answered:
                checker.checked.insert(tag)
            case .missing(let why):
                if checker.misses[tag] == nil {
                    checker.misses[tag] = "\(why); rendered with \(root), stack [\(stack.map(\.label).joined(separator: ", "))]"
                }
            case .unknown:
                break
            }
            return outcome
        }

        func lookUp(_ tag: TemplateTag, stack: [Frame]) -> Outcome {
            if tag.name == "." {
                return transform(stack.last.map(outcome(of:)) ?? .unknown, tag)
            }
            if tag.name.isEmpty { return .unknown }
            let parts = tag.name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            var current: Outcome
            var rest: ArraySlice<String>
            if tag.name.hasPrefix(".") {
                current = stack.last.map(outcome(of:)) ?? .unknown
                rest = parts.dropFirst()
            } else {
                // The first part: the innermost context that answers it (a nil field lets
                // the lookup go on outwards, as swift-mustache does).
                var found: Outcome?
                var sawNil: Any.Type?
                var sawField = false
                var sawUnknown = false
                var unanswered: String?
                for frame in stack.reversed() {
                    switch TemplateFieldChecker.probe(frame, parts[0]) {
                    case .value(let value): found = .value(value)
                    case .type(let type): found = .type(type)
                    case .nilField(let type):
                        sawField = true
                        if sawNil == nil { sawNil = type }
                    case .unanswered(let why): unanswered = unanswered ?? why
                    case .absent: break
                    case .unknown: sawUnknown = true
                    }
                    if found != nil { break }
                }
                if let found {
                    current = found
                } else if let unanswered {
                    return .missing(unanswered)
                } else if sawField {
                    current = sawNil.map(Outcome.type) ?? .answered
                } else if sawUnknown {
                    return .unknown
                } else {
                    return .missing("no context has `\(parts[0])`")
                }
                rest = parts.dropFirst()
            }
            // The other parts: read from what the part before found, with no walk up.
            for part in rest {
                switch current {
                case .value(let value):
                    switch TemplateFieldChecker.probe(.value(value), part) {
                    case .value(let child): current = .value(child)
                    case .nilField(let type), .type(let type): current = .type(type)
                    case .unanswered(let why): return .missing(why)
                    case .absent: return .missing("\(Frame.name(Swift.type(of: value))) has no `\(part)`")
                    case .unknown: return .unknown
                    }
                case .type(let type):
                    switch TemplateFieldChecker.probe(.type(TemplateFieldChecker.unwrappedType(type)), part) {
                    case .value(let child): current = .value(child)
                    case .nilField(let child), .type(let child): current = .type(child)
                    case .unanswered(let why): return .missing(why)
                    case .absent: return .missing("\(Frame.name(type)) has no `\(part)`")
                    case .unknown: return .unknown
                    }
                case .answered, .unknown, .missing:
                    return current
                }
            }
            return transform(current, tag)
        }

        func outcome(of frame: Frame) -> Outcome {
            switch frame {
            case .value(let value): .value(value)
            case .type(let type): .type(type)
            case .unknown: .unknown
            }
        }

        /// Applies a tag's transforms (innermost first), as swift-mustache does; one that
        /// the value cannot take is a miss (it would render as nothing).
        func transform(_ outcome: Outcome, _ tag: TemplateTag) -> Outcome {
            var current = outcome
            for name in tag.transforms.reversed() {
                switch current {
                case .value(let value):
                    guard let transformable = value as? any MustacheTransformable, let result = transformable.transform(name)
                    else {
                        return .missing("\(Frame.name(Swift.type(of: value))) has no transform `\(name)`")
                    }
                    current = .value(result)
                case .type(let type):
                    let type = TemplateFieldChecker.unwrappedType(type)
                    guard TemplateFieldChecker.elementType(of: type) != nil else { return .unknown }
                    switch name {
                    case "empty": current = .type(Bool.self)
                    case "count": current = .type(Int.self)
                    case "first", "last", "reversed", "sorted": return .unknown
                    default: return .missing("\(Frame.name(type)) has no transform `\(name)`")
                    }
                case .answered, .missing, .unknown:
                    return current
                }
            }
            return current
        }
    }

    // MARK: - What a context answers

    /// `value` as swift-mustache reads it, nil for an empty optional.
    static func unwrap(_ value: Any) -> Any? {
        guard let optional = value as? any OptionalProbe else { return value }
        return optional.wrappedValue.flatMap(unwrap)
    }

    static func unwrappedType(_ type: Any.Type) -> Any.Type {
        if let optional = type as? any OptionalProbe.Type { return unwrappedType(optional.wrappedType) }
        return type
    }

    static func elementType(of type: Any.Type) -> Any.Type? {
        (type as? any SequenceProbe.Type)?.elementType
    }

    static func sequence(_ value: Any) -> [Any]? {
        (value as? any SequenceProbe)?.items
    }

    /// The stored properties of a struct type, with their types; nil for other types.
    static func fields(of type: Any.Type) -> [String: Any.Type]? {
        var fields: [String: Any.Type] = [:]
        let isStruct = _forEachField(of: type, options: []) { name, _, fieldType, _ in
            fields[String(cString: name)] = fieldType
            return true
        }
        // Enums pass `_forEachField` with no fields: only a struct's metadata kind (0x200) counts.
        guard isStruct, unsafeBitCast(type, to: UnsafePointer<Int>.self).pointee == 0x200 else { return nil }
        return fields
    }

    /// Types that answer no name (swift-mustache reflects them and finds no labels).
    static func isLeaf(_ type: Any.Type) -> Bool {
        [String.self, Substring.self, Int.self, Double.self, Float.self, Bool.self, Date.self, UUID.self, URL.self, Decimal.self]
            .contains { $0 == type }
    }

    static func probe(_ frame: Frame, _ name: String) -> Probe {
        switch frame {
        case .unknown:
            return .unknown
        case .value(let value):
            if let parent = value as? any MustacheParent {
                if let child = parent.child(named: name), let child = unwrap(child) { return .value(child) }
                if value is [String: Any] { return .unknown }
                // A view answering by name: what it answers, or a stored property that is
                // nil now; one that is set and not answered renders as nothing.
                if let field = Mirror(reflecting: value).children.first(where: { $0.label == name }) {
                    if unwrap(field.value) != nil {
                        return .unanswered(
                            "\(Frame.name(Swift.type(of: value))) holds `\(name)` but its child(named:) does not answer it")
                    }
                    return .nilField(Swift.type(of: field.value))
                }
                return .absent
            }
            // A list on the stack (an inverted section on an empty one) answers nothing.
            if sequence(value) != nil { return .absent }
            guard let field = Mirror(reflecting: value).children.first(where: { $0.label == name }) else {
                let style = Mirror(reflecting: value).displayStyle
                return style == .struct || style == nil || style == .optional ? .absent : .unknown
            }
            if let child = unwrap(field.value) { return .value(child) }
            return .nilField(Swift.type(of: field.value))
        case .type(let type):
            let type = unwrappedType(type)
            if isLeaf(type) || elementType(of: type) != nil { return .absent }
            guard let fields = fields(of: type) else { return .unknown }
            if let fieldType = fields[name] { return .type(fieldType) }
            // A view answering by name may answer more than its stored properties.
            return type is any MustacheParent.Type ? .unknown : .absent
        }
    }
}

protocol OptionalProbe {
    var wrappedValue: Any? { get }
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalProbe {
    var wrappedValue: Any? { map { $0 } }
    static var wrappedType: Any.Type { Wrapped.self }
}

protocol SequenceProbe {
    var items: [Any] { get }
    static var elementType: Any.Type { get }
}

extension Array: SequenceProbe {
    var items: [Any] { map { $0 } }
    static var elementType: Any.Type { Element.self }
}

extension Set: SequenceProbe {
    var items: [Any] { map { $0 } }
    static var elementType: Any.Type { Element.self }
}
