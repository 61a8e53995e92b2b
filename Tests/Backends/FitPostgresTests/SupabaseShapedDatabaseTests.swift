#if Postgres
    import Booking
    import FitContract
    import FitCore
    @testable import FitPostgres
    import Foundation
    import Members
    import PostgresNIO
    import Testing

    /// FitKit's migrations on a database set up as Supabase sets one up before any of them runs: Supabase Auth's own
    /// `auth.users`, owned by Auth's role `supabase_auth_admin` (with a user who signed up already), the
    /// `supabase_realtime` publication, and default privileges that grant every new function and table to the API roles
    /// by name (github:supabase/postgres, `migrations/db/init-scripts/00000000000000-initial-schema.sql` and
    /// `00000000000001-auth-schema.sql`).
    @Suite("FitKit's migrations on a Supabase-shaped database", PostgresTestEnvironment.enabled)
    struct SupabaseShapedDatabaseTests {
        static let earlyBird = UUID(uuidString: "E0000000-0000-4000-8000-000000000001")!

        /// What a Supabase project has before FitKit: the parts the migrations meet (not the whole of Supabase Auth).
        static let supabase = """
            do $$
            begin
              create role supabase_auth_admin noinherit createrole login noreplication;
            exception when duplicate_object or unique_violation then
              null;  -- made by a test running alongside: roles belong to the whole server
            end
            $$;
            create schema if not exists auth;
            grant all privileges on schema auth to supabase_auth_admin;
            create table auth.users (
              instance_id uuid, id uuid primary key, aud varchar(255), role varchar(255), email varchar(255),
              encrypted_password varchar(255), raw_user_meta_data jsonb, created_at timestamptz, updated_at timestamptz,
              phone text unique default null, is_sso_user boolean not null default false,
              is_anonymous boolean not null default false
            );
            create unique index users_email_partial_key on auth.users (email) where is_sso_user = false;
            alter table auth.users owner to supabase_auth_admin;
            insert into auth.users (id, aud, role, email, raw_user_meta_data)
            values ('\(earlyBird.uuidString.lowercased())', 'authenticated', 'authenticated', 'early@example.com',
                    '{"full_name": "Early Bird", "time_zone": "Asia/Tokyo"}');
            create publication supabase_realtime;
            alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
            alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
            """

        /// Runs `body` on a new database that had ``supabase`` and then `Backend/migrations` applied (those up to
        /// `through`, when given).
        static func withSupabaseShapedDatabase(
            through last: String? = nil, _ body: (FitPostgres.PostgresDatabase) async throws -> Void
        ) async throws {
            try await PostgresMigratorTests.withEmptyDatabase { database in
                let contract = try PostgresMigrator(directory: PostgresMigratorTests.migrationsDirectory)
                let shape = try PostgresMigrator.Migration(name: "0000_supabase_shape.sql", sql: supabase)
                let migrations = contract.migrations.filter { last == nil || $0.name <= last! }
                _ = try await PostgresMigrator(migrations: [shape] + migrations).migrate(database)
                try await body(database)
            }
        }

        /// Deletes an auth user as Supabase Auth does for the dashboard's "Delete user" and the admin API
        /// (github:supabase/auth, `internal/api/admin.go` `adminUserDelete`: `tx.Destroy(user)`, which pop sends as
        /// `DELETE FROM "users" AS users WHERE users.id = $1`), as its role, with its search path (`auth`).
        static func deleteAsSupabaseAuth(_ user: UUID, in database: FitPostgres.PostgresDatabase) async throws {
            try await database.backend.transaction(as: .service) { connection, logger in
                try await connection.query("set local role supabase_auth_admin", logger: logger)
                try await connection.query("set local search_path = auth", logger: logger)
                try await connection.query(
                    "delete from \"users\" as users where users.id = \(user)", logger: logger)
            }
        }

        /// The one text column of `sql`'s rows, in order, run as the connecting superuser.
        static func texts(_ sql: String, in database: FitPostgres.PostgresDatabase) async throws -> [String] {
            try await database.backend.transaction(as: .service) { connection, logger in
                // Back from the service role to the connecting superuser, as Supabase Auth's own role writes.
                try await connection.query("set local role none", logger: logger)
                let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
                var texts: [String] = []
                for try await text in rows.decode(String.self) { texts.append(text) }
                return texts
            }
        }

        @Test("users who signed up before the migrations get members, and later sign-ups of every kind do too")
        func signUpsMakeMembers() async throws {
            try await Self.withSupabaseShapedDatabase { database in
                let members = try await MembersQueries(client: database).getMembers()
                #expect(
                    members == [
                        Member(
                            id: Self.earlyBird, displayName: "Early Bird", email: "early@example.com",
                            timeZone: "Asia/Tokyo")
                    ])
                // As Supabase Auth inserts them: an email sign-up, a phone sign-up, an anonymous sign-in.
                _ = try await Self.texts(
                    """
                    insert into auth.users (id, aud, role, email, phone, is_anonymous, raw_user_meta_data)
                    values (gen_random_uuid(), 'authenticated', 'authenticated', 'ann@example.com', null, false,
                            '{"display_name": "Ann"}'),
                           (gen_random_uuid(), 'authenticated', 'authenticated', null, '447700900123', false, '{}'),
                           (gen_random_uuid(), 'authenticated', 'authenticated', null, null, true, '{}')
                    returning id::text
                    """, in: database)
                let names = try await Self.texts(
                    "select display_name || ' ' || coalesce(email, '-') from members order by created_at, display_name",
                    in: database)
                #expect(
                    names.sorted()
                        == [
                            "447700900123 -", "Ann ann@example.com", "Early Bird early@example.com",
                            "Member -",
                        ].sorted())
            }
        }

        @Test("the Backends article's path: sign up, the member appears, book, delete the account and its auth user")
        func theArticlesPath() async throws {
            try await Self.withSupabaseShapedDatabase { database in
                let id = UUID()
                // Step 2, as Supabase Auth stores a sign-up with `data: [display_name, time_zone]`.
                _ = try await Self.texts(
                    """
                    insert into auth.users (id, aud, role, email, raw_user_meta_data)
                    values ('\(id.uuidString.lowercased())', 'authenticated', 'authenticated', 'maya@example.com',
                            '{"display_name": "Maya Thompson", "time_zone": "Europe/London"}')
                    returning id::text
                    """, in: database)
                let member = database.acting(as: .member(id))
                #expect(
                    try await MembersQueries(client: member).getMembers() == [
                        Member(
                            id: id, displayName: "Maya Thompson", email: "maya@example.com", timeZone: "Europe/London")
                    ])
                let office = BackOffice(service: database)
                let studio = try await office.addStudio(name: "FitKit Studio", timeZone: "Europe/London")
                let yoga = try await office.addSession(
                    at: studio, name: "Yoga Flow", startsAt: Date().addingTimeInterval(86_400), capacity: 1)
                try await office.addCredits(10, to: id)
                _ = try await BookingQueries(client: member).bookSession(id: yoga)

                let deletion = try await MembersQueries(client: member).deleteAccount()

                #expect(deletion == AccountDeletion(memberId: id, cancelledBookings: 1))
                #expect(
                    try await Self.texts(
                        "select id::text from auth.users where email = 'maya@example.com'", in: database)
                        == [])
                #expect(
                    try await Self.texts(
                        "select booked_count::text from class_sessions where id = '\(yoga.uuidString.lowercased())'",
                        in: database) == ["0"])
                await #expect(throws: AccountError.noMemberProfile) {
                    try await MembersQueries(client: member).deleteAccount()
                }
            }
        }

        @Test("a member without an auth user is refused, and removing an auth user removes the member and their rows")
        func membersFollowTheirAuthUsers() async throws {
            try await Self.withSupabaseShapedDatabase { database in
                let error = await #expect(throws: DatabaseError.self) {
                    try await database.from("members").insert(
                        ["id": .string(UUID().uuidString), "display_name": "Nobody"] as JSONValue
                    ).execute()
                }
                #expect(error?.isForeignKeyViolation(table: "members", column: "id") == true)
                try await BackOffice(service: database).addCredits(5, to: Self.earlyBird)
                // As Supabase's dashboard (or Auth's admin API) deletes a user.
                _ = try await Self.texts(
                    "delete from auth.users where id = '\(Self.earlyBird.uuidString.lowercased())' returning id::text",
                    in: database)
                #expect(try await Self.texts("select id::text from members", in: database) == [])
                #expect(try await Self.texts("select id::text from credit_ledger", in: database) == [])
            }
        }

        @Test(
            "Supabase Auth deletes a member holding a booking, a waitlist entry and ledger rows: every row goes, every count is right"
        )
        func supabaseAuthDeletesAMemberWithBookings() async throws {
            try await Self.withSupabaseShapedDatabase { database in
                let (leaver, waiter) = try await Self.memberWithBookings(in: database)
                try await Self.deleteAsSupabaseAuth(leaver.member, in: database)

                let id = leaver.member.uuidString.lowercased()
                let owned = [
                    ("auth.users", "id"), ("members", "id"), ("bookings", "member_id"), ("credit_ledger", "member_id"),
                    ("waitlist_entries", "member_id"), ("notifications", "member_id"),
                ]
                for (table, column) in owned {
                    #expect(
                        try await Self.texts(
                            "select count(*)::text from \(table) where \(column) = '\(id)'", in: database)
                            == ["0"], "\(table)")
                }
                // The freed spot went to the first in line, in the same statement, and the counts follow.
                let waiterId = waiter.uuidString.lowercased()
                #expect(
                    try await Self.texts(
                        "select booked_count::text from class_sessions where id = '\(leaver.held.uuidString.lowercased())'",
                        in: database) == ["1"])
                #expect(
                    try await Self.texts(
                        "select kind from notifications where member_id = '\(waiterId)'", in: database) == [
                            "promoted"
                        ])
                #expect(
                    try await Self.texts(
                        "select booked_count::text from class_sessions where id = '\(leaver.waited.uuidString.lowercased())'",
                        in: database) == ["1"])
            }
        }

        @Test("before 0013, Supabase Auth could not delete a member holding a booking (42501 on class_sessions)")
        func theRegressionIsReproducedOnTheShape() async throws {
            try await Self.withSupabaseShapedDatabase(through: "0012_realtime.sql") { database in
                let (leaver, _) = try await Self.memberWithBookings(in: database)
                let error = await #expect(throws: DatabaseError.self) {
                    try await Self.deleteAsSupabaseAuth(leaver.member, in: database)
                }
                #expect(error?.code == "42501")
                #expect(error?.message == "permission denied for table class_sessions")
            }
        }

        /// What a member deleted by Supabase Auth holds, and who waits behind them.
        struct Leaver {
            var member: UUID
            /// A class the member holds the only spot of, with someone in line.
            var held: UUID
            /// A full class the member waits for.
            var waited: UUID
        }

        /// A member with a booking (whose class has a line), a waitlist entry, ledger rows (a purchase, a booking, a
        /// refund) and, from 0014 on, a notification; and the member first in line behind their booking.
        static func memberWithBookings(in database: FitPostgres.PostgresDatabase) async throws -> (Leaver, waiter: UUID)
        {
            let office = BackOffice(service: database)
            let studio = try await office.addStudio(name: "FitKit Studio", timeZone: "Europe/London")
            let start = Date().addingTimeInterval(86_400)
            let held = try await office.addSession(at: studio, name: "Held", startsAt: start, capacity: 1)
            let waited = try await office.addSession(at: studio, name: "Waited", startsAt: start, capacity: 1)
            let refunded = try await office.addSession(at: studio, name: "Refunded", startsAt: start, capacity: 5)
            let people = try await office.addMembers(["Leaver", "Waiter", "Holder"], credits: 10)
            let (leaver, waiter, holder) = (people[0].id, people[1].id, people[2].id)
            let booking = BookingQueries(client: database.acting(as: .member(leaver)))
            _ = try await booking.bookSession(id: held)
            _ = try await booking.cancelBooking(id: try await booking.bookSession(id: refunded).id)
            _ = try await BookingQueries(client: database.acting(as: .member(holder))).bookSession(id: waited)
            _ = try await database.acting(as: .member(waiter)).rpc("join_waitlist", params: ["session_id": held])
                .execute()
            _ = try await database.acting(as: .member(leaver)).rpc("join_waitlist", params: ["session_id": waited])
                .execute()
            return (Leaver(member: leaver, held: held, waited: waited), waiter)
        }

        @Test("every table of the contract is in supabase_realtime, bookings and waitlist entries with their full rows")
        func realtimeSeesTheContract() async throws {
            try await Self.withSupabaseShapedDatabase { database in
                let published = try await Self.texts(
                    """
                    select tablename::text from pg_publication_tables
                    where pubname = 'supabase_realtime' and schemaname = 'public' order by 1
                    """, in: database)
                #expect(published == FitKitContract.schema.exposedTables.map(\.name).sorted())
                let full = try await Self.texts(
                    """
                    select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
                    where n.nspname = 'public' and c.relkind = 'r' and c.relreplident = 'f' order by 1
                    """, in: database)
                #expect(full == ["bookings", "waitlist_entries"])
            }
        }

        @Test("no view runs with its owner's rights, and the API roles can call only the contract's functions")
        func theAdvisorsFindingsAreGone() async throws {
            try await Self.withSupabaseShapedDatabase { database in
                let definerViews = try await Self.texts(
                    """
                    select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
                    where n.nspname = 'public' and c.relkind = 'v'
                      and not coalesce(c.reloptions @> array['security_invoker=true'], false)
                    """, in: database)
                #expect(definerViews == [])
                for role in ["anon", "authenticated"] {
                    let callable = try await Self.texts(
                        """
                        select p.proname::text from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                        where n.nspname = 'public' and has_function_privilege('\(role)', p.oid, 'execute')
                        order by 1
                        """, in: database)
                    #expect(
                        callable == [
                            "book_session", "cancel_booking", "credit_summary", "delete_my_account", "desk_add_class",
                            "desk_adjust_credits", "desk_cancel_class", "desk_edit_class", "desk_line",
                            "desk_move_in_line", "desk_remove_from_line", "desk_roster", "desk_set_capacity",
                            "desk_set_class_cutoff", "desk_set_full_refund_window", "desk_set_line_cap",
                            "desk_set_policies", "join_waitlist",
                            "leave_waitlist", "mark_notifications_read", "update_my_profile", "waitlist_lines",
                        ], "\(role)")
                }
            }
        }
    }
#endif
