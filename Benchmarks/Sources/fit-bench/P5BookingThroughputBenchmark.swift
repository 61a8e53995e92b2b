import Foundation

#if Postgres
    import Booking
    import FitContract
    import FitCore
    import FitPostgres
    import PostgresNIO
#endif

/// P5: bookings per second through FitPostgres against pgbench running the same `book_session` function
/// with the same number of clients and against FitPostgres's own statement sent raw through PostgresNIO, plus the
/// overbooking count afterwards, and this process's CPU per booking. Goals: a rate ≥ 1.0× the raw statement's, CPU
/// per booking ≤ 1.15× the raw statement's (what FitKit adds around the statement), and 0 overbooked; the ratio to
/// pgbench is reported (pgbench and the server share this machine's cores).
///
/// Each side gets its own C members (T credits each) and T sessions (capacity C, cost 1, days ahead), so
/// every booking succeeds and the sides never touch each other's rows; within a side, all C clients book
/// the same T sessions in the same order, filling each one exactly to capacity.
enum P5BookingThroughputBenchmark {
    /// C and T; `FITKIT_BENCH_CLIENTS` and `FITKIT_BENCH_BOOKINGS` override them.
    static let clients = environmentInt("FITKIT_BENCH_CLIENTS") ?? 8
    static let bookingsPerClient = environmentInt("FITKIT_BENCH_BOOKINGS") ?? 500
    /// Runs, each on fresh members and sessions, after one that is not counted; the figure is the median.
    static let runs = 9

    /// One side alone, for a profiler: `FITKIT_BENCH_P5_SIDE=fitpostgres` runs only FitPostgres's bookings in each run,
    /// `raw` only the single statement sent straight through PostgresNIO (no pgbench, no other side), `raw-leased` the
    /// same statement with a connection leased from the pool per booking, and the figure is that side's rate and this
    /// process's CPU per booking, with no goal. With `perf record` around `fit-bench`,
    /// the two profiles differ by what FitKit adds.
    enum ProfiledSide: String {
        case fitpostgres, raw
        case rawLeased = "raw-leased"
    }

    static let profiledSide = ProcessInfo.processInfo.environment["FITKIT_BENCH_P5_SIDE"].flatMap(
        ProfiledSide.init(rawValue:))

    private static func environmentInt(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }

    static func run() async throws -> [Figure] {
        #if Postgres
            guard let url = ProcessInfo.processInfo.environment["FITKIT_DATABASE_URL"], !url.isEmpty else {
                return [
                    skipped("FITKIT_DATABASE_URL is not set (run scripts/bench.sh, which starts a PostgreSQL server)")
                ]
            }
            guard let pgbench = Shell.executable("pgbench", fallback: "/usr/lib/postgresql/15/bin"),
                let psql = Shell.executable("psql", fallback: "/usr/lib/postgresql/15/bin")
            else {
                return [skipped("pgbench or psql not found on PATH or in /usr/lib/postgresql/15/bin")]
            }
            return try await measure(url: url, pgbench: pgbench, psql: psql)
        #else
            return [
                skipped(
                    "built without the Postgres trait (swift run -c release --package-path Benchmarks --traits Postgres fit-bench)"
                )
            ]
        #endif
    }

    private static func skipped(_ reason: String) -> Figure {
        Figure(id: "P5", text: "P5 skipped: \(reason)")
    }

    #if Postgres
        /// One run's rates, in bookings per second, and FitPostgres's time.
        private struct Run {
            var ours: Double
            var pgbench: Double
            var raw: Double
            var rawSingle: Double
            var seconds: Double
            /// This process's CPU time and context switches per booking: FitPostgres, and the raw single statement.
            var ourUsage: ProcessUsage
            var singleUsage: ProcessUsage
            /// The single statement sent raw with a connection leased from the pool for each booking, as FitPostgres
            /// leases one per request: its CPU, reported beside the goal's.
            var leasedUsage: ProcessUsage
        }

