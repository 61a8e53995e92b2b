import Foundation

/// The fast path of FitKit's response decoding, for FitCore's `ResponseDecoder`: a body decoded straight from the
/// values ``JSONReader`` reads, exactly as `JSONDecoder` with FitKit's strategies would decode it.
package enum DirectJSONDecoding {
    /// `data` decoded as `type` without `JSONDecoder`, or `nil` when the fast path cannot promise `JSONDecoder`'s
    /// result: the text is not one ``JSONReader`` reads, or decoding threw (any error: the caller then asks
    /// `JSONDecoder`, which gives the value or the error).
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The UTF-8 JSON body.
    /// - Returns: The decoded value, or `nil`.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) -> T? {
        guard let value = data.withUnsafeBytes({ JSONReader.value($0.bindMemory(to: UInt8.self)) }) else {
            return nil
        }
        return try? value.decoded(T.self, codingPath: [])
    }
}
