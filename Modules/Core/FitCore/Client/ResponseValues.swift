import Foundation

/// A response body still held in a backend's own values, for a backend whose rows never cross a wire (the embedded
/// database): the caller's `Decodable` types read them directly, and the JSON is written only when someone asks for
/// ``RawResponse/data``.
///
/// A conforming type promises that ``decode(_:)`` returns exactly what FitKit's JSON decoding (``ResponseDecoder``)
/// returns from ``jsonData()``. When it cannot promise that for a value — a type or a value it does not read
/// directly, or anything that would be an error — it throws, and ``ResponseDecoder`` decodes ``jsonData()`` instead,
/// so results and errors are the same as for a JSON body.
public protocol ResponseValues: Sendable {
    /// The body as UTF-8 JSON, exactly as a JSON response would carry it.
    ///
    /// - Returns: The JSON text's bytes.
    func jsonData() -> Data

    /// Decodes the body as `type` straight from the values.
    ///
    /// - Parameter type: The type to decode: an array of rows, one row or an optional row.
    /// - Returns: The same value JSON decoding of ``jsonData()`` would return.
    /// - Throws: Any error when the values cannot be read directly; the caller then decodes the JSON, which gives
    ///   the value or the error a JSON body gives.
    func decode<T: Decodable>(_ type: T.Type) throws -> T
}
