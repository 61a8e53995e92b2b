import FitCore
import FitWire
import Foundation

/// A request's answer as text that two backends write alike when they agree, for ``DifferentialFuzzer``: the rows,
/// or the error's code and message; ids by the names the run gives them, timestamps and identity values opaque,
/// object keys and array elements sorted.
public enum FuzzAnswer {
    /// Runs `request` and returns its answer as text.
    ///
    /// - Parameters:
    ///   - request: The request; `nil` answers `skipped`.
    ///   - naming: The name of an id the run knows (`member 2`), or `nil` for `<id>`.
    ///   - opaqueColumns: Columns whose values differ by design (an identity sequence shared by every run on one
    ///     server), written as `<opaque>`.
    ///   - body: Sees the answer's JSON body before it is written as text (to note the ids a booking got, say).
    /// - Returns: The normalized rows, `error <code>: <message>` for a ``/FitCore/DatabaseError``, or
    ///   `failure: …` for any other error.
    public static func of(
        _ request: FilterBuilder?, naming: (UUID) -> String?, opaqueColumns: Set<String> = [],
        seeing body: (JSONValue) -> Void = { _ in }
    ) async -> String {
        guard let request else { return "skipped" }
        do {
            let response = try await request.executeRaw()
            let value = response.data.isEmpty ? JSONValue.null : try JSONValue(json: response.data)
            body(value)
            return normalized(value, naming: naming, opaqueColumns: opaqueColumns)
        } catch let error as DatabaseError {
            return "error \(error.code): \(error.message)"
        } catch {
            return "failure: \(error)"
        }
    }

    /// `value` as text both backends write alike: ids by `naming` (else `<id>`), every timestamp as `<time>`,
    /// numbers as decimals, object keys sorted, an opaque column's value as `<opaque>`, and an array's elements
    /// sorted (backends may return equal-keyed rows in either order).
    ///
    /// - Parameters:
    ///   - value: The JSON to write.
    ///   - naming: The name of an id the run knows, or `nil`.
    ///   - opaqueColumns: Columns whose values are not compared.
    /// - Returns: The text.
    public static func normalized(
        _ value: JSONValue, naming: (UUID) -> String?, opaqueColumns: Set<String> = []
    ) -> String {
        func text(_ value: JSONValue) -> String {
            switch value {
            case .null: return "null"
            case .bool(let flag): return "\(flag)"
            case .number(let number): return "\(number)"
            case .string(let string):
                if let id = UUIDText.uuid(string) { return naming(id) ?? "<id>" }
                if string.count >= 19, WireDate.date(from: string) != nil { return "<time>" }
                return "\"\(string)\""
            case .array(let elements):
                return "[" + elements.map(text).sorted().joined(separator: ",") + "]"
            case .object(let members):
                return "{"
                    + members.keys.sorted().map { key in
                        "\(key):\(opaqueColumns.contains(key) ? "<opaque>" : text(members[key]!))"
                    }.joined(separator: ",") + "}"
            }
        }
        return text(value)
    }
}
