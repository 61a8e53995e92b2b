import FitCore
import Foundation

/// Makes a write safe to replay: client-made keys for new rows and the version stamp for last-write-wins, set
/// before the write is sent or queued, so the server and the replica store the same row however often it is sent.
enum WritePreparation {
    /// - Parameters:
    ///   - generated: The key columns the database would generate (`ReplicaStore.generatedKeys(of:)`), which the
    ///     client fills in instead so that every device and every replay names the row alike.
    static func prepare(_ query: DatabaseQuery, rule: ReplicaRule, generated: [String], now: Date) -> DatabaseQuery {
        var query = query
        let stamp = rule.versionColumn.map { ($0, JSONValue.string(WireDate.string(from: WireDate.wireRounded(now)))) }
        func fill(_ row: [String: JSONValue], newRow: Bool) -> [String: JSONValue] {
            var row = row
            if newRow {
                for column in generated where row[column] == nil {
                    row[column] = .string(UUID().uuidString.lowercased())
                }
            }
            if let (column, value) = stamp, row[column] == nil { row[column] = value }
            return row
        }
        switch query.operation {
        case .insert, .upsert:
            switch query.body {
            case .object(let row)?: query.body = .object(fill(row, newRow: true))
            case .array(let rows)?:
                query.body = .array(rows.map { $0.objectValue.map { .object(fill($0, newRow: true)) } ?? $0 })
            default: break
            }
        case .update:
            if case .object(let row)? = query.body { query.body = .object(fill(row, newRow: false)) }
        case .select, .delete, .rpc:
            break
        }
        return query
    }
}
