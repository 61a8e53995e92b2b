/// Thrown inside ``RowsDecoder`` for anything it does not read directly; ``FitCore/ResponseDecoder`` then decodes
/// the body's JSON, which gives the value or the error a JSON body gives. Never reaches a caller.
struct DirectDecodingUnsupported: Error {}
