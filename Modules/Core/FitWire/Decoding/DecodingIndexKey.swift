/// An array element's place in a coding path, named as `JSONDecoder` names it ("Index 3"), for FitKit's direct
/// decoders (``DirectDecoder``, over JSON values and the embedded database's rows).
package struct DecodingIndexKey: CodingKey {
    package let intValue: Int?
    package var stringValue: String { "Index \(intValue ?? 0)" }
    package init(intValue: Int) { self.intValue = intValue }
    package init?(stringValue: String) { nil }
}
