import FitCore

/// One row's columns by converted key, for FitKit's direct decoder.
final class RowMembers: DirectMembers {
    let row: [DatabaseValue]
    let columns: RowKeys

    init(row: [DatabaseValue], columns: RowKeys) {
        self.row = row
        self.columns = columns
    }

    var keys: [String] { columns.converted }
    func member(_ key: String) -> (any DirectValue)? {
        guard let position = columns.positions[key] else { return nil }
        return row[position]
    }
}
