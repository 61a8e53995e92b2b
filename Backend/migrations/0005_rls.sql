-- Row-level security and table privileges.
-- Privileges decide which statements a role may run at all (a forbidden one fails with 42501 "permission
-- denied"); policies decide which rows it sees or may write. Supabase's default privileges grant everything
-- to anon and authenticated, so each table first revokes and then grants exactly what the contract allows.
-- Policies compare with (select auth.uid()) so PostgreSQL evaluates it once per statement, not per row.

alter table public.members          enable row level security;
alter table public.studios          enable row level security;
alter table public.class_sessions   enable row level security;
alter table public.bookings         enable row level security;
alter table public.credit_ledger    enable row level security;
alter table public.events           enable row level security;
alter table public.exercises        enable row level security;
alter table public.exercise_ratings enable row level security;
alter table public.exercise_history enable row level security;
alter table public.workouts         enable row level security;

revoke all on
  public.members, public.studios, public.class_sessions, public.bookings, public.credit_ledger,
  public.events, public.exercises, public.exercise_ratings, public.exercise_history, public.workouts
  from anon, authenticated;

-- The trusted backend (seeding, purchases, adjustments) bypasses RLS.
grant all on
  public.members, public.studios, public.class_sessions, public.bookings, public.credit_ledger,
  public.events, public.exercises, public.exercise_ratings, public.exercise_history, public.workouts
  to service_role;

-- Shared timetable and catalogue: everyone reads, nobody but the service role writes.
grant select on public.studios, public.class_sessions, public.exercises to anon, authenticated;

drop policy if exists studios_read on public.studios;
create policy studios_read on public.studios for select to anon, authenticated using (true);

drop policy if exists class_sessions_read on public.class_sessions;
create policy class_sessions_read on public.class_sessions for select to anon, authenticated using (true);

drop policy if exists exercises_read on public.exercises;
create policy exercises_read on public.exercises for select to anon, authenticated using (true);

-- Members see only their own profile (anon sees none).
grant select on public.members to anon, authenticated;

drop policy if exists members_read_own on public.members;
create policy members_read_own on public.members for select to authenticated
  using (id = (select auth.uid()));

-- Bookings and the ledger are read-only to members: book_session / cancel_booking write them.
grant select on public.bookings, public.credit_ledger to anon, authenticated;

drop policy if exists bookings_read_own on public.bookings;
create policy bookings_read_own on public.bookings for select to authenticated
  using (member_id = (select auth.uid()));

drop policy if exists credit_ledger_read_own on public.credit_ledger;
create policy credit_ledger_read_own on public.credit_ledger for select to authenticated
  using (member_id = (select auth.uid()));

-- Member-owned data: full control over one's own rows only. anon may select (and sees nothing) but not write.
grant select on public.events, public.exercise_ratings, public.exercise_history, public.workouts to anon;
grant select, insert, update, delete on public.events, public.exercise_ratings, public.workouts to authenticated;
-- History is an append-only log: no updates (contract).
grant select, insert, delete on public.exercise_history to authenticated;

drop policy if exists events_own on public.events;
create policy events_own on public.events for all to authenticated
  using (member_id = (select auth.uid()))
  with check (member_id = (select auth.uid()));

drop policy if exists exercise_ratings_own on public.exercise_ratings;
create policy exercise_ratings_own on public.exercise_ratings for all to authenticated
  using (member_id = (select auth.uid()))
  with check (member_id = (select auth.uid()));

drop policy if exists workouts_own on public.workouts;
create policy workouts_own on public.workouts for all to authenticated
  using (member_id = (select auth.uid()))
  with check (member_id = (select auth.uid()));

drop policy if exists exercise_history_own on public.exercise_history;
create policy exercise_history_own on public.exercise_history for all to authenticated
  using (member_id = (select auth.uid()))
  with check (member_id = (select auth.uid()));
