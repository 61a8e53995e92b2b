#if Postgres
    import FitCore
    import Foundation
    import PostgresNIO

    extension PostgresDatabase {
        /// Connects to `url` (`postgres://user:password@host:port/database`), keeps the pool running while
        /// `body` runs, and closes it afterwards: the whole lifecycle in one call.
        ///
        /// Requests fail with `08006` at once when the server cannot be reached, instead of waiting in postgres-nio's
        /// pool for its circuit breaker (60 s): while that is in doubt (before the first request, after a connection
        /// closed), a request first checks on a connection outside the pool.
        ///
        /// - Parameters:
        ///   - url: the server, as `postgres://user:password@host:port/database` (`?sslmode=require` for TLS).
        ///   - role: the role the database handed to `body` acts as (``acting(as:)`` switches).
        ///   - maximumConnections: the pool's size.
        ///   - pool: whether connections open as requests need them (``PostgresPoolMode/onDemand``, the default) or
        ///     all at once and stay open (``PostgresPoolMode/allOpen``).
        ///   - viewFeeds: The views ``changes(to:where:)`` can follow, and which table changes concern them; none by
        ///     default.
        ///   - body: the work to do with the connected database; the pool closes when it returns or throws.
        /// - Returns: What `body` returns.
        /// - Throws: ``/FitCore/DatabaseError`` `08001` for a URL that is not `postgres://`, or what `body` throws.
        public static func withDatabase<Result: Sendable>(
            url: String, as role: DatabaseRole = .service, maximumConnections: Int = 20,
            pool: PostgresPoolMode = .onDemand, viewFeeds: [ViewFeed] = [],
            _ body: (PostgresDatabase) async throws -> Result
        ) async throws -> Result {
            let configuration = try configuration(url: url, maximumConnections: maximumConnections, pool: pool)
            let connection = try connectionConfiguration(url: url)
            let client = PostgresClient(configuration: configuration)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                return try await body(
                    PostgresDatabase(client: client, as: role, viewFeeds: viewFeeds, checkingWith: connection))
            }
        }

        /// A pool configuration from a `postgres://` or `postgresql://` URL (TLS off unless `sslmode=require`).
        ///
        /// The user defaults to `postgres` and the port to 5432; without a path no database is named (the server picks
        /// the user's).
        ///
        /// - Parameters:
        ///   - text: The URL, `postgres://user:password@host:port/database`, with `?sslmode=require` for TLS.
        ///   - maximumConnections: The pool's size; 20 by default.
        ///   - pool: How the pool keeps its connections: ``PostgresPoolMode/allOpen`` opens them all at the start and
        ///     turns off the idle timeout and keep-alive pings; ``PostgresPoolMode/onDemand`` (the default) keeps
        ///     postgres-nio's defaults.
        /// - Returns: The configuration to create a `PostgresClient` with.
        /// - Throws: A ``/FitCore/DatabaseError`` `08001` when `text` is not a `postgres://` or `postgresql://` URL
        ///   with a host.
        public static func configuration(
            url text: String, maximumConnections: Int = 20, pool: PostgresPoolMode = .onDemand
        ) throws -> PostgresClient.Configuration {
            let server = try ServerAddress(url: text)
            var configuration = PostgresClient.Configuration(
                host: server.host, port: server.port, username: server.username, password: server.password,
                database: server.database, tls: server.requiresTLS ? .require(.makeClientConfiguration()) : .disable)
            configuration.options.maximumConnections = maximumConnections
            if pool == .allOpen {
                configuration.options.minimumConnections = maximumConnections
                configuration.options.keepAliveBehavior = nil
            }
            return configuration
        }

        /// The same server as ``configuration(url:maximumConnections:pool:)``, for a single connection outside the
        /// pool.
        static func connectionConfiguration(url text: String) throws -> PostgresConnection.Configuration {
            let server = try ServerAddress(url: text)
            return PostgresConnection.Configuration(
                host: server.host, port: server.port, username: server.username, password: server.password,
                database: server.database,
                tls: server.requiresTLS
                    ? .require(try NIOSSLContext(configuration: .makeClientConfiguration())) : .disable)
        }

        /// What a `postgres://` URL says.
        private struct ServerAddress {
            var host: String
            var port: Int
            var username: String
            var password: String?
            var database: String?
            var requiresTLS: Bool

            init(url text: String) throws {
                guard let components = URLComponents(string: text),
                    ["postgres", "postgresql"].contains(components.scheme ?? ""),
                    let host = components.host, !host.isEmpty
                else {
                    throw DatabaseError(code: "08001", message: "not a postgres:// URL: \(text)")
                }
                let database = components.path.drop { $0 == "/" }
                self.host = host
                port = components.port ?? 5432
                username = components.user ?? "postgres"
                password = components.password
                self.database = database.isEmpty ? nil : String(database)
                requiresTLS = components.queryItems?.first { $0.name == "sslmode" }?.value == "require"
            }
        }
    }
#endif
