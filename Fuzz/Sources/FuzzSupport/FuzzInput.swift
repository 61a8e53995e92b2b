/// The bytes libFuzzer hands a target, and the shapes the targets read them in.
public struct FuzzInput {
    /// The input's bytes.
    public let bytes: [UInt8]

    /// Copies libFuzzer's buffer.
    ///
    /// - Parameters:
    ///   - start: The first byte (may be `nil` when `count` is 0).
    ///   - count: How many bytes there are.
    public init(_ start: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    }

    /// The bytes as text; invalid UTF-8 becomes U+FFFD, as a `String` made from network or file bytes does.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
