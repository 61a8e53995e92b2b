import FitCore
import FitSupabase
import Foundation
import Testing

/// One row of the golden table: a call a feature's Queries makes, and exactly what goes out for it.
struct GoldenRequest: Sendable, CustomTestStringConvertible {
    let name: String
    let send: @Sendable (SupabaseDatabase) async throws -> Void
    /// Each request the call sends, rendered by ``render(_:)``.
    let expected: [String]

    init(_ name: String, _ expected: [String], send: @escaping @Sendable (SupabaseDatabase) async throws -> Void) {
        self.name = name
        self.send = send
        self.expected = expected
    }

    var testDescription: String { name }

    /// `METHOD /path?query`, then `Header: value` lines sorted by name (the bearer shown as `<alice>`, `<anon key>`
    /// or `<service>`), then the body.
    static func render(_ request: PostgRESTRequest) -> String {
        let url = request.url.absoluteString
        var lines = [request.method + " " + url.dropFirst(TestTokens.projectURL.absoluteString.count)]
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            lines.append("\(name): \(name == "Authorization" ? bearerName(value) : value)")
        }
        if let body = request.body { lines.append(String(decoding: body, as: UTF8.self)) }
        return lines.joined(separator: "\n")
    }

    private static func bearerName(_ value: String) -> String {
        switch value {
        case "Bearer \(TestTokens.anonKey)": "Bearer <anon key>"
        case "Bearer \(TestTokens.member(GoldenValues.alice))": "Bearer <alice>"
        case "Bearer \(TestTokens.service)": "Bearer <service>"
        default: value
        }
    }
}

/// The fixed ids and dates the golden table uses.
enum GoldenValues {
    static let alice = UUID(uuidString: "A11CE000-0000-4000-8000-000000000001")!
    static let bob = UUID(uuidString: "B0B00000-0000-4000-8000-000000000001")!
    static let session = UUID(uuidString: "5E550000-0000-4000-8000-000000000001")!
    static let otherSession = UUID(uuidString: "5E550000-0000-4000-8000-000000000002")!
    static let booking = UUID(uuidString: "B00C0000-0000-4000-8000-000000000001")!
    static let studio = UUID(uuidString: "57D10000-0000-4000-8000-000000000001")!
    static let event = UUID(uuidString: "E0000000-0000-4000-8000-000000000001")!
    static let exercise = UUID(uuidString: "EEEE0000-0000-4000-8000-000000000001")!
    static let workout = UUID(uuidString: "30000000-0000-4000-8000-000000000001")!
    /// 2026-06-04 18:00:00 UTC.
    static let date = Date(timeIntervalSince1970: 1_780_596_000)
}
