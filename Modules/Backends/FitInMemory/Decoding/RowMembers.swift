import FitCore

/// One row's columns by converted key, for FitKit's direct decoder.
struct RowMembers: DirectMembers {
    let row: [DatabaseValue]
    let columns: RowKeys

    var keys: [String] { columns.converted }
    func member(_ key: String) -> (any DirectValue)? {
        guard let position = columns.position(of: key) else { return nil }
        return row[position]
    }
}
