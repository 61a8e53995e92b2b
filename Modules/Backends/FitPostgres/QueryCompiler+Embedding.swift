#if Postgres
    import FitCore

    /// Reads with embedded resources, as PostgREST builds them: each embedding is a correlated subquery in the row's
    /// `json_build_object` — one object (or NULL) for many-to-one, a `json_agg` array (`[]` when none) for
    /// one-to-many — that runs as the caller's role, so row-level security applies to the embedded rows; `!inner`
    /// adds `exists (…)` to the WHERE of the rows that embed it.
    extension QueryCompiler {
        /// Aliases and the embedding paths a request used, while its SQL is built.
        struct EmbeddingState {
            var counter = 0
            var used: Set<String> = []

            mutating func nextAlias(_ prefix: String) -> String {
                counter += 1
                return "\(prefix)\(counter)"
            }
        }

        func selectEmbedding(_ query: DatabaseQuery, _ relation: SchemaCatalog.Relation) throws(DatabaseError)
            -> CompiledQuery
        {
            var state = EmbeddingState()
            var main = SQLStatement()
            main.append("select ")
            try appendProjection(query.columns, relation, alias: "_t", path: nil, query: query, into: &main, &state)
            main.append("::text from public.\(quoted(relation.name)) as _t")
            try appendConditions(
                query.filters, query.columns, relation, alias: "_t", path: nil, hasWhere: false, query: query,
                into: &main, &state)
            if !query.order.isEmpty { main.append(" order by " + (try orderText(query.order, relation, alias: "_t"))) }
            appendPage(limit: query.limit, offset: query.offset, into: &main)
            if let unknown = query.referencedTables.keys.sorted().first(where: { !state.used.contains($0) }) {
                throw DatabaseError.notEmbedded(unknown)
            }
            var count: SQLStatement?
            if query.count != nil {
                var statement = SQLStatement()
                var countState = EmbeddingState()
                statement.append("select count(*) from public.\(quoted(relation.name)) as _t")
                try appendConditions(
                    query.filters, query.columns, relation, alias: "_t", path: nil, hasWhere: false, query: query,
                    into: &statement, &countState)
                count = statement
            }
            return CompiledQuery(statements: [main], count: count, returnsRows: !query.head)
        }

        /// `json_build_object('key', value, …)` for the select list over `relation` under `alias`.
        private func appendProjection(
            _ columns: [SelectedColumn]?, _ relation: SchemaCatalog.Relation, alias: String, path: String?,
            query: DatabaseQuery, into statement: inout SQLStatement, _ state: inout EmbeddingState
        ) throws(DatabaseError) {
            guard let columns, columns.contains(where: { $0.embedding != nil }) else {
                statement.append(try projection(columns, relation, alias: alias))
                return
            }
            statement.append("json_build_object(")
            var first = true
            for item in columns {
                if let embedding = item.embedding {
                    if !first { statement.append(", ") }
                    first = false
                    statement.append(literal(item.outputName) + ", ")
                    try appendEmbedded(
                        item, embedding, parent: relation, parentAlias: alias, path: path, query: query,
                        into: &statement, &state)
                    continue
                }
                for name in item.isStar ? relation.columnNames : [item.name] {
                    _ = try relation.type(of: name)
                    if !first { statement.append(", ") }
                    first = false
                    // The cast is a plain identifier (letters, digits, `_`), checked by the select-list parser.
                    let cast = item.cast.map { "::" + $0 } ?? ""
                    statement.append(
                        literal(item.isStar ? name : item.outputName) + ", \(alias).\(quoted(name))\(cast)")
                }
            }
            statement.append(")")
        }

        /// The subquery that gives one row's embedded value.
        private func appendEmbedded(
            _ item: SelectedColumn, _ embedding: EmbeddedResource, parent: SchemaCatalog.Relation, parentAlias: String,
            path: String?, query: DatabaseQuery, into statement: inout SQLStatement, _ state: inout EmbeddingState
        ) throws(DatabaseError) {
            let relationship = try Relationship.resolve(
                parent: parent.name, embedded: item.name, hint: embedding.hint, foreignKeys: catalog.foreignKeys)
            let child = try catalog.relation(item.name)
            let childPath = path.map { "\($0).\(item.outputName)" } ?? item.outputName
            state.used.insert(childPath)
            let options = query.referencedTables[childPath] ?? ReferencedTableOptions()
            let alias = state.nextAlias("_e")
            let join =
                " from public.\(quoted(child.name)) as \(alias) where \(alias).\(quoted(relationship.childColumn)) = \(parentAlias).\(quoted(relationship.parentColumn))"
            let order = options.order.isEmpty ? "" : try orderText(options.order, child, alias: alias)
            if relationship.isToOne {
                statement.append("(select ")
                try appendProjection(
                    embedding.columns, child, alias: alias, path: childPath, query: query, into: &statement, &state)
                statement.append(join)
                try appendConditions(
                    options.filters, embedding.columns, child, alias: alias, path: childPath, hasWhere: true,
                    query: query, into: &statement, &state)
                if !order.isEmpty { statement.append(" order by " + order) }
                appendPage(limit: options.limit ?? 1, offset: options.offset, into: &statement)
                statement.append(")")
            } else {
                let rows = state.nextAlias("_x")
                statement.append("coalesce((select json_agg(\(rows).j order by \(rows).n) from (select ")
                try appendProjection(
                    embedding.columns, child, alias: alias, path: childPath, query: query, into: &statement, &state)
                statement.append(" as j, row_number() over (\(order.isEmpty ? "" : "order by " + order)) as n")
                statement.append(join)
                try appendConditions(
                    options.filters, embedding.columns, child, alias: alias, path: childPath, hasWhere: true,
                    query: query, into: &statement, &state)
                if !order.isEmpty { statement.append(" order by " + order) }
                appendPage(limit: options.limit, offset: options.offset, into: &statement)
                statement.append(") as \(rows)), '[]'::json)")
            }
        }

        /// ` where|and <filters> and exists (…)` for each `!inner` embedding of `columns`.
        private func appendConditions(
            _ filters: [Filter], _ columns: [SelectedColumn]?, _ relation: SchemaCatalog.Relation, alias: String,
            path: String?, hasWhere: Bool, query: DatabaseQuery, into statement: inout SQLStatement,
            _ state: inout EmbeddingState
        ) throws(DatabaseError) {
            var hasWhere = hasWhere
            if !filters.isEmpty {
                statement.append(hasWhere ? " and " : " where ")
                hasWhere = true
                try appendFilter(.and(filters), relation, alias: alias, into: &statement)
            }
            for item in columns ?? [] {
                guard let embedding = item.embedding, embedding.isInner else { continue }
                statement.append(hasWhere ? " and " : " where ")
                hasWhere = true
                let relationship = try Relationship.resolve(
                    parent: relation.name, embedded: item.name, hint: embedding.hint, foreignKeys: catalog.foreignKeys)
                let child = try catalog.relation(item.name)
                let childPath = path.map { "\($0).\(item.outputName)" } ?? item.outputName
                let options = query.referencedTables[childPath] ?? ReferencedTableOptions()
                let inner = state.nextAlias("_i")
                statement.append(
                    "exists (select 1 from public.\(quoted(child.name)) as \(inner) where \(inner).\(quoted(relationship.childColumn)) = \(alias).\(quoted(relationship.parentColumn))"
                )
                try appendConditions(
                    options.filters, embedding.columns, child, alias: inner, path: childPath, hasWhere: true,
                    query: query, into: &statement, &state)
                statement.append(")")
            }
        }

        /// A key as an SQL string literal (quotes doubled).
        private func literal(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
    }
#endif
