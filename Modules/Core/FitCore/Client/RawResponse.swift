import Foundation

/// What a backend returns for one query, before decoding.
public struct RawResponse: Sendable, Hashable {
    private enum Body: Sendable {
        case json(Data)
        case values(any ResponseValues)
    }

    private var body: Body

    /// UTF-8 JSON: an array of rows, one object, `null`, or empty for a write with minimal return.
    ///
    /// For a body given as ``ResponseValues`` the JSON is written on each read; decoding with
    /// ``FilterBuilder/execute(as:)`` does not need it.
    public var data: Data {
        get {
            switch body {
            case .json(let data): data
            case .values(let values): values.jsonData()
            }
        }
        set { body = .json(newValue) }
    }

    /// The body as the backend's own values, when the backend gave it that way (the embedded database's reads);
    /// `nil` for a JSON body.
    public var values: (any ResponseValues)? {
        if case .values(let values) = body { values } else { nil }
    }

    /// The exact number of matching rows, when the query asked for a count.
    public var count: Int?

    /// Creates a backend's answer.
    ///
    /// - Parameters:
    ///   - data: The UTF-8 JSON body.
    ///   - count: The number of matching rows, when the query asked for one.
    public init(data: Data, count: Int? = nil) {
        self.body = .json(data)
        self.count = count
    }

    /// Creates a backend's answer whose body is still in the backend's own values.
    ///
    /// - Parameters:
    ///   - values: The body; its JSON is written only when ``data`` is read.
    ///   - count: The number of matching rows, when the query asked for one.
    public init(values: any ResponseValues, count: Int? = nil) {
        self.body = .values(values)
        self.count = count
    }

    /// Two answers are equal when their JSON bodies and counts are.
    ///
    /// - Parameters:
    ///   - lhs: One answer.
    ///   - rhs: The other.
    /// - Returns: Whether both have the same JSON body and count.
    public static func == (lhs: RawResponse, rhs: RawResponse) -> Bool {
        lhs.count == rhs.count && lhs.data == rhs.data
    }

    /// Hashes the JSON body and the count.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(data)
        hasher.combine(count)
    }
}
