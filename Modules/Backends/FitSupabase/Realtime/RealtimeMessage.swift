import FitCore
import Foundation

/// One message of Supabase Realtime's Phoenix protocol, version 2.0.0: a WebSocket text frame holding the JSON array
/// `[join_ref, ref, topic, event, payload]`. `join_ref` names the join a message belongs to (a reply or a close for
/// an earlier join of the same topic carries that join's ref), `ref` pairs a push with its `phx_reply`, and `topic`
/// is `realtime:<channel>` (or `phoenix` for heartbeats).
package struct RealtimeMessage: Sendable, Hashable {
    package var joinRef: String?
    package var ref: String?
    package var topic: String
    package var event: String
    package var payload: [String: JSONValue]

    package init(
        joinRef: String? = nil, ref: String? = nil, topic: String, event: String, payload: [String: JSONValue] = [:]
    ) {
        self.joinRef = joinRef
        self.ref = ref
        self.topic = topic
        self.event = event
        self.payload = payload
    }

    /// Reads a text frame.
    ///
    /// - Throws: ``RealtimeProtocolError`` when the text is not JSON, not an array of five, the refs are not
    ///   strings, numbers or null, the topic or event is not a string, or the payload is not an object.
    package init(text: String) throws(RealtimeProtocolError) {
        guard case .array(let parts)? = try? JSONValue(json: Data(text.utf8)) else {
            throw RealtimeProtocolError(reason: "not a JSON array (\(Self.excerpt(text)))")
        }
        guard parts.count == 5 else {
            throw RealtimeProtocolError(reason: "an array of \(parts.count) elements, not 5 (\(Self.excerpt(text)))")
        }
        func reference(_ value: JSONValue, _ name: String) throws(RealtimeProtocolError) -> String? {
            switch value {
            case .null: return nil
            case .string(let text): return text
            case .number(let number): return number.description
            default: throw RealtimeProtocolError(reason: "\(name) is neither a string, a number nor null")
            }
        }
        guard case .string(let topic) = parts[2] else {
            throw RealtimeProtocolError(reason: "the topic is not a string")
        }
        guard case .string(let event) = parts[3] else {
            throw RealtimeProtocolError(reason: "the event is not a string")
        }
        guard case .object(let payload) = parts[4] else {
            throw RealtimeProtocolError(reason: "the payload of \(event) is not an object")
        }
        self.init(
            joinRef: try reference(parts[0], "join_ref"), ref: try reference(parts[1], "ref"), topic: topic,
            event: event, payload: payload)
    }

    /// The text frame: `[join_ref, ref, topic, event, payload]`, refs `null` when absent.
    package var text: String {
        let parts: [JSONValue] = [
            joinRef.map(JSONValue.string) ?? .null, ref.map(JSONValue.string) ?? .null, .string(topic), .string(event),
            .object(payload),
        ]
        return String(decoding: JSONWriter.data(.array(parts)), as: UTF8.self)
    }

    private static func excerpt(_ text: String) -> String {
        text.count <= 80 ? text.debugDescription : String(text.prefix(80)).debugDescription + "…"
    }
}
