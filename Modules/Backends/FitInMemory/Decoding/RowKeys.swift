import FitCore

/// The output names as a decoder's keys see them: converted from snake_case the way FitKit's JSON decoding converts
/// them (``FitCore/WireCoding``), each with its position in a row. Built once per answer, shared by its rows, which
/// are decoded one after another.
///
/// A row type asks for its keys in the same order in every row: the keys remember the position each ask found, so
/// that the rows after the first find a key by comparing one name instead of hashing it (a wrong guess falls back to
/// the hash).
final class RowKeys {
    let positions: [String: Int]
    let converted: [String]
    /// The position the n-th ask of a row found (`-1` for a key the row lacks); one decoding at a time reads and
    /// writes it.
    @exclusivity(unchecked) private var found: [Int] = []
    /// How many keys the row being decoded asked for so far.
    @exclusivity(unchecked) private var asks = 0

    /// - Throws: ``DirectDecodingUnsupported`` when two names convert to one key: which one JSON decoding keeps is
    ///   not something to guess.
    init(_ names: [String]) throws {
        converted = names.map(WireCoding.decodedKey)
        var positions: [String: Int] = [:]
        positions.reserveCapacity(names.count)
        for (position, key) in converted.enumerated() {
            guard positions.updateValue(position, forKey: key) == nil else { throw DirectDecodingUnsupported() }
        }
        self.positions = positions
    }

    /// Starts the next row: its asks are counted from the first.
    func beginRow() { asks = 0 }

    /// The position of `key` in the row being decoded.
    ///
    /// - Parameter key: The converted key.
    /// - Returns: The position, or `nil` when no output name converts to `key`.
    func position(of key: String) -> Int? {
        let ask = asks
        asks += 1
        if ask < found.count {
            let guess = found[ask]
            if guess >= 0, converted[guess] == key { return guess }
        }
        let position = positions[key]
        if ask < found.count {
            found[ask] = position ?? -1
        } else if ask == found.count {
            found.append(position ?? -1)
        }
        return position
    }
}
