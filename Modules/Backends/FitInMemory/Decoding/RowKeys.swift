import FitCore

/// The output names as a decoder's keys see them: converted from snake_case the way FitKit's JSON decoding converts
/// them (``FitCore/WireCoding``), each with its position in a row. Built once per answer, shared by its rows.
struct RowKeys: Sendable {
    let positions: [String: Int]
    let converted: [String]

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
}
