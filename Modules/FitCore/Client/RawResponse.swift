import Foundation

/// What a backend returns for one query, before decoding.
public struct RawResponse: Sendable, Hashable {
    /// UTF-8 JSON: an array of rows, one object, `null`, or empty for a write with minimal return.
    public var data: Data
    /// The exact number of matching rows, when the query asked for a count.
    public var count: Int?

    /// Creates a backend's answer.
    ///
    /// - Parameters:
    ///   - data: The UTF-8 JSON body.
    ///   - count: The number of matching rows, when the query asked for one.
    public init(data: Data, count: Int? = nil) {
        self.data = data
        self.count = count
    }
}
