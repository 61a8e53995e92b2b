/// One item of a select list: a column, optionally renamed (`alias:column`) and cast (`column::text`), or a related
/// table embedded through a foreign key (`author:authors(name)`), as PostgREST reads `select=`. `"*"` stands for every
/// column of the relation.
///
/// A string literal is a plain column, so `DatabaseQuery(target: "todos", operation: .select, columns: ["id"])`
/// selects the column `id`.
public struct SelectedColumn: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The column read, `"*"` for every column, or the related table of an ``embedding``.
    public var name: String
    /// The key the value has in each returned row; `nil` keeps the column's name.
    public var alias: String?
    /// The PostgreSQL type the value is cast to (`text`, `integer`, …), lower-cased; `nil` for none.
    public var cast: String?
    /// For a related table: how it is embedded (its columns, `!inner`, the foreign key); `nil` for a column.
    public var embedding: EmbeddedResource?

    /// A select item.
    ///
    /// - Parameters:
    ///   - name: The column to read, or `"*"` for every column.
    ///   - alias: The key it gets in the returned rows; `nil` (the default) keeps the column's name.
    ///   - cast: The PostgreSQL type to cast the value to; `nil` (the default) for none.
    ///   - embedding: For a related table named `name`: how it is embedded; `nil` (the default) for a column.
    public init(_ name: String, alias: String? = nil, cast: String? = nil, embedding: EmbeddedResource? = nil) {
        self.name = name
        self.alias = alias
        self.cast = cast
        self.embedding = embedding
    }

    /// A plain column named by a literal: `"title"`.
    ///
    /// - Parameter value: The column name.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The key the value has in a returned row: the alias, else the column name.
    public var outputName: String { alias ?? name }

    /// Whether this item stands for every column (`*`).
    public var isStar: Bool { name == "*" }

    /// Reads a select list as PostgREST does: `"id, title:name, starts_at::text"`.
    ///
    /// - Parameter text: The list: items separated by commas, whitespace outside double quotes ignored.
    /// - Returns: The items in order, or `nil` when the list asks for every column and nothing else (`*`).
    /// - Throws: ``DatabaseError`` `PGRST100` when an item does not parse or embeds another table.
    public static func list(_ text: String) throws(DatabaseError) -> [SelectedColumn]? {
        try SelectListParser.parse(text)
    }
}

extension SelectedColumn: CustomStringConvertible {
    /// PostgREST's text for the item, `alias:column::cast`; names holding PostgREST's syntax are double-quoted.
    public var description: String {
        var text = ""
        if let alias { text += Self.quotedIfNeeded(alias) + ":" }
        text += isStar ? "*" : Self.quotedIfNeeded(name)
        if let embedding {
            if let hint = embedding.hint { text += "!" + Self.quotedIfNeeded(hint) }
            if embedding.isInner { text += "!inner" }
            text += "(" + (embedding.columns?.map(\.description).joined(separator: ",") ?? "*") + ")"
        }
        if let cast { text += "::" + cast }
        return text
    }

    /// A name as PostgREST reads it back: quoted when it holds a separator, a quote, spaces or is empty.
    static func quotedIfNeeded(_ name: String) -> String {
        let reserved: Set<Unicode.Scalar> = [",", ".", ":", "(", ")", "\"", "\\", "!", "*"]
        guard
            name.isEmpty || name.unicodeScalars.contains(where: { reserved.contains($0) || $0.properties.isWhitespace })
        else { return name }
        return PostgRESTSyntax.doubleQuoted(name)
    }
}
