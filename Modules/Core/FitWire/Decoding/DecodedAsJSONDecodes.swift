import Foundation

/// The types `JSONDecoder` reads its own way rather than through their `init(from:)` (dates with the wire's date
/// strategy, decimals, URLs, base64 data, and `[String: Value]`, whose keys it keeps as written instead of
/// converting them like a type's keys): FitKit's direct decoders read a `Date` or a `Decimal` as `JSONDecoder` does
/// where they can and leave every other value of these types to it.
package protocol DecodedAsJSONDecodes {}

extension Date: DecodedAsJSONDecodes {}
extension Decimal: DecodedAsJSONDecodes {}
extension URL: DecodedAsJSONDecodes {}
extension Data: DecodedAsJSONDecodes {}
extension Dictionary: DecodedAsJSONDecodes where Key == String {}
