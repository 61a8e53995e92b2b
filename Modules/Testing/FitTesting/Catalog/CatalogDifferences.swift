import FitCore
import FitInMemory
import FitWire
import Foundation

/// Where a feature's Swift mirror (`TableSchema`, `ViewSchema`, `InMemoryTrigger`) and PostgreSQL's catalog
/// (``TableFacts``, ``CatalogSnapshot``) disagree: columns
/// with their types, nullability and defaults, the primary key, foreign keys with their delete actions, unique
/// keys, row-level security, the change feed's trigger, indexes, the policy that lets members read and the writes
/// members may make. Each difference
/// is one line naming the table, the item and both sides.
public enum CatalogDifferences {
    /// Every difference between a feature's Swift mirror and its committed catalog: each exposed table's and view's
    /// (``between(_:_:)-(TableFacts,TableSchema)``), a relation on one side only, and each table's trigger order
    /// (``triggerOrder(_:_:)``).
    ///
    /// - Parameters:
    ///   - snapshot: The catalog of a database the feature's migrations made.
    ///   - schema: The feature's mirror: its tables, views and triggers.
    /// - Returns: One line per difference, sorted; empty when the two agree.
    public static func between(_ snapshot: CatalogSnapshot, _ schema: InMemorySchema) -> [String] {
        var differences: [String] = []
        for table in schema.exposedTables {
            guard let facts = snapshot.relations[table.name] else {
                differences.append("\(table.name): in the mirror, not in the catalog")
                continue
            }
            differences += between(facts, table)
        }
        for view in schema.views {
            guard let facts = snapshot.relations[view.name] else {
                differences.append("\(view.name): in the mirror, not in the catalog")
                continue
            }
            differences += between(facts, view)
        }
        for name in Set(snapshot.relations.keys).subtracting(schema.relationNames).sorted() {
            differences.append("\(name): in the catalog, not in the mirror")
        }
        differences += triggerOrder(snapshot.triggers, schema.triggers)
        return differences.sorted()
    }

    /// Where one table's mirror and its catalog facts disagree, one line each.
    ///
    /// - Parameters:
    ///   - facts: The table as PostgreSQL's catalog has it.
    ///   - table: The table as the mirror declares it.
    /// - Returns: The differences; empty when the two agree.
    public static func between(_ facts: TableFacts, _ table: TableSchema) -> [String] {
        var differences: [String] = []
        let name = table.name
        func differ(_ item: String, mirror: Any, catalog: Any) {
            differences.append("\(name).\(item): \(mirror) in the mirror, \(catalog) in PostgreSQL")
        }
        differences += columnDifferences(facts.columns, table.columns, in: name)
        if facts.primaryKey != table.primaryKey {
            differ("primary key", mirror: table.primaryKey, catalog: facts.primaryKey)
        }
        let foreignKeys = Set(
            table.foreignKeys.map {
                TableFacts.ForeignKeyFacts(
                    column: $0.column, referencedTable: $0.referencedTable, referencedColumn: $0.referencedColumn,
                    onDelete: deleteAction($0.onDelete))
            })
        let foundKeys = Set(facts.foreignKeys)
        for key in foreignKeys.subtracting(foundKeys).sorted(by: { $0.column < $1.column }) {
            let other = facts.foreignKeys.first { $0.column == key.column }
            differ("foreign key \(key.column)", mirror: describe(key), catalog: other.map(describe) ?? "none")
        }
        for key in foundKeys.subtracting(foreignKeys)
        where !foreignKeys.contains(where: { $0.column == key.column }) {
            differ("foreign key \(key.column)", mirror: "none", catalog: describe(key))
        }
        let uniqueKeys = Set(
            table.uniqueConstraints.map {
                TableFacts.UniqueKey(columns: $0.columns, isPartial: $0.predicate != nil)
            })
        if uniqueKeys != Set(facts.uniqueKeys) {
            differ(
                "unique keys", mirror: uniqueKeys.map(describe).sorted(),
                catalog: facts.uniqueKeys.map(describe).sorted())
        }
        if !facts.rowSecurity { differ("row-level security", mirror: "on", catalog: "off") }
        if !facts.notifiesChanges { differ("change feed", mirror: "every change published", catalog: "no trigger") }
        // The embedded database's indexes are hints for its own reads: each must be on a column PostgreSQL indexes
        // too (PostgreSQL has more, over several columns).
        let indexed = Set((facts.indexes + facts.uniqueKeys.map(\.columns) + [facts.primaryKey]).joined())
        for index in table.indexes where !indexed.contains(index.column) {
            differ("index on \(index.column)", mirror: "\(index.kind)", catalog: "none")
        }
        differences += accessDifferences(facts, table.access, in: name)
        return differences
    }

