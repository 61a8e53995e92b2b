import FitCore
import Foundation
import FuzzSupport

@testable import FitSupabase

/// Realtime's text frames on any text. A frame it reads writes back as a frame that reads as the same message, and
/// writing that again gives the same text; a change message it reads is read as a change of the table its data
/// names, or refused with a protocol error, never anything else.
@_cdecl("LLVMFuzzerTestOneInput")
public func realtimeFrameFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput(data, size).text
    guard let message = try? RealtimeMessage(text: text) else { return 0 }
    let written = message.text
    let reread = try? RealtimeMessage(text: written)
    fuzzCheck(reread == message, "\(text.debugDescription) reads as \(message), written \(written.debugDescription)")
    fuzzCheck(reread?.text == written, "\(written.debugDescription) writes again as \(reread?.text ?? "nothing")")
    do {
        let change = try RealtimeChange.change(in: message, keyColumns: ["id"])
        guard case .object(let members)? = message.payload["data"], case .string(let table)? = members["table"] else {
            fuzzCheck(false, "\(change) from a message without a table: \(text.debugDescription)")
            return 0
        }
        fuzzCheck(change.table == table, "\(change) for table \(table)")
    } catch {
        // A refusal is a RealtimeProtocolError by the function's typed throws.
    }
    return 0
}
