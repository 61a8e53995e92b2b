#if Postgres
    import FitCore
    import Foundation

    /// A ``DatabaseQuery`` turned into SQL against the catalog: identifiers checked and quoted, every value a parameter.
    ///
    /// Rows come back as one JSON text per row (`row_to_json` / `json_build_object`), so FitCore decodes
    /// PostgreSQL's answers exactly as it decodes the in-memory database's.
    struct CompiledQuery: Sendable {
        /// The statements whose rows, in order, are the response rows (one JSON text column each), or the writes
        /// without RETURNING. A multi-row insert whose rows name different columns takes one statement per run of
        /// rows with the same columns, so a missing key means the column default, as in the in-memory backend.
        var statements: [SQLStatement]
        /// `select count(*)` over the same filters, for a select that asks for a count.
        var count: SQLStatement?
        /// Whether `main` returns JSON rows (false: a write with minimal return, counted by its command tag).
        var returnsRows: Bool
    }

    struct QueryCompiler {
        let catalog: SchemaCatalog

        func compile(_ query: DatabaseQuery) throws(DatabaseError) -> CompiledQuery {
            switch query.operation {
            case .rpc: return try rpc(query)
            case .select: return try select(query)
            case .insert, .upsert, .update, .delete: return try write(query)
            }
        }

        // MARK: select

        private func select(_ query: DatabaseQuery) throws(DatabaseError) -> CompiledQuery {
            let relation = try catalog.relation(query.target)
            if !query.referencedTables.isEmpty || query.columns?.contains(where: { $0.embedding != nil }) == true {
                return try selectEmbedding(query, relation)
            }
            let projection = try self.projection(query.columns, relation)
            var count: SQLStatement?
            if query.count != nil {
                var statement = SQLStatement()
                statement.append("select count(*) from public.\(quoted(relation.name)) as _t")
                try appendWhere(query.filters, relation, into: &statement)
                count = statement
            }
            var main = SQLStatement()
            main.append("select \(projection)::text from public.\(quoted(relation.name)) as _t")
            try appendWhere(query.filters, relation, into: &main)
            if !query.order.isEmpty { main.append(" order by " + (try orderText(query.order, relation, alias: "_t"))) }
            appendPage(limit: query.limit, offset: query.offset, into: &main)
            return CompiledQuery(statements: [main], count: count, returnsRows: !query.head)
        }

        /// ` limit $n offset $m`, each only when set (a negative limit is 0, an offset of 0 is left out).
        func appendPage(limit: Int?, offset: Int?, into statement: inout SQLStatement) {
            if let limit {
                statement.append(" limit ")
                statement.appendParameter(max(0, limit))
            }
            if let offset, offset > 0 {
                statement.append(" offset ")
                statement.appendParameter(offset)
            }
        }

        /// `"a" asc nulls last, …` for `terms` over `relation`'s columns under `alias`.
        func orderText(_ terms: [OrderTerm], _ relation: SchemaCatalog.Relation, alias: String) throws(DatabaseError)
            -> String
        {
            var parts: [String] = []
            for term in terms {
                _ = try relation.type(of: term.column)
                parts.append(
                    "\(alias).\(quoted(term.column)) \(term.ascending ? "asc" : "desc") nulls \(term.nullsFirst ? "first" : "last")"
                )
            }
            return parts.joined(separator: ", ")
        }

        /// `row_to_json(_t)` for every column, else `json_build_object('a', _t."a", 'b', _t."c"::text, …)`: each item
        /// under its alias and with its cast, `*` expanded to every column in place.
        func projection(
            _ columns: [SelectedColumn]?, _ relation: SchemaCatalog.Relation, alias: String = "_t"
        )
            throws(DatabaseError) -> String
        {
            guard let columns else { return "row_to_json(\(alias).*)" }
            var pairs: [String] = []
            for item in columns {
                let names = item.isStar ? relation.columnNames : [item.name]
                for name in names {
                    _ = try relation.type(of: name)
                    // The cast is a plain identifier (letters, digits, `_`), checked by the select-list parser.
                    let cast = item.cast.map { "::" + $0 } ?? ""
                    let key = item.isStar ? name : item.outputName
                    // The key is a literal once quotes are doubled; the column is a known, quoted identifier.
                    pairs.append("'\(key.replacingOccurrences(of: "'", with: "''"))', \(alias).\(quoted(name))\(cast)")
                }
            }
            return "json_build_object(" + pairs.joined(separator: ", ") + ")"
        }

        // MARK: Filters

        private func appendWhere(
            _ filters: [Filter], _ relation: SchemaCatalog.Relation, into statement: inout SQLStatement
        )
            throws(DatabaseError)
        {
            guard !filters.isEmpty else { return }
            statement.append(" where ")
            try appendFilter(.and(filters), relation, into: &statement)
        }

        /// The filter tree over the columns of `relation` as the query names it (`alias`: `_t`, or an embedded
        /// resource's own alias).
        func appendFilter(
            _ filter: Filter, _ relation: SchemaCatalog.Relation, alias: String = "_t",
            into statement: inout SQLStatement
        )
            throws(DatabaseError)
        {
            switch filter {
            case .condition(let column, let op, let value):
                try appendCondition(column, op, value, relation, alias: alias, into: &statement)
            case .not(let inner):
                statement.append("(not ")
                try appendFilter(inner, relation, alias: alias, into: &statement)
                statement.append(")")
            case .or(let members), .and(let members):
                let isOr = if case .or = filter { true } else { false }
                guard !members.isEmpty else {
                    statement.append(isOr ? "false" : "true")
                    return
                }
                statement.append("(")
                for (index, member) in members.enumerated() {
                    if index > 0 { statement.append(isOr ? " or " : " and ") }
                    try appendFilter(member, relation, alias: alias, into: &statement)
                }
                statement.append(")")
            }
        }

        private func appendCondition(
            _ column: String, _ op: FilterOperator, _ value: QueryValue, _ relation: SchemaCatalog.Relation,
            alias: String = "_t", into statement: inout SQLStatement
        ) throws(DatabaseError) {
            let type = try relation.type(of: column)
            let target = "\(alias).\(quoted(column))"
            switch op {
            case .eq, .neq, .gt, .gte, .lt, .lte:
                let sqlOperator = ["eq": "=", "neq": "<>", "gt": ">", "gte": ">=", "lt": "<", "lte": "<="][op.rawValue]!
                statement.append("\(target) \(sqlOperator) ")
                appendLiteral(value, type: type, into: &statement)
            case .like, .ilike:
                guard type == "text" || type == "character varying" else {
                    throw DatabaseError(
                        code: "42883", message: "operator does not exist: \(type) ~~ unknown",
                        hint:
                            "No operator matches the given name and argument types. You might need to add explicit type casts."
                    )
                }
                statement.append("\(target) \(op == .like ? "like" : "ilike") ")
                statement.appendParameter(value.text.replacingOccurrences(of: "*", with: "%"))
            case .likeAll, .likeAny, .ilikeAll, .ilikeAny:
                // PostgreSQL decides whether the column takes LIKE (else 42883, as the in-memory backend answers).
                let keyword = op == .likeAll || op == .likeAny ? "like" : "ilike"
                let quantifier = op == .likeAll || op == .ilikeAll ? "all" : "any"
                statement.append("\(target) \(keyword) \(quantifier) (")
                appendLiteral(Self.arrayOperand(value, replacingStars: true), type: "text[]", into: &statement)
                statement.append(")")
            case .match, .imatch:
                statement.append("\(target) \(op == .match ? "~" : "~*") ")
                appendLiteral(value, type: "text", into: &statement)
            case .isdistinct:
                statement.append("\(target) is distinct from ")
                appendLiteral(value, type: type, into: &statement)
            case .cs, .cd, .ov:
                statement.append("\(target) \(["cs": "@>", "cd": "<@", "ov": "&&"][op.rawValue]!) ")
                appendLiteral(Self.arrayOperand(value, replacingStars: false), type: type, into: &statement)
            case .fts, .plfts, .phfts, .wfts:
                guard let search = TextSearchOperand(value) else {
                    statement.append("null::boolean")
                    return
                }
                // The configuration is checked to be an identifier, and still sent as a parameter (`$n::regconfig`).
                let config = try search.checkedConfig()
                let function = [
                    "fts": "to_tsquery", "plfts": "plainto_tsquery", "phfts": "phraseto_tsquery",
                    "wfts": "websearch_to_tsquery",
                ][op.rawValue]!
                statement.append("to_tsvector(")
                if let config {
                    appendLiteral(.string(config), type: "regconfig", into: &statement)
                    statement.append(", ")
                }
                statement.append("\(target)) @@ \(function)(")
                if let config {
                    appendLiteral(.string(config), type: "regconfig", into: &statement)
                    statement.append(", ")
                }
                appendLiteral(.string(search.query), type: "text", into: &statement)
                statement.append(")")
            case .is:
                let keyword: String
                switch value {
                case .null: keyword = "null"
                case .bool(let flag): keyword = flag ? "true" : "false"
                case .string(let text) where ["null", "true", "false"].contains(text.lowercased()):
                    keyword = text.lowercased()
                default:
                    throw DatabaseError(
                        code: "PGRST100", message: "\"failed to parse filter (is.\(value.text))\"",
                        details: "is takes null, true or false")
                }
                statement.append("\(target) is \(keyword)")
            case .in:
                let members: [QueryValue] = if case .list(let values) = value { values } else { [value] }
                guard !members.isEmpty else {
                    statement.append("false")
                    return
                }
                statement.append("\(target) in (")
                for (index, member) in members.enumerated() {
                    if index > 0 { statement.append(", ") }
                    appendLiteral(member, type: type, into: &statement)
                }
                statement.append(")")
            }
        }

        /// An array operator's operand as text: a list becomes the array literal `{a,b}`; text (from `or(…)`, or JSON
        /// for jsonb) stays as it is. PostgREST's `*` is `%` in LIKE patterns.
        private static func arrayOperand(_ value: QueryValue, replacingStars: Bool) -> QueryValue {
            switch value {
            case .null: return .null
            case .list(let patterns) where replacingStars:
                return .string(
                    QueryValue.list(
                        patterns.map { pattern in
                            if case .null = pattern { return pattern }
                            return .string(pattern.text.replacingOccurrences(of: "*", with: "%"))
                        }
                    ).arrayLiteral)
            case .list: return .string(value.arrayLiteral)
            default:
                return .string(replacingStars ? value.text.replacingOccurrences(of: "*", with: "%") : value.text)
            }
        }

        /// `$n::<type>`: the literal's text, cast by PostgreSQL to the column's type (as PostgREST lets it cast).
        private func appendLiteral(_ value: QueryValue, type: String, into statement: inout SQLStatement) {
            if case .null = value {
                statement.append("null::\(type)")
                return
            }
            // A list outside `in` is an array literal, `{a,b}`, as PostgREST writes it.
            statement.appendParameter(value.arrayLiteral)
            statement.append("::\(type)")
        }

        // MARK: Writes

        private func write(_ query: DatabaseQuery) throws(DatabaseError) -> CompiledQuery {
            let relation = try catalog.relation(query.target)
            if relation.isView {
                throw DatabaseError(code: "55000", message: "cannot change view \"\(relation.name)\"")
            }
            let table = "public.\(quoted(relation.name))"
            var statement = SQLStatement()
            switch query.operation {
            case .insert, .upsert:
                let rows = try bodyRows(query.body, relation)
                let projection = try self.projection(query.columns, relation)
                var statements: [SQLStatement] = []
                // PostgREST's `columns=`: one statement naming every key, so a key a row lacks is NULL; with
                // `defaultToNull` off, one statement per run of rows naming the same keys, so it is the default.
                let runs = query.defaultToNull ? [rows] : runsWithSameKeys(rows)
                let assigned = orderedKeys(of: rows, relation)
                for run in runs {
                    var statement = try insert(run, into: relation, operation: query.operation, assigning: assigned)
                    if query.returning == .representation { statement.append(" returning \(projection)::text") }
                    statements.append(statement)
                }
                return CompiledQuery(
                    statements: statements, count: nil, returnsRows: query.returning == .representation)
            case .update:
                guard case .object(let changes)? = query.body else {
                    throw DatabaseError(
                        code: "PGRST102", message: "Empty or invalid json", details: "update needs one object")
                }
                let columns = orderedKeys(of: try bodyRows(.object(changes), relation), relation)
                let assignments =
                    columns.isEmpty
                    ? ["\(quoted(relation.columnNames[0])) = _t.\(quoted(relation.columnNames[0]))"]
                    : columns.map { "\(quoted($0)) = _j.\(quoted($0))" }
                statement.append(
                    "update \(table) as _t set " + assignments.joined(separator: ", ")
                        + " from json_populate_record(null::\(table), ")
                statement.appendParameter(String(decoding: JSONWriter.data(.object(changes)), as: UTF8.self))
                statement.append("::json) as _j")
                try appendWhere(query.filters, relation, into: &statement)
            case .delete:
                statement.append("delete from \(table) as _t")
                try appendWhere(query.filters, relation, into: &statement)
            case .select, .rpc:
                preconditionFailure("not a write: \(query.operation)")
            }
            // Validate the response columns even when they are not returned, as the in-memory backend does.
            let projection = try self.projection(query.columns, relation)
            guard query.returning == .representation else {
                return CompiledQuery(statements: [statement], count: nil, returnsRows: false)
            }
            statement.append(" returning \(projection)::text")
            return CompiledQuery(statements: [statement], count: nil, returnsRows: true)
        }

        /// One `insert … select … from json_populate_recordset(…)` (plus `on conflict` for an upsert) for rows that
        /// all name the same columns.
        /// `assigning`: the columns an upsert's `DO UPDATE` sets from the proposed row (every key of the whole body,
        /// so a column this run leaves out is set to its default, as PostgREST's `columns=` with `missing=default`).
        private func insert(
            _ rows: [JSONValue], into relation: SchemaCatalog.Relation, operation: DatabaseQuery.Operation,
            assigning assigned: [String]
        )
            throws(DatabaseError) -> SQLStatement
        {
            let table = "public.\(quoted(relation.name))"
            let columns = orderedKeys(of: rows, relation)
            var statement = SQLStatement()
            if columns.isEmpty {
                statement.append("insert into \(table) as _t default values")
            } else {
                let list = columns.map(quoted).joined(separator: ", ")
                statement.append(
                    "insert into \(table) as _t (\(list)) select \(list) from json_populate_recordset(null::\(table), ")
                statement.appendParameter(String(decoding: JSONWriter.data(.array(rows)), as: UTF8.self))
                statement.append("::json)")
            }
            if case .upsert(let onConflict, let ignoreDuplicates) = operation {
                let conflict = onConflict ?? relation.primaryKey
                for column in conflict { _ = try relation.type(of: column) }
                statement.append(" on conflict (\(conflict.map(quoted).joined(separator: ", "))) do ")
                if ignoreDuplicates || assigned.isEmpty {
                    statement.append("nothing")
                } else {
                    statement.append(
                        "update set "
                            + assigned.map { "\(quoted($0)) = excluded.\(quoted($0))" }.joined(separator: ", ")
                    )
                }
            }
            return statement
        }

        /// Consecutive rows grouped by the set of keys they name (most bodies are one group).
        private func runsWithSameKeys(_ rows: [JSONValue]) -> [[JSONValue]] {
            var runs: [[JSONValue]] = []
            var lastKeys: Set<String>?
            for row in rows {
                let keys = Set(row.objectValue?.keys.map { $0 } ?? [])
                if keys == lastKeys { runs[runs.count - 1].append(row) } else { runs.append([row]) }
                lastKeys = keys
            }
            return runs
        }

        /// The body as objects, every key a known column (else `PGRST204`).
        private func bodyRows(_ body: JSONValue?, _ relation: SchemaCatalog.Relation) throws(DatabaseError)
            -> [JSONValue]
        {
            let rows: [JSONValue]
            switch body {
            case .array(let values)?: rows = values
            case .object?: rows = [body!]
            default: throw DatabaseError(code: "PGRST102", message: "Empty or invalid json")
            }
            for row in rows {
                guard case .object(let fields) = row else {
                    throw DatabaseError(
                        code: "PGRST102", message: "Empty or invalid json", details: "rows must be objects")
                }
                for key in fields.keys where relation.columnTypes[key] == nil {
                    throw DatabaseError.unknownWriteColumn(key, in: relation.name)
                }
            }
            return rows
        }

        /// Every key any row names, in table order (PostgREST's `columns`: a missing key is NULL in that row).
        private func orderedKeys(of rows: [JSONValue], _ relation: SchemaCatalog.Relation) -> [String] {
            var keys = Set<String>()
            for case .object(let fields) in rows { keys.formUnion(fields.keys) }
            return relation.columnNames.filter(keys.contains)
        }

        // MARK: rpc

        private func rpc(_ query: DatabaseQuery) throws(DatabaseError) -> CompiledQuery {
            let function = try catalog.function(query.target)
            let arguments: [String: JSONValue]
            switch query.body {
            case .object(let fields)?: arguments = fields
            case nil, .null?: arguments = [:]
            default:
                throw DatabaseError(
                    code: "PGRST102", message: "Empty or invalid json", details: "arguments must be an object")
            }
            // A function has a few arguments: looked for in turn, not through a dictionary built per call.
            for name in arguments.keys where !function.arguments.contains(where: { $0.name == name }) {
                throw DatabaseError.unknownFunction(function.name)
            }
            var statement = SQLStatement()
            statement.append("select to_json(public.\(quoted(function.name))(")
            var first = true
            for argument in function.arguments {
                guard let value = arguments[argument.name] else { continue }
                if !first { statement.append(", ") }
                first = false
                statement.append("\(quoted(argument.name)) => ")
                switch value {
                case .null: statement.append("null::\(argument.type)")
                case .string(let text):
                    statement.appendParameter(text)
                    statement.append("::\(argument.type)")
                case .bool(let flag):
                    statement.appendParameter(flag ? "true" : "false")
                    statement.append("::\(argument.type)")
                case .number(let number):
                    statement.appendParameter(number.description)
                    statement.append("::\(argument.type)")
                case .array, .object:
                    statement.appendParameter(String(decoding: JSONWriter.data(value), as: UTF8.self))
                    statement.append("::\(argument.type)")
                }
            }
            statement.append("))::text")
            return CompiledQuery(statements: [statement], count: nil, returnsRows: true)
        }
    }
#endif