        private static func measure(url: String, pgbench: String, psql: String) async throws -> [Figure] {
            let connection = try PostgresConnectionArguments(url: url)
            var results: [Run] = []
            // One run first that is not counted: the server's caches and the process's warm up during it, so it is
            // FitPostgres's slowest (see `Benchmarks/README.md`).
            _ = try await measureOnce(
                url: url, pgbench: pgbench, psql: psql, connection: connection, pgbenchFirst: false)
            for run in 0..<runs {
                results.append(
                    try await measureOnce(
                        url: url, pgbench: pgbench, psql: psql, connection: connection,
                        pgbenchFirst: profiledSide == nil && run % 2 == 1))
            }
            func rate(_ spread: Spread) -> String {
                String(format: "%.0f/s (%.0f–%.0f)", spread.median, spread.min, spread.max)
            }
            let total = clients * bookingsPerClient
            func cpuPerBooking(_ keyPath: KeyPath<Run, ProcessUsage>) -> Double {
                Spread(results.map { $0[keyPath: keyPath].cpuSeconds / Double(total) * 1e6 }).median
            }
            func usage(_ keyPath: KeyPath<Run, ProcessUsage>) -> String {
                let switches = Spread(results.map { Double($0[keyPath: keyPath].contextSwitches) / Double(total) })
                return String(format: "%.0f µs CPU, %.1f context switches", cpuPerBooking(keyPath), switches.median)
            }
            if let side = profiledSide {
                let (rateOf, usageOf) =
                    side == .fitpostgres ? (\Run.ours, \Run.ourUsage) : (\Run.rawSingle, \Run.singleUsage)
                return [
                    Figure(
                        id: "P5",
                        text:
                            "P5 profile of \(side.rawValue) alone (FITKIT_BENCH_P5_SIDE), \(clients) clients × \(bookingsPerClient) bookings: \(rate(Spread(results.map { $0[keyPath: rateOf] }))), per booking \(usage(usageOf)) (medians of \(runs) runs)"
                    )
                ]
            }
            let overbooked = try Shell.run(
                psql,
                connection.psqlArguments + [
                    "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c",
                    """
                    select count(*) from (select s.id from class_sessions s join bookings b on b.class_session_id = s.id \
                    and b.status = 'active' group by s.id, s.capacity having count(*) > s.capacity) as overbooked
                    """,
                ], environment: connection.environment
            ).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let overbookedCount = Int(overbooked) else {
                throw BenchmarkError("P5: overbooking query said \(overbooked)")
            }
            let ratios = Spread(results.map { $0.ours / $0.pgbench })
            let ours = Spread(results.map(\.ours))
            let theirs = Spread(results.map(\.pgbench))
            let raw = Spread(results.map(\.raw))
            let single = Spread(results.map(\.rawSingle))
            return [
                Figure(
                    id: "P5",
                    text:
                        "P5 bookings/s through FitPostgres, \(clients) clients × \(bookingsPerClient) bookings (\(total) per run): \(rate(ours)) vs pgbench book_session \(rate(theirs)) → median \(ratios.ratios())"
                ),
                Figure(
                    id: "P5",
                    text:
                        "P5 detail: pgbench's 4 statements per booking (begin, set_config, book_session, commit) straight through PostgresNIO, \(clients) clients: \(rate(raw)) → \(Measure.ratio(raw.median / theirs.median)) pgbench; FitPostgres → \(Measure.ratio(ours.median / raw.median)) raw PostgresNIO"
                ),
                Figure(
                    id: "P5",
                    text:
                        "P5 detail: FitPostgres's one statement per booking (claims set in the call's FROM, role set once per session), unprepared, straight through PostgresNIO, \(clients) clients: \(rate(single)) → \(Measure.ratio(single.median / theirs.median)) pgbench; FitPostgres, which prepares it once per connection → \(Measure.ratio(ours.median / single.median)) of it",
                    goal: "FitPostgres ≥ 1.0× the raw statement's rate", met: ours.median >= single.median),
                Figure(
                    id: "P5",
                    text:
                        "P5 this process per booking, median: FitPostgres \(usage(\.ourUsage)); the single statement sent raw \(usage(\.singleUsage)); the same with a connection leased from the pool per booking \(usage(\.leasedUsage))",
                    goal: "FitPostgres's CPU per booking ≤ 1.15× the raw statement's",
                    met: cpuPerBooking(\.ourUsage) <= 1.15 * cpuPerBooking(\.singleUsage)),
                Figure(
                    id: "P5",
                    text:
                        "P5 overbooked sessions after every run (active bookings > capacity): \(overbookedCount)",
                    goal: "0 overbooked sessions", met: overbookedCount == 0),
            ]
        }

