-- book_session under contention, driven by pgbench (must be on PATH; scripts/with-postgres.sh puts the
-- server's bin directory first). Run from the repository root after 00_setup.sql.
--
-- Race 1: 40 clients, each a distinct member with 10 credits, book 5 sessions of capacity 20 costing 2, one
--         after another, all at once: exactly 20 bookings per session, 100 in all, the rest FB001.
-- Race 2: 10 clients acting as ONE member with 10 credits each book a different roomy session costing 3:
--         exactly 3 succeed, 7 fail with FB003, balance 1.
\set ON_ERROR_STOP 1
\o /dev/null

begin;
create table verify.outcomes (
  member_id  uuid not null,
  session_id uuid not null,
  sqlstate   text not null,
  message    text
);
create table verify.race_sessions (position integer primary key, id uuid not null);
create table verify.solo_sessions (position integer primary key, id uuid not null);
grant select, insert on verify.outcomes to authenticated;
grant select on verify.race_sessions, verify.solo_sessions to authenticated;

-- Calls book_session as the acting member and records the outcome (SQLSTATE 00000 on success). The
-- exception block is a subtransaction, so a failed booking leaves nothing behind.
create function verify.try_book(target uuid) returns text language plpgsql as $$
begin
  perform public.book_session(target);
  insert into verify.outcomes values (auth.uid(), target, '00000', null);
  return '00000';
exception when others then
  insert into verify.outcomes values (auth.uid(), target, sqlstate, sqlerrm);
  return sqlstate;
end $$;
grant execute on function verify.try_book(uuid) to authenticated;

insert into auth.users (id, email, raw_user_meta_data)
select format('00000000-0000-4000-8000-%s', lpad(n::text, 12, '0'))::uuid, 'racer' || n || '@example.com',
       jsonb_build_object('display_name', 'Racer ' || n)
from generate_series(0, 39) n;
insert into public.credit_ledger (member_id, amount, reason)
select format('00000000-0000-4000-8000-%s', lpad(n::text, 12, '0'))::uuid, 10, 'purchase'
from generate_series(0, 39) n;

insert into public.class_sessions (id, studio_id, name, starts_at, duration_minutes, capacity, credit_cost)
select format('20000000-0000-4000-8000-%s', lpad(n::text, 12, '0'))::uuid, '50000000-0000-4000-8000-000000000001',
       'Race ' || n, now() + interval '1 day', 45, 20, 2
from generate_series(1, 5) n;
insert into verify.race_sessions
select n, format('20000000-0000-4000-8000-%s', lpad(n::text, 12, '0'))::uuid from generate_series(1, 5) n;

insert into auth.users (id, email, raw_user_meta_data)
values ('0f0f0f0f-0000-4000-8000-000000000001', 'solo@example.com', '{"display_name": "Solo"}');
insert into public.credit_ledger (member_id, amount, reason)
values ('0f0f0f0f-0000-4000-8000-000000000001', 10, 'purchase');
insert into public.class_sessions (id, studio_id, name, starts_at, duration_minutes, capacity, credit_cost)
select format('30000000-0000-4000-8000-%s', lpad(n::text, 12, '0'))::uuid, '50000000-0000-4000-8000-000000000001',
       'Solo ' || n, now() + interval '1 day', 45, 50, 3
from generate_series(0, 9) n;
insert into verify.solo_sessions
select n, format('30000000-0000-4000-8000-%s', lpad(n::text, 12, '0'))::uuid from generate_series(0, 9) n;
commit;

\o
\! pgbench -n -c 40 -j 2 -t 5 -f Backend/verify/pgbench_book_distinct.sql 2>&1 | grep -E 'clients|transactions actually|failed|aborted'
\! pgbench -n -c 10 -j 2 -t 1 -f Backend/verify/pgbench_book_same_member.sql 2>&1 | grep -E 'clients|transactions actually|failed|aborted'
\o /dev/null

begin;
-- Race 1.
select verify.eq('race: attempts', (select count(*)::text from verify.outcomes where session_id in (select id from verify.race_sessions)), '200');
select verify.eq('race: outcomes',
  (select string_agg(sqlstate || ' x' || n, ', ' order by sqlstate)
     from (select sqlstate, count(*) n from verify.outcomes where session_id in (select id from verify.race_sessions) group by sqlstate) t),
  '00000 x100, FB001 x100');
select verify.eq('race: active bookings per session',
  (select string_agg(n::text, ',' order by position)
     from (select r.position, count(b.id) n from verify.race_sessions r
           left join public.bookings b on b.class_session_id = r.id and b.status = 'active' group by r.position) t),
  '20,20,20,20,20');
select verify.eq('race: spots remaining',
  (select string_agg(spots_remaining::text, ',' order by start_time, name) from public.bookable_sessions where name like 'Race %'),
  '0,0,0,0,0');
-- Every member's ledger is 10 - 2 per booking, with one debit row per booking.
select verify.eq('race: members whose ledger is off', (
  select count(*)::text from public.members m
  where m.email like 'racer%'
    and ((select sum(amount) from public.credit_ledger l where l.member_id = m.id)
          <> 10 - 2 * (select count(*) from public.bookings b where b.member_id = m.id)
      or (select count(*) from public.credit_ledger l where l.member_id = m.id and l.reason = 'booking')
          <> (select count(*) from public.bookings b where b.member_id = m.id))), '0');
select verify.eq('race: ledger debits total', (select sum(l.amount)::text from public.credit_ledger l
                                                join public.bookings b on b.id = l.booking_id
                                                where b.class_session_id in (select id from verify.race_sessions)), '-200.00');
-- Race 2.
select verify.eq('same member: outcomes',
  (select string_agg(sqlstate || ' x' || n, ', ' order by sqlstate)
     from (select sqlstate, count(*) n from verify.outcomes where member_id = '0f0f0f0f-0000-4000-8000-000000000001' group by sqlstate) t),
  '00000 x3, FB003 x7');
select verify.eq('same member: balance',
  (select sum(amount)::text from public.credit_ledger where member_id = '0f0f0f0f-0000-4000-8000-000000000001'), '1.00');
select verify.eq('no error other than FB001/FB003',
  (select count(*)::text from verify.outcomes where sqlstate not in ('00000', 'FB001', 'FB003')), '0');
rollback;
