import Booking
import Credits
import Events
import FitCore
import FitSupabase
import Foundation
import History
import Members
import SessionDetails

/// Every request every feature module's Queries sends, and the builder's harder corners, with exactly what goes
/// out over HTTP. Reviewed against PostgREST's documentation; `GoldenRequestTests` compares each row.
enum GoldenRequestTable {
    typealias G = GoldenRequest
    static let v = GoldenValues.self

    static let featureRequests: [GoldenRequest] = [
        // MARK: SessionDetails
        G(
            "SessionDetailsQueries.getSession",
            [
                #"""
                GET /rest/v1/bookable_sessions?select=*&session_id=eq.5e550000-0000-4000-8000-000000000001
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try await SessionDetailsQueries(client: db).getSession(id: v.session)
        },
        G(
            "SessionDetailsQueries.getSessionDetail for the signed-in member: one request",
            [
                #"""
                GET /rest/v1/bookable_sessions?select=*&session_id=eq.5e550000-0000-4000-8000-000000000001
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try await SessionDetailsQueries(client: db).getSessionDetail(sessionId: v.session, memberId: v.alice)
        },
        G(
            "SessionDetailsQueries.getSessionDetail for another member: the class and their booking",
            [
                #"""
                GET /rest/v1/bookable_sessions?select=*&session_id=eq.5e550000-0000-4000-8000-000000000001
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#,
                #"""
                GET /rest/v1/bookings?select=id,class_session_id&member_id=eq.b0b00000-0000-4000-8000-000000000001&status=eq.active&class_session_id=in.(5e550000-0000-4000-8000-000000000001)
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#,
            ]
        ) { db in
            _ = try await SessionDetailsQueries(client: db).getSessionDetail(sessionId: v.session, memberId: v.bob)
        },
        // MARK: Booking
        G(
            "BookingQueries.getActiveBookings (ids repeated once)",
            [
                #"""
                GET /rest/v1/bookings?select=id,class_session_id&member_id=eq.a11ce000-0000-4000-8000-000000000001&status=eq.active&class_session_id=in.(5e550000-0000-4000-8000-000000000001,5e550000-0000-4000-8000-000000000002)
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try await BookingQueries(client: db).getActiveBookings(
                memberId: v.alice, classSessionIds: [v.session, v.otherSession, v.session])
        },
        G("BookingQueries.getActiveBookings with no ids sends nothing", []) { db in
            _ = try await BookingQueries(client: db).getActiveBookings(memberId: v.alice, classSessionIds: [])
        },
        G(
            "BookingQueries.bookSession",
            [
                #"""
                POST /rest/v1/rpc/book_session
                Accept: application/json
                Authorization: Bearer <alice>
                Content-Type: application/json
                apikey: anon-key-for-tests
                {"session_id":"5E550000-0000-4000-8000-000000000001"}
                """#
            ]
        ) { db in
            _ = try await BookingQueries(client: db).bookSession(id: v.session)
        },
        G(
            "BookingQueries.cancelBooking",
            [
                #"""
                POST /rest/v1/rpc/cancel_booking
                Accept: application/json
                Authorization: Bearer <alice>
                Content-Type: application/json
                apikey: anon-key-for-tests
                {"booking_id":"B00C0000-0000-4000-8000-000000000001"}
                """#
            ]
        ) { db in
            _ = try await BookingQueries(client: db).cancelBooking(id: v.booking)
        },
        G(
            "BookingQueries.getTimetable",
            [
                #"""
                GET /rest/v1/bookable_sessions?select=*&start_time=gte.2026-06-04T18:00:00.000Z&start_time=lt.2026-06-11T18:00:00.000Z&order=start_time.asc.nullslast,session_id.asc.nullslast
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try await BookingQueries(client: db).getTimetable(
                from: v.date, to: v.date.addingTimeInterval(7 * 86_400))
        },
        G(
            "BookingQueries.getTimetable at one studio",
            [
                #"""
                GET /rest/v1/bookable_sessions?select=*&start_time=gte.2026-06-04T18:00:00.000Z&start_time=lt.2026-06-05T18:00:00.000Z&studio_id=eq.57d10000-0000-4000-8000-000000000001&order=start_time.asc.nullslast,session_id.asc.nullslast
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try await BookingQueries(client: db).getTimetable(
                from: v.date, to: v.date.addingTimeInterval(86_400), studioId: v.studio)
        },
        G(
            "BookingQueries.getBookedSession",
            [
                #"""
                GET /rest/v1/bookable_sessions?select=*&booking_id=eq.b00c0000-0000-4000-8000-000000000001
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try await BookingQueries(client: db).getBookedSession(bookingId: v.booking)
        },
        // MARK: Credits
        G(
            "CreditsQueries.getSummary",
            [
                #"""
                POST /rest/v1/rpc/credit_summary
                Accept: application/json
                Authorization: Bearer <alice>
                Content-Type: application/json
                apikey: anon-key-for-tests
                {}
                """#
            ]
        ) { db in _ = try await CreditsQueries(client: db).getSummary() },
        G(
            "CreditsQueries.getLedger",
            [
                #"""
                GET /rest/v1/credit_ledger?select=*&order=created_at.desc.nullslast,id.asc.nullslast
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in _ = try await CreditsQueries(client: db).getLedger() },
        // MARK: Events
        G(
            "EventsQueries.getEvents",
            [
                #"""
                GET /rest/v1/events?select=id,title,date,text_color,image_data&order=date.asc.nullslast,title.asc.nullslast,id.asc.nullslast
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in _ = try await EventsQueries(client: db).getEvents() },
        G(
            "EventsQueries.getEvent",
            [
                #"""
                GET /rest/v1/events?select=id,title,date,text_color,image_data&id=eq.e0000000-0000-4000-8000-000000000001
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in _ = try await EventsQueries(client: db).getEvent(id: v.event) },
        G(
            "EventsQueries.createEvent (an upsert on the client's id)",
            [
                #"""
                POST /rest/v1/events?select=id,title,date,text_color,image_data&on_conflict=id
                Accept: application/vnd.pgrst.object+json
                Authorization: Bearer <alice>
                Content-Type: application/json
                Prefer: resolution=merge-duplicates,return=representation
                apikey: anon-key-for-tests
                {"date":"2026-06-04T18:00:00.000Z","id":"E0000000-0000-4000-8000-000000000001","image_data":null,"text_color":"#000000FF","title":"Race, day (1)"}
                """#
            ]
        ) { db in
            _ = try await EventsQueries(client: db).createEvent(
                Event(id: v.event, title: "Race, day (1)", date: v.date, textColor: .black))
        },
        G(
            "EventsQueries.updateEvent",
            [
                #"""
                PATCH /rest/v1/events?select=id,title,date,text_color,image_data&id=eq.e0000000-0000-4000-8000-000000000001
                Accept: application/vnd.pgrst.object+json
                Authorization: Bearer <alice>
                Content-Type: application/json
                Prefer: return=representation
                apikey: anon-key-for-tests
                {"date":"2026-06-04T18:00:00.000Z","id":"E0000000-0000-4000-8000-000000000001","image_data":"AQID","text_color":"#FFFFFFFF","title":"Race day"}
                """#
            ]
        ) { db in
            _ = try await EventsQueries(client: db).updateEvent(
                Event(id: v.event, title: "Race day", date: v.date, textColor: .white, imageData: Data([1, 2, 3])))
        },
        G(
            "EventsQueries.deleteEvents",
            [
                #"""
                DELETE /rest/v1/events?select=id&id=in.(e0000000-0000-4000-8000-000000000001,30000000-0000-4000-8000-000000000001)
                Accept: application/json
                Authorization: Bearer <alice>
                Prefer: return=representation
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try await EventsQueries(client: db).deleteEvents(ids: [v.event, v.workout])
        },
        // MARK: History
        G(
            "HistoryQueries.getExercises",
            [
                #"""
                GET /rest/v1/exercises?select=*&order=position.asc.nullslast
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in _ = try await HistoryQueries(client: db).getExercises() },
        G(
            "HistoryQueries.getCompletions",
            [
                #"""
                GET /rest/v1/exercise_history?select=*&order=completed_at.asc.nullslast,id.asc.nullslast
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in _ = try await HistoryQueries(client: db).getCompletions() },
        G(
            "HistoryQueries.createCompletion",
            [
                #"""
                POST /rest/v1/exercise_history?select=*
                Accept: application/vnd.pgrst.object+json
                Authorization: Bearer <alice>
                Content-Type: application/json
                Prefer: return=representation
                apikey: anon-key-for-tests
                {"completed_at":"2026-06-04T18:00:00.000Z","exercise_id":"EEEE0000-0000-4000-8000-000000000001"}
                """#
            ]
        ) { db in
            _ = try await HistoryQueries(client: db).createCompletion(exerciseId: v.exercise, completedAt: v.date)
        },
        G(
            "HistoryQueries.createExercises (bulk: columns=, nothing returned)",
            [
                #"""
                POST /rest/v1/exercises?on_conflict=position&columns=duration_seconds,name,position,video_name
                Accept: application/json
                Authorization: Bearer <alice>
                Content-Type: application/json
                Prefer: resolution=ignore-duplicates,return=minimal
                apikey: anon-key-for-tests
                [{"duration_seconds":30,"name":"Squat","position":1,"video_name":"squat"},{"duration_seconds":30,"name":"Step Up","position":2,"video_name":"step-up"}]
                """#
            ]
        ) { db in
            try await HistoryQueries(client: db).createExercises(Array(ExerciseCatalogue.hiit.prefix(2)))
        },
        G(
            "RatingsQueries.getRatings",
            [
                #"""
                GET /rest/v1/exercise_ratings?select=*&order=exercise_id.asc.nullslast
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in _ = try await RatingsQueries(client: db).getRatings() },
        G(
            "RatingsQueries.saveRating (upsert on member_id,exercise_id)",
            [
                #"""
                POST /rest/v1/exercise_ratings?select=*&on_conflict=member_id,exercise_id
                Accept: application/vnd.pgrst.object+json
                Authorization: Bearer <alice>
                Content-Type: application/json
                Prefer: resolution=merge-duplicates,return=representation
                apikey: anon-key-for-tests
                {"exercise_id":"EEEE0000-0000-4000-8000-000000000001","rating":4,"updated_at":"2026-06-04T18:00:00.000Z"}
                """#
            ]
        ) { db in
            _ = try await RatingsQueries(client: db).saveRating(4, exerciseId: v.exercise, at: v.date)
        },
        G(
            "WorkoutsQueries.getWorkouts",
            [
                #"""
                GET /rest/v1/workouts?select=*&order=performed_at.desc.nullslast,created_at.desc.nullslast,id.asc.nullslast
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in _ = try await WorkoutsQueries(client: db).getWorkouts() },
        G(
            "WorkoutsQueries.createWorkout",
            [
                #"""
                POST /rest/v1/workouts?select=*
                Accept: application/vnd.pgrst.object+json
                Authorization: Bearer <alice>
                Content-Type: application/json
                Prefer: return=representation
                apikey: anon-key-for-tests
                {"exercises":[{"name":"Squat","sets":[{"reps":5,"rest_seconds":120,"weight_kg":100.5}]}],"notes":"heavy","performed_at":"2026-06-04T18:00:00.000Z","title":"Legs"}
                """#
            ]
        ) { db in
            _ = try await WorkoutsQueries(client: db).createWorkout(
                WorkoutDraft(
                    title: "Legs", performedAt: v.date, notes: "heavy",
                    exercises: [
                        WorkoutExercise(name: "Squat", sets: [WorkoutSet(reps: 5, weightKg: 100.5, restSeconds: 120)])
                    ]))
        },
        G(
            "WorkoutsQueries.updateWorkout",
            [
                #"""
                PATCH /rest/v1/workouts?select=*&id=eq.30000000-0000-4000-8000-000000000001
                Accept: application/vnd.pgrst.object+json
                Authorization: Bearer <alice>
                Content-Type: application/json
                Prefer: return=representation
                apikey: anon-key-for-tests
                {"exercises":[],"notes":"","performed_at":"2026-06-04T18:00:00.000Z","title":"Arms"}
                """#
            ]
        ) { db in
            _ = try await WorkoutsQueries(client: db).updateWorkout(
                id: v.workout, to: WorkoutDraft(title: "Arms", performedAt: v.date))
        },
        G(
            "WorkoutsQueries.deleteWorkout",
            [
                #"""
                DELETE /rest/v1/workouts?id=eq.30000000-0000-4000-8000-000000000001
                Accept: application/json
                Authorization: Bearer <alice>
                Prefer: return=minimal
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in try await WorkoutsQueries(client: db).deleteWorkout(id: v.workout) },
        G(
            "MembersQueries.getMembers",
            [
                #"""
                GET /rest/v1/members?select=id,display_name,email,time_zone&order=display_name.asc.nullslast,id.asc.nullslast
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in _ = try await MembersQueries(client: db).getMembers() },
    ]

    static let builderRequests: [GoldenRequest] = [
        G(
            "a bulk write's columns= quotes a name holding a comma, which is one column",
            [
                #"""
                POST /rest/v1/users?columns=%22a,b%22,plain
                Accept: application/json
                Authorization: Bearer <alice>
                Content-Type: application/json
                Prefer: return=minimal
                apikey: anon-key-for-tests
                [{"a,b":1,"plain":2}]
                """#
            ]
        ) { db in
            try await db.from("users").insert([["a,b": 1, "plain": 2]], returning: .minimal).execute()
        },
        G(
            "a GET call's array argument quotes an element holding a comma, which is one element",
            [
                #"""
                GET /rest/v1/rpc/tagged?tags=%7B%22a,b%22,c,%22%22,NULL%7D
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            try await db.rpc("tagged", params: ["tags": JSONValue.array(["a,b", "c", "", .null])], get: true).execute()
        },
        G(
            "in.() quotes values holding reserved characters and escapes quotes and backslashes",
            [
                #"""
                GET /rest/v1/events?select=id&title=in.(plain,%22a,b%22,%22(x)%22,%22say%20%5C%22hi%5C%22%22,%22back%5C%5Cslash%22,%22two%20words%22,%22v1.2%22,%22%22)
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            try await db.from("events").select("id").in(
                "title", values: ["plain", "a,b", "(x)", "say \"hi\"", #"back\slash"#, "two words", "v1.2", ""]
            ).execute()
        },
        G(
            "an empty in-list",
            [
                #"""
                GET /rest/v1/events?select=id&title=in.()
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in try await db.from("events").select("id").in("title", values: [String]()).execute() },
        G(
            "top-level values are sent as they are, percent-encoded (+ & = # % and non-ASCII)",
            [
                #"""
                GET /rest/v1/events?select=id&title=eq.a%2Bb%20%26%20c%3Dd%20%231%20100%25%20caf%C3%A9
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            try await db.from("events").select("id").eq("title", value: "a+b & c=d #1 100% café").execute()
        },
        G(
            "or() with nested and(), not, is and quoted values",
            [
                #"""
                GET /rest/v1/class_sessions?select=id&or=(capacity.gt.10,and(name.eq.%22Spin,%20fast%22,cancelled_at.is.null),name.not.ilike.*yoga*)
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            try await db.from("class_sessions").select("id")
                .or("capacity.gt.10,and(name.eq.\"Spin, fast\",cancelled_at.is.null),name.not.ilike.*yoga*").execute()
        },
        G(
            "not() on a condition",
            [
                #"""
                GET /rest/v1/class_sessions?select=id&name=not.eq.Spin
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            try await db.from("class_sessions").select("id").not("name", operator: .eq, value: "Spin").execute()
        },
        G(
            "like and ilike patterns",
            [
                #"""
                GET /rest/v1/events?select=id&title=like.Ra%25&title=ilike.*DAY
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            try await db.from("events").select("id").like("title", pattern: "Ra%").ilike("title", pattern: "*DAY")
                .execute()
        },
        G(
            "order with nulls placement, then range()",
            [
                #"""
                GET /rest/v1/class_sessions?select=id&order=cancelled_at.desc.nullslast,name.asc.nullslast&limit=10&offset=10
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            try await db.from("class_sessions").select("id")
                .order("cancelled_at", ascending: false, nullsFirst: false).order("name").range(from: 10, to: 19)
                .execute()
        },
        G(
            "a count with head: HEAD and Prefer: count=exact",
            [
                #"""
                HEAD /rest/v1/class_sessions?select=id
                Accept: application/json
                Authorization: Bearer <alice>
                Prefer: count=exact
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            try await db.from("class_sessions").select("id", head: true, count: .exact).execute()
        },
        G(
            "single() asks for the object",
            [
                #"""
                GET /rest/v1/studios?select=*&id=eq.57d10000-0000-4000-8000-000000000001
                Accept: application/vnd.pgrst.object+json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try? await db.from("studios").select().eq("id", value: v.studio).single().execute().value as StudioRow
        },
        G(
            "upsert ignoring duplicates on a named conflict target returns the rows, as supabase-swift's does",
            [
                #"""
                POST /rest/v1/exercises?select=*&on_conflict=position
                Accept: application/json
                Authorization: Bearer <alice>
                Content-Type: application/json
                Prefer: resolution=ignore-duplicates,return=representation
                apikey: anon-key-for-tests
                {"duration_seconds":30,"name":"Squat","position":1,"video_name":"squat"}
                """#
            ]
        ) { db in
            try await db.from("exercises").upsert(
                ["position": 1, "name": "Squat", "video_name": "squat", "duration_seconds": 30] as JSONValue,
                onConflict: "position", ignoreDuplicates: true
            ).execute()
        },
        G(
            "a delete with no rows asked back",
            [
                #"""
                DELETE /rest/v1/workouts?title=eq.Old
                Accept: application/json
                Authorization: Bearer <alice>
                Prefer: return=minimal
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            try await db.from("workouts").delete(returning: .minimal).eq("title", value: "Old").execute()
        },
        G(
            "a delete returns the deleted rows by default, as supabase-swift's does",
            [
                #"""
                DELETE /rest/v1/workouts?select=*&title=eq.Old
                Accept: application/json
                Authorization: Bearer <alice>
                Prefer: return=representation
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            try await db.from("workouts").delete().eq("title", value: "Old").execute()
        },
        G(
            "a bulk insert whose rows differ names every key; defaultToNull off asks for the defaults",
            [
                #"""
                POST /rest/v1/events?columns=date,text_color,title
                Accept: application/json
                Authorization: Bearer <alice>
                Content-Type: application/json
                Prefer: return=minimal,missing=default
                apikey: anon-key-for-tests
                [{"date":"2026-06-01","title":"A"},{"date":"2026-06-02","text_color":"#000000FF","title":"B"}]
                """#
            ]
        ) { db in
            try await db.from("events").insert(
                [
                    ["title": "A", "date": "2026-06-01"],
                    ["title": "B", "date": "2026-06-02", "text_color": "#000000FF"],
                ] as JSONValue, defaultToNull: false
            ).execute()
        },
        G(
            "an embedding with !inner, a hint and its own filter, order and limit",
            [
                #"""
                GET /rest/v1/class_sessions?select=id,studio:studios(name),bookings!class_session_id!inner(id)&bookings.status=eq.active&bookings.order=created_at.desc.nullslast&bookings.limit=1&studio.name=eq.Downtown
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try? await db.from("class_sessions").select(
                "id, studio:studios(name), bookings!class_session_id!inner(id)"
            )
            .eq("studio.name", value: "Downtown").eq("bookings.status", value: "active")
            .order("created_at", ascending: false, referencedTable: "bookings").limit(1, referencedTable: "bookings")
            .execute()
        },
        G(
            "rpc with get: the arguments in the URL, counted",
            [
                #"""
                GET /rest/v1/rpc/credit_summary?as_of=2026-06-01&ids=%7B1,2%7D
                Accept: application/json
                Authorization: Bearer <alice>
                Prefer: count=exact
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try? await db.rpc(
                "credit_summary", params: ["as_of": "2026-06-01", "ids": [1, 2]] as JSONValue, get: true, count: .exact
            ).execute()
        },
        G(
            "rpc with head: HEAD, no body",
            [
                #"""
                HEAD /rest/v1/rpc/credit_summary
                Accept: application/json
                Authorization: Bearer <alice>
                Prefer: count=exact
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try? await db.rpc("credit_summary", head: true, count: .exact).execute()
        },
        G(
            "csv, stripped nulls and another schema in the headers",
            [
                #"""
                GET /rest/v1/events?select=id
                Accept: text/csv
                Accept-Profile: reporting
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#,
                #"""
                GET /rest/v1/events?select=id
                Accept: application/vnd.pgrst.object+json;nulls=stripped
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#,
            ]
        ) { db in
            _ = try? await db.schema("reporting").from("events").select("id").csv().executeRaw()
            _ = try? await db.from("events").select("id").single().stripNulls().executeRaw()
        },
        G(
            "a select list's aliases and casts, whitespace outside quotes dropped",
            [
                #"""
                GET /rest/v1/events?select=id,label:title,day:date::text,%22odd%20name%22
                Accept: application/json
                Authorization: Bearer <alice>
                apikey: anon-key-for-tests
                """#
            ]
        ) { db in
            _ = try? await db.from("events").select(
                """
                id,
                label : title,
                day:date::text, "odd name"
                """
            ).execute()
        },
        G(
            "an rpc with no arguments sends {}",
            [
                #"""
                POST /rest/v1/rpc/credit_summary
                Accept: application/json
                Authorization: Bearer <alice>
                Content-Type: application/json
                apikey: anon-key-for-tests
                {}
                """#
            ]
        ) { db in try await db.rpc("credit_summary").execute() },
    ]
}

/// A row shape for the `single()` case.
struct StudioRow: Decodable, Sendable {
    var id: UUID
}