        /// One run: seeds every side's rows, vacuums and analyzes them (as pgbench does before a run unless told
        /// not to), then times FitPostgres and pgbench (in the order `pgbenchFirst` says, alternated between runs so
        /// neither always goes first), then the raw driver's two forms.
        private static func measureOnce(
            url: String, pgbench: String, psql: String, connection: PostgresConnectionArguments, pgbenchFirst: Bool
        ) async throws -> Run {
            // A run tag in every id, so the benchmark can run again on the same database.
            let tag = String(format: "%04x", UInt16.random(in: 0...UInt16.max))
            let pgbenchMembers = (1...clients).map { UUID(uuidString: "00000000-\(tag)-4000-8000-" + pad($0))! }
            let pgbenchSessions = (1...bookingsPerClient).map {
                UUID(uuidString: "00000000-\(tag)-4000-9000-" + pad($0))!
            }
            let ourMembers = (1...clients).map { _ in UUID() }
            let ourSessions = (1...bookingsPerClient).map { _ in UUID() }
            let rawMembers = (1...clients).map { _ in UUID() }
            let rawSessions = (1...bookingsPerClient).map { _ in UUID() }
            let singleMembers = (1...clients).map { _ in UUID() }
            let singleSessions = (1...bookingsPerClient).map { _ in UUID() }
            let leasedMembers = (1...clients).map { _ in UUID() }
            let leasedSessions = (1...bookingsPerClient).map { _ in UUID() }

            try await FitPostgres.PostgresDatabase.withDatabase(url: url, as: .service, maximumConnections: 1) {
                database in
                try await seed(
                    database, members: pgbenchMembers + ourMembers + rawMembers + singleMembers + leasedMembers,
                    sessions: pgbenchSessions + ourSessions + rawSessions + singleSessions + leasedSessions, tag: tag)
            }
            // Fresh rows are vacuumed and their statistics read before any side runs, so no side pays for the
            // first look at them or runs beside autovacuum.
            _ = try Shell.run(
                psql,
                connection.psqlArguments + [
                    "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c",
                    "vacuum analyze members, credit_ledger, class_sessions, bookings",
                ], environment: connection.environment)

            let none = ProcessUsage(cpuSeconds: 0, contextSwitches: 0)
            if profiledSide == .raw || profiledSide == .rawLeased {
                let start = ProcessUsage.now()
                let rate = try await rawDriverRate(
                    url: url, members: singleMembers, sessions: singleSessions, oneStatement: true,
                    leasePerBooking: profiledSide == .rawLeased)
                let usage = ProcessUsage.now() - start
                return Run(
                    ours: 0, pgbench: 0, raw: 0, rawSingle: rate, seconds: 0, ourUsage: none, singleUsage: usage,
                    leasedUsage: none)
            }
            var pgbenchRate = 0.0
            if pgbenchFirst { pgbenchRate = try runPgbench(pgbench, connection: connection, tag: tag) }
            // All connections open and kept, as pgbench's clients keep theirs: no pool timer per booking.
            let (ourRate, seconds, ourUsage) = try await FitPostgres.PostgresDatabase.withDatabase(
                url: url, as: .service, maximumConnections: clients, pool: .allOpen
            ) { database in
                // Open every connection and load the schema before timing (pgbench's tps excludes connecting too).
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<clients {
                        group.addTask { _ = try await database.from("studios").select("id").limit(1).execute() }
                    }
                    try await group.waitForAll()
                }
                let usage = ProcessUsage.now()
                let start = ContinuousClock.now
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for member in ourMembers {
                        group.addTask {
                            let queries = BookingQueries(client: database.acting(as: .member(member)))
                            for session in ourSessions { _ = try await queries.bookSession(id: session) }
                        }
                    }
                    try await group.waitForAll()
                }
                let seconds = Measure.seconds(ContinuousClock.now - start)
                return (Double(clients * bookingsPerClient) / seconds, seconds, ProcessUsage.now() - usage)
            }
            if profiledSide == .fitpostgres {
                return Run(
                    ours: ourRate, pgbench: 0, raw: 0, rawSingle: 0, seconds: seconds, ourUsage: ourUsage,
                    singleUsage: none, leasedUsage: none)
            }
            if !pgbenchFirst { pgbenchRate = try runPgbench(pgbench, connection: connection, tag: tag) }
            let rawRate = try await rawDriverRate(url: url, members: rawMembers, sessions: rawSessions)
            let singleStart = ProcessUsage.now()
            let singleRate = try await rawDriverRate(
                url: url, members: singleMembers, sessions: singleSessions, oneStatement: true)
            let singleUsage = ProcessUsage.now() - singleStart
            let leasedStart = ProcessUsage.now()
            _ = try await rawDriverRate(
                url: url, members: leasedMembers, sessions: leasedSessions, oneStatement: true, leasePerBooking: true)
            let leasedUsage = ProcessUsage.now() - leasedStart

            let bookingCounts = try Shell.run(
                psql,
                connection.psqlArguments + [
                    "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c",
                    """
                    select count(*) filter (where s.id::text like '00000000-\(tag)-%'), count(*) filter (where s.id = any('\(sqlArray(ourSessions))'::uuid[])) \
                    from bookings b join class_sessions s on s.id = b.class_session_id where b.status = 'active'
                    """,
                ], environment: connection.environment
            ).trimmingCharacters(in: .whitespacesAndNewlines)
            let expected = clients * bookingsPerClient
            guard bookingCounts == "\(expected)|\(expected)" else {
                throw BenchmarkError(
                    "P5: expected \(expected) active bookings per side (pgbench|FitPostgres), found \(bookingCounts)")
            }
            return Run(
                ours: ourRate, pgbench: pgbenchRate, raw: rawRate, rawSingle: singleRate, seconds: seconds,
                ourUsage: ourUsage, singleUsage: singleUsage, leasedUsage: leasedUsage)
        }

        /// Members with `bookingsPerClient` credits each, one studio and the sessions (capacity `clients`, cost 1,
        /// three days ahead), written as the service role.
        private static func seed(
            _ database: FitPostgres.PostgresDatabase, members: [UUID], sessions: [UUID], tag: String
        ) async throws {
            let studio = UUID()
            try await database.from("studios").insert(
                ["id": .string(studio.uuidString), "name": .string("Bench \(tag)"), "time_zone": "Europe/London"]
                    as JSONValue
            ).execute()
            try await BackOffice(service: database).createAccounts(
                members.map {
                    NewAccount(id: $0, email: "bench-\($0.uuidString.lowercased())@example.com", displayName: "Bench")
                })
            try await database.from("credit_ledger").insert(
                JSONValue.array(
                    members.map { member in
                        [
                            "member_id": .string(member.uuidString), "amount": .number(Decimal(bookingsPerClient)),
                            "reason": "purchase",
                        ]
                    })
            ).execute()
            let startsAt = WireDate.string(from: Date().addingTimeInterval(3 * 24 * 3600))
            try await database.from("class_sessions").insert(
                JSONValue.array(
                    sessions.enumerated().map { index, session in
                        [
                            "id": .string(session.uuidString), "studio_id": .string(studio.uuidString),
                            "name": .string("Bench \(index)"),
                            "starts_at": .string(startsAt), "duration_minutes": 45,
                            "capacity": .number(Decimal(clients)),
                            "credit_cost": 1,
                        ]
                    })
            ).execute()
        }

        /// Bookings per second sending FitPostgres's statements for `book_session` straight through a PostgresNIO
        /// pool (no query builder, compiler or decoding): what the driver itself costs against pgbench.
        ///
        /// Each client keeps one connection for all its bookings, unless `leasePerBooking`: then each booking leases a
        /// connection from the pool, as a FitPostgres request does, and sets the role in the statement too (it cannot
        /// know what the connection's session was set to).
        private static func rawDriverRate(
            url: String, members: [UUID], sessions: [UUID], oneStatement: Bool = false, leasePerBooking: Bool = false
        ) async throws -> Double {
            var configuration = try FitPostgres.PostgresDatabase.configuration(url: url)
            // The pool FitPostgres's side has (`PostgresPoolMode.allOpen`): every connection open, no timers.
            configuration.options.maximumConnections = clients
            configuration.options.minimumConnections = clients
            configuration.options.keepAliveBehavior = nil
            let client = PostgresClient(configuration: configuration)
            return try await withThrowingTaskGroup(of: Void.self) { pool in
                pool.addTask { await client.run() }
                defer { pool.cancelAll() }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<clients { group.addTask { _ = try await client.query("select 1") } }
                    try await group.waitForAll()
                }
                let start = ContinuousClock.now
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for member in members {
                        let claims = #"{"sub":"\#(member.uuidString.lowercased())","role":"authenticated"}"#
                        group.addTask {
                            let logger = Logger(label: "fit-bench")
                            if leasePerBooking {
                                for session in sessions {
                                    try await client.withConnection { connection in
                                        let rows = try await connection.query(
                                            "select to_json(public.book_session(session_id => \(session.uuidString)::uuid))::text from (select set_config('request.jwt.claims', \(claims), true), set_config('role', 'authenticated', true) offset 0) as fitkit_claims",
                                            logger: logger)
                                        for try await _ in rows {}
                                    }
                                }
                                return
                            }
                            try await client.withConnection { connection in
                                if oneStatement {
                                    _ = try await connection.query(
                                        "select set_config('role', 'authenticated', false), set_config('TimeZone', 'UTC', false)",
                                        logger: logger)
                                    for session in sessions {
                                        let rows = try await connection.query(
                                            "select to_json(public.book_session(session_id => \(session.uuidString)::uuid))::text from (select set_config('request.jwt.claims', \(claims), true) offset 0) as fitkit_claims",
                                            logger: logger)
                                        for try await _ in rows {}
                                    }
                                    return
                                }
                                for session in sessions {
                                    _ = try await connection.query("begin", logger: logger)
                                    _ = try await connection.query(
                                        "select set_config('role', \("authenticated"), true), set_config('request.jwt.claims', \(claims), true), set_config('TimeZone', 'UTC', true)",
                                        logger: logger)
                                    let rows = try await connection.query(
                                        "select to_json(public.book_session(session_id => \(session.uuidString)::uuid))::text",
                                        logger: logger)
                                    for try await _ in rows {}
                                    _ = try await connection.query("commit", logger: logger)
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                return Double(clients * bookingsPerClient) / Measure.seconds(ContinuousClock.now - start)
            }
        }

        /// Runs pgbench with the same clients and bookings; returns its tps (without connection time).
        private static func runPgbench(_ pgbench: String, connection: PostgresConnectionArguments, tag: String) throws
            -> Double
        {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "fit-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let script = directory.appendingPathComponent("book_session.sql")
            // pgbench keeps each client's variables between transactions: j counts that client's bookings.
            try """
            \\set m :client_id + 1
            \\set j :j + 1
            BEGIN;
            select set_config('role', 'authenticated', true), set_config('request.jwt.claims', json_build_object('sub', '00000000-\(tag)-4000-8000-' || lpad(:m::text, 12, '0'), 'role', 'authenticated')::text, true);
            select book_session(('00000000-\(tag)-4000-9000-' || lpad(:j::text, 12, '0'))::uuid);
            COMMIT;

            """.write(to: script, atomically: true, encoding: .utf8)
            let output = try Shell.run(
                pgbench,
                [
                    "-n", "-c", "\(clients)", "-j", "\(clients)", "-t", "\(bookingsPerClient)", "-f", script.path, "-D",
                    "j=0",
                ] + connection.pgbenchArguments, environment: connection.environment)
            guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("tps = ") }),
                let tps = Double(line.dropFirst("tps = ".count).prefix { $0.isNumber || $0 == "." })
            else {
                throw BenchmarkError("P5: no tps in pgbench's output:\n\(output)")
            }
            return tps
        }

        private static func pad(_ number: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: 12 - digits.count) + digits
        }

        private static func sqlArray(_ ids: [UUID]) -> String {
            "{" + ids.map { $0.uuidString.lowercased() }.joined(separator: ",") + "}"
        }
    #endif
}

/// Host, port, user, password and database of a `postgres://` URL, as psql and pgbench take them.
struct PostgresConnectionArguments {
    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String

    init(url: String) throws {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            throw BenchmarkError("not a postgres:// URL: \(url)")
        }
        self.host = host
        port = components.port ?? 5432
        user = components.user ?? "postgres"
        password = components.password
        let path = components.path.drop { $0 == "/" }
        database = path.isEmpty ? "postgres" : String(path)
    }

    var psqlArguments: [String] { ["-h", host, "-p", "\(port)", "-U", user, "-d", database] }
    var pgbenchArguments: [String] { ["-h", host, "-p", "\(port)", "-U", user, database] }
    var environment: [String: String] { password.map { ["PGPASSWORD": $0] } ?? [:] }
}

/// Running the PostgreSQL command-line tools.
enum Shell {
    /// The path of `name` on PATH, else in `fallback`; `nil` when neither has it.
    static func executable(_ name: String, fallback: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":").map(String.init) + [fallback] {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` and returns its standard output; throws with its output when it fails.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("\(executable) failed (\(process.terminationStatus)):\n\(text)")
        }
        return text
    }
}
