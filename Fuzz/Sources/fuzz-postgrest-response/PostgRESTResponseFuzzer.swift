import FitCore
import Foundation
import FuzzSupport

@testable import FitSupabase

/// The queries a response can answer, by the name an input's first line gives.
private let queries: [String: DatabaseQuery] = {
    var queries: [String: DatabaseQuery] = [:]
    queries["many"] = DatabaseQuery(target: "events", operation: .select)
    queries["single"] = DatabaseQuery(target: "events", operation: .select, cardinality: .single)
    queries["maybeSingle"] = DatabaseQuery(target: "events", operation: .select, cardinality: .maybeSingle)
    queries["count"] = DatabaseQuery(target: "events", operation: .select, count: .exact)
    queries["head"] = DatabaseQuery(target: "events", operation: .select, count: .exact, head: true)
    queries["insert"] = DatabaseQuery(
        target: "events", operation: .insert, returning: .representation, body: ["title": "x"])
    queries["maybeSingleUpdate"] = DatabaseQuery(
        target: "events", operation: .update, cardinality: .maybeSingle, returning: .representation,
        body: ["title": "x"])
    queries["rpc"] = DatabaseQuery(target: "book_session", operation: .rpc, body: ["p_session_id": "x"])
    return queries
}()

/// PostgREST response and error parsing on any status, headers and body. An input is text: a first line
/// `<status> <query>` (`200 many`; the query is one of `many`, `single`, `maybeSingle`, `count`, `head`, `insert`,
/// `maybeSingleUpdate`, `rpc`), then `Name: value` header lines up to an empty line, then the body.
///
/// The decoder returns rows only for a 2xx answer, as JSON (or empty) with the count `Content-Range` gives; it
/// throws only `DatabaseError` (with the HTTP status, and PostgREST's own code when the body has one),
/// `SupabaseError.notAuthenticated` (for a 401 with a `PGRST3xx` code) or `ConnectionError.invalidResponse`.
@_cdecl("LLVMFuzzerTestOneInput")
public func postgRESTResponseFuzzer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let (response, query) = read(FuzzInput(data, size).bytes)
    let errorCode = (try? JSONDecoder().decode([String: JSONValue].self, from: response.body))?["code"]
    let described = "HTTP \(response.status) \(response.headers) \(String(decoding: response.body, as: UTF8.self))"
    do {
        let raw = try PostgRESTResponseDecoder.decode(response, for: query)
        fuzzCheck((200..<300).contains(response.status), "\(described) reads as rows")
        fuzzCheck(
            raw.count == PostgRESTResponseDecoder.contentRangeTotal(response.header("Content-Range")),
            "\(described) counts \(raw.count.debugDescription)")
        if !raw.data.isEmpty {
            fuzzCheck(
                (try? JSONDecoder().decode(JSONValue.self, from: raw.data)) != nil,
                "\(described) answers \(String(decoding: raw.data, as: UTF8.self)), not JSON")
        }
        fuzzCheck(!raw.data.isEmpty || query.head || response.body.isEmpty, "\(described) answers no body")
    } catch let error as DatabaseError {
        if PostgRESTResponseDecoder.isNoRowForMaybeSingle(error, query) {
            fuzzCheck(query.cardinality == .maybeSingle, "\(described): no row for \(query)")
        }
        if (200..<300).contains(response.status) {
            fuzzCheck(
                error.code == "PGRST116" && query.cardinality == .maybeSingle && error.httpStatus == 406,
                "\(described) throws \(error)")
        } else {
            fuzzCheck(error.httpStatus == response.status, "\(described) throws \(error) without its status")
            fuzzCheck(
                errorCode == .string(error.code),
                "\(described) throws \(error), the body's code is \(errorCode.debugDescription)")
        }
    } catch SupabaseError.notAuthenticated(let error) {
        fuzzCheck(
            response.status == 401 && error.code.hasPrefix("PGRST3") && errorCode == .string(error.code),
            "\(described) is notAuthenticated(\(error))")
    } catch let error as ConnectionError {
        fuzzCheck(error.kind == .invalidResponse, "\(described) throws \(error)")
    } catch {
        fuzzCheck(false, "\(described) throws \(error)")
    }
    return 0
}

/// The response and query an input describes; a first line that is not `<status> <query>` means `200 many`.
private func read(_ bytes: [UInt8]) -> (PostgRESTResponse, DatabaseQuery) {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false)
    let first = String(decoding: lines.isEmpty ? [] : lines.removeFirst(), as: UTF8.self).split(separator: " ")
    var rest = lines.first.map(Array.init) ?? []
    let status = first.first.flatMap { Int($0) } ?? 200
    let query = first.count > 1 ? queries[String(first[1])] ?? queries["many"]! : queries["many"]!

    var headers: [String: String] = [:]
    while let end = rest.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: rest[..<end], as: UTF8.self)
        rest.removeSubrange(...end)
        guard let colon = line.firstIndex(of: ":") else { break }
        headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return (PostgRESTResponse(status: status, headers: headers, body: Data(rest)), query)
}
