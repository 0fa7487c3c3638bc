import Foundation
import Hummingbird
import SpotterCore

/// The JSON request bodies as the served `openapi.yaml` describes them: when a body
/// cannot be decoded, the message says what the contract says the field takes (its
/// range, its choices, its format). The document is the one source: a range changed
/// there (as the contract suite holds the server to it) changes the message too, and
/// no list of fields is kept by hand beside it.
struct RequestBodySchemas: Sendable {
    /// The served document, read the first time a body cannot be decoded (about 0.07 s
    /// in a release build); nil if it cannot be read, and the messages then say only
    /// the kind of value (`HealthAndDocsTests` reads it, so that never ships).
    static let served: RequestBodySchemas? = try? RequestBodySchemas(document: String(buffer: OpenAPIController.document))

    /// Each operation's body schema, by "METHOD /path/{}/with/{}/captures".
    private let operations: [String: YAMLValue]
    private let components: [String: YAMLValue]

    init(document: String) throws {
        let root = try YAMLDocument.parse(document)
        components = root["components"]?["schemas"]?.map ?? [:]
        var operations: [String: YAMLValue] = [:]
        for (path, item) in root["paths"]?.map ?? [:] {
            for (method, operation) in item.map ?? [:] {
                guard let schema = operation["requestBody"]?["content"]?["application/json"]?["schema"] else { continue }
                operations[Self.operationKey(method: method, route: path)] = schema
            }
        }
        self.operations = operations
    }

    /// The body schema of the operation the router matched (`context.endpointPath`,
    /// such as `/api/v1/workouts/{id}`: the document may name captures otherwise).
    func body(method: HTTPRequest.Method, route: String?) -> BodySchema? {
        guard let route, let schema = operations[Self.operationKey(method: method.rawValue, route: route)] else { return nil }
        return BodySchema(schema, components: components)
    }

    /// Every operation that takes a JSON body, as "METHOD /path/{}".
    var operationKeys: Set<String> { Set(operations.keys) }

    static func operationKey(method: String, route: String) -> String {
        let segments = route.split(separator: "/").map { $0.hasPrefix("{") || $0.hasPrefix(":") ? "{}" : String($0) }
        return method.uppercased() + " /" + segments.joined(separator: "/")
    }
}

/// One place of a request body's schema, its `$ref`s, `allOf`s and nullable `oneOf`s
/// resolved into one map of keywords.
struct BodySchema: Sendable {
    let keywords: [String: YAMLValue]
    private let components: [String: YAMLValue]

    init(_ value: YAMLValue, components: [String: YAMLValue]) {
        self.components = components
        keywords = Self.resolve(value, components: components, depth: 0)
    }

    /// The schema of a field (`.key`) or of a list's items (`.index`).
    func child(_ step: JSONDecodingIssue.Step) -> BodySchema? {
        let next: YAMLValue? =
            switch step {
            case .key(let key):
                keywords["properties"]?[key] ?? keywords["additionalProperties"].flatMap { $0.map == nil ? nil : $0 }
            case .index: keywords["items"]
            }
        return next.map { BodySchema($0, components: components) }
    }

    func at(_ path: [JSONDecodingIssue.Step]) -> BodySchema? {
        path.reduce(Optional(self)) { schema, step in schema?.child(step) }
    }

    /// The JSON types the schema allows, `null` aside.
    var types: [String] {
        let named = keywords["type"]?.texts.filter { $0 != "null" } ?? []
        if !named.isEmpty { return named }
        return keywords["enum"] != nil ? ["string"] : []
    }

    /// The alternatives of a `oneOf` or `anyOf` that are not `null`, when more than one.
    var choices: [BodySchema] {
        (keywords["oneOf"] ?? keywords["anyOf"])?.list?.map { BodySchema($0, components: components) }.filter { !$0.isNull } ?? []
    }

    private var isNull: Bool { keywords["type"]?.texts == ["null"] }

    private static func resolve(_ value: YAMLValue, components: [String: YAMLValue], depth: Int) -> [String: YAMLValue] {
        guard depth < 16, var node = value.map else { return [:] }
        if let reference = node.removeValue(forKey: "$ref")?.text, let name = reference.split(separator: "/").last,
            let target = components[String(name)]
        {
            node = merge(resolve(target, components: components, depth: depth + 1), node)
        }
        for part in node.removeValue(forKey: "allOf")?.list ?? [] {
            node = merge(node, resolve(part, components: components, depth: depth + 1))
        }
        // A nullable field (`oneOf: [X, {type: "null"}]`) is described as X.
        for key in ["oneOf", "anyOf"] {
            guard let choices = node[key]?.list else { continue }
            let values = choices.filter { $0["type"]?.texts != ["null"] }
            if values.count == 1 {
                node.removeValue(forKey: key)
                node = merge(node, resolve(values[0], components: components, depth: depth + 1))
            }
        }
        return node
    }

    /// `extra` laid over `base`: the properties of both (a property in both is both
    /// schemas at once), the required fields of both, any other keyword from `extra`.
    private static func merge(_ base: [String: YAMLValue], _ extra: [String: YAMLValue]) -> [String: YAMLValue] {
        base.merging(extra) { old, new in
            switch (old, new) {
            case (.map(let a), .map(let b))
            where a.values.allSatisfy({ $0.map != nil }) && b.values.allSatisfy({ $0.map != nil }):
                .map(a.merging(b) { first, second in .map(["allOf": .list([first, second])]) })
            case (.list(let a), .list(let b)): .list(a + b.filter { !a.contains($0) })
            default: new
            }
        }
    }
}
