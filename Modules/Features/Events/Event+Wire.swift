import FitCore
import Foundation

/// The wire form of an event: `{id, title, date, text_color, image_data}` with FitCore's `WireCoding`
/// (snake_case keys), the date as ISO 8601 text and the image as base64.
///
/// Decoding reports a bad date or colour as ``EventValidationError`` (not a generic decoding error), so an
/// imported or corrupted row says exactly what is wrong. `image_data` is always encoded, `null` included,
/// so that an update can remove a picture.
extension Event: Codable {
    enum CodingKeys: String, CodingKey {
        case id, title, date, textColor, imageData
    }

    /// Reads an event row: `id`, `title`, `date` as ISO 8601 text, `text_color` as `#RRGGBBAA` and an optional base64
    /// `image_data`.
    ///
    /// - Parameter decoder: A decoder for one row, with snake_case keys (`WireCoding.makeDecoder()`).
    /// - Throws: ``EventValidationError/undecodableDate(_:)`` when `date` is not ISO 8601 text,
    ///   ``EventValidationError/malformedColor(_:)`` when `text_color` is not `#RRGGBBAA`, and `DecodingError` when a
    ///   column is missing, has the wrong type or `image_data` is not base64.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        let dateText = try container.decode(String.self, forKey: .date)
        guard let date = WireDate.date(from: dateText) else { throw EventValidationError.undecodableDate(dateText) }
        self.date = date
        textColor = try container.decode(RGBAColor.self, forKey: .textColor)
        imageData = try container.decodeIfPresent(Data.self, forKey: .imageData)
    }

    /// Writes the row that ``init(from:)`` reads, with the date as ``/FitWire/WireDate`` text (UTC, milliseconds), the
    /// colour as ``RGBAColor/hex`` and `image_data` always present (`null` when there is no picture).
    ///
    /// - Parameter encoder: An encoder for one row, with snake_case keys (`WireCoding.makeEncoder()`).
    /// - Throws: The `EncodingError` that `encoder` throws for a value it cannot write.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(WireDate.string(from: date), forKey: .date)
        try container.encode(textColor, forKey: .textColor)
        try container.encode(imageData, forKey: .imageData)
    }
}
