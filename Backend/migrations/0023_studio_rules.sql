-- More of each studio's rules (issue: the studio's side, item 3): how far ahead booking opens, and how long a class's
-- line may grow, per studio and, for the line, per class; and a class's own waitlist cutoff over its studio's
-- (`waitlist_settings`, 0009; 0024 makes every line read it). All are off (null) until set, so nothing changes for a
-- studio that does not. book_session refuses a class whose booking has not opened with FB013; join_waitlist (defined
-- with the class's cutoff in 0024) refuses a full line with FW009. Owners set the studio's rules at the desk
-- (desk_set_policies, the cutoff too), staff a class's own cap and cutoff (desk_set_line_cap, desk_set_class_cutoff).

alter table public.studio_policies
  add column if not exists booking_opens_days integer check (booking_opens_days between 1 and 365),
  add column if not exists line_cap integer check (line_cap between 1 and 1000);
alter table public.class_sessions
  add column if not exists line_cap integer check (line_cap between 1 and 1000),
  add column if not exists waitlist_cutoff_minutes integer check (waitlist_cutoff_minutes between 0 and 10080);

-- book_session as 0010 left it, and the studio's booking window (FB013, after the class's start is checked).
create or replace function public.book_session(session_id uuid)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  acting_member uuid := fitkit_acting_member();
  target        class_sessions%rowtype;
  opens_days    integer;
  active_count  integer;
  balance       numeric;
  booking       bookings%rowtype;
begin
  select * into target from class_sessions cs where cs.id = session_id for no key update;
  if not found then
    raise exception using errcode = 'FB007', message = 'Not found';
  end if;
  if target.cancelled_at is not null then
    raise exception using errcode = 'FB005', message = 'Class has been cancelled';
  end if;
  if target.starts_at <= now() then
    raise exception using errcode = 'FB004', message = 'Class has already started';
  end if;
  select p.booking_opens_days into opens_days from studio_policies p where p.studio_id = target.studio_id;
  if opens_days is not null and now() < target.starts_at - make_interval(hours => opens_days * 24) then
    raise exception using errcode = 'FB013', message = 'Booking is not open yet';
  end if;
  if exists (
    select from bookings b
    where b.member_id = acting_member and b.class_session_id = target.id and b.status = 'active'
  ) then
    raise exception using errcode = 'FB002', message = 'Session already booked';
  end if;
  select count(*) into active_count
  from bookings b
  where b.class_session_id = target.id and b.status = 'active';
  if active_count >= target.capacity then
    raise exception using errcode = 'FB001', message = 'Session is full';
  end if;
  select coalesce(sum(l.amount), 0) into balance from credit_ledger l where l.member_id = acting_member;
  if balance < target.credit_cost then
    raise exception using errcode = 'FB003', message = 'Insufficient credits';
  end if;

  insert into bookings (member_id, class_session_id)
  values (acting_member, target.id)
  returning * into booking;
  if target.credit_cost > 0 then
    insert into credit_ledger (member_id, amount, reason, booking_id)
    values (acting_member, -target.credit_cost, 'booking', booking.id);
  end if;

  return json_build_object(
    'id', booking.id,
    'member_id', booking.member_id,
    'class_session_id', booking.class_session_id,
    'status', booking.status,
    'created_at', booking.created_at,
    'cancelled_at', booking.cancelled_at
  );
end
$$;

