import FitCore
import Foundation
import Testing

@testable import FitSupabase

/// Supabase Realtime's protocol 2.0.0 as FitSupabase reads and writes it: text frames, the `postgres_changes`
/// filter a feed's `Filter` becomes, and the `DatabaseChange` a change message is.
@Suite struct RealtimeProtocolTests {
    @Test func aJoinAndAHeartbeatAreWrittenAsFiveElementArrays() throws {
        let join = RealtimeMessage(
            joinRef: "1", ref: "1", topic: "realtime:bookings", event: "phx_join",
            payload: [
                "config": [
                    "postgres_changes": [["event": "*", "schema": "public", "table": "bookings"]],
                    "private": false,
                ],
                "access_token": "token",
            ])
        #expect(
            join.text
                == #"["1","1","realtime:bookings","phx_join",{"access_token":"token","config":{"postgres_changes":[{"event":"*","schema":"public","table":"bookings"}],"private":false}}]"#
        )
        #expect(try RealtimeMessage(text: join.text) == join)
        let heartbeat = RealtimeMessage(ref: "7", topic: "phoenix", event: "heartbeat")
        #expect(heartbeat.text == #"[null,"7","phoenix","heartbeat",{}]"#)
        #expect(try RealtimeMessage(text: heartbeat.text) == heartbeat)
    }

    @Test func theServersRepliesSystemMessagesAndChangesRead() throws {
        let reply = try RealtimeMessage(
            text:
                #"["3","3","realtime:bookings","phx_reply",{"response":{"postgres_changes":[{"id":48213,"event":"*","schema":"public","table":"bookings","filter":"member_id=eq.7"}]},"status":"ok"}]"#
        )
        #expect(reply.joinRef == "3" && reply.ref == "3" && reply.event == "phx_reply")
        #expect(reply.payload["status"] == "ok")
        let system = try RealtimeMessage(
            text:
                #"["3",null,"realtime:bookings","system",{"channel":"bookings","extension":"postgres_changes","message":"Subscribed to PostgreSQL","status":"ok"}]"#
        )
        #expect(system.ref == nil && system.payload["message"] == "Subscribed to PostgreSQL")
        // A numeric ref, as older servers send, reads as its text.
        let numeric = try RealtimeMessage(text: #"[null,12,"phoenix","phx_reply",{"status":"ok","response":{}}]"#)
        #expect(numeric.ref == "12")
    }

    @Test(arguments: [
        ("", "not a JSON array"),
        ("{}", "not a JSON array"),
        (#"["1","1","t","e"]"#, "an array of 4 elements, not 5"),
        (#"["1","1","t","e",{},{}]"#, "an array of 6 elements, not 5"),
        (#"["1","1",3,"e",{}]"#, "the topic is not a string"),
        (#"["1","1","t",null,{}]"#, "the event is not a string"),
        (#"["1","1","t","e",[]]"#, "the payload of e is not an object"),
        (#"[true,"1","t","e",{}]"#, "join_ref is neither a string, a number nor null"),
        (#"["1",{},"t","e",{}]"#, "ref is neither a string, a number nor null"),
    ])
    func framesThatAreNotMessagesAreRefusedByName(_ text: String, _ reason: String) {
        let error = #expect(throws: RealtimeProtocolError.self) { try RealtimeMessage(text: text) }
        #expect(error?.reason.hasPrefix(reason) == true, "\(error?.reason ?? "no error")")
    }

    @Test(arguments: [
        (
            Filter.condition(
                column: "member_id", operator: .eq,
                value: .uuid(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!)),
            #"member_id=eq."6f9619ff-8b86-d011-b42d-00c04fc964ff""#
        ),
        (.condition(column: "capacity", operator: .gte, value: .integer(10)), #"capacity=gte."10""#),
        // Realtime splits on commas outside quotes and trims each part: the value goes out quoted, whole.
        (.condition(column: "name", operator: .neq, value: .string("a,b c")), #"name=neq."a,b c""#),
        (.condition(column: "name", operator: .eq, value: .string("Spin ")), #"name=eq."Spin ""#),
        (
            .condition(column: "name", operator: .lt, value: .string(#""quoted" \ text"#)),
            #"name=lt."\"quoted\" \\ text""#
        ),
        (
            .condition(column: "starts_at", operator: .gt, value: .date(Date(timeIntervalSince1970: 1_780_596_000))),
            #"starts_at=gt."2026-06-04T18:00:00.000Z""#
        ),
        (
            .condition(
                column: "status", operator: .in, value: .list([.string("active"), .string("a,b"), .string("")])),
            #"status=in.(active,"a,b","")"#
        ),
        (.condition(column: "id", operator: .in, value: .list([.integer(1), .integer(2)])), "id=in.(1,2)"),
    ])
    func filtersRealtimeCanSayBecomeItsText(_ filter: Filter, _ text: String) throws {
        #expect(try RealtimeFilter.text(for: filter) == text)
    }

    @Test(arguments: [
        Filter.condition(column: "name", operator: .like, value: .string("a%")),
        .condition(column: "name", operator: .is, value: .null),
        .condition(column: "name", operator: .eq, value: .null),
        .condition(column: "id", operator: .in, value: .list([])),
        .condition(column: "id", operator: .in, value: .list((0...100).map { .integer(Int64($0)) })),
        .condition(column: "id", operator: .eq, value: .list([.integer(1)])),
        .not(.condition(column: "id", operator: .eq, value: .integer(1))),
        .or([.condition(column: "id", operator: .eq, value: .integer(1))]),
        .and([
            .condition(column: "id", operator: .eq, value: .integer(1)),
            .condition(column: "a", operator: .eq, value: .integer(2)),
        ]),
    ])
    func filtersRealtimeCannotSayAreRefusedWithTheirText(_ filter: Filter) {
        let error = #expect(throws: ChangeFeedError.self) { try RealtimeFilter.text(for: filter) }
        let (name, value) = PostgRESTSyntax.parameter(filter)
        #expect(error == .filterNotSupported(backend: "SupabaseDatabase", filter: "\(name)=\(value)"))
    }

    @Test func noFilterIsNoText() throws {
        #expect(try RealtimeFilter.text(for: nil) == nil)
        #expect(
            try RealtimeFilter.text(
                for: .condition(column: "id", operator: .in, value: .list((1...100).map { .integer(Int64($0)) })))?
                .hasSuffix(",100)") == true)
    }

    static func changeMessage(_ data: JSONValue) -> RealtimeMessage {
        RealtimeMessage(
            joinRef: "3", topic: "realtime:bookings", event: "postgres_changes",
            payload: ["ids": [48213], "data": data])
    }

    @Test func insertsUpdatesAndDeletesReadAsTheFeedsChanges() throws {
        let record: JSONValue = ["id": "b1", "member_id": "m1", "status": "active"]
        let inserted = try RealtimeChange.change(
            in: Self.changeMessage([
                "schema": "public", "table": "bookings", "type": "INSERT", "commit_timestamp": "2026-06-04T18:00:00Z",
                "columns": [["name": "id", "type": "uuid"]], "errors": nil, "record": record,
            ]), keyColumns: ["id"])
        #expect(inserted == .row(kind: .insert, table: "bookings", key: ["id": "b1"], row: record))
        let updated = try RealtimeChange.change(
            in: Self.changeMessage([
                "table": "bookings", "type": "UPDATE", "record": record, "old_record": ["id": "b1"],
            ]), keyColumns: ["id"])
        #expect(updated == .row(kind: .update, table: "bookings", key: ["id": "b1"], row: record))
        let deleted = try RealtimeChange.change(
            in: Self.changeMessage(["table": "bookings", "type": "DELETE", "old_record": ["id": "b1"]]),
            keyColumns: ["id"])
        #expect(deleted == .row(kind: .delete, table: "bookings", key: ["id": "b1"], row: nil))
        // A delete whose old record lacks the key columns keeps what it has.
        let other = try RealtimeChange.change(
            in: Self.changeMessage(["table": "ledger", "type": "DELETE", "old_record": ["entry": 4]]),
            keyColumns: ["id"])
        #expect(other == .row(kind: .delete, table: "ledger", key: ["entry": 4], row: nil))
    }

    @Test(arguments: [
        (JSONValue.null, "a postgres_changes message without a data object"),
        (["type": "INSERT"] as JSONValue, "a postgres_changes message without a table"),
        (["table": "bookings", "type": "INSERT"] as JSONValue, "a change to bookings without its record"),
        (["table": "bookings", "type": "DELETE"] as JSONValue, "a delete from bookings without its old record"),
        (["table": "bookings", "type": "TRUNCATE"] as JSONValue, #"a change to bookings of type "TRUNCATE""#),
    ])
    func changeMessagesWithoutWhatTheirTypeNeedsAreRefused(_ data: JSONValue, _ reason: String) {
        let error = #expect(throws: RealtimeProtocolError.self) {
            try RealtimeChange.change(in: Self.changeMessage(data), keyColumns: ["id"])
        }
        #expect(error?.reason == reason)
    }
}
