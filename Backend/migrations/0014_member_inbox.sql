-- The member's inbox (Modules/Notifications): what happened to a member while they were not looking, written in the
-- transaction that did it, so a row exists exactly when the change committed. An app turns new rows into push
-- notifications (a Database Webhook or an Edge Function on insert, Backend/CONTRACT.md); FitKit only writes them.
--
-- Kinds: promoted (booking_id), passed_over (reason: the rule's code, FB003), line_closed, class_cancelled,
-- class_moved (starts_at: the new start), refund (amount, booking_id). Members read their own rows and mark them read
-- through mark_notifications_read; only the contract's functions and triggers (and the service role) write.

create table if not exists public.notifications (
  id               uuid primary key default gen_random_uuid(),
  member_id        uuid not null references public.members (id) on delete cascade,
  kind             text not null
                   check (kind in ('promoted', 'passed_over', 'line_closed', 'class_cancelled', 'class_moved',
                                   'refund')),
  class_session_id uuid references public.class_sessions (id) on delete cascade,
  booking_id       uuid,
  reason           text,
  amount           numeric(8,2),
  starts_at        timestamptz,
  created_at       timestamptz not null default now(),
  read_at          timestamptz
);
create index if not exists notifications_member_idx on public.notifications (member_id, created_at);
create index if not exists notifications_class_session_idx on public.notifications (class_session_id);

alter table public.notifications enable row level security;
revoke all on public.notifications from anon, authenticated;
grant all on public.notifications to service_role;
grant select on public.notifications to anon, authenticated;
drop policy if exists notifications_read_own on public.notifications;
create policy notifications_read_own on public.notifications for select to authenticated
  using (member_id = (select auth.uid()));

-- The signed-in member marks some of their notifications read (a JSON array of ids); ids of others' rows, unknown
-- ids and rows already read are left as they are. Returns how many it marked.
create or replace function public.mark_notifications_read(notification_ids jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  acting_member uuid := public.fitkit_acting_member();
  marked        integer;
begin
  if jsonb_typeof(notification_ids) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'notification_ids must be a JSON array';
  end if;
  update public.notifications n
  set read_at = now()
  where n.member_id = acting_member and n.read_at is null
    and n.id in (select value::uuid from jsonb_array_elements_text(notification_ids));
  get diagnostics marked = row_count;
  return marked;
end
$$;
revoke all on function public.mark_notifications_read(jsonb) from public;
grant execute on function public.mark_notifications_read(jsonb) to anon, authenticated, service_role;

-- Followed live like every other table: FitKit's change feed, and Supabase Realtime where the publication exists.
create or replace trigger fitkit_notify_change
  after insert or update or delete on public.notifications
  for each row execute function public.fitkit_notify_change('id', 'member_id', '');
create or replace trigger fitkit_notify_truncate
  after truncate on public.notifications
  for each statement execute function public.fitkit_notify_change();
do $$
begin
  if exists (select from pg_publication where pubname = 'supabase_realtime')
     and not exists (
       select from pg_publication_tables p
       where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = 'notifications') then
    alter publication supabase_realtime add table public.notifications;
  end if;
end
$$;
