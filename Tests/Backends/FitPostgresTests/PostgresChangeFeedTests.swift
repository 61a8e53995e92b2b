#if Postgres
    import FitStores
    import Booking
    import Events
    import FitCore
    import FitPostgres
    import FitTesting
    import Foundation
    import PostgresNIO
    import ScenarioBackends
    import Testing

    /// The PostgreSQL change feed (`0006_change_feed.sql` triggers, `PostgresDatabase.changes(to:where:)`): after
    /// commit, in commit order, with row-level security applied by reading every row back as the subscriber.
    ///
    /// Every test seeds fresh members and classes (the server is shared with the other suites, whose writes the
    /// feed hears too), reads a feed once the server listens for it (its first element, `.missedChanges`), and
    /// awaits what it expects; a write waits for its change before the next one when the read-back could see the
    /// later write (a row read back after its delete is not delivered at all).
    ///
    /// Bounded at 3 minutes a test: on two cores the 1000-insert burst shares the server with the fault suite's 400
    /// concurrent bookings, and once exceeded a minute (a fresh-clone CI run in which every parallel test slowed
    /// alike). A test limit cannot raise a suite's: the shortest applies.
    @Suite("PostgreSQL change feed", PostgresTestEnvironment.enabled, .timeLimit(.minutes(10)))
    struct PostgresChangeFeedTests {
        @Test("inserts, updates and deletes arrive after commit with the key and the row")
        func insertsUpdatesAndDeletes() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let seed = DatedSeed()
                try await seed.install(using: database)
                let alice = database.acting(as: .member(seed.alice.id))
                var feed = try await FeedReader.listening(alice.changes(to: "events"))
                let queries = EventsQueries(client: alice)
                let event = Event(title: "Race", date: seed.whole(seed.now))
                _ = try await queries.createEvent(event)
                let inserted = try await feed.next(1)
                var renamed = event
                renamed.title = "Race day"
                _ = try await queries.updateEvent(renamed)
                let updated = try await feed.next(1)
                _ = try await queries.deleteEvents(ids: [event.id])
                let deleted = try await feed.next(1)

                let changes = inserted + updated + deleted
                #expect(changes.map(\.summary) == ["insert events", "update events", "delete events"])
                #expect(changes.map(\.key) == Array(repeating: ["id": event.id.wire], count: 3))
                #expect(changes[0].row?["title"] == "Race")
                #expect(changes[0].row?["member_id"] == seed.alice.id.wire)
                #expect(changes[1].row?["title"] == "Race day")
                #expect(changes[2].row == nil)
            }
        }

        @Test("a member never receives another member's private rows, not even their keys, deletes included")
        func rowLevelSecurity() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let seed = DatedSeed()
                try await seed.install(using: database)
                let alice = database.acting(as: .member(seed.alice.id))
                let bob = database.acting(as: .member(seed.bob.id))
                var bobsEvents = try await FeedReader.listening(bob.changes(to: "events"))
                var bobsBookings = try await FeedReader.listening(bob.changes(to: "bookings"))
                var anonymousBookings = try await FeedReader.listening(
                    database.acting(as: .anonymous).changes(to: "bookable_sessions"))
                let secret = Event(title: "Secret", date: seed.whole(seed.now))
                var service = try await FeedReader.listening(
                    database.changes(
                        to: "events", where: .condition(column: "id", operator: .eq, value: .uuid(secret.id))))

                // Alice writes, changes and deletes an event, books and cancels; then Bob writes his own.
                let aliceEvents = EventsQueries(client: alice)
                _ = try await aliceEvents.createEvent(secret)
                var renamed = secret
                renamed.title = "Still secret"
                _ = try await aliceEvents.updateEvent(renamed)
                _ = try await aliceEvents.deleteEvents(ids: [secret.id])
                let booking = try await BookingQueries(client: alice).bookSession(id: seed.upcomingClass)
                _ = try await BookingQueries(client: alice).cancelBooking(id: booking.id)
                _ = try await EventsQueries(client: bob).createEvent(Event(title: "Mine", date: seed.whole(seed.now)))
                let bobsBooking = try await BookingQueries(client: bob).bookSession(id: seed.soonClass)

                // Bob's feeds skip everything of Alice's (rows, updates and deletes alike) and start with his own.
                let events = try await bobsEvents.next(1)
                #expect(events.map(\.summary) == ["insert events"])
                #expect(events.first?.row?["title"] == "Mine")
                let bookings = try await bobsBookings.next(1)
                #expect(bookings.map(\.summary) == ["insert bookings"])
                #expect(bookings.first?.key == ["id": bobsBooking.id.wire])
                // Anonymous followers of the timetable see spots change, and nobody's booking.
                let timetable = try await anonymousBookings.next(until: {
                    $0.key == ["session_id": seed.soonClass.wire]
                })
                // (Other suites' changes to the timetable arrive too: deletes without a row.)
                #expect(
                    timetable.compactMap(\.row).allSatisfy { $0["booking_id"] == .null && $0["is_booked"] == false })
                // The service role hears Alice's delete (with the key only).
                let serviceChanges = try await service.next(until: { $0.summary == "delete events" })
                #expect(serviceChanges.last?.key == ["id": secret.id.wire])
                #expect(serviceChanges.last?.row == nil)
            }
        }

        @Test("a booking publishes the booking, the ledger entry and the class's timetable row")
        func aBookingPublishesEverythingItChanges() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let seed = DatedSeed()
                try await seed.install(using: database)
                let alice = database.acting(as: .member(seed.alice.id))
                let bob = database.acting(as: .member(seed.bob.id))
                var aliceBookings = try await FeedReader.listening(alice.changes(to: "bookings"))
                var aliceLedger = try await FeedReader.listening(alice.changes(to: "credit_ledger"))
                var bobBookings = try await FeedReader.listening(bob.changes(to: "bookings"))
                var bobView = try await FeedReader.listening(
                    bob.changes(
                        to: "bookable_sessions",
                        where: .condition(column: "session_id", operator: .eq, value: .uuid(seed.upcomingClass))))

                let aliceBooking = try await BookingQueries(client: alice).bookSession(id: seed.upcomingClass)
                _ = try await BookingQueries(client: bob).bookSession(id: seed.soonClass)

                let booked = try await aliceBookings.next(1)
                #expect(booked.map(\.summary) == ["insert bookings"])
                #expect(booked.first?.key == ["id": aliceBooking.id.wire])
                #expect(booked.first?.row?["class_session_id"] == seed.upcomingClass.wire)
                let debited = try await aliceLedger.next(1)
                #expect(debited.map(\.summary) == ["insert credit_ledger"])
                #expect(debited.first?.row?["amount"] == .number(-2))
                #expect(debited.first?.row?["booking_id"] == aliceBooking.id.wire)
                let bobsOwn = try await bobBookings.next(1)
                #expect(bobsOwn.first?.row?["class_session_id"] == seed.soonClass.wire)
                let view = try await bobView.next(1)
                #expect(view.map(\.summary) == ["update bookable_sessions"])
                #expect(view.first?.key == ["session_id": seed.upcomingClass.wire])
                #expect(view.first?.row?["spots_remaining"] == .number(9))
                #expect(view.first?.row?["is_booked"] == false, "Bob sees the spot go, not Alice's booking")

                // Alice's own timetable row says she booked it.
                var aliceView = try await FeedReader.listening(
                    alice.changes(
                        to: "bookable_sessions",
                        where: .condition(column: "session_id", operator: .eq, value: .uuid(seed.upcomingClass))))
                _ = try await BookingQueries(client: bob).bookSession(id: seed.upcomingClass)
                let mine = try await aliceView.next(1)
                #expect(mine.first?.row?["spots_remaining"] == .number(8))
                #expect(mine.first?.row?["is_booked"] == true)
                #expect(mine.first?.row?["booking_id"] == aliceBooking.id.wire)
            }
        }

        @Test("the timetable's rows follow their classes and studio: updates, new classes and deletes")
        func timetableRowsFollowClassesAndStudios() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let seed = DatedSeed()
                try await seed.install(using: database)
                var feed = try await FeedReader.listening(
                    database.acting(as: .anonymous).changes(
                        to: "bookable_sessions",
                        where: .condition(column: "studio_id", operator: .eq, value: .uuid(seed.londonStudio))))

                try await database.from("class_sessions").update(["capacity": 12] as JSONValue)
                    .eq("id", value: seed.upcomingClass).execute()
                let resized = try await feed.next(1)
                #expect(resized.map(\.summary) == ["update bookable_sessions"])
                #expect(resized.first?.key == ["session_id": seed.upcomingClass.wire])
                #expect(resized.first?.row?["spots_remaining"] == .number(12))

                let londonClasses: [JSONValue] = try await database.from("class_sessions").select("id")
                    .eq("studio_id", value: seed.londonStudio).execute().value
                try await database.from("studios").update(["name": "Renamed"] as JSONValue).eq(
                    "id", value: seed.londonStudio
                )
                .execute()
                let renamed = try await feed.next(londonClasses.count)
                #expect(renamed.allSatisfy { $0.summary == "update bookable_sessions" })
                #expect(renamed.allSatisfy { $0.row?["studio_name"] == "Renamed" })
                #expect(
                    Set(renamed.compactMap(\.key))
                        == Set(londonClasses.compactMap { $0["id"] }.map { ["session_id": $0] }))

                try await database.from("class_sessions").delete().eq("id", value: seed.fullClass).execute()
                let deleted = try await feed.next(1)
                #expect(deleted.map(\.summary) == ["delete bookable_sessions"])
                #expect(deleted.first?.key == ["session_id": seed.fullClass.wire])
                #expect(deleted.first?.row == nil)

                let added = UUID()
                try await database.from("class_sessions").insert(
                    [
                        "id": .string(added.uuidString), "studio_id": .string(seed.londonStudio.uuidString),
                        "name": "New",
                        "starts_at": .string(WireDate.string(from: seed.whole(seed.now.addingTimeInterval(86_400)))),
                        "duration_minutes": 30, "capacity": 5, "credit_cost": 1,
                    ] as JSONValue
                ).execute()
                let inserted = try await feed.next(1)
                #expect(inserted.map(\.summary) == ["insert bookable_sessions"])
                #expect(inserted.first?.row?["name"] == "New")
            }
        }

        @Test("the filter narrows the feed to the rows it matches")
        func theFilterNarrows() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let seed = DatedSeed()
                try await seed.install(using: database)
                let alice = database.acting(as: .member(seed.alice.id))
                var mine = try await FeedReader.listening(
                    alice.changes(
                        to: "events", where: .condition(column: "title", operator: .eq, value: .string("Mine"))))
                var free = try await FeedReader.listening(
                    alice.changes(
                        to: "bookable_sessions",
                        where: .or([
                            .condition(column: "session_id", operator: .eq, value: .uuid(seed.freeClass)),
                            .condition(column: "session_id", operator: .eq, value: .uuid(seed.expensiveClass)),
                        ])))
                _ = try await EventsQueries(client: alice).createEvent(
                    Event(title: "Other", date: seed.whole(seed.now)))
                _ = try await EventsQueries(client: alice).createEvent(Event(title: "Mine", date: seed.whole(seed.now)))
                _ = try await BookingQueries(client: alice).bookSession(id: seed.upcomingClass)
                _ = try await BookingQueries(client: alice).bookSession(id: seed.freeClass)

                let events = try await mine.next(1)
                #expect(events.map(\.summary) == ["insert events"])
                #expect(events.first?.row?["title"] == "Mine")
                let sessions = try await free.next(1)
                #expect(sessions.first?.key == ["session_id": seed.freeClass.wire])
                #expect(sessions.first?.row?["is_booked"] == true)
            }
        }

        @Test("a refused or rolled-back write publishes nothing")
        func aRefusedWritePublishesNothing() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let seed = DatedSeed()
                try await seed.install(using: database)
                let carol = database.acting(as: .member(seed.carol.id))
                var bookings = try await FeedReader.listening(carol.changes(to: "bookings"))
                var events = try await FeedReader.listening(carol.changes(to: "events"))

                await #expect(throws: BookingError.insufficientCredits) {
                    try await BookingQueries(client: carol).bookSession(id: seed.upcomingClass)
                }
                // The first row is inserted (its trigger fires), the second breaks a check: all of it rolls back.
                let date = JSONValue.string(WireDate.string(from: seed.whole(seed.now)))
                let error = await #expect(throws: DatabaseError.self) {
                    try await carol.from("events").insert(
                        JSONValue.array([
                            ["title": "Rolled back", "date": date, "text_color": "#000000FF"],
                            ["title": "Bad colour", "date": date, "text_color": "#ff8800ff"],
                        ])
                    ).execute()
                }
                #expect(error?.code == "23514")
                _ = try await BookingQueries(client: carol).bookSession(id: seed.freeClass)
                _ = try await EventsQueries(client: carol).createEvent(Event(title: "Kept", date: seed.whole(seed.now)))

                let booked = try await bookings.next(1)
                #expect(booked.map(\.summary) == ["insert bookings"])
                #expect(booked.first?.row?["class_session_id"] == seed.freeClass.wire)
                let written = try await events.next(1)
                #expect(written.first?.row?["title"] == "Kept")
            }
        }

        @Test("1000 inserts in a burst arrive in order with none lost")
        func aBurstArrivesInOrder() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                let seed = DatedSeed()
                try await seed.install(using: database)
                let alice = database.acting(as: .member(seed.alice.id))
                var feed = try await FeedReader.listening(alice.changes(to: "workouts"))
                let performedAt = JSONValue.string(WireDate.string(from: seed.whole(seed.now)))
                let clock = ContinuousClock()
                let start = clock.now
                let writer = Task {
                    for index in 0..<1000 {
                        try await alice.from("workouts").insert(
                            ["title": .string("W\(index)"), "performed_at": performedAt] as JSONValue
                        ).execute()
                    }
                }
                let changes = try await feed.next(1000)
                try await writer.value
                // Reported, not asserted (speed is the benchmarks' business).
                print("PostgreSQL change feed: 1000 inserts written and received in \(clock.now - start)")

                #expect(changes.allSatisfy { $0.summary == "insert workouts" })
                let titles = changes.compactMap { $0.row?["title"]?.stringValue }
                #expect(titles == (0..<1000).map { "W\($0)" })
            }
        }

        @Test("an unknown table, an unknown column or a table without a feed fails at once, as a read would")
        func unfollowableRelationsFail() async throws {
            try await PostgresTestEnvironment.withDatabase { database in
                await #expect(throws: DatabaseError.unknownTable("nope")) {
                    for try await _ in database.changes(to: "nope") {}
                }
                await #expect(throws: DatabaseError.unknownColumn("nope", in: "events")) {
                    for try await _ in database.changes(
                        to: "events", where: .condition(column: "nope", operator: .eq, value: .string("x")))
                    {}
                }
                let table =
                    "change_feed_untracked_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
                try await PostgresTestEnvironment.runScript("create table public.\(table) (id integer primary key);")
                try await database.reloadSchema()
                let error = await #expect(throws: DatabaseError.self) {
                    for try await _ in database.changes(to: table) {}
                }
                try await PostgresTestEnvironment.runScript("drop table if exists public.\(table);")
                #expect(error?.code == "55000")
                #expect(database.changeFollowerCount == 0)
            }
        }

        @Test("a follower leaves as soon as its task is cancelled, and the listening connection goes back to the pool")
        func cancellingReleasesTheConnection() async throws {
            // One connection: while the feed listens on it nothing else can run, so each read below proves that
            // the cancelled subscription handed it back.
            try await PostgresTestEnvironment.withDatabase(maximumConnections: 1) { database in
                try await database.reloadSchema()
                for _ in 0..<3 {
                    let feed = database.changes(to: "studios")
                    #expect(database.changeFollowerCount == 1)
                    let (listening, heard) = AsyncStream.makeStream(of: Void.self)
                    let following = Task {
                        var reader = FeedReader(feed)
                        _ = try await reader.next(1)
                        heard.yield()
                        _ = try await reader.next(1)
                    }
                    for await _ in listening { break }
                    following.cancel()
                    _ = await following.result
                    #expect(database.changeFollowerCount == 0)
                    let studios: [JSONValue] = try await database.from("studios").select().limit(1).execute().value
                    #expect(studios.count <= 1)
                }
            }
        }

        @Test(
            "a dropped listening connection is followed by missed changes and a reload that shows what was written meanwhile"
        )
        func aDroppedConnectionReloads() async throws {
            let name = "fitkit-feed-" + UUID().uuidString.lowercased()
            try await PostgresTestEnvironment.withDatabase(applicationName: name) { database in
                let seed = DatedSeed()
                try await seed.install(using: database)
                let alice = database.acting(as: .member(seed.alice.id))
                var feed = try await FeedReader.listening(alice.changes(to: "events"))
                let store = EventsStore(queries: EventsQueries(client: alice))
                let following = Task { await store.follow() }
                await waitUntil { store.state.events.value != nil }

                // Terminated from the server, and a write while nobody listens.
                try await PostgresTestEnvironment.terminateListener(
                    of: name,
                    whileWriting: """
                        insert into public.events (member_id, title, date, text_color)
                        values ('\(seed.alice.id.uuidString.lowercased())', 'Written while gone', now(), '#000000FF');
                        """)
                #expect(try await feed.next(1).map(\.summary) == ["missed events"])
                await waitUntil { store.events.map(\.title) == ["Written while gone"] }

                // Listening again: the next write arrives as usual.
                _ = try await EventsQueries(client: alice).createEvent(
                    Event(title: "After", date: seed.whole(seed.now)))
                let after = try await feed.next(until: { $0.row?["title"] == "After" })
                #expect(after.last?.summary == "insert events")
                await waitUntil { store.events.count == 2 }
                following.cancel()
                await following.value
                #expect(store.error == nil)
                #expect(database.changeFollowerCount == 1)
            }
        }

        @Test("closing the pool ends the feed with a connection error")
        func closingThePoolEndsTheFeed() async throws {
            var configuration = try FitPostgres.PostgresDatabase.configuration(
                url: try #require(PostgresTestEnvironment.url))
            configuration.options.maximumConnections = 2
            let client = PostgresClient(configuration: configuration)
            await PostgresTestEnvironment.pools.enter()
            let running = Task { await client.run() }
            // A filter that no other suite's change matches, decided without reading back (which the closed pool
            // would refuse with its own error).
            let feed = FitPostgres.PostgresDatabase(client: client).changes(
                to: "events", where: .condition(column: "id", operator: .eq, value: .uuid(UUID())))
            let error: DatabaseError?
            do {
                var reader = try await FeedReader.listening(feed)
                running.cancel()
                error = await #expect(throws: DatabaseError.self) { _ = try await reader.next(1) }
            } catch {
                running.cancel()
                await running.value
                await PostgresTestEnvironment.pools.leave()
                throw error
            }
            await running.value
            await PostgresTestEnvironment.pools.leave()
            #expect(error?.code == "08006")
        }

        @Test("the triggers notify the key, the owner and the class, never the row")
        func payloads() async throws {
            try await PostgresTestEnvironment.withClient(applicationName: "fitkit-payloads") { client in
                let database = FitPostgres.PostgresDatabase(client: client)
                let seed = DatedSeed()
                try await seed.install(using: database)
                let owner = seed.alice.id.uuidString.lowercased()
                let payloads = try await client.withConnection { connection in
                    try await connection.listen(on: "fitkit_changes") { notifications in
                        let booking = try await BookingQueries(client: database.acting(as: .member(seed.alice.id)))
                            .bookSession(id: seed.upcomingClass)
                        var mine: [JSONValue] = []
                        for try await notification in notifications where notification.payload.contains(owner) {
                            mine.append(try JSONDecoder().decode(JSONValue.self, from: Data(notification.payload.utf8)))
                            if mine.count == 2 { break }
                        }
                        return (booking.id, mine)
                    }
                }
                let (bookingId, notified) = payloads
                #expect(
                    notified.first
                        == [
                            "table": "bookings", "op": "insert", "key": ["id": bookingId.wire],
                            "owner": seed.alice.id.wire,
                            // The owner column is a ref too (0018), for views that place rows by member.
                            "refs": ["class_session_id": seed.upcomingClass.wire, "member_id": seed.alice.id.wire],
                        ])
                let ledger = try #require(notified.last?.objectValue)
                #expect(Set(ledger.keys) == ["table", "op", "key", "owner", "refs"])
                #expect(ledger["refs"] == .object(["member_id": seed.alice.id.wire]))
                #expect(ledger["table"] == "credit_ledger")
                #expect(ledger["key"]?.objectValue?.keys.sorted() == ["id"])
            }
        }
    }
#endif
