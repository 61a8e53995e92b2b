import FitCore
import FitInMemory
import Foundation

/// One function whose statements set off triggers, written for both engines, and the log it leaves on PostgreSQL: a
/// trigger runs at the end of the statement that set it off (the function's next read sees what it wrote), a
/// trigger's own writes fire their triggers inside it, a table's triggers run by name, and a cascade's deleted rows
/// are reported after the row whose delete caused them (PostgreSQL's foreign-key trigger queues them behind it).
///
/// `parents` ← `children` (`ON DELETE CASCADE`); every change of either table writes a line to `log`, and inserting
/// a child touches its parent. The function `run` inserts parent 1, writes how many lines it sees, inserts child 10
/// of parent 1, and deletes parent 1.
public enum TriggerTiming {
    /// The lines `run` leaves in `log`, in order.
    public static let expectedLog = [
        "parent insert 1", "function saw 1 lines", "child insert 10", "parent update 1", "parent delete 1",
        "child delete 10",
    ]

    /// The scenario in SQL, in its own schema `schema`, ending with the log's lines one per row.
    ///
    /// - Parameter schema: The schema to create (and drop at the end).
    /// - Returns: A script for `psql -At` whose output is ``expectedLog`` when PostgreSQL agrees.
    public static func sql(schema: String) -> String {
        """
        create schema \(schema);
        set search_path = \(schema);
        create table parents (id integer primary key, touched integer not null default 0);
        create table children (id integer primary key, parent_id integer not null references parents on delete cascade);
        create table log (position integer primary key, entry text not null);
        create function note(line text) returns void language sql
          as $$ insert into log values ((select count(*) from log) + 1, line) $$;
        create function parents_log() returns trigger language plpgsql as $$
        begin perform note('parent ' || lower(tg_op) || ' ' || coalesce(new.id, old.id)); return null; end $$;
        create trigger parents_log after insert or update or delete on parents
          for each row execute function parents_log();
        create function children_log() returns trigger language plpgsql as $$
        begin perform note('child ' || lower(tg_op) || ' ' || coalesce(new.id, old.id)); return null; end $$;
        create function children_touch_parent() returns trigger language plpgsql as $$
        begin update parents set touched = touched + 1 where id = new.parent_id; return null; end $$;
        create trigger b_touch after insert on children for each row execute function children_touch_parent();
        create trigger a_log after insert or delete on children for each row execute function children_log();
        create function run() returns integer language plpgsql as $$
        declare seen integer;
        begin
          insert into parents (id) values (1);
          select count(*) into seen from log;
          perform note('function saw ' || seen || ' lines');
          insert into children values (10, 1);
          delete from parents where id = 1;
          return seen;
        end $$;
        select run() \\g /dev/null
        select entry from log order by position;
        drop schema \(schema) cascade;
        """
    }

    /// The scenario on the embedded database: the same tables, triggers (each table's in name order) and function.
    ///
    /// - Returns: A database on which `rpc("run")` leaves ``expectedLog`` in `log` when the engine agrees.
    public static func inMemoryDatabase() throws -> InMemoryDatabase {
        let database = try InMemoryDatabase()
        @Sendable func note(_ line: String, _ transaction: inout InMemoryTransaction) throws {
            let count = try transaction.records(in: "log").count
            try transaction.insert(into: "log", ["position": .integer(Int64(count + 1)), "entry": .text(line)])
        }
        func logging(_ name: String, on table: String, as noun: String) -> InMemoryTrigger {
            InMemoryTrigger(name: name, on: table) { transaction, rows in
                for row in rows {
                    let operation = row.old == nil ? "insert" : row.new == nil ? "delete" : "update"
                    guard case .integer(let id) = (row.new ?? row.old)?["id"] else { continue }
                    try note("\(noun) \(operation) \(id)", &transaction)
                }
            }
        }
        try InMemorySchema(
            tables: [
                TableSchema(
                    name: "parents",
                    columns: [Column("id", .integer), Column("touched", .integer, default: .value(.integer(0)))],
                    access: .publicRead),
                TableSchema(
                    name: "children", columns: [Column("id", .integer), Column("parent_id", .integer)],
                    foreignKeys: [ForeignKey("parent_id", references: "parents", onDelete: .cascade)],
                    access: .publicRead),
                TableSchema(
                    name: "log", columns: [Column("position", .integer), Column("entry", .text)],
                    primaryKey: ["position"], access: .publicRead),
            ],
            functions: [
                .init("run") { transaction, _ in
                    try transaction.insert(into: "parents", ["id": .integer(1)])
                    let seen = try transaction.records(in: "log").count
                    try note("function saw \(seen) lines", &transaction)
                    try transaction.insert(into: "children", ["id": .integer(10), "parent_id": .integer(1)])
                    try transaction.delete(from: "parents") { $0["id"] == .integer(1) }
                    return .number(Decimal(seen))
                }
            ],
            triggers: [
                logging("parents_log", on: "parents", as: "parent"),
                logging("a_log", on: "children", as: "child"),
                InMemoryTrigger(name: "b_touch", on: "children") { transaction, rows in
                    for row in rows where row.old == nil {
                        guard let parent = row.new?["parent_id"] else { continue }
                        let touched = try transaction.records(in: "parents") { $0["id"] == parent }
                        for record in touched {
                            guard case .integer(let count) = record["touched"] else { continue }
                            try transaction.update(
                                "parents", where: { $0["id"] == parent }, set: ["touched": .integer(count + 1)])
                        }
                    }
                },
            ]
        ).install(on: database)
        return database
    }
}
