-- Each studio's own rules (issue: the studio's side, item 3), starting with the full-refund window: cancelling at
-- least `full_refund_minutes` before a class refunds its credits in full, later nothing. It was `interval '12 hours'`
-- in cancel_booking for every studio; 720 minutes stays the default. Every studio has its policy row (made when the
-- studio is, and here for those that exist), so every rule reads the row and the default lives in one place.
-- Members and anonymous callers read the policies (a timetable shows them); only the service role writes them.

create table if not exists public.studio_policies (
  studio_id           uuid primary key references public.studios (id) on delete cascade,
  full_refund_minutes integer not null default 720 check (full_refund_minutes between 0 and 43200)
);

alter table public.studio_policies enable row level security;
revoke all on public.studio_policies from anon, authenticated;
grant all on public.studio_policies to service_role;
grant select on public.studio_policies to anon, authenticated;
drop policy if exists studio_policies_read on public.studio_policies;
create policy studio_policies_read on public.studio_policies for select to anon, authenticated using (true);

create or replace function public.fitkit_studio_policies()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.studio_policies (studio_id) values (new.id) on conflict (studio_id) do nothing;
  return null;
end
$$;
revoke all on function public.fitkit_studio_policies() from public, anon, authenticated, service_role;
drop trigger if exists fitkit_studio_policies on public.studios;
create trigger fitkit_studio_policies
  after insert on public.studios
  for each row execute function public.fitkit_studio_policies();

insert into public.studio_policies (studio_id)
select s.id from public.studios s
on conflict (studio_id) do nothing;

create or replace trigger fitkit_notify_change
  after insert or update or delete on public.studio_policies
  for each row execute function public.fitkit_notify_change('studio_id', '', '');
create or replace trigger fitkit_notify_truncate
  after truncate on public.studio_policies
  for each statement execute function public.fitkit_notify_change();

-- cancel_booking as 0010 left it, the refund window read from the class's studio's policy. What a late promotion
-- means: a member promoted from the line after the class's full-refund deadline was booked, and charged, without
-- choosing to be so late, so such a booking stays refundable in full until the class starts. The other rule studios
-- use, a window to confirm the promotion, needs a booking that is held but not yet confirmed and a scheduler to
-- release it; refundable-until-class needs neither, keeps the spot filled, and charges nobody for a class they could
-- not plan for.
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

-- bookable_sessions as 0011 left it, and when cancelling stops refunding in full: `full_refund_until` (the start, for
-- the caller's booking that a late promotion made).
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

-- On Supabase, Realtime sends the policies' changes too (0012): a timetable follows its studios' policies.
do $$
begin
  if exists (select from pg_publication where pubname = 'supabase_realtime') and not exists (
    select from pg_publication_tables p
    where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = 'studio_policies'
  ) then
    alter publication supabase_realtime add table public.studio_policies;
  end if;
end
$$;
