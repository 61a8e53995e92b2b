import FitCore
import FitInMemory
import Foundation

/// The small schema and seed the ``QuerySemantics`` cases run against, for the in-memory database
/// (``install(on:)``) and as SQL for PostgreSQL (``postgresSQL``). Both describe the same tables, rows,
/// view, functions and row-level security.
///
/// - `semantics_items` (public read, service writes): ids 1–5 with NULLs in every nullable column; arrays
///   (`tags text[]`, `scores integer[]`) and a jsonb document (`attributes`) for the containment operators.
/// - `semantics_notes` (owned by `owner_id`, members write their own): notes 1, 2, 4 of ``memberA``,
///   note 3 of ``memberB``; a partial unique index on (owner_id, title) where status = 'active'.
/// - view `semantics_item_stats`: per item, every member's note count and the acting member's.
/// - functions `semantics_items_ranked_above(min_rank)` and `semantics_insert_then_fail(note_title)`.
extension QuerySemantics {
    /// The member owning notes 1, 2 and 4.
    public static let memberA = UUID(uuidString: "aaaaaaaa-0000-4000-8000-000000000001")!
    /// The member owning note 3.
    public static let memberB = UUID(uuidString: "bbbbbbbb-0000-4000-8000-000000000002")!
    /// `semantics_items.ref` of item 1.
    public static let refA = UUID(uuidString: "00000000-0000-4000-8000-00000000000a")!
    /// `semantics_items.ref` of item 4.
    public static let refB = UUID(uuidString: "00000000-0000-4000-8000-00000000000b")!

    /// Creates the tables, view and functions on `database` and inserts the seed (as the service role).
    public static func install(on database: InMemoryDatabase) async throws {
        try database.createTable(itemsTable)
        try database.createTable(notesTable)
        try database.createTable(logsTable)
        database.createView(statsView)
        database.createFunction("semantics_items_ranked_above") { transaction, arguments in
            let minimum = try arguments.integer("min_rank")
            let ranked = try transaction.records(in: "semantics_items") { ($0["rank"].intValue ?? Int.min) > minimum }
                .compactMap { $0["id"].intValue }
                .sorted()
            return .array(ranked.map { ["id": .number(Decimal($0))] })
        }
        database.createFunction("semantics_insert_then_fail") { transaction, arguments in
            let title = arguments.json["note_title"]?.stringValue ?? ""
            try transaction.insert(into: "semantics_notes", ["id": .integer(100), "title": .text(title)])
            throw DatabaseError(code: "FB007", message: "Not found")
        }
        let service = database.client(as: .service)
        try await service.from("semantics_items").insert(itemRows).execute()
        try await service.from("semantics_notes").insert(noteRows).execute()
        try await service.from("semantics_logs").insert(logRows).execute()
    }

    static let itemRows: [JSONValue] = [
        [
            "id": 1, "name": "Alpha", "code": "10", "rank": 10, "price": 2.50, "active": true,
            "ref": .string(refA.uuidString.lowercased()), "starts_at": "2026-06-04T18:00:00Z",
            "tags": ["red", "blue"], "scores": [1, 2, 3],
            "attributes": ["size": "L", "colors": ["red", "blue"], "dims": ["w": 10, "h": 20]],
        ],
        [
            "id": 2, "name": "beta", "code": "9", "rank": 9, "price": 10.00, "active": false, "ref": nil,
            "starts_at": "2026-06-05T07:30:00.5Z", "tags": ["blue", "light blue"], "scores": [2],
            "attributes": ["size": "M", "colors": ["green"]],
        ],
        [
            "id": 3, "name": nil, "code": "100", "rank": nil, "price": nil, "active": nil, "ref": nil, "starts_at": nil,
            "tags": nil, "scores": nil, "attributes": nil,
        ],
        [
            "id": 4, "name": "Gamma_1", "code": "9", "rank": 100, "price": 0.00, "active": true,
            "ref": .string(refB.uuidString.lowercased()), "starts_at": "2026-06-04T18:00:00+02:00",
            "tags": [], "scores": [], "attributes": ["size": "L", "colors": [], "dims": ["w": 10]],
        ],
        [
            "id": 5, "name": "gam%ma", "code": nil, "rank": 2, "price": 1.25, "active": nil, "ref": nil,
            "starts_at": "2026-06-01T00:00:00Z", "tags": ["green", nil], "scores": [4], "attributes": ["red", 1],
        ],
    ]

    static let noteRows: [JSONValue] = [
        [
            "id": 1, "owner_id": .string(memberA.uuidString.lowercased()), "item_id": 1, "title": "Warm up",
            "status": "active",
        ],
        [
            "id": 2, "owner_id": .string(memberA.uuidString.lowercased()), "item_id": 2, "title": "Cool down",
            "status": "active",
        ],
        [
            "id": 3, "owner_id": .string(memberB.uuidString.lowercased()), "item_id": 1, "title": "Warm up",
            "status": "active",
        ],
        [
            "id": 4, "owner_id": .string(memberA.uuidString.lowercased()), "item_id": 1, "title": "Warm up",
            "status": "archived",
        ],
    ]

