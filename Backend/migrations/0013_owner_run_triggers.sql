-- Trigger functions that write a table run as their owner, whoever set them off.
--
-- Supabase Auth deletes a user as its own role, `supabase_auth_admin` (the dashboard's "Delete user" and the admin
-- API, GoTrue's `delete from users`). The cascade to `members` and on to `bookings` runs as those tables' owner, but
-- PostgreSQL fires the AFTER triggers of the cascaded rows once the outer statement ends, as the role that ran it.
-- `fitkit_count_bookings` ran with the caller's rights (0011) and so failed with 42501 on `class_sessions` for a
-- member holding a booking: the user could not be deleted at all.
--
-- Every trigger function and helper of the contract, by what it does as whoever sets it off:
--   fitkit_count_bookings            writes class_sessions      owner (here)
--   fitkit_waitlist_after_booking    promotes (writes)          owner since 0009
--   fitkit_waitlist_after_capacity   promotes (writes)          owner since 0009
--   fitkit_member_for_new_user       writes members             owner since 0010
--   fitkit_notify_change             pg_notify, reads OLD/NEW   caller: needs no privilege (0006)
--   fitkit_add_member, fitkit_waitlist_entry_json              called only from owner-run functions
--   credit_summary                   reads the caller's rows    caller, under row-level security (0011)
-- The triggers added by 0015 run as their owner too.

create or replace function public.fitkit_count_bookings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status = 'active' then
    update public.class_sessions cs set booked_count = cs.booked_count - 1 where cs.id = old.class_session_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status = 'active' then
    update public.class_sessions cs set booked_count = cs.booked_count + 1 where cs.id = new.class_session_id;
  end if;
  return null;
end
$$;
revoke all on function public.fitkit_count_bookings() from public, anon, authenticated, service_role;
