import Foundation

/// A decoded response: `try await client.from("todos").select().execute().value`.
public struct DatabaseResponse<Value: Sendable>: Sendable {
    /// The decoded body.
    public let value: Value
    /// The number of matching rows, when the query asked for a count (`select(count: .exact)`).
    public let count: Int?
    /// The raw JSON body.
    public let data: Data

    /// Creates a decoded response.
    ///
    /// - Parameters:
    ///   - value: The decoded body.
    ///   - count: The number of matching rows, when asked for.
    ///   - data: The raw JSON body.
    public init(value: Value, count: Int?, data: Data) {
        self.value = value
        self.count = count
        self.data = data
    }
}
