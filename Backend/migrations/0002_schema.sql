-- Tables of the FitKit data contract (Backend/CONTRACT.md).
-- Check constraints are written inline so PostgreSQL names them <table>_<column>_check, the names the
-- in-memory database reports too.

create table if not exists public.members (
  id           uuid primary key default gen_random_uuid(),
  display_name text not null,
  email        text not null unique,
  time_zone    text not null default 'UTC',
  created_at   timestamptz not null default now()
);

create table if not exists public.studios (
  id        uuid primary key default gen_random_uuid(),
  name      text not null,
  time_zone text not null
);

create table if not exists public.class_sessions (
  id               uuid primary key default gen_random_uuid(),
  studio_id        uuid not null references public.studios (id),
  name             text not null,
  description      text,
  instructor_name  text,
  starts_at        timestamptz not null,
  duration_minutes integer not null check (duration_minutes > 0),
  capacity         integer not null check (capacity >= 0),
  credit_cost      numeric(8,2) not null check (credit_cost >= 0),
  cancelled_at     timestamptz
);
create index if not exists class_sessions_starts_at_idx on public.class_sessions (starts_at);

create table if not exists public.bookings (
  id               uuid primary key default gen_random_uuid(),
  member_id        uuid not null references public.members (id),
  class_session_id uuid not null references public.class_sessions (id),
  status           text not null default 'active' check (status in ('active', 'cancelled')),
  created_at       timestamptz not null default now(),
  cancelled_at     timestamptz
);
-- A member holds at most one active booking per session; cancelled ones are history and may repeat.
create unique index if not exists bookings_one_active_per_member
  on public.bookings (member_id, class_session_id) where status = 'active';
-- Serves the spots_remaining count in bookable_sessions and book_session's capacity check.
create index if not exists bookings_active_by_session_idx
  on public.bookings (class_session_id) where status = 'active';

create table if not exists public.credit_ledger (
  id         uuid primary key default gen_random_uuid(),
  member_id  uuid not null references public.members (id),
  amount     numeric(8,2) not null check (amount <> 0),
  reason     text not null check (reason in ('purchase', 'booking', 'refund', 'expiry', 'adjustment')),
  booking_id uuid references public.bookings (id),
  expires_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists credit_ledger_member_idx on public.credit_ledger (member_id);
create index if not exists credit_ledger_booking_idx on public.credit_ledger (booking_id);

create table if not exists public.events (
  id         uuid primary key default gen_random_uuid(),
  member_id  uuid not null default auth.uid() references public.members (id),
  title      text not null check (length(btrim(title)) between 1 and 200),
  date       timestamptz not null,
  text_color text not null check (text_color ~ '^#[0-9A-F]{8}$'),
  image_data text, -- base64
  created_at timestamptz not null default now()
);
create index if not exists events_member_idx on public.events (member_id);

create table if not exists public.exercises (
  id               uuid primary key default gen_random_uuid(),
  position         integer not null unique,
  name             text not null,
  video_name       text not null,
  duration_seconds integer not null check (duration_seconds > 0)
);

create table if not exists public.exercise_ratings (
  member_id   uuid not null default auth.uid() references public.members (id),
  exercise_id uuid not null references public.exercises (id),
  rating      integer not null check (rating between 1 and 5),
  updated_at  timestamptz not null default now(),
  primary key (member_id, exercise_id)
);

create table if not exists public.exercise_history (
  id           uuid primary key default gen_random_uuid(),
  member_id    uuid not null default auth.uid() references public.members (id),
  exercise_id  uuid not null references public.exercises (id),
  completed_at timestamptz not null default now()
);
create index if not exists exercise_history_member_idx on public.exercise_history (member_id, completed_at);

create table if not exists public.workouts (
  id           uuid primary key default gen_random_uuid(),
  member_id    uuid not null default auth.uid() references public.members (id),
  title        text not null check (length(btrim(title)) >= 1),
  performed_at timestamptz not null,
  notes        text not null default '',
  exercises    jsonb not null default '[]', -- [{name, sets: [{reps, weight_kg, rest_seconds}]}]
  created_at   timestamptz not null default now()
);
create index if not exists workouts_member_idx on public.workouts (member_id, performed_at);
