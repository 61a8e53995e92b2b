-- Verification of Backend/migrations against CONTRACT.md, run on a throwaway database:
--   scripts/with-postgres.sh bash -c 'for f in Backend/verify/0*.sql; do psql -X -q -v ON_ERROR_STOP=1 -f "$f" || exit 1; done'
-- Every check raises (and stops psql) on a mismatch and prints "ok: ..." otherwise.
-- This file empties all tables and (re)creates the helper schema `verify`; the other files build on it.
\set ON_ERROR_STOP 1
\o /dev/null

begin;
set local client_min_messages = warning;
drop schema if exists verify cascade;
truncate auth.users, public.members, public.studios, public.class_sessions, public.bookings, public.credit_ledger,
  public.events, public.exercises, public.exercise_ratings, public.exercise_history, public.workouts cascade;
create schema verify;
grant usage on schema verify to anon, authenticated;

-- Act as a member (NULL: anon) for the rest of the transaction, as PostgREST does per request.
create function verify.act_as(member uuid) returns void language plpgsql as $$
begin
  perform set_config('request.jwt.claims',
    case when member is null then '' else json_build_object('sub', member, 'role', 'authenticated')::text end,
    true);
  perform set_config('role', case when member is null then 'anon' else 'authenticated' end, true);
end $$;

-- Back to the migration owner (stands in for the service role that seeds data).
create function verify.act_as_owner() returns void language plpgsql as $$
begin
  perform set_config('request.jwt.claims', '', true);
  perform set_config('role', 'none', true);
end $$;

create function verify.eq(label text, actual text, expected text) returns void language plpgsql as $$
begin
  if actual is distinct from expected then
    raise exception 'FAIL %: expected %, got %', label, coalesce(expected, 'NULL'), coalesce(actual, 'NULL');
  end if;
  raise notice 'ok: % = %', label, coalesce(actual, 'NULL');
end $$;

-- Runs stmt and checks it fails with exactly this SQLSTATE and message (message NULL: any message).
create function verify.fails(label text, stmt text, code text, msg text default null) returns void
language plpgsql as $$
declare
  got_code text := '00000';
  got_msg  text;
begin
  begin
    execute stmt;
  exception when others then
    got_code := sqlstate;
    got_msg := sqlerrm;
  end;
  if got_code is distinct from code or (msg is not null and got_msg is distinct from msg) then
    raise exception 'FAIL %: expected % "%", got % "%"', label, code, coalesce(msg, '*'), got_code, coalesce(got_msg, '');
  end if;
  raise notice 'ok: % -> % "%"', label, got_code, got_msg;
end $$;

-- Number of rows a statement affected (to show RLS silently filters updates/deletes).
create function verify.affected(stmt text) returns bigint language plpgsql as $$
declare n bigint;
begin
  execute stmt;
  get diagnostics n = row_count;
  return n;
end $$;

grant execute on all functions in schema verify to anon, authenticated;

-- Fixtures. Members A, B (with credits), C (none), D and E (credit_summary cases).
-- Members come from sign-ups: each auth user becomes a member (0010_accounts.sql).
insert into auth.users (id, email, raw_user_meta_data) values
  ('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'ada@example.com', '{"display_name": "Ada"}'),
  ('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'bo@example.com', '{"display_name": "Bo"}'),
  ('cccccccc-cccc-4ccc-8ccc-cccccccccccc', 'cy@example.com', '{"display_name": "Cy"}'),
  ('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 'di@example.com', '{"display_name": "Di"}'),
  ('eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', 'ed@example.com', '{"display_name": "Ed"}');

insert into public.studios (id, name, time_zone) values
  ('50000000-0000-4000-8000-000000000001', 'Riverside', 'Europe/London');

-- Sessions 1..: see the comments for what each one exercises.
insert into public.class_sessions (id, studio_id, name, starts_at, duration_minutes, capacity, credit_cost, cancelled_at) values
  ('10000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000001', 'Open (book, FB002)',   now() + interval '2 days',   45, 10, 5,   null),
  ('10000000-0000-4000-8000-000000000002', '50000000-0000-4000-8000-000000000001', 'Tiny (FB001)',         now() + interval '2 days',   45, 1,  1,   null),
  ('10000000-0000-4000-8000-000000000003', '50000000-0000-4000-8000-000000000001', 'Cancelled (FB005)',    now() + interval '2 days',   45, 10, 1,   now()),
  ('10000000-0000-4000-8000-000000000004', '50000000-0000-4000-8000-000000000001', 'Started (FB004)',      now() - interval '1 hour',   45, 10, 1,   null),
  ('10000000-0000-4000-8000-000000000005', '50000000-0000-4000-8000-000000000001', 'Pricey (FB003)',       now() + interval '2 days',   45, 10, 100, null),
  ('10000000-0000-4000-8000-000000000006', '50000000-0000-4000-8000-000000000001', 'Free',                 now() + interval '2 days',   45, 10, 0,   null),
  ('10000000-0000-4000-8000-000000000007', '50000000-0000-4000-8000-000000000001', 'In 11 h (no refund)',  now() + interval '11 hours', 45, 10, 4,   null),
  ('10000000-0000-4000-8000-000000000008', '50000000-0000-4000-8000-000000000001', 'In 13 h (refund)',     now() + interval '13 hours', 45, 10, 4,   null),
  ('10000000-0000-4000-8000-000000000009', '50000000-0000-4000-8000-000000000001', 'Started, booked (FB006)', now() - interval '30 minutes', 45, 10, 2, null),
  ('10000000-0000-4000-8000-000000000010', '50000000-0000-4000-8000-000000000001', 'Cancelled and started', now() - interval '1 hour',  45, 10, 1,   now()),
  ('10000000-0000-4000-8000-000000000011', '50000000-0000-4000-8000-000000000001', 'Zero capacity',        now() + interval '2 days',   45, 0,  1,   null),
  ('10000000-0000-4000-8000-000000000012', '50000000-0000-4000-8000-000000000001', 'Overbooked by service', now() + interval '2 days',  45, 1,  1,   null);

-- A: 33 credits (20 expire in 10 days, 10 in 30 days, 3 never). B: 10. C: none.
insert into public.credit_ledger (member_id, amount, reason, expires_at) values
  ('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 20, 'purchase', now() + interval '10 days'),
  ('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 10, 'purchase', now() + interval '30 days'),
  ('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 3,  'purchase', null),
  ('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 10, 'purchase', null);

-- A booking the service role made on a class that has started since (for FB006), and a session that the
-- service role overbooked (spots_remaining must clamp at 0).
insert into public.bookings (id, member_id, class_session_id) values
  ('b0000000-0000-4000-8000-000000000009', 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', '10000000-0000-4000-8000-000000000009'),
  ('b0000000-0000-4000-8000-000000000012', 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', '10000000-0000-4000-8000-000000000012'),
  ('b0000000-0000-4000-8000-000000000013', 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', '10000000-0000-4000-8000-000000000012');

insert into public.exercises (id, position, name, video_name, duration_seconds) values
  ('e0000000-0000-4000-8000-000000000001', 1, 'Burpees', 'burpees', 40),
  ('e0000000-0000-4000-8000-000000000002', 2, 'Plank', 'plank', 30);
commit;
