#if Postgres
    @testable import FitPostgres
    import PostgresNIO

    import FitContract
    import FitInMemory
    import FitKitTestSupport

    /// Reading ``TableFacts`` and a ``CatalogSnapshot`` from a migrated database.
    extension TableFacts {
        /// Each table's triggers other than the change feed's (`fitkit_notify_*`), in the order PostgreSQL fires those
        /// of one event: before-triggers, then after-triggers, each by name.
        static func triggers(in database: FitPostgres.PostgresDatabase) async throws -> [String: [String]] {
            try await database.backend.transaction(as: .service) { connection, logger in
                var triggers: [String: [String]] = [:]
                let sql = """
                    select t.tgrelid::regclass::text, t.tgname::text from pg_trigger t
                    join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
                    where not t.tgisinternal and n.nspname in ('public', 'auth') and t.tgname not like 'fitkit_notify_%'
                    order by 1, (t.tgtype & 2) desc, t.tgname
                    """
                for row in try await connection.answer(PostgresQuery(unsafeSQL: sql), logger: logger).rows {
                    let (table, name) = try row.decode((String, String).self)
                    triggers[table, default: []].append(name)
                }
                return triggers
            }
        }

        /// The facts of `table` (in `public`) as the database at hand has them.
        static func read(_ table: String, from database: FitPostgres.PostgresDatabase) async throws -> TableFacts {
            try await database.backend.transaction(as: .service) { connection, logger in
                func rows(_ sql: String) async throws -> [PostgresRow] {
                    try await connection.answer(PostgresQuery(unsafeSQL: sql), logger: logger).rows
                }
                let relation = "'public.\(table)'::regclass"
                var facts = TableFacts(name: table)
                for row in try await rows(
                    """
                    select a.attname::text, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                      pg_get_expr(d.adbin, d.adrelid), a.attidentity <> ''
                    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
                    where a.attrelid = \(relation) and a.attnum > 0 and not a.attisdropped order by a.attnum
                    """)
                {
                    let (name, type, notNull, defaultExpression, isIdentity) = try row.decode(
                        (String, String, Bool, String?, Bool).self)
                    facts.columns.append(
                        ColumnFacts(
                            name: name, type: type, notNull: notNull, defaultExpression: defaultExpression,
                            isIdentity: isIdentity))
                }
                for row in try await rows(
                    """
                    select c.contype::text, array_to_string(array(select a.attname from unnest(c.conkey) with ordinality k(n, i)
                        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i), ','),
                      coalesce(c.confrelid::regclass::text, ''),
                      coalesce(array_to_string(array(select a.attname from unnest(c.confkey) with ordinality k(n, i)
                        join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i), ','), ''),
                      c.confdeltype::text
                    from pg_constraint c where c.conrelid = \(relation) and c.contype in ('p', 'f')
                    """)
                {
                    let (kind, columns, referencedTable, referencedColumns, onDelete) = try row.decode(
                        (String, String, String, String, String).self)
                    if kind == "p" {
                        facts.primaryKey = columns.split(separator: ",").map(String.init)
                    } else {
                        facts.foreignKeys.append(
                            ForeignKeyFacts(
                                column: columns, referencedTable: referencedTable,
                                referencedColumn: referencedColumns, onDelete: onDelete))
                    }
                }
                for row in try await rows(
                    """
                    select array_to_string(array(select a.attname from unnest(i.indkey) with ordinality k(n, o)
                        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o), ','),
                      i.indpred is not null
                    from pg_index i where i.indrelid = \(relation) and i.indisunique and not i.indisprimary
                    """)
                {
                    let (columns, isPartial) = try row.decode((String, Bool).self)
                    facts.uniqueKeys.append(
                        UniqueKey(columns: columns.split(separator: ",").map(String.init), isPartial: isPartial))
                }
                for row in try await rows(
                    """
                    select array_to_string(array(select a.attname from unnest(i.indkey) with ordinality k(n, o)
                        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o), ',')
                    from pg_index i where i.indrelid = \(relation) and not i.indisunique and not i.indisprimary
                    """)
                {
                    facts.indexes.append(try row.decode(String.self).split(separator: ",").map(String.init))
                }
                for row in try await rows(
                    """
                    select exists (select from pg_trigger where tgrelid = \(relation) and tgname = 'fitkit_notify_change')
                    """)
                {
                    facts.notifiesChanges = try row.decode(Bool.self)
                }
                for row in try await rows("select relrowsecurity from pg_class where oid = \(relation)") {
                    facts.rowSecurity = try row.decode(Bool.self)
                }
                for row in try await rows(
                    """
                    select polname::text, polcmd::text,
                      array_to_string(array(select case when r = 0 then 'public' else r::regrole::text end
                        from unnest(polroles) r order by 1), ','),
                      pg_get_expr(polqual, polrelid), pg_get_expr(polwithcheck, polrelid)
                    from pg_policy where polrelid = \(relation) order by polname
                    """)
                {
                    let (name, command, roles, using, withCheck) = try row.decode(
                        (String, String, String, String?, String?).self)
                    facts.policies.append(
                        PolicyFacts(
                            name: name, command: command, roles: roles.split(separator: ",").map(String.init),
                            using: using, withCheck: withCheck))
                }
                for privilege in ["INSERT", "UPDATE", "DELETE"] {
                    for row in try await rows(
                        "select has_table_privilege('authenticated', \(relation), '\(privilege)')")
                    where try row.decode(Bool.self) {
                        facts.memberPrivileges.append(privilege)
                    }
                }
                facts.foreignKeys.sort { $0.column < $1.column }
                facts.uniqueKeys.sort { $0.columns.joined(separator: ",") < $1.columns.joined(separator: ",") }
                facts.memberPrivileges.sort()
                facts.indexes.sort { $0.joined(separator: ",") < $1.joined(separator: ",") }
                return facts
            }
        }
    }

    extension CatalogSnapshot {
        /// The catalog of the migrated database at hand, for every table and view of `schema`.
        static func read(
            from database: FitPostgres.PostgresDatabase, for schema: InMemorySchema = FitKitContract.schema
        ) async throws -> CatalogSnapshot {
            var relations: [String: TableFacts] = [:]
            for name in schema.relationNames {
                relations[name] = try await TableFacts.read(name, from: database)
            }
            return CatalogSnapshot(relations: relations, triggers: try await TableFacts.triggers(in: database))
        }
    }
#endif
