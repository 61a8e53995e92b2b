import FitCore

/// One row's columns by converted key, for FitKit's direct decoder.
final class RowMembers: DirectMembers {
    let row: [DatabaseValue]
    let columns: RowKeys
    let codingPath: [any CodingKey]

    init(row: [DatabaseValue], columns: RowKeys, codingPath: [any CodingKey]) {
        self.row = row
        self.columns = columns
        self.codingPath = codingPath
    }

    var keys: [String] { columns.converted }
    func member(_ key: String) -> (any DirectValue)? {
        guard let position = columns.position(of: key) else { return nil }
        return row[position]
    }
}
