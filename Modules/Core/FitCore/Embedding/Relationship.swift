/// One single-column foreign key, as a backend's catalog knows it: what relationship resolution reads.
package struct ForeignKeyReference: Sendable, Hashable {
    /// The constraint's name (`class_sessions_studio_id_fkey`).
    package var name: String
    /// The referencing table and column.
    package var table: String
    package var column: String
    /// The referenced table and column.
    package var referencedTable: String
    package var referencedColumn: String

    package init(name: String, table: String, column: String, referencedTable: String, referencedColumn: String) {
        self.name = name
        self.table = table
        self.column = column
        self.referencedTable = referencedTable
        self.referencedColumn = referencedColumn
    }
}

/// How an embedded resource joins its parent: `child.childColumn = parent.parentColumn`, and whether it is one
/// object (many-to-one) or an array (one-to-many).
package struct Relationship: Sendable, Hashable {
    package var parentColumn: String
    package var childTable: String
    package var childColumn: String
    package var isToOne: Bool

    /// The one relationship between `parent` and `embedded` that `hint` names, as PostgREST resolves it: the foreign
    /// keys from `parent` to `embedded` (many-to-one) and from `embedded` to `parent` (one-to-many), narrowed to the
    /// one whose constraint name or referencing column is `hint`.
    ///
    /// - Throws: `PGRST200` when there is none, `PGRST201` when there is more than one, with PostgREST's messages.
    package static func resolve(
        parent: String, embedded: String, hint: String?, foreignKeys: [ForeignKeyReference]
    ) throws(DatabaseError) -> Relationship {
        var candidates: [(key: ForeignKeyReference, relationship: Relationship)] = []
        for key in foreignKeys {
            if key.table == parent && key.referencedTable == embedded {
                candidates.append(
                    (
                        key,
                        Relationship(
                            parentColumn: key.column, childTable: embedded, childColumn: key.referencedColumn,
                            isToOne: true)
                    ))
            }
            if key.table == embedded && key.referencedTable == parent {
                candidates.append(
                    (
                        key,
                        Relationship(
                            parentColumn: key.referencedColumn, childTable: embedded, childColumn: key.column,
                            isToOne: false)
                    ))
            }
        }
        if let hint { candidates = candidates.filter { $0.key.name == hint || $0.key.column == hint } }
        guard candidates.count == 1 else {
            if candidates.isEmpty {
                throw DatabaseError(
                    code: "PGRST200",
                    message: "Could not find a relationship between '\(parent)' and '\(embedded)' in the schema cache",
                    details:
                        "Searched for a foreign key relationship between '\(parent)' and '\(embedded)'\(hint.map { " using the hint '\($0)'" } ?? "") in the schema 'public', but no matches were found."
                )
            }
            throw DatabaseError(
                code: "PGRST201",
                message:
                    "Could not embed because more than one relationship was found for '\(parent)' and '\(embedded)'",
                hint:
                    "Try changing '\(embedded)' to one of the following: "
                    + candidates.map { "'\(embedded)!\($0.key.name)'" }.joined(separator: ", ")
                    + ". Find the desired relationship in the 'details' key.")
        }
        return candidates[0].relationship
    }
}
