import FitCore
import FitSupabase
import Foundation

extension SupabaseDatabase {
    /// A client of a Supabase project with `features`' migrations applied, whose ``/FitSupabase/SupabaseDatabase/changes(to:where:)``
    /// follows their views through their view feeds, knows their keys, and refuses before any socket opens to follow
    /// anything Realtime cannot publish: the one line an app needs for live stores.
    ///
    /// ```swift
    /// let database = SupabaseDatabase(
    ///     url: projectURL, anonKey: anonKey, accessToken: token, contract: FitKitContract.features)
    /// ```
    ///
    /// - Parameters:
    ///   - url: The project URL (`https://<ref>.supabase.co`).
    ///   - anonKey: The project's anon (publishable) key.
    ///   - accessToken: The member's access token; `nil` for anonymous requests.
    ///   - features: The features whose migrations the project has: `FitKitContract.features`, plus an app's own.
    ///   - schema: The schema to use, when not the API's default.
    ///   - transport: How requests are sent; `URLSession` by default.
    ///   - realtime: The Realtime transport, clock and timings; the features' feeds, keys and tables are added to it.
    public init(
        url: URL, anonKey: String, accessToken: String?, contract features: [FeatureContract], schema: String? = nil,
        transport: any PostgRESTTransport = URLSessionPostgRESTTransport(),
        realtime: RealtimeConfiguration = .platformDefault
    ) {
        self.init(
            url: url, anonKey: anonKey, accessToken: accessToken, schema: schema, transport: transport,
            realtime: realtime.following(features))
    }

    /// A client that asks `accessToken` for the member's current token before every request, over a project with
    /// `features`' migrations applied: see ``init(url:anonKey:accessToken:contract:schema:transport:realtime:)``.
    ///
    /// - Parameters:
    ///   - url: The project URL (`https://<ref>.supabase.co`).
    ///   - anonKey: The project's anon (publishable) key.
    ///   - features: The features whose migrations the project has.
    ///   - schema: The schema to use, when not the API's default.
    ///   - transport: How requests are sent; `URLSession` by default.
    ///   - realtime: The Realtime transport, clock and timings; the features' feeds, keys and tables are added to it.
    ///   - accessToken: The member's current token, asked for before every request; `nil` when signed out.
    public init(
        url: URL, anonKey: String, contract features: [FeatureContract], schema: String? = nil,
        transport: any PostgRESTTransport = URLSessionPostgRESTTransport(),
        realtime: RealtimeConfiguration = .platformDefault,
        accessToken: @escaping @Sendable () async throws -> String?
    ) {
        self.init(
            url: url, anonKey: anonKey, schema: schema, transport: transport, realtime: realtime.following(features),
            accessToken: accessToken)
    }
}

extension RealtimeConfiguration {
    /// This configuration following `features`: their view feeds, the keys of their tables whose key is not `id`, and
    /// their tables as the publication's (`0012_realtime.sql` publishes every table of the contract).
    ///
    /// - Parameter features: The features whose migrations the project has.
    /// - Returns: The configuration with those added.
    public func following(_ features: [FeatureContract]) -> RealtimeConfiguration {
        var configured = self
        configured.viewFeeds += features.viewFeeds
        let tables = features.schema.exposedTables
        for table in tables where table.primaryKey != ["id"] { configured.keyColumns[table.name] = table.primaryKey }
        configured.publishedTables = (publishedTables ?? []).union(tables.map(\.name))
        return configured
    }
}
