-- A studio to develop against: what `supabase db reset` loads after the migrations (scripts/supabase-migrations.sh
-- lays it into an app's supabase folder). Two studios, a week of classes from today in each studio's time zone (one
-- of them small, to try the waitlist), a waitlist cutoff, and FitKit's exercise catalogue. Members come from sign-ups
-- through Supabase Auth; credits from the app's back office. Loading it again adds nothing.

insert into public.studios (id, name, time_zone) values
  ('5eed0000-0000-4000-8000-000000000001', 'Riverside', 'Europe/London'),
  ('5eed0000-0000-4000-8000-000000000002', 'Hudson Yards', 'America/New_York')
on conflict (id) do nothing;

insert into public.waitlist_settings (studio_id, cutoff_minutes)
values ('5eed0000-0000-4000-8000-000000000002', 30)
on conflict (studio_id) do nothing;

-- Each day of the coming week: an early class and an evening one per studio, at local time. The ids derive from the
-- studio, the day and the slot, so a second load finds them.
insert into public.class_sessions
  (id, studio_id, name, description, instructor_name, starts_at, duration_minutes, capacity, credit_cost)
select md5(s.id::text || d.day::text || c.slot)::uuid, s.id, c.name, c.description, c.instructor,
       ((date_trunc('day', now() at time zone s.time_zone) + d.day * interval '1 day' + c.at) at time zone s.time_zone),
       c.minutes, c.capacity, c.cost
from public.studios s
cross join generate_series(1, 7) as d(day)
cross join (values
  ('early', interval '7 hours', 'Morning Flow', 'Vinyasa yoga for every level', 'Ana', 60, 12, 1.0),
  ('evening', interval '18 hours 30 minutes', 'Spin 45', 'Intervals on the bike', 'Ben', 45, 2, 2.0)
) as c(slot, at, name, description, instructor, minutes, capacity, cost)
where s.id in ('5eed0000-0000-4000-8000-000000000001', '5eed0000-0000-4000-8000-000000000002')
on conflict (id) do nothing;

-- FitKit's catalogue (ExerciseCatalogue.hiit).
insert into public.exercises (id, position, name, video_name, duration_seconds) values
  ('5eed0000-0000-4000-8000-0000000000e1', 1, 'Squat', 'squat', 30),
  ('5eed0000-0000-4000-8000-0000000000e2', 2, 'Step Up', 'step-up', 30),
  ('5eed0000-0000-4000-8000-0000000000e3', 3, 'Burpee', 'burpee', 30),
  ('5eed0000-0000-4000-8000-0000000000e4', 4, 'Sun Salute', 'sun-salute', 30)
on conflict do nothing;
