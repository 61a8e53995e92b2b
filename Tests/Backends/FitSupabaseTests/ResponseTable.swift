import FitCore
import FitSupabase
import Foundation

/// PostgREST's answers (and what proxies and networks do instead) and what each becomes.
enum ResponseTable {
    typealias R = ResponseCase
    static let events: @Sendable (SupabaseDatabase) -> FilterBuilder = { $0.from("events").select() }
    static let oneEvent: @Sendable (SupabaseDatabase) -> FilterBuilder = { $0.from("events").select().single() }
    static let maybeEvent: @Sendable (SupabaseDatabase) -> FilterBuilder = { $0.from("events").select().maybeSingle() }
    static let counted: @Sendable (SupabaseDatabase) -> FilterBuilder = {
        $0.from("events").select("id", count: .exact)
    }
    static let head: @Sendable (SupabaseDatabase) -> FilterBuilder = {
        $0.from("events").select("id", head: true, count: .exact)
    }
    static let booking: @Sendable (SupabaseDatabase) -> FilterBuilder = {
        $0.rpc("book_session", params: ["session_id": GoldenValues.session])
    }
    static let maybeUpdate: @Sendable (SupabaseDatabase) -> FilterBuilder = {
        $0.from("events").update(["title": "x"] as JSONValue).eq("id", value: GoldenValues.event).select().maybeSingle()
    }
    static let insert: @Sendable (SupabaseDatabase) -> FilterBuilder = {
        $0.from("events").insert(["title": "x"] as JSONValue)
    }

    static let json = ["Content-Type": "application/json; charset=utf-8"]

