-- The waitlist (Modules/Waitlist): a member joins the line of a full class; when a spot frees (a cancellation, a
-- back office removing a booking, a capacity increase) the first member in line who has the credits is booked and
-- charged in the same transaction, by a trigger; a member without the credits is passed over (FB003) and the next one
-- is tried. No promotion happens from the cutoff (per studio in waitlist_settings, 60 minutes by default) before the
-- class starts: the list is closed then, and close_waitlists() (run by a scheduler such as pg_cron) marks the entries
-- still waiting as closed, so their members are told.
--
-- Locks follow book_session's order (member -> session): join and leave lock the member, then the class. Promotion
-- runs inside the write that freed the spot, after that write's own locks; it locks the class, then each candidate.

create table if not exists public.waitlist_settings (
  studio_id      uuid primary key references public.studios (id),
  cutoff_minutes integer not null check (cutoff_minutes between 0 and 10080)
);

create table if not exists public.waitlist_entries (
  id               uuid primary key default gen_random_uuid(),
  class_session_id uuid not null references public.class_sessions (id),
  member_id        uuid not null references public.members (id),
  position         bigint generated always as identity,
  status           text not null default 'waiting'
                   check (status in ('waiting', 'promoted', 'passed_over', 'left', 'closed')),
  booking_id       uuid references public.bookings (id),
  note             text,
  joined_at        timestamptz not null default now(),
  resolved_at      timestamptz
);
create unique index if not exists waitlist_entries_one_waiting
  on public.waitlist_entries (class_session_id, member_id) where status = 'waiting';
create index if not exists waitlist_entries_line_idx on public.waitlist_entries (class_session_id, position);
create index if not exists waitlist_entries_member_idx on public.waitlist_entries (member_id);

alter table public.waitlist_settings enable row level security;
alter table public.waitlist_entries enable row level security;
revoke all on public.waitlist_settings, public.waitlist_entries from anon, authenticated;
grant all on public.waitlist_settings, public.waitlist_entries to service_role;
grant select on public.waitlist_settings to anon, authenticated;
grant select on public.waitlist_entries to anon, authenticated;
drop policy if exists waitlist_settings_read on public.waitlist_settings;
create policy waitlist_settings_read on public.waitlist_settings for select to anon, authenticated using (true);
drop policy if exists waitlist_entries_read_own on public.waitlist_entries;
create policy waitlist_entries_read_own on public.waitlist_entries for select to authenticated
  using (member_id = (select auth.uid()));

-- How long before a class of `studio` its waitlist closes.
create or replace function public.fitkit_waitlist_cutoff(studio uuid)
returns interval
language sql
stable
security definer
set search_path = public
as $$
  select coalesce(
    (select make_interval(mins => s.cutoff_minutes) from waitlist_settings s where s.studio_id = studio),
    interval '60 minutes');
$$;
revoke all on function public.fitkit_waitlist_cutoff(uuid) from public;

-- Fills the free spots of a class from its line, first come first served.
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
    spots := spots - 1;
  end loop;
end
$$;
revoke all on function public.fitkit_promote_waitlist(uuid) from public;

-- A booking that stops being active (cancelled, or deleted by a back office) frees a spot.
create or replace function public.fitkit_waitlist_after_booking()
returns trigger
language plpgsql
security definer
set search_path = public
as $$
begin
  if old.status = 'active' and (tg_op = 'DELETE' or new.status <> 'active') then
    perform fitkit_promote_waitlist(old.class_session_id);
  end if;
  return null;
end
$$;
revoke all on function public.fitkit_waitlist_after_booking() from public;
create or replace trigger fitkit_waitlist_promote
  after update of status or delete on public.bookings
  for each row execute function public.fitkit_waitlist_after_booking();

-- A class whose capacity grows has new spots.
create or replace function public.fitkit_waitlist_after_capacity()
returns trigger
language plpgsql
security definer
set search_path = public
as $$
begin
  if new.capacity > old.capacity then
    perform fitkit_promote_waitlist(new.id);
  end if;
  return null;
end
$$;
revoke all on function public.fitkit_waitlist_after_capacity() from public;
create or replace trigger fitkit_waitlist_promote
  after update of capacity on public.class_sessions
  for each row execute function public.fitkit_waitlist_after_capacity();

