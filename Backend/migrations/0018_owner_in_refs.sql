-- A view's feed may place its rows by a table's owner column (an app's view of a member's plans that sums the
-- member's ledger rows: `ViewFeed.Source(table: "credit_ledger", column: "member_id", …)`). The change feed reported
-- the owner as `owner` only, so FitPostgres, which matches a feed's column against the notification's key and refs,
-- never heard of such rows, while the embedded database and Realtime did. The owner column is now among the refs
-- of every member-owned table's notification (`"refs": {"member_id": "…"}`); nothing else of the payload changes, and
-- an update that moves a row to another owner is still a delete and an insert.

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
  -- The owner column is a ref too, so a view that places rows by their member hears of them.
  if owner_column is not null and not owner_column = any(ref_columns) then
    ref_columns := ref_columns || owner_column;
  end if;
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

revoke all on function public.fitkit_notify_change() from public, anon, authenticated, service_role;
