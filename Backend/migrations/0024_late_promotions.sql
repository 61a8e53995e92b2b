-- What a late promotion means (issue: the studio's side, item 3). A member promoted from the line after the class's
-- full-refund deadline was booked, and charged, without choosing to be so late; until now they could not get their
-- credits back if they could not come. Such a booking is now refundable in full until the class starts: cancel_booking
-- refunds it, and the member's timetable shows the start as its `full_refund_until`.
--
-- The other rule studios use, a window to confirm the promotion, needs a booking that is held but not yet confirmed
-- and a scheduler to release it; refundable-until-class needs neither, keeps the spot filled, and charges nobody for a
-- class they could not plan for.

-- cancel_booking as 0020 left it, and a late promotion refundable in full until the class starts.
create or replace function public.cancel_booking(booking_id uuid)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  acting_member uuid := fitkit_acting_member();
  target        bookings%rowtype;
  session_start timestamptz;
  cost          numeric(8,2);
  notice        integer;
  refund        numeric(8,2) := 0;
begin
  select * into target from bookings b
  where b.id = booking_id and b.member_id = acting_member
  for no key update;
  if not found then
    raise exception using errcode = 'FB007', message = 'Not found';
  end if;
  if target.status <> 'active' then
    raise exception using errcode = 'FB008', message = 'Booking is not active';
  end if;
  select cs.starts_at, cs.credit_cost, p.full_refund_minutes into session_start, cost, notice
  from class_sessions cs join studio_policies p on p.studio_id = cs.studio_id
  where cs.id = target.class_session_id;
  if session_start <= now() then
    raise exception using errcode = 'FB006', message = 'Cancellation is closed after the class starts';
  end if;
  if now() <= session_start - make_interval(mins => notice) or exists (
    select from waitlist_entries w
    where w.booking_id = target.id and w.status = 'promoted'
      and w.resolved_at > session_start - make_interval(mins => notice)
  ) then
    refund := cost;
  end if;
  if refund > 0 then
    insert into credit_ledger (member_id, amount, reason, booking_id)
    values (acting_member, refund, 'refund', target.id);
  end if;
  update bookings b
  set status = 'cancelled', cancelled_at = now()
  where b.id = target.id;

  return json_build_object('booking_id', target.id, 'refunded', refund);
end
$$;

-- bookable_sessions as 0020 left it; for the caller's booking made by a late promotion, `full_refund_until` is the start.
create or replace view public.bookable_sessions
with (security_invoker = true)
as
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
  greatest(cs.capacity - cs.booked_count, 0)::integer as spots_remaining,
  cs.credit_cost                               as credit_cost,
  cs.cancelled_at is not null                  as is_cancelled,
  mine.id is not null                          as is_booked,
  mine.id                                      as booking_id,
  case when late.id is not null then cs.starts_at
       else cs.starts_at - make_interval(mins => p.full_refund_minutes) end as full_refund_until
from public.class_sessions cs
join public.studios s on s.id = cs.studio_id
join public.studio_policies p on p.studio_id = cs.studio_id
-- Row-level security shows the caller their own bookings only; at most one is active per class.
left join public.bookings mine
  on mine.class_session_id = cs.id
 and mine.status = 'active'
 and mine.member_id = (select auth.uid())
-- The caller's own entry that their booking came from, when the line promoted them after the refund deadline.
left join public.waitlist_entries late
  on late.booking_id = mine.id
 and late.status = 'promoted'
 and late.resolved_at > cs.starts_at - make_interval(mins => p.full_refund_minutes);
