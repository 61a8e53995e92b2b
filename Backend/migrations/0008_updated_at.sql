-- Offline-first clients (FitOffline) resolve two devices' edits of the same row by the later `updated_at`: the
-- client stamps it on every write and replays an offline update only where the stored `updated_at` is not later
-- (`updated_at=lte.<stamp>`). exercise_ratings has had the column from the start; events and workouts get it here.
-- The in-memory mirror declares the same column in `EventsSchema` and `HistorySchema`.
alter table public.events add column if not exists updated_at timestamptz not null default now();
alter table public.workouts add column if not exists updated_at timestamptz not null default now();
