-- Row-level security and privileges: own rows only, shared timetable for everyone, no direct writes to
-- bookings and the ledger. Runs after 01_rpc.sql (A holds bookings on sessions 1 and 8, B on session 2).
\set ON_ERROR_STOP 1
\o /dev/null

-- A's own data.
begin;
select verify.act_as('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
insert into events (title, date, text_color) values ('Marathon', now() + interval '30 days', '#FF8800FF');
insert into exercise_ratings (exercise_id, rating) values ('e0000000-0000-4000-8000-000000000001', 4)
  on conflict (member_id, exercise_id) do update set rating = excluded.rating, updated_at = now();
insert into exercise_ratings (exercise_id, rating) values ('e0000000-0000-4000-8000-000000000001', 5)
  on conflict (member_id, exercise_id) do update set rating = excluded.rating, updated_at = now();
insert into exercise_history (exercise_id) values ('e0000000-0000-4000-8000-000000000002');
insert into workouts (title, performed_at, exercises)
  values ('Legs', now(), '[{"name": "Squat", "sets": [{"reps": 5, "weight_kg": 100, "rest_seconds": 120}]}]');
select verify.eq('event defaults to the acting member', (select member_id::text from events), 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
select verify.eq('rating upserted', (select string_agg(rating::text, ',') from exercise_ratings), '5');
select verify.eq('A sees own member row only', (select string_agg(display_name, ',') from members), 'Ada');
select verify.eq('A sees own bookings only', (select count(*)::text from bookings where member_id <> auth.uid()), '0');
select verify.eq('A sees own active bookings', (select count(*)::text from bookings where status = 'active'), '3');
select verify.fails('event colour check', $$insert into events (title, date, text_color) values ('x', now(), '#ff8800ff')$$, '23514',
                    'new row for relation "events" violates check constraint "events_text_color_check"');
select verify.fails('event title check', $$insert into events (title, date, text_color) values ('   ', now(), '#FF8800FF')$$, '23514');
select verify.fails('rating range check', $$insert into exercise_ratings (exercise_id, rating) values ('e0000000-0000-4000-8000-000000000002', 6)$$, '23514');
select verify.fails('event for another member', $$insert into events (member_id, title, date, text_color) values ('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', 'x', now(), '#FF8800FF')$$,
                    '42501', 'new row violates row-level security policy for table "events"');
select verify.fails('moving an event to another member', $$update events set member_id = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'$$,
                    '42501', 'new row violates row-level security policy for table "events"');
select verify.fails('direct insert into bookings', $$insert into bookings (member_id, class_session_id) values (auth.uid(), '10000000-0000-4000-8000-000000000006')$$,
                    '42501', 'permission denied for table bookings');
select verify.fails('direct update of bookings', $$update bookings set status = 'cancelled'$$, '42501', 'permission denied for table bookings');
select verify.fails('direct insert into the ledger', $$insert into credit_ledger (member_id, amount, reason) values (auth.uid(), 1000, 'purchase')$$,
                    '42501', 'permission denied for table credit_ledger');
select verify.fails('direct delete from the ledger', $$delete from credit_ledger$$, '42501', 'permission denied for table credit_ledger');
select verify.fails('timetable is read-only', $$update class_sessions set capacity = 100$$, '42501', 'permission denied for table class_sessions');
select verify.fails('history is append-only', $$update exercise_history set completed_at = now()$$, '42501', 'permission denied for table exercise_history');
commit;

-- B sees none of it, and cannot change it.
begin;
select verify.act_as('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
select verify.eq('B bookings', (select string_agg(distinct member_id::text, ',') from bookings), 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
select verify.eq('B ledger', (select string_agg(distinct member_id::text, ',') from credit_ledger), 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
select verify.eq('B sees no events of A', (select count(*)::text from events), '0');
select verify.eq('B sees no ratings/history/workouts of A',
                 (select format('%s %s %s', (select count(*) from exercise_ratings), (select count(*) from exercise_history), (select count(*) from workouts))), '0 0 0');
select verify.eq('B updates A''s event: 0 rows', verify.affected($$update events set title = 'hacked'$$)::text, '0');
select verify.eq('B deletes A''s workouts: 0 rows', verify.affected($$delete from workouts$$)::text, '0');
select verify.eq('B members', (select string_agg(display_name, ',') from members), 'Bo');
select verify.eq('view: B booked session 2, not session 1',
                 (select string_agg(name || '=' || is_booked, ', ' order by session_id) from bookable_sessions
                   where session_id in ('10000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000002')),
                 'Open (book, FB002)=false, Tiny (FB001)=true');
commit;

begin;
select verify.eq('A''s event survived B', (select title from events), 'Marathon');
rollback;

-- anon: the timetable and the view, nothing personal, no writes.
begin;
select verify.act_as(null);
select verify.eq('anon class_sessions = all 12', (select count(*)::text from class_sessions), '12');
select verify.eq('anon bookable_sessions = all 12, none booked',
                 (select format('%s %s %s', count(*), count(*) filter (where is_booked), count(booking_id)) from bookable_sessions), '12 0 0');
select verify.eq('anon view still counts everyone''s bookings',
                 (select spots_remaining::text from bookable_sessions where session_id = '10000000-0000-4000-8000-000000000002'), '0');
select verify.eq('anon sees studios and exercises', (select format('%s %s', (select count(*) from studios), (select count(*) from exercises))), '1 2');
select verify.eq('anon sees no personal rows',
                 (select format('%s %s %s %s %s %s %s', (select count(*) from bookings), (select count(*) from credit_ledger), (select count(*) from events),
                                (select count(*) from members), (select count(*) from exercise_ratings), (select count(*) from exercise_history),
                                (select count(*) from workouts))), '0 0 0 0 0 0 0');
select verify.fails('anon cannot write events', $$insert into events (title, date, text_color) values ('x', now(), '#FF8800FF')$$,
                    '42501', 'permission denied for table events');
rollback;
