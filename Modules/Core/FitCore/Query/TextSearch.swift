/// How supabase-swift's `textSearch(_:query:config:type:)` reads its query: which PostgreSQL function turns the
/// text into a `tsquery`. Without one (`nil`), the query is `to_tsquery` syntax (PostgREST's `fts`).
public enum TextSearchType: String, Sendable, Hashable, CaseIterable {
    /// `plainto_tsquery` (PostgREST's `plfts`): every word of the query must be in the text.
    case plain
    /// `phraseto_tsquery` (PostgREST's `phfts`): the words must be in the text next to each other, in order.
    case phrase
    /// `websearch_to_tsquery` (PostgREST's `wfts`): `"quoted phrases"`, `or` and `-excluded` words.
    case websearch

    /// The PostgREST operator for a search of this type.
    public var filterOperator: FilterOperator {
        switch self {
        case .plain: .plfts
        case .phrase: .phfts
        case .websearch: .wfts
        }
    }
}

/// The operand of a full-text search condition (``FilterOperator/fts`` and the others): the query and, optionally,
/// the text search configuration (`simple`, `english`, …) that both sides are read with.
///
/// A ``Filter/condition(column:operator:value:)`` carries it as a ``QueryValue``: the query alone as
/// ``QueryValue/string(_:)`` when no configuration is named (the database's default), and the pair as
/// `.list([.string(config), .string(query)])` otherwise, so filters stay plain `Hashable` values.
public struct TextSearchOperand: Sendable, Hashable {
    /// The text search configuration, or `nil` for the database's default (`default_text_search_config`).
    public var config: String?
    /// The query text, in the syntax the operator reads.
    public var query: String

    /// A search for `query`, read with `config`.
    ///
    /// - Parameters:
    ///   - query: The query text.
    ///   - config: The text search configuration, or `nil` for the database's default.
    public init(query: String, config: String? = nil) {
        self.query = query
        self.config = config
    }

    /// The operand a full-text search condition holds, or `nil` when `value` is not one (NULL included).
    ///
    /// - Parameter value: The condition's operand.
    public init?(_ value: QueryValue) {
        switch value {
        case .list(let parts) where parts.count == 2:
            guard case .string(let config) = parts[0], case .string(let query) = parts[1] else { return nil }
            self.init(query: query, config: config)
        case .null, .list: return nil
        default: self.init(query: value.text)
        }
    }

    /// The operand as a condition holds it.
    public var queryValue: QueryValue {
        guard let config else { return .string(query) }
        return .list([.string(config), .string(query)])
    }

    /// The configuration, checked to be a plain identifier (letters, digits, `_`, not starting with a digit) so that
    /// no backend ever reads anything else from it.
    ///
    /// - Returns: The configuration, or `nil` for the default.
    /// - Throws: ``DatabaseError`` `42602` (invalid name) for anything that is not a plain identifier.
    public func checkedConfig() throws(DatabaseError) -> String? {
        guard let config else { return nil }
        let scalars = config.unicodeScalars
        let valid =
            !scalars.isEmpty && scalars.count <= 63
            && scalars.allSatisfy {
                ($0.isASCII && $0.properties.isAlphabetic) || $0 == "_" || ("0"..."9").contains($0)
            }
            && !("0"..."9").contains(scalars.first!)
        guard valid else {
            throw DatabaseError(
                code: "42602", message: "invalid text search configuration name \"\(config)\"",
                hint: "A configuration is a plain identifier: letters, digits and underscores.")
        }
        return config
    }
}
