import Foundation

/// What a backend returns for one query, before decoding.
public struct RawResponse: Sendable, Hashable {
    /// UTF-8 JSON: an array of rows, one object, `null`, or empty for a write with minimal return.
    public var data: Data
    /// The exact number of matching rows, when the query asked for a count.
    public var count: Int?
    /// Where the rows came from, when the client says (offline-capable clients do); `nil` means the server.
    public var origin: ResponseOrigin?
    /// Changes made offline to the queried table that the server has refused since the last read of it.
    public var rejectedChanges: [RejectedChange]

    /// Creates a backend's answer.
    ///
    /// - Parameters:
    ///   - data: The UTF-8 JSON body.
    ///   - count: The number of matching rows, when the query asked for one.
    ///   - origin: Where the rows came from; `nil` (the server) by default.
    ///   - rejectedChanges: Offline changes to the queried table the server refused; none by default.
    public init(
        data: Data, count: Int? = nil, origin: ResponseOrigin? = nil, rejectedChanges: [RejectedChange] = []
    ) {
        self.data = data
        self.count = count
        self.origin = origin
        self.rejectedChanges = rejectedChanges
    }
}
