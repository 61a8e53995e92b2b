/// Narrows the 64-bit integer a ``DirectValue`` reads (``DirectValue/int64()``) to the integer type a decoder asks
/// for. A static function rather than a method of the value, so that each call is specialized for its type.
package enum DirectInteger {
    /// `value` as `type`, exactly, or ``DirectDecodingUnsupported``.
    ///
    /// - Parameters:
    ///   - value: The integer read.
    ///   - type: The integer type asked for.
    /// - Returns: The value.
    /// - Throws: ``DirectDecodingUnsupported`` when `value` does not fit `type`.
    @inlinable
    package static func narrow<T: FixedWidthInteger>(_ value: Int64, to type: T.Type) throws -> T {
        guard let exact = T(exactly: value) else { throw DirectDecodingUnsupported() }
        return exact
    }
}
