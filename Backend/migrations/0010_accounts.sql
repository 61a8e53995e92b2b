-- Accounts: every member is an auth user, sign-up creates the member, and a member can delete their account.
--
-- On Supabase, `auth.users` is Supabase Auth's table: a sign-up (email, phone or anonymous) inserts a row and the
-- trigger below creates the `members` row from it. On plain PostgreSQL this file creates FitKit's stand-in, a minimal
-- `auth.users` with the columns the contract reads (and GoTrue's `aud` and `role`), so one set of migrations serves
-- both; whoever plays the auth server there (a back office, the tests) inserts users, or calls `create_accounts`.
--
-- Deleting an auth user deletes its member and every row that identifies them (`on delete cascade` all the way),
-- whether the member calls `delete_my_account()` or an operator removes the user in Supabase's dashboard. The credit
-- ledger goes too: its rows are the member's purchase and booking history, personal data with no use once the
-- account is gone (payments are recorded by the payment provider, not here); Backend/CONTRACT.md says so.

-- The auth shim, only where Supabase Auth is absent. Existing members become its users, so the foreign key below
-- holds for databases migrated before this file.
do $$
begin
  if to_regclass('auth.users') is null then
    create table auth.users (
      id                 uuid primary key default gen_random_uuid(),
      aud                text,
      role               text,
      email              text unique,
      phone              text unique,
      is_anonymous       boolean not null default false,
      raw_user_meta_data jsonb,
      created_at         timestamptz default now(),
      updated_at         timestamptz default now()
    );
    comment on table auth.users is
      'FitKit''s stand-in for Supabase Auth''s users (Backend/migrations/0010_accounts.sql)';
    insert into auth.users (id, aud, role, email, created_at)
    select m.id, 'authenticated', 'authenticated', m.email, m.created_at from public.members m;
  end if;
end
$$;

-- Phone-only and anonymous users have no email. Members are created from auth users, never with an id of their own.
alter table public.members alter column email drop not null;
alter table public.members alter column id drop default;

-- The member an auth user becomes: the name from the sign-up's metadata (`display_name`, else `full_name` or `name`,
-- else the email's local part, else the phone number, else "Member"), the time zone from `time_zone` (else UTC).
-- A user whose email another member already has gets no member (the sign-up itself never fails because of FitKit):
-- calls then answer FB010.
create or replace function public.fitkit_add_member(user_id uuid, user_email text, user_phone text, metadata jsonb)
returns void
language sql
set search_path = ''
as $$
  insert into public.members (id, display_name, email, time_zone)
  values (
    user_id,
    coalesce(
      nullif(btrim(metadata ->> 'display_name'), ''), nullif(btrim(metadata ->> 'full_name'), ''),
      nullif(btrim(metadata ->> 'name'), ''), nullif(split_part(user_email, '@', 1), ''), nullif(user_phone, ''),
      'Member'),
    nullif(user_email, ''),
    coalesce(nullif(btrim(metadata ->> 'time_zone'), ''), 'UTC'))
  on conflict do nothing
$$;
revoke all on function public.fitkit_add_member(uuid, text, text, jsonb) from public, anon, authenticated, service_role;

-- Supabase's pattern for a profile row per user: a security definer trigger function (Supabase Auth's own role may
-- not write public tables) with an empty search_path.
create or replace function public.fitkit_member_for_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.fitkit_add_member(new.id, new.email, new.phone, new.raw_user_meta_data);
  return null;
end
$$;
revoke all on function public.fitkit_member_for_new_user() from public, anon, authenticated, service_role;
drop trigger if exists fitkit_member_for_new_user on auth.users;
create trigger fitkit_member_for_new_user
  after insert on auth.users
  for each row execute function public.fitkit_member_for_new_user();

-- Users who signed up before this migration (on Supabase) become members now.
select public.fitkit_add_member(u.id, u.email, u.phone, u.raw_user_meta_data)
from auth.users u
where not exists (select from public.members m where m.id = u.id);

-- Every member is an auth user. A database whose members include rows without one (made by hand on Supabase before
-- this migration) keeps them, with a warning, and the key holds for every new row.
do $$
begin
  if not exists (
    select from pg_constraint where conname = 'members_id_fkey' and conrelid = 'public.members'::regclass
  ) then
    alter table public.members
      add constraint members_id_fkey foreign key (id) references auth.users (id) on delete cascade not valid;
  end if;
  alter table public.members validate constraint members_id_fkey;
exception when foreign_key_violation then
  raise warning 'FitKit: some members have no auth.users row; the key applies to new members only';
end
$$;

-- Everything a member owns goes with the member.
alter table public.bookings
  drop constraint bookings_member_id_fkey,
  add constraint bookings_member_id_fkey foreign key (member_id) references public.members (id) on delete cascade;
alter table public.credit_ledger
  drop constraint credit_ledger_member_id_fkey,
  add constraint credit_ledger_member_id_fkey foreign key (member_id) references public.members (id) on delete cascade;
alter table public.events
  drop constraint events_member_id_fkey,
  add constraint events_member_id_fkey foreign key (member_id) references public.members (id) on delete cascade;
