-- The change feed that live stores follow (Architecture.md, "Live stores"): after every change to a table of the
-- contract, a notification on channel `fitkit_changes` names the row that changed -- its key, never its content.
-- The payload stays tiny (PostgreSQL caps it at 8000 bytes) and tells a listener nothing it could not read:
-- FitPostgres fetches the row again as the subscriber's role, so row-level security applies exactly as for reads.
--
-- Payload (JSON text):
--   {"table": "bookings", "op": "insert" | "update" | "delete" | "truncate",
--    "key":   {"id": "…"}                      -- the primary key by column ({"member_id", "exercise_id"} for ratings)
--    "owner": "…",                             -- the owning member's id, on member-owned tables only, so a delete
--                                              -- goes to its owner alone without reading the row
--    "refs":  {"class_session_id": "…"}}       -- the columns that place the row in a view (bookings: its class,
--                                              -- class_sessions: its studio), when there are any
-- A truncate sends {"table": …, "op": "truncate"} once: listeners cannot know what was there, so they reload.
-- An update that changes a row's key, owner or refs is sent as a delete of the old row and an insert of the new
-- one, so its old owner (or view row) learns that it left.
--
-- PostgreSQL delivers notifications when the transaction commits, in commit order, and none for a transaction
-- that rolls back (a refused booking publishes nothing). Equal notifications of one transaction are sent once.
--
-- The function is not security definer: it runs as whoever writes (pg_notify needs no privilege), and a trigger
-- function cannot be called as an RPC.

create or replace function public.fitkit_notify_change()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  -- Trigger arguments: the key columns (comma-separated), the owner column ('' for shared tables), the refs
  -- columns (comma-separated, '' for none).
  key_columns  text[] := string_to_array(tg_argv[0], ',');
  owner_column text   := nullif(tg_argv[1], '');
  ref_columns  text[] := string_to_array(tg_argv[2], ',');
  old_place    jsonb;
  new_place    jsonb;
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('fitkit_changes', jsonb_build_object('table', tg_table_name, 'op', 'truncate')::text);
    return null;
  end if;

  -- Where the row was and is: key, owner and refs, nothing else of it.
  if tg_op in ('UPDATE', 'DELETE') then
    select jsonb_strip_nulls(jsonb_build_object(
             'key',   (select jsonb_object_agg(c, r.v -> c) from unnest(key_columns) as c),
             'owner', r.v -> owner_column,
             'refs',  (select jsonb_object_agg(c, r.v -> c) from unnest(ref_columns) as c)))
      into old_place
      from (select to_jsonb(old) as v) as r;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select jsonb_strip_nulls(jsonb_build_object(
             'key',   (select jsonb_object_agg(c, r.v -> c) from unnest(key_columns) as c),
             'owner', r.v -> owner_column,
             'refs',  (select jsonb_object_agg(c, r.v -> c) from unnest(ref_columns) as c)))
      into new_place
      from (select to_jsonb(new) as v) as r;
  end if;

  if tg_op = 'UPDATE' and old_place is distinct from new_place then
    perform pg_notify('fitkit_changes',
      (old_place || jsonb_build_object('table', tg_table_name, 'op', 'delete'))::text);
    perform pg_notify('fitkit_changes',
      (new_place || jsonb_build_object('table', tg_table_name, 'op', 'insert'))::text);
  else
    perform pg_notify('fitkit_changes',
      (coalesce(new_place, old_place) || jsonb_build_object('table', tg_table_name, 'op', lower(tg_op)))::text);
  end if;
  return null;
end
$$;

-- Nobody calls it directly (PostgreSQL refuses to call a trigger function outside a trigger anyway).
revoke all on function public.fitkit_notify_change() from public;

-- One row trigger and one truncate trigger per table. Arguments: key columns, owner column, refs columns.
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.members
  for each row execute function public.fitkit_notify_change('id', 'id', '');
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.studios
  for each row execute function public.fitkit_notify_change('id', '', '');
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.class_sessions
  for each row execute function public.fitkit_notify_change('id', '', 'studio_id');
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.bookings
  for each row execute function public.fitkit_notify_change('id', 'member_id', 'class_session_id');
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.credit_ledger
  for each row execute function public.fitkit_notify_change('id', 'member_id', '');
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.events
  for each row execute function public.fitkit_notify_change('id', 'member_id', '');
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.exercises
  for each row execute function public.fitkit_notify_change('id', '', '');
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.exercise_ratings
  for each row execute function public.fitkit_notify_change('member_id,exercise_id', 'member_id', '');
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.exercise_history
  for each row execute function public.fitkit_notify_change('id', 'member_id', '');
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.workouts
  for each row execute function public.fitkit_notify_change('id', 'member_id', '');

create or replace trigger fitkit_notify_truncate
  after truncate on public.members
  for each statement execute function public.fitkit_notify_change();
create or replace trigger fitkit_notify_truncate
  after truncate on public.studios
  for each statement execute function public.fitkit_notify_change();
create or replace trigger fitkit_notify_truncate
  after truncate on public.class_sessions
  for each statement execute function public.fitkit_notify_change();
create or replace trigger fitkit_notify_truncate
  after truncate on public.bookings
  for each statement execute function public.fitkit_notify_change();
create or replace trigger fitkit_notify_truncate
  after truncate on public.credit_ledger
  for each statement execute function public.fitkit_notify_change();
create or replace trigger fitkit_notify_truncate
  after truncate on public.events
  for each statement execute function public.fitkit_notify_change();
create or replace trigger fitkit_notify_truncate
  after truncate on public.exercises
  for each statement execute function public.fitkit_notify_change();
create or replace trigger fitkit_notify_truncate
  after truncate on public.exercise_ratings
  for each statement execute function public.fitkit_notify_change();
create or replace trigger fitkit_notify_truncate
  after truncate on public.exercise_history
  for each statement execute function public.fitkit_notify_change();
create or replace trigger fitkit_notify_truncate
  after truncate on public.workouts
  for each statement execute function public.fitkit_notify_change();
