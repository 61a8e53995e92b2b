/// Thrown inside FitKit's direct decoders (``DirectDecoder``, over JSON values and the embedded database's rows) for anything they do
/// not read directly; ``ResponseDecoder`` then decodes the body's JSON with `JSONDecoder`, which gives the value or
/// the error a JSON body gives. Never reaches a caller.
package struct DirectDecodingUnsupported: Error {
    /// The error; it carries nothing.
    package init() {}
}