-- The signed-in member, locked as book_session locks them; FB009 for anyone else (a token for someone who is not a
-- member included).
create or replace function public.fitkit_waitlist_member()
returns uuid
language plpgsql
security definer
set search_path = public
as $$
declare
  acting_member uuid := auth.uid();
begin
  if acting_member is null then
    raise exception using errcode = 'FB009', message = 'Not signed in';
  end if;
  perform 1 from members m where m.id = acting_member for no key update;
  if not found then
    raise exception using errcode = 'FB009', message = 'Not signed in';
  end if;
  return acting_member;
end
$$;
revoke all on function public.fitkit_waitlist_member() from public;

-- An entry as join_waitlist and leave_waitlist return it.
create or replace function public.fitkit_waitlist_entry_json(entry public.waitlist_entries, place integer)
returns json
language sql
stable
set search_path = public
as $$
  select json_build_object(
    'id', entry.id, 'class_session_id', entry.class_session_id, 'member_id', entry.member_id,
    'status', entry.status, 'booking_id', entry.booking_id, 'note', entry.note, 'joined_at', entry.joined_at,
    'resolved_at', entry.resolved_at, 'place', place);
$$;
revoke all on function public.fitkit_waitlist_entry_json(public.waitlist_entries, integer) from public;

-- The signed-in member joins the line of a full class; returns the entry and the member's place in line.
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
  if now() >= target.starts_at - fitkit_waitlist_cutoff(target.studio_id) then
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
  insert into waitlist_entries (class_session_id, member_id) values (target.id, acting_member)
  returning * into entry;
  select count(*) into place from waitlist_entries w
  where w.class_session_id = target.id and w.status = 'waiting' and w.position <= entry.position;
  return fitkit_waitlist_entry_json(entry, place);
end
$$;
revoke all on function public.join_waitlist(uuid) from public;
grant execute on function public.join_waitlist(uuid) to anon, authenticated, service_role;

-- The signed-in member leaves the line of a class.
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
  update waitlist_entries w
  set status = 'left', resolved_at = now()
  where w.member_id = acting_member and w.class_session_id = session_id and w.status = 'waiting'
  returning * into entry;
  if not found then
    raise exception using errcode = 'FW007', message = 'Not on the waitlist';
  end if;
  return fitkit_waitlist_entry_json(entry, null);
end
$$;
revoke all on function public.leave_waitlist(uuid) from public;
grant execute on function public.leave_waitlist(uuid) to anon, authenticated, service_role;

-- The lines of some classes (a JSON array of ids): how many wait, the signed-in member's place (null when not in line), and when each
-- list closes. Ordered by class id.
create or replace function public.waitlist_lines(session_ids jsonb)
returns json
language sql
stable
security definer
set search_path = public
as $$
  select coalesce(json_agg(line order by line.session_id), '[]'::json)
  from (
    select
      cs.id as session_id,
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
revoke all on function public.waitlist_lines(jsonb) from public;
grant execute on function public.waitlist_lines(jsonb) to anon, authenticated, service_role;

-- Closes the lists of classes past their cutoff (or cancelled): their waiting entries become closed. For a scheduler
-- (pg_cron every minute); returns how many entries it closed.
create or replace function public.close_waitlists()
returns integer
language plpgsql
security definer
set search_path = public
as $$
declare
  closed integer;
begin
  update waitlist_entries w
  set status = 'closed', resolved_at = now()
  from class_sessions cs
  where w.class_session_id = cs.id and w.status = 'waiting'
    and (cs.cancelled_at is not null or now() >= cs.starts_at - fitkit_waitlist_cutoff(cs.studio_id));
  get diagnostics closed = row_count;
  return closed;
end
$$;
revoke all on function public.close_waitlists() from public;
grant execute on function public.close_waitlists() to service_role;

create or replace trigger fitkit_notify_change
  after insert or update or delete on public.waitlist_settings
  for each row execute function public.fitkit_notify_change('studio_id', '', '');
create or replace trigger fitkit_notify_truncate
  after truncate on public.waitlist_settings
  for each statement execute function public.fitkit_notify_change();
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.waitlist_entries
  for each row execute function public.fitkit_notify_change('id', 'member_id', 'class_session_id');
create or replace trigger fitkit_notify_truncate
  after truncate on public.waitlist_entries
  for each statement execute function public.fitkit_notify_change();
