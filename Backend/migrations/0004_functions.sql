-- Business rules as RPCs (PostgREST calls them with named JSON arguments, hence the exact argument names).
-- security definer: they write bookings and credit_ledger, which callers may only read. The search_path is
-- pinned so a caller cannot shadow the tables these functions use.
--
-- Concurrency: every function that moves credits first locks the acting member's row, so one member's
-- balance check and debit/refund never interleave with another call of theirs; book_session then locks the
-- class session row before counting its bookings, so capacity cannot be oversold. Locks are always taken in
-- the order member -> session/booking, so the functions cannot deadlock each other. FOR NO KEY UPDATE
-- serializes these functions without blocking unrelated inserts whose foreign keys point at the rows.
-- Under READ COMMITTED every statement after a lock wait sees what the previous lock holder committed.

create or replace function public.book_session(session_id uuid)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  acting_member uuid := auth.uid();
  target        class_sessions%rowtype;
  active_count  integer;
  balance       numeric;
  booking       bookings%rowtype;
begin
  if acting_member is null then
    raise exception using errcode = 'FB009', message = 'Not signed in';
  end if;
  perform 1 from members m where m.id = acting_member for no key update;
  if not found then
    -- A token for someone who is not a member is treated as not signed in.
    raise exception using errcode = 'FB009', message = 'Not signed in';
  end if;

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

  -- Free classes leave no ledger trace (amounts are never zero).
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

create or replace function public.cancel_booking(booking_id uuid)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  acting_member uuid := auth.uid();
  target        bookings%rowtype;
  session_start timestamptz;
  cost          numeric(8,2);
  refund        numeric(8,2) := 0;
begin
  if acting_member is null then
    raise exception using errcode = 'FB009', message = 'Not signed in';
  end if;
  perform 1 from members m where m.id = acting_member for no key update;
  if not found then
    raise exception using errcode = 'FB009', message = 'Not signed in';
  end if;

  -- Someone else's booking is reported exactly like a missing one, so ids cannot be probed.
  select * into target from bookings b
  where b.id = booking_id and b.member_id = acting_member
  for no key update;
  if not found then
    raise exception using errcode = 'FB007', message = 'Not found';
  end if;
  if target.status <> 'active' then
    raise exception using errcode = 'FB008', message = 'Booking is not active';
  end if;

  select cs.starts_at, cs.credit_cost into session_start, cost
  from class_sessions cs where cs.id = target.class_session_id;
  if session_start <= now() then
    raise exception using errcode = 'FB006', message = 'Cancellation is closed after the class starts';
  end if;

  -- Full refund up to 12 hours before the start (inclusive), nothing after.
  if now() <= session_start - interval '12 hours' then
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

create or replace function public.credit_summary()
returns json
language plpgsql
stable
security definer
set search_path = public
as $$
declare
  acting_member   uuid := auth.uid();
  balance         numeric(12,2);
  expiring        numeric(12,2);
  earliest_expiry timestamptz;
begin
  if acting_member is null or not exists (select from members m where m.id = acting_member) then
    raise exception using errcode = 'FB009', message = 'Not signed in';
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
  from credit_ledger l
  where l.member_id = acting_member;

  -- Credits already spent cannot expire: cap by the balance, and never report a negative amount.
  return json_build_object(
    'balance', balance,
    'expiring_soon', greatest(least(balance, expiring), 0)::numeric(12,2),
    'earliest_expiry', earliest_expiry
  );
end
$$;

-- Supabase grants EXECUTE to PUBLIC by default; make the intended callers explicit.
revoke all on function public.book_session(uuid) from public;
revoke all on function public.cancel_booking(uuid) from public;
revoke all on function public.credit_summary() from public;
grant execute on function public.book_session(uuid) to anon, authenticated, service_role;
grant execute on function public.cancel_booking(uuid) to anon, authenticated, service_role;
grant execute on function public.credit_summary() to anon, authenticated, service_role;
