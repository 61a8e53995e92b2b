-- The change feed's triggers (0006_change_feed.sql): on every table, after every row change and truncate, naming
-- each table's primary key and owner; running as the writer (not security definer) with a pinned search_path, so
-- members' own writes still work. What the notifications say and when they arrive (at commit, in commit order,
-- none on rollback) is checked by FitPostgresTests (PostgresChangeFeedTests), which listens for them.
-- Runs after 00_setup.sql.
\set ON_ERROR_STOP 1
\o /dev/null

-- Row triggers: AFTER (no BEFORE bit 2), FOR EACH ROW (bit 1), on INSERT (4), DELETE (8) and UPDATE (16).
select verify.eq('tables with the change trigger', (
  select string_agg(c.relname, ',' order by c.relname)
  from pg_trigger t
  join pg_class c on c.oid = t.tgrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and t.tgname = 'fitkit_notify_change' and t.tgenabled <> 'D'
    and t.tgfoid = 'public.fitkit_notify_change'::regproc
    and (t.tgtype & 1) = 1 and (t.tgtype & 2) = 0 and (t.tgtype & 28) = 28),
  'bookings,class_sessions,credit_ledger,events,exercise_history,exercise_ratings,exercises,members,studios,waitlist_entries,waitlist_settings,workouts');

-- Statement triggers on TRUNCATE (32).
select verify.eq('tables with the truncate trigger', (
  select string_agg(c.relname, ',' order by c.relname)
  from pg_trigger t
  join pg_class c on c.oid = t.tgrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and t.tgname = 'fitkit_notify_truncate' and t.tgenabled <> 'D'
    and t.tgfoid = 'public.fitkit_notify_change'::regproc
    and (t.tgtype & 1) = 0 and (t.tgtype & 32) = 32),
  'bookings,class_sessions,credit_ledger,events,exercise_history,exercise_ratings,exercises,members,studios,waitlist_entries,waitlist_settings,workouts');

-- The first argument is the table's primary key, in key order.
select verify.eq('change trigger keys that are not the primary key', (
  select string_agg(c.relname, ',' order by c.relname)
  from pg_trigger t
  join pg_class c on c.oid = t.tgrelid
  where t.tgname = 'fitkit_notify_change'
    and (string_to_array(encode(t.tgargs, 'escape'), '\000'))[1] is distinct from (
      select string_agg(a.attname, ',' order by array_position(i.indkey::int2[], a.attnum))
      from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = c.oid and i.indisprimary)),
  null);

-- The second names the owner on member-owned tables (whose policies compare member_id with auth.uid()), and is
-- empty on the shared ones; the third places bookings and classes in bookable_sessions.
select verify.eq('change trigger owner and refs columns', (
  select string_agg(c.relname || ':' || args[2] || ':' || args[3], ',' order by c.relname)
  from pg_trigger t
  join pg_class c on c.oid = t.tgrelid
  cross join lateral (select string_to_array(encode(t.tgargs, 'escape'), '\000') as args) a
  where t.tgname = 'fitkit_notify_change'),
  'bookings:member_id:class_session_id,class_sessions::studio_id,credit_ledger:member_id:,events:member_id:,'
  || 'exercise_history:member_id:,exercise_ratings:member_id:,exercises::,members:id:,studios::,waitlist_entries:member_id:class_session_id,waitlist_settings::,workouts:member_id:');

select verify.eq('fitkit_notify_change runs as the writer, with an empty search_path', (
  select p.prosecdef::text || ' ' || array_to_string(p.proconfig, ',')
  from pg_proc p where p.oid = 'public.fitkit_notify_change'::regproc),
  'false search_path=""');

select verify.fails('a trigger function cannot be called', 'select public.fitkit_notify_change()', '0A000');

-- A member's own writes fire the triggers as that member, and go through.
begin;
select verify.act_as('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
insert into events (title, date, text_color) values ('Notified', now(), '#FF8800FF');
update events set title = 'Notified again' where title = 'Notified';
insert into exercise_ratings (exercise_id, rating) values ('e0000000-0000-4000-8000-000000000002', 3)
  on conflict (member_id, exercise_id) do update set rating = excluded.rating;
select verify.eq('a member writes through the change triggers',
  (select count(*)::text from events where title = 'Notified again'), '1');
delete from events where title = 'Notified again';
select verify.eq('a member deletes through the change triggers',
  (select count(*)::text from events where title like 'Notified%'), '0');
rollback;
