import FitCore

/// PostgreSQL's jsonb containment (`@>`, `<@`): an object contains another when every key of the other is present
/// with a contained value; an array contains another when every element of the other is contained in some element
/// of it (order and duplicates do not matter); scalars contain only an equal scalar. At the top level only, an
/// array also contains a scalar it has as an element (`'["a"]' @> '"a"'`).
enum JSONContainment {
    /// Whether `container @> contained`.
    static func contains(_ container: JSONValue, _ contained: JSONValue) -> Bool {
        if case .array(let elements) = container, !isStructured(contained) {
            return elements.contains(contained)
        }
        return nested(container, contained)
    }

    private static func nested(_ container: JSONValue, _ contained: JSONValue) -> Bool {
        switch (container, contained) {
        case (.object(let outer), .object(let inner)):
            return inner.allSatisfy { key, value in outer[key].map { nested($0, value) } ?? false }
        case (.array(let outer), .array(let inner)):
            return inner.allSatisfy { value in
                outer.contains { candidate in
                    isStructured(value) ? nested(candidate, value) : candidate == value
                }
            }
        case (.object, _), (.array, _), (_, .object), (_, .array): return false
        default: return container == contained
        }
    }

    /// Whether `value` is an object or an array (not a scalar).
    private static func isStructured(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .array: true
        default: false
        }
    }
}
