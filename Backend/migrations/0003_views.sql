-- The timetable as the apps read it.
-- A plain (security definer-style, not security_invoker) view: it runs with its owner's rights, so
-- spots_remaining counts every member's bookings although RLS hides them from the caller, while
-- is_booked / booking_id look only at the acting member's booking (auth.uid(); none for anon).

create or replace view public.bookable_sessions as
select
  cs.id                                        as session_id,
  cs.studio_id                                 as studio_id,
  cs.name                                      as name,
  cs.description                               as class_description,
  cs.instructor_name                           as instructor_name,
  s.name                                       as studio_name,
  s.time_zone                                  as studio_time_zone,
  cs.starts_at                                 as start_time,
  cs.duration_minutes                          as duration_minutes,
  cs.capacity                                  as capacity,
  greatest(cs.capacity - taken.active_count, 0)::integer as spots_remaining,
  cs.credit_cost                               as credit_cost,
  cs.cancelled_at is not null                  as is_cancelled,
  mine.id is not null                          as is_booked,
  mine.id                                      as booking_id
from public.class_sessions cs
join public.studios s on s.id = cs.studio_id
cross join lateral (
  select count(*) as active_count
  from public.bookings b
  where b.class_session_id = cs.id and b.status = 'active'
) taken
-- At most one row thanks to bookings_one_active_per_member.
left join public.bookings mine
  on mine.class_session_id = cs.id
 and mine.status = 'active'
 and mine.member_id = (select auth.uid());

revoke all on public.bookable_sessions from anon, authenticated;
grant select on public.bookable_sessions to anon, authenticated, service_role;
