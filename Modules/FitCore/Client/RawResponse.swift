import Foundation

/// What a backend returns for one query, before decoding.
public struct RawResponse: Sendable, Hashable {
    /// UTF-8 JSON: an array of rows, one object, `null`, or empty for a write with minimal return.
    public var data: Data
    /// The exact number of matching rows, when the query asked for a count.
    public var count: Int?

    public init(data: Data, count: Int? = nil) {
        self.data = data
        self.count = count
    }
}
