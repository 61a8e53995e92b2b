import FitCore
import Foundation

/// A ``DatabaseError`` as PostgREST answers it: the JSON body `{"code","message","details","hint"}` with the
/// HTTP status PostgREST maps the code to (its `Error.hs`: SQLSTATE classes, its own `PGRST` codes, `PTxyz`).
enum ErrorEncoder {
    /// The answer for `error`; `authenticated` is false for the anonymous role (then `42501` is 401, else 403).
    static func answer(_ error: DatabaseError, authenticated: Bool) -> HTTPAnswer {
        let status = status(for: error, authenticated: authenticated)
        var headers = ["Proxy-Status": "PostgREST; error=\(error.code)"]
        if status == 401 {
            headers["WWW-Authenticate"] =
                error.code.hasPrefix("PGRST3")
                ? "Bearer error=\"invalid_token\", error_description=\"\(error.message)\"" : "Bearer"
        }
        let body: JSONValue = .object([
            "code": .string(error.code), "message": .string(error.message),
            "details": error.details.map(JSONValue.string) ?? .null, "hint": error.hint.map(JSONValue.string) ?? .null,
        ])
        return .json(status, body, headers: headers)
    }

    /// PostgREST's status for an error code.
    static func status(for error: DatabaseError, authenticated: Bool) -> Int {
        let code = error.code
        if code.hasPrefix("PGRST") { return postgRESTStatuses[String(code.dropFirst(5))] ?? 500 }
        switch code {
        case "23503", "23505": return 409
        case "25006": return 405
        case "22023": return error.message.hasPrefix("role ") && error.message.hasSuffix(" does not exist") ? 401 : 400
        case "53400": return 500
        case "57P01": return 503
        case "P0001": return 400
        case "42883", "42P01": return 404
        case "42P17": return 500
        case "42501": return authenticated ? 403 : 401
        default: break
        }
        let classCode = String(code.prefix(2))
        if classCode == "PT" { return Int(code.dropFirst(2)) ?? 500 }
        return sqlStateClassStatuses[classCode] ?? 400
    }

    private static let sqlStateClassStatuses: [String: Int] = [
        "08": 503, "09": 500, "0L": 403, "0P": 403, "25": 500, "28": 403, "2D": 500, "38": 500, "39": 500,
        "3B": 500, "40": 500, "53": 503, "54": 500, "55": 500, "57": 500, "58": 500, "F0": 500, "HV": 500,
        "P0": 500, "XX": 500,
    ]

    private static let postgRESTStatuses: [String: Int] = [
        "000": 503, "001": 503, "002": 503, "003": 504,
        "100": 400, "101": 405, "102": 400, "103": 416, "105": 405, "106": 406, "107": 406, "108": 400,
        "111": 500, "112": 500, "114": 400, "115": 400, "116": 406, "117": 405, "118": 400, "120": 400,
        "121": 500, "122": 400, "123": 400, "124": 400, "125": 404, "126": 404, "127": 400, "128": 400,
        "200": 400, "201": 300, "202": 404, "203": 300, "204": 400, "205": 404,
        "300": 500, "301": 401, "302": 401, "303": 401,
    ]
}
