-- Ledger reasons an app can add without editing FitKit's SQL. The ledger kept five reasons in a closed check
-- (0002), so an app granting credits for its own reason (a membership plan) had to call it a purchase. A reason is
-- now one of FitKit's five, which keep their meaning, or an app's own, namespaced by its feature as
-- `<feature>.<reason>`: lower-case letters, digits and underscores, each part starting with a letter and at most 31
-- characters (`memberships.plan_grant`). Undotted names stay FitKit's, so a future FitKit reason never clashes
-- with an app's (Backend/CONTRACT.md, "Codes and names an app may use").
--
-- Nothing else changes: balances are the sum of every row whatever its reason (credit_summary), members still read
-- only their own rows, and only functions and the service role write.

alter table public.credit_ledger drop constraint if exists credit_ledger_reason_check;
alter table public.credit_ledger add constraint credit_ledger_reason_check check (
  reason in ('purchase', 'booking', 'refund', 'expiry', 'adjustment')
  or reason ~ '^[a-z][a-z0-9_]{0,30}\.[a-z][a-z0-9_]{0,30}$'
);
