-- A class's own waitlist cutoff (`class_sessions.waitlist_cutoff_minutes`, 0023) over its studio's: every reader and
-- writer of a line now asks the class. Each function and view below is as 0015 left it (join_waitlist as 0009 did, with
-- 0023's line cap: FW009), with the studio's cutoff replaced by the class's.

-- How long before `class_cutoff`'s class (of `studio`) its line closes: the class's own cutoff, else the studio's.
create or replace function public.fitkit_class_cutoff(class_cutoff integer, studio uuid)
returns interval
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(make_interval(mins => class_cutoff), public.fitkit_waitlist_cutoff(studio))
$$;
revoke all on function public.fitkit_class_cutoff(integer, uuid) from public, anon, authenticated, service_role;

-- The entries with the status they have now, the class's cutoff first.
create or replace view public.current_waitlist_entries
with (security_invoker = true)
as
select
  w.id                                                               as id,
  w.class_session_id                                                 as class_session_id,
  w.member_id                                                        as member_id,
  case when w.status = 'waiting' and not line.is_open then 'closed' else w.status end as status,
  w.booking_id                                                       as booking_id,
  w.note                                                             as note,
  w.joined_at                                                        as joined_at,
  case when w.status = 'waiting' and not line.is_open
       then least(cs.cancelled_at, line.closes_at) else w.resolved_at end as resolved_at
from public.waitlist_entries w
join public.class_sessions cs on cs.id = w.class_session_id
cross join lateral (
  select cs.starts_at - coalesce(
           make_interval(mins => cs.waitlist_cutoff_minutes),
           (select make_interval(mins => s.cutoff_minutes) from public.waitlist_settings s
            where s.studio_id = cs.studio_id),
           interval '60 minutes') as closes_at
) cutoff
cross join lateral (
  select cutoff.closes_at as closes_at, cs.cancelled_at is null and now() < cutoff.closes_at as is_open
) line;

create or replace function public.waitlist_lines(session_ids jsonb)
returns json
language sql
stable
security definer
set search_path = public
as $$
  select coalesce(json_agg(json_build_object(
           'session_id', line.session_id, 'is_open', line.is_open,
           'waiting', case when line.is_open then line.waiting else 0 end,
           'place', case when line.is_open then line.place end,
           'closes_at', line.closes_at) order by line.session_id), '[]'::json)
  from (
    select
      cs.id as session_id,
      cs.cancelled_at is null and now() < cs.starts_at - fitkit_class_cutoff(cs.waitlist_cutoff_minutes, cs.studio_id) as is_open,
      (select count(*) from waitlist_entries w where w.class_session_id = cs.id and w.status = 'waiting') as waiting,
      (select count(*) from waitlist_entries w, waitlist_entries mine
       where mine.class_session_id = cs.id and mine.status = 'waiting' and mine.member_id = auth.uid()
         and w.class_session_id = cs.id and w.status = 'waiting' and w.position <= mine.position
       having count(*) > 0) as place,
      cs.starts_at - fitkit_class_cutoff(cs.waitlist_cutoff_minutes, cs.studio_id) as closes_at
    from class_sessions cs
    where cs.id in (select value::uuid from jsonb_array_elements_text(session_ids))
  ) line;
$$;

create or replace function public.leave_waitlist(session_id uuid)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  acting_member uuid := fitkit_waitlist_member();
  entry         waitlist_entries%rowtype;
begin
  perform 1 from class_sessions cs where cs.id = session_id for no key update;
  update waitlist_entries w
  set status = 'left', resolved_at = now()
  from class_sessions cs
  where w.member_id = acting_member and w.class_session_id = session_id and w.status = 'waiting'
    and cs.id = w.class_session_id and cs.cancelled_at is null
    and now() < cs.starts_at - fitkit_class_cutoff(cs.waitlist_cutoff_minutes, cs.studio_id)
  returning w.* into entry;
  if not found then
    raise exception using errcode = 'FW007', message = 'Not on the waitlist';
  end if;
  return fitkit_waitlist_entry_json(entry, null);
end
$$;

create or replace function public.fitkit_promote_waitlist(target_session uuid)
returns void
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  target      class_sessions%rowtype;
  spots       integer;
  entry       waitlist_entries%rowtype;
  balance     numeric;
  new_booking uuid;
begin
  select * into target from class_sessions cs where cs.id = target_session for no key update;
  if not found or target.cancelled_at is not null then
    return;
  end if;
  if now() >= target.starts_at - fitkit_class_cutoff(target.waitlist_cutoff_minutes, target.studio_id) then
    return;
  end if;
  select target.capacity - count(*) into spots
  from bookings b where b.class_session_id = target.id and b.status = 'active';
  for entry in
    select * from waitlist_entries w
    where w.class_session_id = target.id and w.status = 'waiting'
    order by w.position
    for update
  loop
    exit when spots <= 0;
    perform 1 from members m where m.id = entry.member_id for no key update;
    if exists (
      select from bookings b
      where b.member_id = entry.member_id and b.class_session_id = target.id and b.status = 'active'
    ) then
      update waitlist_entries w set status = 'left', note = 'FB002', resolved_at = now() where w.id = entry.id;
      continue;
    end if;
    select coalesce(sum(l.amount), 0) into balance from credit_ledger l where l.member_id = entry.member_id;
    if balance < target.credit_cost then
      update waitlist_entries w set status = 'passed_over', note = 'FB003', resolved_at = now() where w.id = entry.id;
      insert into notifications (member_id, kind, class_session_id, reason)
      values (entry.member_id, 'passed_over', target.id, 'FB003');
      continue;
    end if;
    insert into bookings (member_id, class_session_id) values (entry.member_id, target.id)
    returning id into new_booking;
    if target.credit_cost > 0 then
      insert into credit_ledger (member_id, amount, reason, booking_id)
      values (entry.member_id, -target.credit_cost, 'booking', new_booking);
    end if;
    update waitlist_entries w
    set status = 'promoted', booking_id = new_booking, resolved_at = now()
    where w.id = entry.id;
    insert into notifications (member_id, kind, class_session_id, booking_id)
    values (entry.member_id, 'promoted', target.id, new_booking);
    spots := spots - 1;
  end loop;
end
$$;

create or replace function public.close_waitlists()
returns integer
language plpgsql
security definer
set search_path = public
as $$
declare
  closed integer;
begin
  with closing as (
    update waitlist_entries w
    set status = 'closed', resolved_at = now()
    from class_sessions cs
    where w.class_session_id = cs.id and w.status = 'waiting'
      and (cs.cancelled_at is not null or now() >= cs.starts_at - fitkit_class_cutoff(cs.waitlist_cutoff_minutes, cs.studio_id))
    returning w.member_id, w.class_session_id
  ), told as (
    insert into notifications (member_id, kind, class_session_id)
    select c.member_id, 'line_closed', c.class_session_id from closing c
    returning 1
  )
  select count(*) into closed from told;
  return closed;
end
$$;

create or replace function public.join_waitlist(session_id uuid)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  acting_member uuid := fitkit_waitlist_member();
  target        class_sessions%rowtype;
  active_count  integer;
  cap           integer;
  entry         waitlist_entries%rowtype;
  place         integer;
begin
  select * into target from class_sessions cs where cs.id = session_id for no key update;
  if not found then
    raise exception using errcode = 'FW008', message = 'Class not found';
  end if;
  if target.cancelled_at is not null then
    raise exception using errcode = 'FW005', message = 'Class has been cancelled';
  end if;
  if target.starts_at <= now() then
    raise exception using errcode = 'FW004', message = 'Class has already started';
  end if;
  if now() >= target.starts_at - fitkit_class_cutoff(target.waitlist_cutoff_minutes, target.studio_id) then
    raise exception using errcode = 'FW006', message = 'The waitlist is closed';
  end if;
  if exists (
    select from bookings b
    where b.member_id = acting_member and b.class_session_id = target.id and b.status = 'active'
  ) then
    raise exception using errcode = 'FW002', message = 'Already booked';
  end if;
  select count(*) into active_count from bookings b where b.class_session_id = target.id and b.status = 'active';
  if active_count < target.capacity then
    raise exception using errcode = 'FW001', message = 'Class has spots: book instead';
  end if;
  if exists (
    select from waitlist_entries w
    where w.member_id = acting_member and w.class_session_id = target.id and w.status = 'waiting'
  ) then
    raise exception using errcode = 'FW003', message = 'Already on the waitlist';
  end if;
  select coalesce(target.line_cap, p.line_cap) into cap from studio_policies p where p.studio_id = target.studio_id;
  if cap is not null and (
    select count(*) from waitlist_entries w where w.class_session_id = target.id and w.status = 'waiting'
  ) >= cap then
    raise exception using errcode = 'FW009', message = 'The waitlist is full';
  end if;
  insert into waitlist_entries (class_session_id, member_id) values (target.id, acting_member)
  returning * into entry;
  select count(*) into place from waitlist_entries w
  where w.class_session_id = target.id and w.status = 'waiting' and w.position <= entry.position;
  return fitkit_waitlist_entry_json(entry, place);
end
$$;
