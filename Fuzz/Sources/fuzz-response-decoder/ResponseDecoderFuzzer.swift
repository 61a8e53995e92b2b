import Booking
import Credits
import Events
import FitCore
import Foundation
import FuzzSupport
import History
import Members

@testable import FitWire

private let encoder = WireCoding.makeEncoder()
private let referenceDecoder = WireCoding.makeDecoder()

/// The response decoder on hostile JSON, decoding the feature row types the Queries decode (each input as every
/// type). It returns a value or throws `ResponseDecodingError` naming the source (events may also throw
/// `EventValidationError`), never anything else. A value it returns encodes as wire JSON that decodes again and
/// encodes to the very same bytes, to an equal value: what FitKit reads, it writes back without drift. And it decodes
/// exactly as FitKit's `JSONDecoder` alone does (its direct path from the parsed JSON is a speed-up only): the same
/// value, or an error where `JSONDecoder` throws one.
@_cdecl("LLVMFuzzerTestOneInput")
public func responseDecoderFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let body = Data(FuzzInput(data, size).bytes)
    check([BookableSession].self, from: body, source: "bookable_sessions")
    check(BookableSession?.self, from: body, source: "bookable_sessions")
    check([ClassBooking].self, from: body, source: "bookings")
    check(BookingCancellation?.self, from: body, source: "cancel_booking")
    check([CreditLedgerEntry].self, from: body, source: "credit_ledger")
    check(CreditSummary.self, from: body, source: "credit_summary")
    check([Event].self, from: body, source: "events")
    check(Event?.self, from: body, source: "events")
    check([Workout].self, from: body, source: "workouts")
    check([ExerciseCompletion].self, from: body, source: "exercise_history")
    check([Exercise].self, from: body, source: "exercises")
    check([StoredRating].self, from: body, source: "exercise_ratings")
    check([Member].self, from: body, source: "members")
    return 0
}

private func check<Value: Codable & Equatable>(_ type: Value.Type, from body: Data, source: String) {
    let reference = Result { try referenceDecoder.decode(Value.self, from: body.isEmpty ? Data("null".utf8) : body) }
    let value: Value
    do {
        value = try ResponseDecoder.decode(Value.self, from: body, source: source)
        fuzzCheck(
            (try? reference.get()) == value,
            "\(Value.self) reads \(value) from \(String(decoding: body, as: UTF8.self).debugDescription), "
                + "JSONDecoder \(reference)")
    } catch let error as ResponseDecodingError {
        fuzzCheck((try? reference.get()) == nil, "\(Value.self) throws \(error), JSONDecoder gives \(reference)")
        fuzzCheck(error.table == source, "\(Value.self) from \(source) throws \(error)")
        return
    } catch let error as EventValidationError where source == "events" {
        fuzzCheck((try? reference.get()) == nil, "\(Value.self) throws \(error), JSONDecoder gives \(reference)")
        return
    } catch {
        fuzzCheck(false, "\(Value.self) throws \(error) for \(String(decoding: body, as: UTF8.self).debugDescription)")
        return
    }
    do {
        let written = try encoder.encode(value)
        let reread = try ResponseDecoder.decode(Value.self, from: written, source: source)
        let rewritten = try encoder.encode(reread)
        fuzzCheck(
            rewritten == written,
            "\(Value.self) writes \(String(decoding: written, as: UTF8.self)), then "
                + "\(String(decoding: rewritten, as: UTF8.self))")
        let again = try ResponseDecoder.decode(Value.self, from: rewritten, source: source)
        fuzzCheck(again == reread, "\(Value.self) reads \(reread), then \(again)")
    } catch {
        fuzzCheck(
            false,
            "\(Value.self) read from \(String(decoding: body, as: UTF8.self).debugDescription) does not round-trip: "
                + "\(error)")
    }
}