-- An owner sets the studio's rules: each one given (the others stay); `clear_*` turns a rule off. FD006 a refund
-- window, FD016 a booking window, FD017 a line cap, FD018 a waitlist cutoff out of range. Returns the policy row and
-- the studio's cutoff (60 minutes when it has no waitlist_settings row).
create or replace function public.desk_set_policies(
  studio_id uuid, full_refund_minutes integer default null, booking_opens_days integer default null,
  line_cap integer default null, clear_booking_window boolean default false, clear_line_cap boolean default false,
  waitlist_cutoff_minutes integer default null
)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  policy studio_policies%rowtype;
begin
  perform fitkit_desk_staff(studio_id, true);
  if full_refund_minutes is not null and (full_refund_minutes < 0 or full_refund_minutes > 43200) then
    raise exception using errcode = 'FD006', message = 'Full-refund window must be 0 to 43200 minutes';
  end if;
  if booking_opens_days is not null and (booking_opens_days < 1 or booking_opens_days > 365) then
    raise exception using errcode = 'FD016', message = 'Booking must open 1 to 365 days ahead';
  end if;
  if line_cap is not null and (line_cap < 1 or line_cap > 1000) then
    raise exception using errcode = 'FD017', message = 'A line holds 1 to 1000 members';
  end if;
  if waitlist_cutoff_minutes is not null and (waitlist_cutoff_minutes < 0 or waitlist_cutoff_minutes > 10080) then
    raise exception using errcode = 'FD018', message = 'Waitlist cutoff must be 0 to 10080 minutes';
  end if;
  if waitlist_cutoff_minutes is not null then
    insert into waitlist_settings (studio_id, cutoff_minutes) values (studio_id, waitlist_cutoff_minutes)
    on conflict on constraint waitlist_settings_pkey do update set cutoff_minutes = excluded.cutoff_minutes;
  end if;
  update studio_policies p set
    full_refund_minutes = coalesce(full_refund_minutes, p.full_refund_minutes),
    booking_opens_days = case when clear_booking_window then null
                              else coalesce(booking_opens_days, p.booking_opens_days) end,
    line_cap = case when clear_line_cap then null else coalesce(line_cap, p.line_cap) end
  where p.studio_id = studio_id
  returning * into policy;
  return json_build_object(
    'studio_id', policy.studio_id, 'full_refund_minutes', policy.full_refund_minutes,
    'booking_opens_days', policy.booking_opens_days, 'line_cap', policy.line_cap,
    'waitlist_cutoff_minutes', coalesce(
      (select s.cutoff_minutes from waitlist_settings s where s.studio_id = policy.studio_id), 60));
end
$$;
revoke all on function public.desk_set_policies(uuid, integer, integer, integer, boolean, boolean, integer)
  from public;
grant execute on function public.desk_set_policies(uuid, integer, integer, integer, boolean, boolean, integer)
  to anon, authenticated, service_role;

-- Staff set one class's line cap, over the studio's (null: the studio's again). FD017 out of range. Returns
-- `{session_id, line_cap}`.
create or replace function public.desk_set_line_cap(session_id uuid, line_cap integer default null)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  target class_sessions%rowtype := fitkit_desk_class(session_id);
begin
  if line_cap is not null and (line_cap < 1 or line_cap > 1000) then
    raise exception using errcode = 'FD017', message = 'A line holds 1 to 1000 members';
  end if;
  update class_sessions cs set line_cap = line_cap where cs.id = target.id;
  return json_build_object('session_id', target.id, 'line_cap', line_cap);
end
$$;
revoke all on function public.desk_set_line_cap(uuid, integer) from public;
grant execute on function public.desk_set_line_cap(uuid, integer) to anon, authenticated, service_role;

-- Staff set one class's waitlist cutoff over its studio's (null: the studio's again). FD018 out of range. Returns
-- `{session_id, waitlist_cutoff_minutes}`.
create or replace function public.desk_set_class_cutoff(session_id uuid, minutes integer default null)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  target class_sessions%rowtype := fitkit_desk_class(session_id);
begin
  if minutes is not null and (minutes < 0 or minutes > 10080) then
    raise exception using errcode = 'FD018', message = 'Waitlist cutoff must be 0 to 10080 minutes';
  end if;
  update class_sessions cs set waitlist_cutoff_minutes = minutes where cs.id = target.id;
  return json_build_object('session_id', target.id, 'waitlist_cutoff_minutes', minutes);
end
$$;
revoke all on function public.desk_set_class_cutoff(uuid, integer) from public;
grant execute on function public.desk_set_class_cutoff(uuid, integer) to anon, authenticated, service_role;
