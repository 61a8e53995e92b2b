-- The studio's desk, second part (issue: the studio's side, item 2): staff add and edit their studio's classes, see a
-- class's line, move a member in it or take them out of it; owners grant or take back credits with a reason, which the
-- member sees in their ledger (`credit_ledger.note`). Each function is one transaction and refuses with a typed code
-- (FD007…FD015, FD019), changing nothing.

alter table public.credit_ledger add column if not exists note text;

-- The class details a desk function is given: FD007 a blank name, FD009 a duration, FD010 a credit cost, FD005 a
-- capacity (each only when given).
create or replace function public.fitkit_desk_check_class(
  name text, duration_minutes integer, capacity integer, credit_cost numeric
)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if name is not null and btrim(name, E' \t\n\r') = '' then
    raise exception using errcode = 'FD007', message = 'Class needs a name';
  end if;
  if duration_minutes is not null and (duration_minutes < 1 or duration_minutes > 600) then
    raise exception using errcode = 'FD009', message = 'Duration must be 1 to 600 minutes';
  end if;
  if capacity is not null and (capacity < 0 or capacity > 10000) then
    raise exception using errcode = 'FD005', message = 'Capacity must be 0 to 10000';
  end if;
  if credit_cost is not null and (credit_cost < 0 or credit_cost > 1000) then
    raise exception using errcode = 'FD010', message = 'Credit cost must be 0 to 1000';
  end if;
end
$$;
revoke all on function public.fitkit_desk_check_class(text, integer, integer, numeric)
  from public, anon, authenticated, service_role;

create or replace function public.desk_add_class(
  studio_id uuid, name text, starts_at timestamptz, duration_minutes integer, capacity integer, credit_cost numeric,
  instructor_name text default null, description text default null
)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  added class_sessions%rowtype;
begin
  perform fitkit_desk_staff(studio_id, false);
  if name is null then
    raise exception using errcode = 'FD007', message = 'Class needs a name';
  end if;
  perform fitkit_desk_check_class(name, coalesce(duration_minutes, 0), coalesce(capacity, -1), coalesce(credit_cost, -1));
  if starts_at is null or starts_at <= now() then
    raise exception using errcode = 'FD008', message = 'Class must start in the future';
  end if;
  insert into class_sessions (studio_id, name, description, instructor_name, starts_at, duration_minutes, capacity,
                              credit_cost)
  values (studio_id, btrim(name, E' \t\n\r'), description, instructor_name, starts_at, duration_minutes, capacity,
          credit_cost)
  returning * into added;
  return json_build_object('session_id', added.id);
end
$$;
revoke all on function public.desk_add_class(uuid, text, timestamptz, integer, integer, numeric, text, text) from public;
grant execute on function public.desk_add_class(uuid, text, timestamptz, integer, integer, numeric, text, text)
  to anon, authenticated, service_role;

-- Changes what is given of a class that has not started and is not cancelled; a new start tells everyone booked or
-- waiting (fitkit_tell_class_change, 0015). Returns `{session_id}`.
create or replace function public.desk_edit_class(
  session_id uuid, name text default null, starts_at timestamptz default null, duration_minutes integer default null,
  credit_cost numeric default null, instructor_name text default null, description text default null
)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  target class_sessions%rowtype := fitkit_desk_class(session_id);
begin
  if target.cancelled_at is not null then
    raise exception using errcode = 'FD003', message = 'Class already cancelled';
  end if;
  if target.starts_at <= now() then
    raise exception using errcode = 'FD004', message = 'Class has already started';
  end if;
  perform fitkit_desk_check_class(name, duration_minutes, null, credit_cost);
  if starts_at is not null and starts_at <= now() then
    raise exception using errcode = 'FD008', message = 'Class must start in the future';
  end if;
  update class_sessions cs set
    name = coalesce(btrim(name, E' \t\n\r'), cs.name),
    starts_at = coalesce(starts_at, cs.starts_at),
    duration_minutes = coalesce(duration_minutes, cs.duration_minutes),
    credit_cost = coalesce(credit_cost, cs.credit_cost),
    instructor_name = coalesce(instructor_name, cs.instructor_name),
    description = coalesce(description, cs.description)
  where cs.id = target.id;
  return json_build_object('session_id', target.id);
end
$$;
revoke all on function public.desk_edit_class(uuid, text, timestamptz, integer, numeric, text, text) from public;
grant execute on function public.desk_edit_class(uuid, text, timestamptz, integer, numeric, text, text)
  to anon, authenticated, service_role;

-- A class's line, for its staff: `[{member_id, display_name, place, joined_at}]`, first in line first.
create or replace function public.desk_line(session_id uuid)
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
      'member_id', w.member_id, 'display_name', m.display_name, 'place', w.place, 'joined_at', w.joined_at)
      order by w.place)
    from (
      select e.*, row_number() over (order by e.position) as place
      from waitlist_entries e where e.class_session_id = target.id and e.status = 'waiting'
    ) w join members m on m.id = w.member_id
  ), '[]'::json);
