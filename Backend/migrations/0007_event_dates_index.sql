-- The events screen lists a member's events by date: index (member_id, date), as exercise_history and workouts
-- are indexed by (member_id, completed_at) and (member_id, performed_at). The in-memory mirror declares the
-- same access path (`EventsSchema`: the owner column's hash index and an ordered index on `date`).
create index if not exists events_member_date_idx on public.events (member_id, date);
