import Foundation
import FuzzSupport

@testable import FitWire

/// `JSONReader` (behind `JSONValue(json:)`) on any bytes, against `JSONDecoder`. A document the reader reads,
/// `JSONDecoder` reads as the same value, written to the very same bytes (so numbers agree in form, not only in
/// value); and `JSONValue(json:)` gives `JSONDecoder`'s value or its error for every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonValueFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    let decoded = Result { try JSONDecoder().decode(JSONValue.self, from: bytes) }
    let read = bytes.withUnsafeBytes { JSONReader.value($0.bindMemory(to: UInt8.self)) }
    if let read {
        guard case .success(let expected) = decoded else {
            fuzzCheck(
                false,
                "\(String(decoding: bytes, as: UTF8.self).debugDescription) reads as \(read), JSONDecoder refuses it")
            return 0
        }
        fuzzCheck(
            read == expected,
            "\(String(decoding: bytes, as: UTF8.self).debugDescription) reads as \(read), JSONDecoder \(expected)")
        fuzzCheck(JSONWriter.data(read) == JSONWriter.data(expected), "\(read) writes unlike \(expected)")
    }
    switch (Result { try JSONValue(json: bytes) }, decoded) {
    case (.success(let value), .success(let expected)):
        fuzzCheck(
            JSONWriter.data(value) == JSONWriter.data(expected),
            "JSONValue(json:) gives \(value), JSONDecoder \(expected)")
    case (.failure(let error), .failure(let expected)):
        fuzzCheck("\(error)" == "\(expected)", "JSONValue(json:) throws \(error), JSONDecoder \(expected)")
    case (let mine, let theirs):
        fuzzCheck(false, "JSONValue(json:) gives \(mine), JSONDecoder \(theirs)")
    }
    return 0
}