    static let cases: [ResponseCase] = [
        R(
            "rows", events, status: 200, body: #"[{"id":1},{"id":2}]"#,
            expect: .rows(#"[{"id":1},{"id":2}]"#, count: nil)),
        R("no rows", events, status: 200, body: "[]", expect: .rows("[]", count: nil)),
        R(
            "a count from Content-Range", counted, status: 200,
            headers: ["Content-Type": "application/json", "Content-Range": "0-1/57"], body: #"[{"id":1},{"id":2}]"#,
            expect: .rows(#"[{"id":1},{"id":2}]"#, count: 57)),
        R(
            "a count of zero: */0", counted, status: 200,
            headers: ["Content-Type": "application/json", "Content-Range": "*/0"],
            body: "[]", expect: .rows("[]", count: 0)),
        R(
            "no count asked: 0-1/*", events, status: 200,
            headers: ["Content-Type": "application/json", "Content-Range": "0-1/*"], body: "[{},{}]",
            expect: .rows("[{},{}]", count: nil)),
        R(
            "HEAD: the count only", head, status: 200, headers: ["Content-Range": "*/12"], body: "",
            expect: .rows("", count: 12)),
        R("single: the object", oneEvent, status: 200, body: #"{"id":1}"#, expect: .rows(#"{"id":1}"#, count: nil)),
        R(
            "single with 0 rows: 406 PGRST116", oneEvent, status: 406,
            body:
                #"{"code":"PGRST116","details":"The result contains 0 rows","hint":null,"message":"JSON object requested, multiple (or no) rows returned"}"#,
            expect: .databaseError(DatabaseError.singleRow(found: 0), status: 406)),
        R("maybeSingle with 0 rows: null", maybeEvent, status: 200, body: "[]", expect: .rows("null", count: nil)),
        R(
            "maybeSingle with 1 row: the object", maybeEvent, status: 200, body: #"[{"id":7}]"#,
            expect: .rows(#"{"id":7}"#, count: nil)),
        R(
            "maybeSingle with 2 rows: PGRST116", maybeEvent, status: 200, body: #"[{"id":7},{"id":8}]"#,
            expect: .databaseError(DatabaseError.singleRow(found: 2), status: 406)),
        R(
            "maybeSingle on a write that matched nothing: 406 for 0 rows reads as null", maybeUpdate, status: 406,
            body:
                #"{"code":"PGRST116","details":"The result contains 0 rows","hint":null,"message":"JSON object requested, multiple (or no) rows returned"}"#,
            expect: .rows("null", count: nil)),
        R(
            "an insert with return=minimal: 201 and no body", insert, status: 201, headers: [:], body: "",
            expect: .rows("", count: nil)),
        R(
            "a booking rule: FB003 from the SQL function", booking, status: 400,
            body: #"{"code":"FB003","details":null,"hint":null,"message":"Insufficient credits"}"#,
            expect: .databaseError(DatabaseError(code: "FB003", message: "Insufficient credits"), status: 400)),
        R(
            "a unique violation: 409 23505 with details", insert, status: 409,
            body:
                #"{"code":"23505","details":"Key (id)=(1) already exists.","hint":null,"message":"duplicate key value violates unique constraint \"events_pkey\""}"#,
            expect: .databaseError(
                DatabaseError(
                    code: "23505", message: "duplicate key value violates unique constraint \"events_pkey\"",
                    details: "Key (id)=(1) already exists."), status: 409)),
        R(
            "row-level security for an anonymous caller: 401 42501 stays a database error", insert, status: 401,
            body:
                #"{"code":"42501","details":null,"hint":null,"message":"new row violates row-level security policy for table \"events\""}"#,
            expect: .databaseError(DatabaseError.rowLevelSecurity(table: "events"), status: 401)),
        R(
            "an unknown table: 404 PGRST205 with a hint", events, status: 404,
            body:
                #"{"code":"PGRST205","details":null,"hint":"Perhaps you meant the table 'public.event'","message":"Could not find the table 'public.events' in the schema cache"}"#,
            expect: .databaseError(
                DatabaseError(
                    code: "PGRST205", message: "Could not find the table 'public.events' in the schema cache",
                    hint: "Perhaps you meant the table 'public.event'"), status: 404)),
        R(
            "an expired token: 401 PGRST303", events, status: 401,
            body: #"{"code":"PGRST303","details":null,"hint":null,"message":"JWT expired"}"#,
            expect: .notAuthenticated(code: "PGRST303")),
        R(
            "a malformed token: 401 PGRST301", events, status: 401,
            body: #"{"code":"PGRST301","details":null,"hint":null,"message":"Expected 3 parts in JWT; got 1"}"#,
            expect: .notAuthenticated(code: "PGRST301")),
        R(
            "a proxy's HTML page", events, status: 200, headers: ["Content-Type": "text/html"],
            body: "<html><body>Sign in to the Wi-Fi</body></html>", expect: .connection(.invalidResponse)),
        R(
            "a gateway's 502 HTML", events, status: 502, headers: ["Content-Type": "text/html"],
            body: "<html>Bad Gateway</html>", expect: .connection(.invalidResponse)),
        R(
            "an error with an empty body", events, status: 500, headers: [:], body: "",
            expect: .connection(.invalidResponse)),
        R(
            "garbage that says it is JSON", events, status: 200, body: "{\"id\": 1,, ]",
            expect: .connection(.invalidResponse)),
        // Found by fuzzing (Fuzz/Corpus/postgrest-response/finding-raw-newline-in-error-body): the status and body
        // of the fuzzed answer. Not JSON (a raw newline inside a string), yet decoding only `code`, `message`,
        // `details` and `hint` skipped the broken string and read it as PostgREST's 42501.
        R(
            "an error body that is not JSON: a raw newline inside a string", insert, status: 401,
            body: #"{"code":"42501","details":null,"hintmaybeSinglesage":"nelication/json"# + "\n"
                + #"Coltent-Range: 0-1w row violates row-level security policy for table \"events\""}"#,
            expect: .connection(.invalidResponse)),
        R(
            "no network", events, failure: .connection(ConnectionError(.unreachable, reason: "offline")),
            expect: .connection(.unreachable)),
        R(
            "a DNS failure", events, failure: .connection(ConnectionError(.hostNotFound, reason: "no such host")),
            expect: .connection(.hostNotFound)),
        R(
            "a timeout", events, failure: .connection(ConnectionError(.timedOut, reason: "30 s")),
            expect: .connection(.timedOut)),
        R("a cancelled request", events, failure: .cancelled, expect: .cancelled),
    ]
}
