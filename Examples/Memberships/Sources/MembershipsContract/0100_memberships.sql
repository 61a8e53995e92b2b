-- The sample feature's migration ("Adding a feature module", step 2): its table, row-level security, function and
-- change-feed trigger, on top of Backend/migrations.

create table if not exists public.memberships (
  id         uuid primary key default gen_random_uuid(),
  member_id  uuid not null references public.members (id) on delete cascade,
  plan       text not null check (plan in ('monthly', 'yearly')),
  paused_at  timestamptz,
  created_at timestamptz not null default now()
);

alter table public.memberships enable row level security;
revoke all on public.memberships from anon, authenticated;
grant all on public.memberships to service_role;
grant select on public.memberships to authenticated;
drop policy if exists memberships_own on public.memberships;
create policy memberships_own on public.memberships for select to authenticated
  using (member_id = (select auth.uid()));

-- The member's plans with the credits the feature granted them (its own ledger reason, FitKit's 0017), with the
-- caller's rights: a member reads their own plans and ledger rows only. FitKit follows it through the feature's view
-- feed: a change to a plan is its row's, and a grant in the ledger updates the member's rows.
create or replace view public.membership_overview with (security_invoker = true) as
select m.id, m.member_id, m.plan, m.paused_at,
       coalesce((select sum(l.amount) from public.credit_ledger l
                 where l.member_id = m.member_id and l.reason = 'memberships.plan_grant'), 0)::numeric(8,2)
         as credits_granted
from public.memberships m;
revoke all on public.membership_overview from anon, authenticated;
grant select on public.membership_overview to authenticated, service_role;

-- Pauses one of the signed-in member's memberships; someone else's is reported as missing.
create or replace function public.pause_membership(membership_id uuid)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  target memberships%rowtype;
  -- FitKit's check of the signed-in member: FB009 signed out, FB010 without a member.
  acting uuid := public.fitkit_acting_member();
begin
  select * into target from memberships m
  where m.id = membership_id and m.member_id = acting
  for no key update;
  if not found then
    raise exception using errcode = 'MS001', message = 'Membership not found';
  end if;
  if target.paused_at is not null then
    raise exception using errcode = 'MS002', message = 'Membership is already paused';
  end if;
  update memberships m set paused_at = now() where m.id = membership_id returning * into target;
  return to_json(target);
end;
$$;
revoke all on function public.pause_membership(uuid) from public;
grant execute on function public.pause_membership(uuid) to anon, authenticated, service_role;

create or replace trigger fitkit_notify_change
  after insert or update or delete on public.memberships
  for each row execute function public.fitkit_notify_change('id', 'member_id', '');
create or replace trigger fitkit_notify_truncate
  after truncate on public.memberships
  for each statement execute function public.fitkit_notify_change();
