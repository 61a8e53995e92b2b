#if Postgres
    import FitCore

    /// The names PostgreSQL knows in schema `public` (tables, views, functions), read once from the system
    /// catalogs, as PostgREST's schema cache: every identifier in a query is checked here before it is quoted into SQL.
    struct SchemaCatalog: Sendable {
        /// A table or view.
        struct Relation: Sendable {
            var name: String
            var isView: Bool
            /// Column names in table order.
            var columnNames: [String]
            /// Column name → type name for casts (`integer`, `timestamp with time zone`, …).
            var columnTypes: [String: String]
            var primaryKey: [String]

            func type(of column: String) throws(DatabaseError) -> String {
                guard let type = columnTypes[column] else { throw DatabaseError.unknownColumn(column, in: name) }
                return type
            }
        }

        /// A function's named arguments, in order.
        struct Function: Sendable {
            var name: String
            var arguments: [(name: String, type: String)]
        }

        var relations: [String: Relation] = [:]
        var functions: [String: Function] = [:]
        /// The tables whose changes the feed's trigger (`fitkit_notify_change`, `0006_change_feed.sql`) announces.
        var notifyingTables: Set<String> = []
        /// The single-column foreign keys between the schema's tables, for embedding.
        var foreignKeys: [ForeignKeyReference] = []

        func relation(_ name: String) throws(DatabaseError) -> Relation {
            guard let relation = relations[name] else { throw DatabaseError.unknownTable(name) }
            return relation
        }

        func function(_ name: String) throws(DatabaseError) -> Function {
            guard let function = functions[name] else { throw DatabaseError.unknownFunction(name) }
            return function
        }

        static let columnsSQL = """
            select c.relname::text, c.relkind::text, a.attname::text, format_type(a.atttypid, null)
            from pg_catalog.pg_attribute a
            join pg_catalog.pg_class c on c.oid = a.attrelid
            join pg_catalog.pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
            order by c.relname, a.attnum
            """

        static let primaryKeysSQL = """
            select c.relname::text, a.attname::text
            from pg_catalog.pg_index i
            join pg_catalog.pg_class c on c.oid = i.indrelid
            join pg_catalog.pg_namespace n on n.oid = c.relnamespace
            join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
            where n.nspname = 'public' and i.indisprimary
            order by c.relname, array_position(i.indkey::int2[], a.attnum)
            """

        /// One row per function argument (functions without arguments give one row with NULL name). Trigger
        /// functions are left out: they cannot be called, as PostgREST leaves them out.
        static let functionsSQL = """
            select p.oid::int8, p.proname::text, args.name, format_type(args.type, null)
            from pg_catalog.pg_proc p
            join pg_catalog.pg_namespace n on n.oid = p.pronamespace
            left join lateral unnest(p.proargtypes::oid[], coalesce(p.proargnames, array[]::text[]))
              with ordinality as args(type, name, position) on true
            where n.nspname = 'public' and p.prokind = 'f'
              and p.prorettype <> 'pg_catalog.trigger'::pg_catalog.regtype
            order by p.proname, p.oid, args.position
            """

        /// The tables with an enabled row trigger calling `public.fitkit_notify_change()`.
        /// Single-column foreign keys between tables of `public`: constraint, table, column, referenced table and
        /// column.
        static let foreignKeysSQL = """
            select c.conname::text, t.relname::text, a.attname::text, r.relname::text, ra.attname::text
            from pg_catalog.pg_constraint c
            join pg_catalog.pg_class t on t.oid = c.conrelid
            join pg_catalog.pg_namespace n on n.oid = t.relnamespace
            join pg_catalog.pg_class r on r.oid = c.confrelid
            join pg_catalog.pg_namespace rn on rn.oid = r.relnamespace
            join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
            join pg_catalog.pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
            where c.contype = 'f' and n.nspname = 'public' and rn.nspname = 'public'
              and array_length(c.conkey, 1) = 1
            order by c.conname
            """

        static let notifyingTablesSQL = """
            select distinct c.relname::text
            from pg_catalog.pg_trigger t
            join pg_catalog.pg_class c on c.oid = t.tgrelid
            join pg_catalog.pg_namespace n on n.oid = c.relnamespace
            join pg_catalog.pg_proc p on p.oid = t.tgfoid
            join pg_catalog.pg_namespace pn on pn.oid = p.pronamespace
            where n.nspname = 'public' and pn.nspname = 'public' and p.proname = 'fitkit_notify_change'
              and not t.tgisinternal and t.tgenabled <> 'D' and (t.tgtype & 1) = 1
            """
    }
#endif
