#if Postgres
    import FitCore
    import Foundation

    extension Filter {
        /// Whether the filter holds for a row of which only the `known` columns (a notification's key and
        /// references) are known: `false` only when it fails whatever the other columns hold, `true` only when it
        /// holds whatever they hold, `nil` when the other columns decide (three-valued, as SQL).
        ///
        /// Only what is certain is decided here: equality and `in` on `uuid` columns (all a notification names).
        /// Everything else is `nil` and left to the server, so a subscription skips the fetch of a row its filter
        /// excludes anyway (a class's followers hear every booking) without ever guessing.
        func holds(forKnown known: [String: JSONValue], types: [String: String]) -> Bool? {
            switch self {
            case .condition(let column, let op, let value):
                guard types[column] == "uuid", let field = known[column]?.stringValue.flatMap(UUID.init(uuidString:))
                else { return nil }
                switch op {
                case .eq: return Self.uuid(value).map { $0 == field }
                case .neq: return Self.uuid(value).map { $0 != field }
                case .in:
                    let members: [QueryValue] = if case .list(let values) = value { values } else { [value] }
                    let ids = members.map(Self.uuid)
                    if ids.contains(field) { return true }
                    return ids.contains(nil) ? nil : false
                case .isdistinct: return Self.uuid(value).map { $0 != field }
                case .gt, .gte, .lt, .lte, .like, .ilike, .is, .likeAll, .likeAny, .ilikeAll, .ilikeAny, .match,
                    .imatch,
                    .cs, .cd, .ov, .fts, .plfts, .phfts, .wfts:
                    return nil
                }
            case .not(let inner):
                return inner.holds(forKnown: known, types: types).map { !$0 }
            case .and(let members):
                let results = members.map { $0.holds(forKnown: known, types: types) }
                if results.contains(false) { return false }
                return results.contains(nil) ? nil : true
            case .or(let members):
                let results = members.map { $0.holds(forKnown: known, types: types) }
                if results.contains(true) { return true }
                return results.contains(nil) ? nil : false
            }
        }

        /// The operand as a UUID, as PostgreSQL would cast it (`nil`: not one, or NULL, which is never equal).
        private static func uuid(_ value: QueryValue) -> UUID? {
            switch value {
            case .uuid(let id): id
            case .string(let text): UUID(uuidString: text)
            default: nil
            }
        }
    }
#endif
