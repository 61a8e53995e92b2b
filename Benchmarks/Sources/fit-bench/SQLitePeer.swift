import Foundation
import GRDB

/// P4's SQLite peer: the same rows in an in-memory SQLite database through GRDB, with the index a SQLite user
/// would make for the query (equality column first, then the range and sort column).
struct SQLitePeer {
    private let queue: DatabaseQueue

    init(rows: [P4QueryBenchmark.Row]) throws {
        queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(
                sql: """
                    create table sessions (
                        id blob primary key, studio_id blob not null, starts_at text not null, name text not null,
                        capacity integer not null);
                    create index sessions_studio_starts on sessions (studio_id, starts_at);
                    """)
            let insert = try db.makeStatement(
                sql: "insert into sessions (id, studio_id, starts_at, name, capacity) values (?, ?, ?, ?, ?)")
            for row in rows {
                try insert.execute(arguments: [row.id, row.studioId, row.startsAt, row.name, row.capacity])
            }
        }
    }

    /// The first 50 sessions of `studio` starting in `[from, to)`, in start order.
    func query(studio: UUID, from: Date, to: Date) throws -> [P4QueryBenchmark.Row] {
        try queue.read { db in
            try P4QueryBenchmark.Row.fetchAll(
                db,
                sql: """
                    select * from sessions where studio_id = ? and starts_at >= ? and starts_at < ?
                    order by starts_at limit 50
                    """,
                arguments: [studio, from, to])
        }
    }
}

extension P4QueryBenchmark.Row: FetchableRecord {
    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
}
