import Mustache
import Synchronization

/// A view model as the templates read it, by field name, through a table of its
/// type's fields made once.
///
/// swift-mustache reads a plain struct with `Mirror`, listing every field of the
/// model for each name it looks up; a name the innermost section lacks is looked up
/// again, field list and all, in every section around it. Profiling the pages showed
/// that reflection as most of a page's cost. `ViewRenderer` hands every model over in
/// this box: a name is found in a dictionary (and a missing one costs nothing), and
/// only the field found is read. What the box hands on is boxed the same way:
/// Spotter's structs, and arrays of them. Values the templates treat as values
/// (text, numbers, flags, dates, enums) and types with their own Mustache
/// conformances pass as they are.
struct ReflectedView: MustacheParent {
    /// Field name -> its place among the struct's stored properties.
    let fields: [String: Int]
    /// The struct's stored properties in order, each as `present` hands it on, read
    /// once when boxed: a `Mirror` per name looked up, walked to the field, cost more
    /// than the rest of the lookup, and a template reads a name many times (a
    /// section's every item looks up the names of the sections around it).
    let values: [Any?]

    init(_ value: Any, fields: [String: Int]) {
        self.fields = fields
        values = Mirror(reflecting: value).children.map { Self.present($0.value) }
    }

    func child(named name: String) -> Any? {
        guard let offset = fields[name] else { return nil }
        return values[offset]
    }

    /// How a value of some type is handed to the templates, worked out once per type.
    private enum Shape {
        case optional
        case plain
        case record([String: Int])
        case list
    }

    private static let shapes = Mutex<[ObjectIdentifier: Shape]>([:])

    /// `value` as the templates get it: nil for an empty optional (as swift-mustache
    /// unwraps one), a struct boxed, an array with its elements presented, anything
    /// else as it is.
    static func present(_ value: Any) -> Any? {
        // The shape is looked up by the value's type before any cast: a cast to a
        // protocol for every value read was a tenth of a page's time.
        let type = ObjectIdentifier(Swift.type(of: value))
        let shape = shapes.withLock { $0[type] } ?? learn(value, type: type)
        switch shape {
        case .optional: return (value as? any OptionalValue)?.wrapped.flatMap(present)
        case .plain: return value
        case .record(let fields): return ReflectedView(value, fields: fields)
        case .list: return (value as? [Any] ?? []).map { present($0) as Any }
        }
    }

    private static func learn(_ value: Any, type: ObjectIdentifier) -> Shape {
        let mirror = Mirror(reflecting: value)
        let shape: Shape
        // Only Spotter's own structs are boxed: the standard library's and Foundation's
        // (Bool, Double, Date) are values to the templates, however they reflect.
        let own = ["SpotterServer.", "SpotterCore."].contains { String(reflecting: Swift.type(of: value)).hasPrefix($0) }
        if value is any OptionalValue {
            shape = .optional
        } else if value is [Any] {
            shape = .list
        } else if !own || value is any MustacheParent || value is any MustacheCustomRepresentation
            || value is any MustacheCustomRenderable
            || value is MustacheLambda || value is any MustacheTransformable
        {
            shape = .plain
        } else if mirror.displayStyle == .struct {
            var fields: [String: Int] = [:]
            for (offset, child) in mirror.children.enumerated() {
                if let label = child.label { fields[label] = offset }
            }
            shape = .record(fields)
        } else {
            shape = .plain
        }
        shapes.withLock { $0[type] = shape }
        return shape
    }
}

/// Lets `ReflectedView` unwrap an optional whatever it wraps.
private protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    var wrapped: Any? { map { $0 } }
}
