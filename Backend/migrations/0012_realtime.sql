-- Supabase Realtime sends the changes of the tables in the `supabase_realtime` publication, which every Supabase
-- project has. This adds the contract's tables to it where it exists; on plain PostgreSQL there is none, and FitKit's
-- own change feed (0006_change_feed.sql) serves live stores, so nothing happens.
--
-- Views cannot be published: a store that follows bookable_sessions follows class_sessions (whose booked_count moves
-- with every booking, 0011) and the member's own bookings.
--
-- Replica identity: bookings and waitlist_entries change status (and a booking its class), so an update carries the
-- old row too (FULL) and a filtered follower learns that a row left its filter. The other tables keep the default
-- (the primary key): their rows never move between members or classes, and under row-level security a delete carries
-- only the key whatever the identity.
do $$
declare
  contract_table text;
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    return;
  end if;
  foreach contract_table in array array[
    'members', 'studios', 'class_sessions', 'bookings', 'credit_ledger', 'events', 'exercises', 'exercise_ratings',
    'exercise_history', 'workouts', 'waitlist_settings', 'waitlist_entries'
  ] loop
    if not exists (
      select from pg_publication_tables p
      where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = contract_table
    ) then
      execute format('alter publication supabase_realtime add table public.%I', contract_table);
    end if;
  end loop;
  alter table public.bookings replica identity full;
  alter table public.waitlist_entries replica identity full;
end
$$;