    static let itemsTable = TableSchema(
        name: "semantics_items",
        columns: [
            Column("id", .integer),
            Column("name", .text, nullable: true),
            Column("code", .text, nullable: true),
            Column("rank", .integer, nullable: true),
            Column("price", .numeric, nullable: true, precision: (8, 2)),
            Column("active", .boolean, nullable: true),
            Column("ref", .uuid, nullable: true),
            Column("starts_at", .timestamp, nullable: true),
            Column("tags", .textArray, nullable: true),
            Column("scores", .integerArray, nullable: true),
            Column("attributes", .json, nullable: true),
        ],
        access: .publicRead)

    static let notesTable = TableSchema(
        name: "semantics_notes",
        columns: [
            Column("id", .integer),
            Column("owner_id", .uuid, default: .actingMember),
            Column("item_id", .integer, nullable: true),
            Column("title", .text),
            Column("status", .text, default: .value(.text("active"))),
        ],
        unique: [
            UniqueConstraint(name: "semantics_notes_one_active_title", columns: ["owner_id", "title"]) {
                $0["status"] == .text("active")
            }
        ],
        checks: [
            CheckConstraint(name: "semantics_notes_title_check") { record in
                guard let title = record["title"].textValue else { return true }
                return !title.trimmingCharacters(in: .whitespaces).isEmpty
            },
            CheckConstraint(name: "semantics_notes_status_check") { record in
                guard let status = record["status"].textValue else { return true }
                return status == "active" || status == "archived"
            },
        ],
        foreignKeys: [ForeignKey("item_id", references: "semantics_items")],
        access: .ownedBy(column: "owner_id", memberWritable: true))

    /// `semantics_logs`: a self-referencing key (`parent_id`), two keys to `semantics_items` (so embedding one from the
    /// other needs a hint), and members who may insert and delete their rows but never update them (`grant select,
    /// insert, delete`). Log 1 of ``memberA`` is about item 1 and checked item 2; log 2 answers it, about item 2.
    static let logsTable = TableSchema(
        name: "semantics_logs",
        columns: [
            Column("id", .integer),
            Column("owner_id", .uuid, default: .actingMember),
            Column("parent_id", .integer, nullable: true),
            Column("note", .text, nullable: true),
            Column("item_id", .integer, nullable: true),
            Column("checked_item_id", .integer, nullable: true),
        ],
        foreignKeys: [
            ForeignKey("parent_id", references: "semantics_logs"),
            ForeignKey("item_id", references: "semantics_items"),
            ForeignKey("checked_item_id", references: "semantics_items"),
        ],
        access: .ownedBy(column: "owner_id", memberWritable: [.insert, .delete]))

    static let logRows: [JSONValue] = [
        [
            "id": 1, "owner_id": .string(memberA.uuidString.lowercased()), "parent_id": nil, "note": "start",
            "item_id": 1, "checked_item_id": 2,
        ],
        [
            "id": 2, "owner_id": .string(memberA.uuidString.lowercased()), "parent_id": 1, "note": "reply",
            "item_id": 2, "checked_item_id": nil,
        ],
    ]

    static let statsView = ViewSchema(
        name: "semantics_item_stats",
        columns: [
            Column("id", .integer),
            Column("name", .text, nullable: true),
            Column("note_count", .integer),
            Column("my_note_count", .integer),
        ]
    ) { context in
        let notes = try context.records(in: "semantics_notes")
        return try context.records(in: "semantics_items").map { item in
            let itemNotes = notes.filter { $0["item_id"] == item["id"] }
            let mine = itemNotes.filter { note in context.actingMember.map { note["owner_id"] == .uuid($0) } ?? false }
            return [
                "id": item["id"], "name": item["name"],
                "note_count": .integer(Int64(itemNotes.count)), "my_note_count": .integer(Int64(mine.count)),
            ]
        }
    }

