-- What Supabase's Security Advisor asks of a project: no view that runs with its owner's rights, and no function the
-- API roles can call that they should not. Backend/CONTRACT.md lists the findings that remain and why.

-- Spots booked, kept on the class: bookable_sessions counted every member's bookings with its owner's rights (a
-- SECURITY DEFINER view, the Advisor's one ERROR); now the count is a column the bookings' own trigger maintains, so
-- the view runs with the caller's rights and Realtime can publish a class's spots as they change.
alter table public.class_sessions
  add column if not exists booked_count integer not null default 0 check (booked_count >= 0);
update public.class_sessions cs
set booked_count = (select count(*) from public.bookings b where b.class_session_id = cs.id and b.status = 'active');

-- Runs as whoever writes bookings: the booking functions and triggers (which run as their owner) and the service
-- role, the only writers the contract has.
create or replace function public.fitkit_count_bookings()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'active' then
    update public.class_sessions cs set booked_count = cs.booked_count - 1 where cs.id = old.class_session_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'active' then
    update public.class_sessions cs set booked_count = cs.booked_count + 1 where cs.id = new.class_session_id;
  end if;
  return null;
end
$$;
revoke all on function public.fitkit_count_bookings() from public, anon, authenticated, service_role;
-- Named to run before fitkit_waitlist_promote (triggers fire in name order), so promotion sees the freed spot counted.
drop trigger if exists fitkit_count_bookings on public.bookings;
create trigger fitkit_count_bookings
  after insert or update of status, class_session_id or delete on public.bookings
  for each row execute function public.fitkit_count_bookings();

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
  mine.id                                      as booking_id
from public.class_sessions cs
join public.studios s on s.id = cs.studio_id
-- Row-level security shows the caller their own bookings only; at most one is active per class.
left join public.bookings mine
  on mine.class_session_id = cs.id
 and mine.status = 'active'
 and mine.member_id = (select auth.uid());

-- credit_summary reads only the caller's own rows, which row-level security lets them read: it runs with the
-- caller's rights now.
create or replace function public.credit_summary()
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  acting_member   uuid := auth.uid();
  balance         numeric(12,2);
  expiring        numeric(12,2);
  earliest_expiry timestamptz;
begin
  if acting_member is null then
    raise exception using errcode = 'FB009', message = 'Not signed in';
  end if;
  if not exists (select from public.members m where m.id = acting_member) then
    raise exception using errcode = 'FB010', message = 'No member profile for this account';
  end if;

  select
    coalesce(sum(l.amount), 0),
    coalesce(sum(l.amount) filter (where l.amount > 0
                                     and l.expires_at > now()
                                     and l.expires_at <= now() + interval '14 days'), 0),
    min(l.expires_at) filter (where l.amount > 0
                                and l.expires_at > now()
                                and l.expires_at <= now() + interval '14 days')
  into balance, expiring, earliest_expiry
  from public.credit_ledger l
  where l.member_id = acting_member;

  return json_build_object(
    'balance', balance,
    'expiring_soon', greatest(least(balance, expiring), 0)::numeric(12,2),
    'earliest_expiry', earliest_expiry
  );
end
$$;

-- Supabase's default privileges grant EXECUTE on every new function to anon, authenticated and service_role by name,
-- which `revoke … from public` leaves in place: the helpers and trigger functions lose it here.
revoke all on function public.fitkit_notify_change() from anon, authenticated, service_role;
revoke all on function public.fitkit_waitlist_cutoff(uuid) from anon, authenticated, service_role;
revoke all on function public.fitkit_promote_waitlist(uuid) from anon, authenticated, service_role;
revoke all on function public.fitkit_waitlist_after_booking() from anon, authenticated, service_role;
revoke all on function public.fitkit_waitlist_after_capacity() from anon, authenticated, service_role;
revoke all on function public.fitkit_waitlist_entry_json(public.waitlist_entries, integer)
  from anon, authenticated, service_role;
revoke all on function public.close_waitlists() from anon, authenticated;

-- Foreign keys the Advisor finds without a covering index.
create index if not exists class_sessions_studio_idx on public.class_sessions (studio_id);
create index if not exists exercise_ratings_exercise_idx on public.exercise_ratings (exercise_id);
create index if not exists exercise_history_exercise_idx on public.exercise_history (exercise_id);
create index if not exists waitlist_entries_booking_idx on public.waitlist_entries (booking_id);