    /// For each table, the mirror's triggers (as its schema lists them, the order the embedded database runs them in)
    /// against PostgreSQL's (before-triggers first, then each timing's by name, the order it fires them
    /// in; the change feed's `fitkit_notify_*` left out, as the mirror publishes changes itself).
    ///
    /// - Parameters:
    ///   - found: Each table's triggers in PostgreSQL's firing order (``CatalogSnapshot/triggers``).
    ///   - declared: The mirror's triggers.
    /// - Returns: One line per table whose order differs.
    public static func triggerOrder(_ found: [String: [String]], _ declared: [InMemoryTrigger]) -> [String] {
        var mirror: [String: [String]] = [:]
        for trigger in declared {
            // A mirror trigger may name its table after the trigger's name (`fitkit_waitlist_promote on bookings`).
            mirror[trigger.table, default: []].append(String(trigger.name.split(separator: " ")[0]))
        }
        var differences: [String] = []
        for table in Set(mirror.keys).union(found.keys).sorted() {
            let declaredOrder = mirror[table] ?? []
            let foundOrder = found[table] ?? []
            if declaredOrder != foundOrder {
                differences.append(
                    "\(table): triggers \(declaredOrder) in the mirror, \(foundOrder) in PostgreSQL's firing order")
            }
        }
        return differences
    }

    /// A view's columns and their types (PostgreSQL knows no nullability or default for a view's column).
    ///
    /// - Parameters:
    ///   - facts: The view as PostgreSQL's catalog has it.
    ///   - view: The view as the mirror declares it.
    /// - Returns: One line when the columns or their types differ; empty when they agree.
    public static func between(_ facts: TableFacts, _ view: ViewSchema) -> [String] {
        let declared = view.columns.map { "\($0.name) \(expectedType($0))" }
        let found = facts.columns.map { "\($0.name) \($0.type)" }
        return declared == found ? [] : ["\(view.name): columns \(declared) in the mirror, \(found) in PostgreSQL"]
    }

    private static func columnDifferences(
        _ found: [TableFacts.ColumnFacts], _ declared: [Column], in table: String
    ) -> [String] {
        var differences: [String] = []
        let foundNames = found.map(\.name)
        let declaredNames = declared.map(\.name)
        if Set(foundNames) != Set(declaredNames) {
            differences.append("\(table): columns \(declaredNames) in the mirror, \(foundNames) in PostgreSQL")
        }
        for column in declared {
            guard let facts = found.first(where: { $0.name == column.name }) else { continue }
            let item = "\(table).\(column.name)"
            if expectedType(column) != facts.type {
                differences.append(
                    "\(item): type \(expectedType(column)) in the mirror, \(facts.type) in PostgreSQL")
            }
            if column.isNullable == facts.notNull {
                differences.append(
                    "\(item): \(column.isNullable ? "nullable" : "not null") in the mirror, "
                        + "\(facts.notNull ? "not null" : "nullable") in PostgreSQL")
            }
            let expected = expectedDefault(column.defaultValue)
            let actual = facts.isIdentity ? "identity" : facts.defaultExpression.map(normalized) ?? "none"
            if expected != actual {
                differences.append("\(item): default \(expected) in the mirror, \(actual) in PostgreSQL")
            }
        }
        return differences
    }

