import Foundation

/// A decoded response: `try await client.from("todos").select().execute().value`.
public struct DatabaseResponse<Value: Sendable>: Sendable {
    /// The decoded body.
    public let value: Value
    /// The number of matching rows, when the query asked for a count (`select(count: .exact)`).
    public let count: Int?
    private let raw: RawResponse

    /// The raw JSON body (for the embedded database's reads, written when read: see ``RawResponse/data``).
    public var data: Data { raw.data }

    /// Creates a decoded response.
    ///
    /// - Parameters:
    ///   - value: The decoded body.
    ///   - count: The number of matching rows, when asked for.
    ///   - data: The raw JSON body.
    public init(value: Value, count: Int?, data: Data) {
        self.init(value: value, raw: RawResponse(data: data, count: count))
    }

    init(value: Value, raw: RawResponse) {
        self.value = value
        self.count = raw.count
        self.raw = raw
    }
}
