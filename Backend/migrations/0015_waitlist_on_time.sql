-- A line closes by itself: at its cutoff, when its class is cancelled, when its class starts. Reads and actions
-- decide it alike, with the database's clock, so no scheduler is needed for what a member sees or may do:
-- `current_waitlist_entries` shows a waiting entry of a closed line as closed, `waitlist_lines` counts and places
-- members only while the line is open, and join_waitlist refuses from the same second (FW006, 0009).
-- Everything the rules do to a member also writes their inbox (0014), in the same transaction: a promotion, a
-- pass-over, a cancelled or moved class, a refund, and a line that close_waitlists() closes (still for a scheduler:
-- it is what tells members, at the cutoff, that their line closed).

-- The entries with the status they have now. Runs with the caller's rights: members see their own entries.
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
           (select make_interval(mins => s.cutoff_minutes) from public.waitlist_settings s
            where s.studio_id = cs.studio_id),
           interval '60 minutes') as closes_at
) cutoff
cross join lateral (
  select cutoff.closes_at as closes_at, cs.cancelled_at is null and now() < cutoff.closes_at as is_open
) line;
revoke all on public.current_waitlist_entries from anon, authenticated;
grant select on public.current_waitlist_entries to anon, authenticated, service_role;

-- The lines of some classes: whether each is open, how many wait and the member's place while it is (0 and null once
-- it closed), and when it closes. Ordered by class id.
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
      cs.cancelled_at is null and now() < cs.starts_at - fitkit_waitlist_cutoff(cs.studio_id) as is_open,
      (select count(*) from waitlist_entries w where w.class_session_id = cs.id and w.status = 'waiting') as waiting,
      (select count(*) from waitlist_entries w, waitlist_entries mine
       where mine.class_session_id = cs.id and mine.status = 'waiting' and mine.member_id = auth.uid()
         and w.class_session_id = cs.id and w.status = 'waiting' and w.position <= mine.position
       having count(*) > 0) as place,
      cs.starts_at - fitkit_waitlist_cutoff(cs.studio_id) as closes_at
    from class_sessions cs
    where cs.id in (select value::uuid from jsonb_array_elements_text(session_ids))
  ) line;
$$;

-- The signed-in member leaves a class's open line; an entry of a closed line reads as closed, so there is nothing
-- to leave (FW007), as current_waitlist_entries shows. Locks the class before the entry, as joining and promotion do
-- (member -> class -> entries).
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
    and now() < cs.starts_at - fitkit_waitlist_cutoff(cs.studio_id)
  returning w.* into entry;
  if not found then
    raise exception using errcode = 'FW007', message = 'Not on the waitlist';
  end if;
  return fitkit_waitlist_entry_json(entry, null);
end
$$;

-- Promotion as in 0009, and each member it books or passes over is told.
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
  if now() >= target.starts_at - fitkit_waitlist_cutoff(target.studio_id) then
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
revoke all on function public.fitkit_promote_waitlist(uuid) from public, anon, authenticated, service_role;

-- For a scheduler (pg_cron every minute): marks the entries still waiting in lines past their cutoff (or of a
-- cancelled class) closed and tells each member; returns how many it closed.
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
      and (cs.cancelled_at is not null or now() >= cs.starts_at - fitkit_waitlist_cutoff(cs.studio_id))
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

-- A class the studio cancels closes its line at once; its booked and waiting members are told. A class moved to
-- another time tells them its new start.
create or replace function public.fitkit_tell_class_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.cancelled_at is null and new.cancelled_at is not null then
    with closing as (
      update public.waitlist_entries w
      set status = 'closed', note = 'FW005', resolved_at = now()
      where w.class_session_id = new.id and w.status = 'waiting'
      returning w.member_id
    )
    insert into public.notifications (member_id, kind, class_session_id)
    select distinct t.member_id, 'class_cancelled', new.id
    from (
      select c.member_id from closing c
      union all
      select b.member_id from public.bookings b where b.class_session_id = new.id and b.status = 'active'
    ) t;
  elsif new.cancelled_at is null and new.starts_at is distinct from old.starts_at then
    insert into public.notifications (member_id, kind, class_session_id, starts_at)
    select distinct t.member_id, 'class_moved', new.id, new.starts_at
    from (
      select w.member_id from public.waitlist_entries w where w.class_session_id = new.id and w.status = 'waiting'
      union all
      select b.member_id from public.bookings b where b.class_session_id = new.id and b.status = 'active'
    ) t;
  end if;
  return null;
end
$$;
revoke all on function public.fitkit_tell_class_change() from public, anon, authenticated, service_role;
drop trigger if exists fitkit_tell_class_change on public.class_sessions;
create trigger fitkit_tell_class_change
  after update of cancelled_at, starts_at on public.class_sessions
  for each row execute function public.fitkit_tell_class_change();

-- A refund in the ledger, whoever writes it (cancel_booking, a back office), tells its member.
create or replace function public.fitkit_tell_refund()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.reason = 'refund' and new.amount > 0 then
    insert into public.notifications (member_id, kind, class_session_id, booking_id, amount)
    values (new.member_id, 'refund', (select b.class_session_id from public.bookings b where b.id = new.booking_id),
            new.booking_id, new.amount);
  end if;
  return null;
end
$$;
revoke all on function public.fitkit_tell_refund() from public, anon, authenticated, service_role;
drop trigger if exists fitkit_tell_refund on public.credit_ledger;
create trigger fitkit_tell_refund
  after insert on public.credit_ledger
  for each row execute function public.fitkit_tell_refund();
