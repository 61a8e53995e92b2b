-- A studio's data as an app on FitKit's migrations 0001-0012 (the schema before the 0.1.0 release) leaves it: members
-- who signed up, two studios, classes past, future, full and cancelled, credits bought, bookings made and cancelled,
-- a waitlist, and each member's own events, ratings, history and workouts. Written as the app writes it: members
-- through their functions and row-level security, the back office as the owner. Loaded between 0012 and 0013 by
-- the upgrade test (FitPostgresTests/UpgradeTests) and by scripts/pg-server.sh for the suites' database, as one
-- transaction or statement by statement: acting as a member lasts until the session acts as the owner again.

-- Acting as a member, as PostgREST does per request, and back to the owner.
create or replace function pg_temp.act_as(member uuid) returns void language sql as $$
  select set_config('request.jwt.claims', json_build_object('sub', member, 'role', 'authenticated')::text, false),
         set_config('role', 'authenticated', false);
$$;
create or replace function pg_temp.act_as_owner() returns void language sql as $$
  select set_config('request.jwt.claims', '', false), set_config('role', 'none', false);
$$;

-- Sign-ups, as Auth inserts them: each makes a member (0010).
insert into auth.users (id, aud, role, email, phone, is_anonymous, raw_user_meta_data) values
  ('a0000000-0000-4000-8000-000000000001', 'authenticated', 'authenticated', 'maya@example.com', null, false,
   '{"display_name": "Maya Thompson", "time_zone": "Europe/London"}'),
  ('a0000000-0000-4000-8000-000000000002', 'authenticated', 'authenticated', 'jordan@example.com', null, false,
   '{"display_name": "Jordan Lee", "time_zone": "America/New_York"}'),
  ('a0000000-0000-4000-8000-000000000003', 'authenticated', 'authenticated', null, '447700900456', false,
   '{"display_name": "Sam Okafor"}'),
  ('a0000000-0000-4000-8000-000000000004', 'authenticated', 'authenticated', null, null, true, '{}');

-- The back office: studios, a waitlist setting, the timetable, the exercise catalogue, credits bought.
insert into studios (id, name, time_zone) values
  ('b0000000-0000-4000-8000-000000000001', 'Riverside', 'Europe/London'),
  ('b0000000-0000-4000-8000-000000000002', 'Hudson Yards', 'America/New_York');
insert into waitlist_settings (studio_id, cutoff_minutes) values ('b0000000-0000-4000-8000-000000000002', 30);
insert into class_sessions
  (id, studio_id, name, description, instructor_name, starts_at, duration_minutes, capacity, credit_cost,
   cancelled_at) values
  ('c0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'Morning Flow', 'Vinyasa',
   'Ana', now() - interval '2 days', 60, 12, 1, null),
  ('c0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'Spin 45', null, 'Ben',
   now() + interval '1 day', 45, 2, 2, null),
  ('c0000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000001', 'Reformer', 'Small group',
   'Cleo', now() + interval '2 days', 50, 1, 3.5, null),
  ('c0000000-0000-4000-8000-000000000004', 'b0000000-0000-4000-8000-000000000002', 'HIIT 30', null, 'Dev',
   now() + interval '3 days', 30, 10, 1, null),
  ('c0000000-0000-4000-8000-000000000005', 'b0000000-0000-4000-8000-000000000002', 'Boxing', null, 'Eli',
   now() + interval '4 days', 60, 8, 2, now() - interval '1 hour');
-- FitKit's own catalogue (ExerciseCatalogue.hiit), as the HIIT feature seeds it.
insert into exercises (id, position, name, video_name, duration_seconds) values
  ('e0000000-0000-4000-8000-000000000001', 1, 'Squat', 'squat', 30),
  ('e0000000-0000-4000-8000-000000000002', 2, 'Step Up', 'step-up', 30),
  ('e0000000-0000-4000-8000-000000000003', 3, 'Burpee', 'burpee', 30),
  ('e0000000-0000-4000-8000-000000000004', 4, 'Sun Salute', 'sun-salute', 30);
insert into credit_ledger (member_id, amount, reason, expires_at) values
  ('a0000000-0000-4000-8000-000000000001', 10, 'purchase', null),
  ('a0000000-0000-4000-8000-000000000002', 8, 'purchase', now() + interval '30 days'),
  ('a0000000-0000-4000-8000-000000000003', 4, 'purchase', null),
  ('a0000000-0000-4000-8000-000000000003', -1, 'adjustment', null);

-- A past class booked before it started, as book_session leaves it: the booking and its debit.
insert into bookings (id, member_id, class_session_id, status, created_at) values
  ('d0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001',
   'c0000000-0000-4000-8000-000000000001', 'active', now() - interval '3 days');
insert into credit_ledger (member_id, amount, reason, booking_id, created_at) values
  ('a0000000-0000-4000-8000-000000000001', -1, 'booking', 'd0000000-0000-4000-8000-000000000001',
   now() - interval '3 days');

-- Members book, cancel and wait, through their functions.
select pg_temp.act_as('a0000000-0000-4000-8000-000000000001');
select book_session('c0000000-0000-4000-8000-000000000002');
select book_session('c0000000-0000-4000-8000-000000000003');
select book_session('c0000000-0000-4000-8000-000000000004');
select pg_temp.act_as_owner();
select pg_temp.act_as('a0000000-0000-4000-8000-000000000002');
select book_session('c0000000-0000-4000-8000-000000000002');
select join_waitlist('c0000000-0000-4000-8000-000000000003');
select pg_temp.act_as_owner();
select pg_temp.act_as('a0000000-0000-4000-8000-000000000003');
select join_waitlist('c0000000-0000-4000-8000-000000000003');
select book_session('c0000000-0000-4000-8000-000000000004');
select cancel_booking((select id from bookings where member_id = 'a0000000-0000-4000-8000-000000000003'
                       and class_session_id = 'c0000000-0000-4000-8000-000000000004'));
select pg_temp.act_as_owner();
select pg_temp.act_as('a0000000-0000-4000-8000-000000000004');
select join_waitlist('c0000000-0000-4000-8000-000000000002');
select leave_waitlist('c0000000-0000-4000-8000-000000000002');
select pg_temp.act_as_owner();

-- Each member's own things, under row-level security.
select pg_temp.act_as('a0000000-0000-4000-8000-000000000001');
insert into events (title, date, text_color) values ('Race day', now() + interval '40 days', '#FF3B30FF');
insert into exercise_ratings (exercise_id, rating) values ('e0000000-0000-4000-8000-000000000002', 4);
insert into exercise_history (exercise_id, completed_at) values
  ('e0000000-0000-4000-8000-000000000001', now() - interval '1 day'),
  ('e0000000-0000-4000-8000-000000000002', now() - interval '1 day');
insert into workouts (title, performed_at, notes, exercises) values
  ('Leg day', now() - interval '2 days', 'Felt strong',
   '[{"name": "Squat", "sets": [{"reps": 5, "weight_kg": 100, "rest_seconds": 120}, {"reps": 5, "weight_kg": 105, "rest_seconds": 0}]}]');
select pg_temp.act_as_owner();
select pg_temp.act_as('a0000000-0000-4000-8000-000000000002');
insert into events (title, date, text_color, image_data) values
  ('Birthday', now() + interval '100 days', '#34C759FF', 'aGVsbG8=');
insert into exercise_ratings (exercise_id, rating) values ('e0000000-0000-4000-8000-000000000003', 2);
select pg_temp.act_as_owner();