end
$$;
revoke all on function public.desk_line(uuid) from public;
grant execute on function public.desk_line(uuid) to anon, authenticated, service_role;

-- Takes a member out of a class's line (status 'left', note FD013 so the member's entry says who), and tells them
-- their line closed: FD013 when they are not waiting. Returns `{session_id, member_id}`.
create or replace function public.desk_remove_from_line(session_id uuid, member_id uuid)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  target class_sessions%rowtype := fitkit_desk_class(session_id);
begin
  update waitlist_entries w set status = 'left', note = 'FD013', resolved_at = now()
  where w.class_session_id = target.id and w.member_id = member_id and w.status = 'waiting';
  if not found then
    raise exception using errcode = 'FD013', message = 'Not on the line';
  end if;
  insert into notifications (member_id, kind, class_session_id) values (member_id, 'line_closed', target.id);
  return json_build_object('session_id', target.id, 'member_id', member_id);
end
$$;
revoke all on function public.desk_remove_from_line(uuid, uuid) from public;
grant execute on function public.desk_remove_from_line(uuid, uuid) to anon, authenticated, service_role;

-- An owner grants (amount > 0) or takes back (amount < 0) credits, with a reason the member reads in their ledger:
-- an 'adjustment' row. FD011 an amount of 0 or beyond ±1000; FD012 no reason; FD015 no such member; FD014 taking
-- back more than the member holds. Returns `{id, member_id, amount, note}`.
create or replace function public.desk_adjust_credits(studio_id uuid, member_id uuid, amount numeric, note text)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  balance numeric;
  granted credit_ledger%rowtype;
begin
  perform fitkit_desk_staff(studio_id, true);
  if amount is null or amount = 0 or abs(amount) > 1000 then
    raise exception using errcode = 'FD011', message = 'Credits must be a non-zero amount up to 1000';
  end if;
  if note is null or btrim(note, E' \t\n\r') = '' then
    raise exception using errcode = 'FD012', message = 'A reason is needed';
  end if;
  perform 1 from members m where m.id = member_id for no key update;
  if not found then
    raise exception using errcode = 'FD015', message = 'Member not found';
  end if;
  select coalesce(sum(l.amount), 0) into balance from credit_ledger l where l.member_id = member_id;
  if balance + amount < 0 then
    raise exception using errcode = 'FD014', message = 'Not enough credits to take back';
  end if;
  insert into credit_ledger (member_id, amount, reason, note)
  values (member_id, amount, 'adjustment', btrim(note, E' \t\n\r'))
  returning * into granted;
  return json_build_object(
    'id', granted.id, 'member_id', granted.member_id, 'amount', granted.amount, 'note', granted.note);
end
$$;
revoke all on function public.desk_adjust_credits(uuid, uuid, numeric, text) from public;
grant execute on function public.desk_adjust_credits(uuid, uuid, numeric, text) to anon, authenticated, service_role;

-- Moves a waiting member to `place` in a class's line (1 is next): they, and then everyone from that place on, join
-- the line again in that order (`position = default`, the identity's next values), so everyone else keeps their
-- order. FD013 when they are not waiting, FD019 for a place outside the line. Returns the line as desk_line does.
create or replace function public.desk_move_in_line(session_id uuid, member_id uuid, place integer)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  target  class_sessions%rowtype := fitkit_desk_class(session_id);
  entry   waitlist_entries%rowtype;
  waiting integer;
  behind  record;
begin
  select * into entry from waitlist_entries w
  where w.class_session_id = target.id and w.member_id = member_id and w.status = 'waiting'
  for update;
  if not found then
    raise exception using errcode = 'FD013', message = 'Not on the line';
  end if;
  select count(*) into waiting from waitlist_entries w where w.class_session_id = target.id and w.status = 'waiting';
  if place is null or place < 1 or place > waiting then
    raise exception using errcode = 'FD019', message = 'Place must be within the line';
  end if;
  update waitlist_entries w set position = default where w.id = entry.id;
  for behind in
    select others.id from (
      select e.id, row_number() over (order by e.position) as at
      from waitlist_entries e
      where e.class_session_id = target.id and e.status = 'waiting' and e.id <> entry.id
    ) others
    where others.at >= place
    order by others.at
  loop
    update waitlist_entries w set position = default where w.id = behind.id;
  end loop;
  return desk_line(target.id);
end
$$;
revoke all on function public.desk_move_in_line(uuid, uuid, integer) from public;
grant execute on function public.desk_move_in_line(uuid, uuid, integer) to anon, authenticated, service_role;
