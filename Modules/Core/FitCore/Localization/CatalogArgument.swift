/// A value put into a catalog string's format specifier: `%lld` takes an integer (and decides the plural form),
/// `%@` takes text.
package enum CatalogArgument: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    /// An integer, for `%lld`, `%ld` or `%d`.
    case integer(Int)
    /// Text, for `%@`.
    case text(String)

    package init(integerLiteral value: Int) { self = .integer(value) }
    package init(stringLiteral value: String) { self = .text(value) }

    /// How the argument reads in the formatted string.
    var formatted: String {
        switch self {
        case .integer(let value): String(value)
        case .text(let value): value
        }
    }
}
