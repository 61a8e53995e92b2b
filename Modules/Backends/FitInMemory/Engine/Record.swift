import FitCore
import Foundation

/// Where each column of a table or view sits in a row.
struct ColumnLayout: Sendable {
    let source: String
    let columns: [Column]
    let positions: ColumnPositions

    init(source: String, columns: [Column]) {
        self.source = source
        self.columns = columns
        positions = ColumnPositions(columns.map(\.name))
    }

    func position(of column: String) throws(DatabaseError) -> Int {
        guard let position = positions[column] else { throw DatabaseError.unknownColumn(column, in: source) }
        return position
    }
}

/// One row with its column names: what constraints, views and RPCs read.
public struct Record: Sendable {
    let layout: ColumnLayout
    /// The row's values, one per column in the table's (or view's) column order; read them by name with
    /// ``subscript(_:)``.
    public internal(set) var values: [DatabaseValue]

    init(layout: ColumnLayout, values: [DatabaseValue]) {
        self.layout = layout
        self.values = values
    }

    /// The value of `column`; `.null` when the table has no such column.
    ///
    /// - Parameter column: The column's snake_case name.
    public subscript(column: String) -> DatabaseValue {
        guard let position = layout.positions[column] else { return .null }
        return values[position]
    }

    /// The row as a JSON object of every column.
    public var json: JSONValue {
        var object: [String: JSONValue] = [:]
        for (index, column) in layout.columns.enumerated() { object[column.name] = values[index].json }
        return .object(object)
    }
}