    /// Members and anonymous callers read a public table through a policy `using (true)` for both; members read
    /// their own rows through a policy on the owner column; the writes members may make are the ones both
    /// granted to `authenticated` and covered by a policy for it.
    private static func accessDifferences(_ facts: TableFacts, _ access: TableSchema.Access, in table: String)
        -> [String]
    {
        var differences: [String] = []
        let reading = facts.policies.filter { $0.command == "r" || $0.command == "*" }
        let writable: MemberWrites
        switch access {
        case .publicRead:
            writable = []
            if !reading.contains(where: {
                $0.using == "true" && $0.roles.contains("anon") && $0.roles.contains("authenticated")
            }) {
                differences.append("\(table): no policy lets anon and authenticated read every row")
            }
        case .ownedBy(let column, let memberWritable):
            writable = memberWritable
            if !reading.contains(where: { policy in
                policy.roles.contains("authenticated")
                    && (policy.using.map { $0.contains("\(column) = ") && $0.contains("auth.uid()") } ?? false)
            }) {
                differences.append("\(table): no policy lets a member read the rows whose \(column) is theirs")
            }
        }
        var granted: MemberWrites = []
        for (write, privilege, command) in [
            (MemberWrites.insert, "INSERT", "a"), (.update, "UPDATE", "w"), (.delete, "DELETE", "d"),
        ]
        where facts.memberPrivileges.contains(privilege)
            && facts.policies.contains(where: {
                $0.roles.contains("authenticated") && ($0.command == command || $0.command == "*")
            })
        {
            granted.insert(write)
        }
        if granted != writable {
            differences.append(
                "\(table): members may \(describe(writable)) in the mirror, \(describe(granted)) in PostgreSQL")
        }
        return differences
    }

    static func expectedType(_ column: Column) -> String {
        if column.type == .numeric, let precision = column.precision {
            return "numeric(\(precision.digits),\(precision.scale))"
        }
        return column.type.rawValue
    }

    static func expectedDefault(_ value: Column.Default?) -> String {
        switch value {
        case nil: "none"
        case .generatedUUID?: "gen_random_uuid()"
        case .now?: "now()"
        case .actingMember?: "auth.uid()"
        case .identity?: "identity"
        case .value(let value)?:
            switch value {
            case .text(let text): text
            case .integer(let number): "\(number)"
            case .numeric(let number): "\(number)"
            case .bool(let flag): "\(flag)"
            default: String(decoding: JSONWriter.data(value.json), as: UTF8.self)
            }
        }
    }

    /// A default expression without its casts and quotes: `'active'::text` → `active`, `'{}'::text[]` → `{}`.
    static func normalized(_ expression: String) -> String {
        var text = expression.replacing(/::[a-z ]+(\[\])?/, with: "")
        if text.hasPrefix("'") && text.hasSuffix("'") && text.count >= 2 {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }

    private static func deleteAction(_ action: ForeignKey.DeleteAction) -> String {
        switch action {
        case .noAction: "a"
        case .cascade: "c"
        }
    }

    private static func describe(_ key: TableFacts.ForeignKeyFacts) -> String {
        let action = ["a": "no action", "r": "restrict", "c": "cascade", "n": "set null", "d": "set default"]
        return "→ \(key.referencedTable).\(key.referencedColumn) on delete \(action[key.onDelete] ?? key.onDelete)"
    }

    private static func describe(_ key: TableFacts.UniqueKey) -> String {
        "(\(key.columns.joined(separator: ", ")))\(key.isPartial ? " where …" : "")"
    }

    private static func describe(_ writes: MemberWrites) -> String {
        let names = [(MemberWrites.insert, "insert"), (.update, "update"), (.delete, "delete")]
            .filter { writes.contains($0.0) }.map(\.1)
        return names.isEmpty ? "write nothing" : names.joined(separator: ", ")
    }
}
