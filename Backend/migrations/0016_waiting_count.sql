-- A waiting member's place moves live: row-level security hides the other members' entries, so when someone ahead
-- in line is promoted or leaves, nothing of theirs reaches the member. Each class keeps how many wait for it
-- (`waiting_count`, kept by the entries' own trigger as booked_count is by the bookings'), so every change to a line
-- changes a row that everyone may read, and that FitKit's change feed and Supabase Realtime publish: the member's
-- store follows its classes and reads its place again (WaitlistStore.follow).

alter table public.class_sessions
  add column if not exists waiting_count integer not null default 0 check (waiting_count >= 0);
update public.class_sessions cs
set waiting_count = (
  select count(*) from public.waitlist_entries w where w.class_session_id = cs.id and w.status = 'waiting');

-- Runs as its owner (0013): members' joins and leaves, promotions and deletions of accounts all set it off.
create or replace function public.fitkit_count_waiting()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'waiting' then
    update public.class_sessions cs set waiting_count = cs.waiting_count - 1 where cs.id = old.class_session_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'waiting' then
    update public.class_sessions cs set waiting_count = cs.waiting_count + 1 where cs.id = new.class_session_id;
  end if;
  return null;
end
$$;
revoke all on function public.fitkit_count_waiting() from public, anon, authenticated, service_role;
drop trigger if exists fitkit_count_waiting on public.waitlist_entries;
create trigger fitkit_count_waiting
  after insert or update of status, class_session_id or delete on public.waitlist_entries
  for each row execute function public.fitkit_count_waiting();
