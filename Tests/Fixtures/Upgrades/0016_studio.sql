-- What an app on release 0.1.0 (migrations through 0016) adds to the studio of 0012_studio.sql: a cancellation that
-- promotes the first member in line and tells them in their inbox, a class the studio cancels and the notice its
-- members get, and a member reading their inbox. Loaded after 0016 by the upgrade test (FitPostgresTests/UpgradeTests)
-- and by scripts/pg-server.sh, as one transaction or statement by statement.

create or replace function pg_temp.act_as(member uuid) returns void language sql as $$
  select set_config('request.jwt.claims', json_build_object('sub', member, 'role', 'authenticated')::text, false),
         set_config('role', 'authenticated', false);
$$;
create or replace function pg_temp.act_as_owner() returns void language sql as $$
  select set_config('request.jwt.claims', '', false), set_config('role', 'none', false);
$$;

-- Maya gives up her Reformer spot: Jordan, first in line with the credits, is booked and told.
select pg_temp.act_as('a0000000-0000-4000-8000-000000000001');
select cancel_booking((select id from bookings where member_id = 'a0000000-0000-4000-8000-000000000001'
                       and class_session_id = 'c0000000-0000-4000-8000-000000000003' and status = 'active'));
select pg_temp.act_as_owner();

-- The studio cancels HIIT 30, and Maya, booked on it, is told.
update class_sessions set cancelled_at = now() where id = 'c0000000-0000-4000-8000-000000000004';

-- Jordan reads his inbox.
select pg_temp.act_as('a0000000-0000-4000-8000-000000000002');
select mark_notifications_read((select coalesce(jsonb_agg(id), '[]') from notifications));
select pg_temp.act_as_owner();