alter table public.exercise_ratings
  drop constraint exercise_ratings_member_id_fkey,
  add constraint exercise_ratings_member_id_fkey
    foreign key (member_id) references public.members (id) on delete cascade;
alter table public.exercise_history
  drop constraint exercise_history_member_id_fkey,
  add constraint exercise_history_member_id_fkey
    foreign key (member_id) references public.members (id) on delete cascade;
alter table public.workouts
  drop constraint workouts_member_id_fkey,
  add constraint workouts_member_id_fkey foreign key (member_id) references public.members (id) on delete cascade;
alter table public.waitlist_entries
  drop constraint waitlist_entries_member_id_fkey,
  add constraint waitlist_entries_member_id_fkey
    foreign key (member_id) references public.members (id) on delete cascade;
-- The cascade finds a member's bookings by this index.
create index if not exists bookings_member_idx on public.bookings (member_id);

-- The acting member, locked as the booking functions lock them: FB009 when nobody is signed in (anon, the service
-- role), FB010 for a signed-in user who has no member (a user whose sign-up made none, or whose account is gone).
create or replace function public.fitkit_acting_member()
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  acting_member uuid := auth.uid();
begin
  if acting_member is null then
    raise exception using errcode = 'FB009', message = 'Not signed in';
  end if;
  perform 1 from public.members m where m.id = acting_member for no key update;
  if not found then
    raise exception using errcode = 'FB010', message = 'No member profile for this account';
  end if;
  return acting_member;
end
$$;
revoke all on function public.fitkit_acting_member() from public, anon, authenticated, service_role;

-- The waitlist's functions ask through their helper; it now answers as every function does.
create or replace function public.fitkit_waitlist_member()
returns uuid
language sql
security definer
set search_path = ''
as $$
  select public.fitkit_acting_member()
$$;
revoke all on function public.fitkit_waitlist_member() from public, anon, authenticated, service_role;

-- book_session and cancel_booking as in 0004, with the acting member from fitkit_acting_member (FB010).
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
  select cs.starts_at, cs.credit_cost into session_start, cost
  from class_sessions cs where cs.id = target.class_session_id;
  if session_start <= now() then
    raise exception using errcode = 'FB006', message = 'Cancellation is closed after the class starts';
  end if;
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

-- The signed-in member deletes their account: their future bookings are cancelled first, as cancel_booking cancels
-- them (the spots return and waitlists move on), then the auth user goes and, through the cascade, the member and
-- every row that identifies them. Returns {member_id, cancelled_bookings}. The caller's token stays valid until it
-- expires, but every call with it then answers FB010.
create or replace function public.delete_my_account()
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  acting_member uuid := public.fitkit_acting_member();
  cancelled     integer;
begin
  with cancelled_bookings as (
    update public.bookings b
    set status = 'cancelled', cancelled_at = now()
    from public.class_sessions cs
    where b.member_id = acting_member and b.status = 'active'
      and cs.id = b.class_session_id and cs.starts_at > now()
    returning b.id
  )
  select count(*) into cancelled from cancelled_bookings;
  delete from auth.users u where u.id = acting_member;
  return json_build_object('member_id', acting_member, 'cancelled_bookings', cancelled);
end
$$;
revoke all on function public.delete_my_account() from public;
grant execute on function public.delete_my_account() to anon, authenticated, service_role;

-- For a back office and seeds (service role only): creates auth users, and so members, from a JSON array of
-- {id?, email?, phone?, is_anonymous?, display_name?, time_zone?}; returns their members
-- [{id, display_name, email, time_zone}] in the array's order. On Supabase, people sign up through Supabase Auth
-- instead; this is for accounts a studio creates itself (they have no password until the person resets it).
create or replace function public.create_accounts(accounts jsonb)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  ids     uuid[];
  created json;
begin
  if jsonb_typeof(accounts) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'accounts must be a JSON array';
  end if;
  select coalesce(array_agg(coalesce((a ->> 'id')::uuid, gen_random_uuid()) order by n), '{}')
    into ids
    from jsonb_array_elements(accounts) with ordinality as t(a, n);
  insert into auth.users (id, aud, role, email, phone, is_anonymous, raw_user_meta_data, created_at, updated_at)
  select ids[n], 'authenticated', 'authenticated', a ->> 'email', a ->> 'phone',
         coalesce((a ->> 'is_anonymous')::boolean, false),
         jsonb_strip_nulls(jsonb_build_object('display_name', a ->> 'display_name', 'time_zone', a ->> 'time_zone')),
         now(), now()
  from jsonb_array_elements(accounts) with ordinality as t(a, n)
  order by n
  on conflict (id) do nothing;
  select coalesce(json_agg(json_build_object(
           'id', m.id, 'display_name', m.display_name, 'email', m.email, 'time_zone', m.time_zone) order by u.n),
         '[]')
    into created
    from unnest(ids) with ordinality as u(id, n)
    join public.members m on m.id = u.id;
  return created;
end
$$;
revoke all on function public.create_accounts(jsonb) from public, anon, authenticated;
grant execute on function public.create_accounts(jsonb) to service_role;
