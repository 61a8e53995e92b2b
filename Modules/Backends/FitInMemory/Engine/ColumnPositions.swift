/// Where each column of a table or view sits, by name.
///
/// A name is found by comparing a signature of it (its length, first and last byte) with each column's in turn, and
/// the names only where the signatures agree: a table has a few columns, and a view's rows read every column of every
/// row by name, so hashing each name (through a dictionary) cost more than the comparisons do. When two columns share
/// a name, the first is found.
struct ColumnPositions: Sendable {
    private let names: [String]
    private let signatures: [UInt32]

    /// - Parameter names: The column names, in column order.
    init(_ names: [String]) {
        self.names = names
        signatures = names.map(Self.signature)
    }

    /// The position of the column called `name`, or `nil` when there is none.
    subscript(name: String) -> Int? {
        let signature = Self.signature(name)
        for index in signatures.indices where signatures[index] == signature && names[index] == name {
            return index
        }
        return nil
    }

    private static func signature(_ name: String) -> UInt32 {
        // Through the bytes themselves: `utf8.last` walks the view's indices.
        var name = name
        return name.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return 0 }
            return UInt32(truncatingIfNeeded: bytes.count) << 16 | UInt32(first) << 8 | UInt32(last)
        }
    }
}
