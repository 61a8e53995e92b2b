import FitCore
import Foundation

/// The columns a select list asks for, in order, with their casts: turns matching rows into the response body.
struct Projection: Sendable {
    private let fields: [(name: String, position: Int, cast: SelectCast?)]
    /// Every column of the layout, in its order, uncast: rows are answered as they are stored.
    private let isIdentity: Bool

    init(_ columns: [SelectedColumn]?, layout: ColumnLayout) throws(DatabaseError) {
        let everyColumn = layout.columns.enumerated().map { ($0.element.name, $0.offset, SelectCast?.none) }
        guard let columns else {
            fields = everyColumn
            isIdentity = true
            return
        }
        var fields: [(String, Int, SelectCast?)] = []
        for item in columns {
            if item.isStar {
                fields += everyColumn
                continue
            }
            let position = try layout.position(of: item.name)
            let cast = try item.cast.map { type throws(DatabaseError) in
                try SelectCast(type, column: layout.columns[position])
            }
            fields.append((item.outputName, position, cast))
        }
        self.fields = fields
        isIdentity =
            fields.count == everyColumn.count
            && fields.indices.allSatisfy { index in
                fields[index].1 == index && fields[index].2 == nil && fields[index].0 == everyColumn[index].0
            }
    }

    var casts: Bool { fields.contains { $0.cast != nil } }

    /// The body for `rows`: every cast applied now, so a cast that fails fails the query; the JSON is written only
    /// when someone reads it.
    func values(_ rows: [[DatabaseValue]], cardinality: DatabaseQuery.Cardinality) throws(DatabaseError)
        -> RowValues
    {
        let names = fields.map(\.name)
        let isSingle = cardinality != .many
        if isIdentity { return RowValues(names: names, rows: rows, isSingle: isSingle) }
        var projected: [[DatabaseValue]] = []
        projected.reserveCapacity(rows.count)
        for row in rows {
            var values: [DatabaseValue] = []
            values.reserveCapacity(fields.count)
            for field in fields {
                let value = row[field.position]
                values.append(try field.cast.map { cast throws(DatabaseError) in try cast.apply(value) } ?? value)
            }
            projected.append(values)
        }
        return RowValues(names: names, rows: projected, isSingle: isSingle)
    }
}