    /// The same schema, seed, view, functions, privileges and policies for PostgreSQL. Needs
    /// `Backend/migrations/0001_auth.sql` (roles and `auth.uid()`); drops and recreates its objects, so it
    /// can run before every case (or once, with each case in a rolled-back transaction).
    public static let postgresSQL = """
        drop view if exists public.semantics_item_stats;
        drop function if exists public.semantics_items_ranked_above(integer);
        drop function if exists public.semantics_insert_then_fail(text);
        drop table if exists public.semantics_logs;
        drop table if exists public.semantics_notes;
        drop table if exists public.semantics_items;

        create table public.semantics_items (
          id        integer primary key,
          name      text,
          code      text,
          rank      integer,
          price     numeric(8,2),
          active    boolean,
          ref       uuid,
          starts_at timestamptz,
          tags       text[],
          scores     integer[],
          attributes jsonb
        );

        create table public.semantics_notes (
          id       integer primary key,
          owner_id uuid not null default auth.uid(),
          item_id  integer references public.semantics_items (id),
          title    text not null check (length(btrim(title)) >= 1),
          status   text not null default 'active' check (status in ('active', 'archived'))
        );
        create unique index semantics_notes_one_active_title
          on public.semantics_notes (owner_id, title) where status = 'active';

        create table public.semantics_logs (
          id        integer primary key,
          owner_id  uuid not null default auth.uid(),
          parent_id integer references public.semantics_logs (id),
          note      text,
          item_id   integer references public.semantics_items (id),
          checked_item_id integer references public.semantics_items (id)
        );

        create view public.semantics_item_stats as
          select i.id, i.name,
            (select count(*) from public.semantics_notes n where n.item_id = i.id)::integer as note_count,
            (select count(*) from public.semantics_notes n
              where n.item_id = i.id and n.owner_id = (select auth.uid()))::integer as my_note_count
          from public.semantics_items i;

        create function public.semantics_items_ranked_above(min_rank integer) returns json
          language sql stable security definer set search_path = public
          as $$
            select coalesce(json_agg(json_build_object('id', id) order by id), '[]'::json)
            from public.semantics_items where rank > min_rank
          $$;

        create function public.semantics_insert_then_fail(note_title text) returns json
          language plpgsql security definer set search_path = public
          as $$
          begin
            insert into public.semantics_notes (id, owner_id, title) values (100, auth.uid(), note_title);
            raise exception 'Not found' using errcode = 'FB007';
          end
          $$;

        insert into public.semantics_items (id, name, code, rank, price, active, ref, starts_at, tags, scores, attributes)
        values
          (1, 'Alpha',   '10',  10,   2.50,  true,  '00000000-0000-4000-8000-00000000000a', '2026-06-04T18:00:00Z',
           '{red,blue}', '{1,2,3}', '{"size": "L", "colors": ["red", "blue"], "dims": {"w": 10, "h": 20}}'),
          (2, 'beta',    '9',   9,    10.00, false, null, '2026-06-05T07:30:00.5Z',
           '{blue,"light blue"}', '{2}', '{"size": "M", "colors": ["green"]}'),
          (3, null,      '100', null, null,  null,  null, null, null, null, null),
          (4, 'Gamma_1', '9',   100,  0.00,  true,  '00000000-0000-4000-8000-00000000000b', '2026-06-04T18:00:00+02:00',
           '{}', '{}', '{"size": "L", "colors": [], "dims": {"w": 10}}'),
          (5, 'gam%ma',  null,  2,    1.25,  null,  null, '2026-06-01T00:00:00Z', '{green,NULL}', '{4}', '["red", 1]');

        insert into public.semantics_notes (id, owner_id, item_id, title, status) values
          (1, 'aaaaaaaa-0000-4000-8000-000000000001', 1, 'Warm up',   'active'),
          (2, 'aaaaaaaa-0000-4000-8000-000000000001', 2, 'Cool down', 'active'),
          (3, 'bbbbbbbb-0000-4000-8000-000000000002', 1, 'Warm up',   'active'),
          (4, 'aaaaaaaa-0000-4000-8000-000000000001', 1, 'Warm up',   'archived');

        insert into public.semantics_logs (id, owner_id, parent_id, note, item_id, checked_item_id) values
          (1, 'aaaaaaaa-0000-4000-8000-000000000001', null, 'start', 1, 2),
          (2, 'aaaaaaaa-0000-4000-8000-000000000001', 1, 'reply', 2, null);

        alter table public.semantics_logs enable row level security;
        revoke all on public.semantics_logs from anon, authenticated;
        grant all on public.semantics_logs to service_role;
        grant select on public.semantics_logs to anon;
        grant select, insert, delete on public.semantics_logs to authenticated;
        create policy semantics_logs_own on public.semantics_logs for all to authenticated
          using (owner_id = (select auth.uid()))
          with check (owner_id = (select auth.uid()));

        alter table public.semantics_items enable row level security;
        alter table public.semantics_notes enable row level security;
        revoke all on public.semantics_items, public.semantics_notes, public.semantics_item_stats
          from anon, authenticated;
        grant all on public.semantics_items, public.semantics_notes to service_role;
        grant select on public.semantics_item_stats to anon, authenticated, service_role;

        grant select on public.semantics_items to anon, authenticated;
        create policy semantics_items_read on public.semantics_items for select to anon, authenticated using (true);

        grant select on public.semantics_notes to anon;
        grant select, insert, update, delete on public.semantics_notes to authenticated;
        create policy semantics_notes_own on public.semantics_notes for all to authenticated
          using (owner_id = (select auth.uid()))
          with check (owner_id = (select auth.uid()));

        revoke all on function public.semantics_items_ranked_above(integer) from public;
        revoke all on function public.semantics_insert_then_fail(text) from public;
        grant execute on function public.semantics_items_ranked_above(integer) to anon, authenticated, service_role;
        grant execute on function public.semantics_insert_then_fail(text) to anon, authenticated, service_role;
        """
}
