#if Postgres
    import FitCore
    import FitInMemory
    import FitPostgres
    import FitTesting
    import Foundation

    extension CatalogSnapshot {
        /// The catalog of the migrated database at hand, for every exposed table and view of `schema` (a feature's
        /// Swift mirror), with the triggers of the tables `schema` declares or puts triggers on.
        ///
        /// A feature's PostgreSQL test compares it with the snapshot it commits (and writes it there after changing a
        /// migration); ``/FitTesting/CatalogDifferences/between(_:_:)-(CatalogSnapshot,_)`` then checks the mirror
        /// against that snapshot on every machine.
        ///
        /// - Parameters:
        ///   - database: A database the feature's migrations made, acting as the service role.
        ///   - schema: The feature's mirror.
        /// - Returns: The snapshot: each relation's facts, and each table's triggers in PostgreSQL's firing order.
        /// - Throws: What ``/FitPostgres/PostgresDatabase/inspect(_:)`` throws; `42P01` for a relation the database
        ///   does not have.
        public static func read(from database: PostgresDatabase, for schema: InMemorySchema) async throws
            -> CatalogSnapshot
        {
            var relations: [String: TableFacts] = [:]
            for name in schema.relationNames {
                relations[name] = try await TableFacts.read(name, from: database)
            }
            let tables = Set(schema.tables.map(\.name) + schema.triggers.map(\.table))
            let triggers = try await TableFacts.triggers(in: database).filter { tables.contains($0.key) }
            return CatalogSnapshot(relations: relations, triggers: triggers)
        }
    }

    extension TableFacts {
        /// Each table's triggers other than the change feed's (`fitkit_notify_*`), in the order PostgreSQL fires those
        /// of one event: before-triggers, then after-triggers, each by name.
        static func triggers(in database: PostgresDatabase) async throws -> [String: [String]] {
            var triggers: [String: [String]] = [:]
            for row in try await database.inspect(
                """
                select t.tgrelid::regclass::text as "table", t.tgname::text as name from pg_trigger t
                join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
                where not t.tgisinternal and n.nspname in ('public', 'auth') and t.tgname not like 'fitkit_notify_%'
                order by 1, (t.tgtype & 2) desc, t.tgname
                """)
            {
                triggers[try row.text("table"), default: []].append(try row.text("name"))
            }
            return triggers
        }

        /// The facts of `table` (in `public`) as the database at hand has them.
        static func read(_ table: String, from database: PostgresDatabase) async throws -> TableFacts {
            let relation = "'public.\(table.replacingOccurrences(of: "'", with: "''"))'::regclass"
            var facts = TableFacts(name: table)
            for row in try await database.inspect(
                """
                select a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
                  pg_get_expr(d.adbin, d.adrelid) as default_expression, a.attidentity <> '' as is_identity
                from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
                where a.attrelid = \(relation) and a.attnum > 0 and not a.attisdropped order by a.attnum
                """)
            {
                facts.columns.append(
                    ColumnFacts(
                        name: try row.text("name"), type: try row.text("type"), notNull: try row.flag("not_null"),
                        defaultExpression: try row.optionalText("default_expression"),
                        isIdentity: try row.flag("is_identity")))
            }
            for row in try await database.inspect(
                """
                select c.contype::text as kind,
                  array_to_string(array(select a.attname from unnest(c.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i), ',') as columns,
                  coalesce(c.confrelid::regclass::text, '') as referenced_table,
                  coalesce(array_to_string(array(select a.attname from unnest(c.confkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i), ','), '')
                    as referenced_columns,
                  c.confdeltype::text as on_delete
                from pg_constraint c where c.conrelid = \(relation) and c.contype in ('p', 'f')
                """)
            {
                let columns = try row.text("columns")
                if try row.text("kind") == "p" {
                    facts.primaryKey = columns.split(separator: ",").map(String.init)
                } else {
                    facts.foreignKeys.append(
                        ForeignKeyFacts(
                            column: columns, referencedTable: try row.text("referenced_table"),
                            referencedColumn: try row.text("referenced_columns"), onDelete: try row.text("on_delete")))
                }
            }
            for row in try await database.inspect(
                """
                select array_to_string(array(select a.attname from unnest(i.indkey) with ordinality k(n, o)
                    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o), ',') as columns,
                  i.indpred is not null as is_partial, i.indisunique as is_unique
                from pg_index i where i.indrelid = \(relation) and not i.indisprimary
                """)
            {
                let columns = try row.text("columns").split(separator: ",").map(String.init)
                if try row.flag("is_unique") {
                    facts.uniqueKeys.append(UniqueKey(columns: columns, isPartial: try row.flag("is_partial")))
                } else {
                    facts.indexes.append(columns)
                }
            }
            for row in try await database.inspect(
                """
                select exists (select from pg_trigger where tgrelid = \(relation) and tgname = 'fitkit_notify_change')
                  as notifies, (select relrowsecurity from pg_class where oid = \(relation)) as row_security,
                  has_table_privilege('authenticated', \(relation), 'INSERT') as may_insert,
                  has_table_privilege('authenticated', \(relation), 'UPDATE') as may_update,
                  has_table_privilege('authenticated', \(relation), 'DELETE') as may_delete
                """)
            {
                facts.notifiesChanges = try row.flag("notifies")
                facts.rowSecurity = try row.flag("row_security")
                for (column, privilege) in [
                    ("may_delete", "DELETE"), ("may_insert", "INSERT"), ("may_update", "UPDATE"),
                ]
                where try row.flag(column) {
                    facts.memberPrivileges.append(privilege)
                }
            }
            for row in try await database.inspect(
                """
                select polname::text as name, polcmd::text as command,
                  array_to_string(array(select case when r = 0 then 'public' else r::regrole::text end
                    from unnest(polroles) r order by 1), ',') as roles,
                  pg_get_expr(polqual, polrelid) as using_expression,
                  pg_get_expr(polwithcheck, polrelid) as check_expression
                from pg_policy where polrelid = \(relation) order by polname
                """)
            {
                facts.policies.append(
                    PolicyFacts(
                        name: try row.text("name"), command: try row.text("command"),
                        roles: try row.text("roles").split(separator: ",").map(String.init),
                        using: try row.optionalText("using_expression"),
                        withCheck: try row.optionalText("check_expression")))
            }
            facts.foreignKeys.sort { $0.column < $1.column }
            facts.uniqueKeys.sort { $0.columns.joined(separator: ",") < $1.columns.joined(separator: ",") }
            facts.indexes.sort { $0.joined(separator: ",") < $1.joined(separator: ",") }
            return facts
        }
    }

    extension JSONValue {
        /// The text in column `name` of an inspected row.
        fileprivate func text(_ name: String) throws -> String {
            guard let text = try optionalText(name) else { throw CatalogReadError(column: name) }
            return text
        }

        /// The text in column `name`, or `nil` for SQL's NULL.
        fileprivate func optionalText(_ name: String) throws -> String? {
            guard case .object(let columns) = self, let value = columns[name] else {
                throw CatalogReadError(column: name)
            }
            switch value {
            case .null: return nil
            case .string(let text): return text
            default: throw CatalogReadError(column: name)
            }
        }

        /// The boolean in column `name`.
        fileprivate func flag(_ name: String) throws -> Bool {
            guard case .object(let columns) = self, case .bool(let flag)? = columns[name] else {
                throw CatalogReadError(column: name)
            }
            return flag
        }
    }

    /// A catalog query's row lacked a column, or held a value of another kind: FitKit's query and the server's
    /// catalog disagree.
    struct CatalogReadError: Error, CustomStringConvertible {
        /// The column.
        var column: String

        var description: String { "the catalog's answer has no usable \"\(column)\"" }
    }
#endif
