-- The studio's desk (issue: the studio's side, items 1 and 2, first part): a studio's staff run its classes through
-- functions, each one request and atomic, each refusal a typed code (FD001…FD006). Staff are members linked to a
-- studio as `owner` or `instructor`; the service role adds them (the first owner is its to add). Staff may manage
-- their own studio and nothing else; members who are not staff, and anonymous callers, can do none of it.
--
--   desk_cancel_class(session_id)           staff     cancels the class, refunds every active booking in full,
--                                                      and (through fitkit_tell_class_change) closes its line and
--                                                      tells everyone booked or waiting
--   desk_set_capacity(session_id, capacity) staff     changes the capacity; promotions follow as before
--   desk_roster(session_id)                 staff     the class's active bookings with the members' names
--   desk_set_full_refund_window(studio_id, minutes)   owners: the studio's full-refund window (0020)

create table if not exists public.studio_staff (
  studio_id  uuid not null references public.studios (id) on delete cascade,
  member_id  uuid not null references public.members (id) on delete cascade,
  role       text not null check (role in ('owner', 'instructor')),
  created_at timestamptz not null default now(),
  primary key (studio_id, member_id)
);
create index if not exists studio_staff_member_id_idx on public.studio_staff (member_id);

alter table public.studio_staff enable row level security;
revoke all on public.studio_staff from anon, authenticated;
grant all on public.studio_staff to service_role;
grant select on public.studio_staff to authenticated;
drop policy if exists studio_staff_read_own on public.studio_staff;
create policy studio_staff_read_own on public.studio_staff for select to authenticated
  using (member_id = (select auth.uid()));

create or replace trigger fitkit_notify_change
  after insert or update or delete on public.studio_staff
  for each row execute function public.fitkit_notify_change('studio_id,member_id', 'member_id', '');
create or replace trigger fitkit_notify_truncate
  after truncate on public.studio_staff
  for each statement execute function public.fitkit_notify_change();

-- The acting member when they are staff of `studio` (an owner when `owners_only`): FB009 signed out, FB010 without
-- a member, FD001 otherwise.
create or replace function public.fitkit_desk_staff(studio uuid, owners_only boolean)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  acting uuid := public.fitkit_acting_member();
begin
  if not exists (
    select from public.studio_staff s
    where s.studio_id = studio and s.member_id = acting and (not owners_only or s.role = 'owner')
  ) then
    raise exception using errcode = 'FD001', message = 'Not staff of this studio';
  end if;
  return acting;
end
$$;
revoke all on function public.fitkit_desk_staff(uuid, boolean) from public, anon, authenticated, service_role;

-- The class `session_id`, locked, when the acting member is staff of its studio: FD002 when there is no such class.
create or replace function public.fitkit_desk_class(session_id uuid)
returns public.class_sessions
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  target public.class_sessions%rowtype;
begin
  select * into target from public.class_sessions cs where cs.id = session_id for no key update;
  if not found then
    raise exception using errcode = 'FD002', message = 'Class not found';
  end if;
  perform public.fitkit_desk_staff(target.studio_id, false);
  return target;
end
$$;
revoke all on function public.fitkit_desk_class(uuid) from public, anon, authenticated, service_role;

create or replace function public.desk_cancel_class(session_id uuid)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  target    class_sessions%rowtype := fitkit_desk_class(session_id);
  booking   bookings%rowtype;
  cancelled integer := 0;
  refunded  numeric(12,2) := 0;
begin
  if target.cancelled_at is not null then
    raise exception using errcode = 'FD003', message = 'Class already cancelled';
  end if;
  if target.starts_at <= now() then
    raise exception using errcode = 'FD004', message = 'Class has already started';
  end if;
  -- Closes the line and tells everyone booked or waiting (fitkit_tell_class_change, 0015).
  update class_sessions cs set cancelled_at = now() where cs.id = target.id;
  for booking in
    select * from bookings b where b.class_session_id = target.id and b.status = 'active' order by b.created_at, b.id
    for update
  loop
    if target.credit_cost > 0 then
      insert into credit_ledger (member_id, amount, reason, booking_id)
      values (booking.member_id, target.credit_cost, 'refund', booking.id);
      refunded := refunded + target.credit_cost;
    end if;
    update bookings b set status = 'cancelled', cancelled_at = now() where b.id = booking.id;
    cancelled := cancelled + 1;
  end loop;
  return json_build_object('session_id', target.id, 'cancelled_bookings', cancelled, 'refunded_credits', refunded);
end
$$;
revoke all on function public.desk_cancel_class(uuid) from public;
grant execute on function public.desk_cancel_class(uuid) to anon, authenticated, service_role;

create or replace function public.desk_set_capacity(session_id uuid, capacity integer)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  target class_sessions%rowtype := fitkit_desk_class(session_id);
begin
  if capacity is null or capacity < 0 or capacity > 10000 then
    raise exception using errcode = 'FD005', message = 'Capacity must be 0 to 10000';
  end if;
  -- Promotions follow (fitkit_waitlist_after_capacity, 0009).
  update class_sessions cs set capacity = capacity where cs.id = target.id;
  return json_build_object('session_id', target.id, 'capacity', capacity);
end
$$;
revoke all on function public.desk_set_capacity(uuid, integer) from public;
grant execute on function public.desk_set_capacity(uuid, integer) to anon, authenticated, service_role;

create or replace function public.desk_roster(session_id uuid)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  target class_sessions%rowtype := fitkit_desk_class(session_id);
begin
  return coalesce((
    select json_agg(json_build_object(
      'booking_id', b.id, 'member_id', b.member_id, 'display_name', m.display_name, 'booked_at', b.created_at)
      order by b.created_at, b.id)
    from bookings b join members m on m.id = b.member_id
    where b.class_session_id = target.id and b.status = 'active'
  ), '[]'::json);
end
$$;
revoke all on function public.desk_roster(uuid) from public;
grant execute on function public.desk_roster(uuid) to anon, authenticated, service_role;

create or replace function public.desk_set_full_refund_window(studio_id uuid, minutes integer)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
begin
  perform fitkit_desk_staff(studio_id, true);
  if minutes is null or minutes < 0 or minutes > 43200 then
    raise exception using errcode = 'FD006', message = 'Full-refund window must be 0 to 43200 minutes';
  end if;
  update studio_policies p set full_refund_minutes = minutes where p.studio_id = studio_id;
  return json_build_object('studio_id', studio_id, 'full_refund_minutes', minutes);
end
$$;
revoke all on function public.desk_set_full_refund_window(uuid, integer) from public;
grant execute on function public.desk_set_full_refund_window(uuid, integer) to anon, authenticated, service_role;

do $$
begin
  if exists (select from pg_publication where pubname = 'supabase_realtime') and not exists (
    select from pg_publication_tables p
    where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = 'studio_staff'
  ) then
    alter publication supabase_realtime add table public.studio_staff;
  end if;
end
$$;
