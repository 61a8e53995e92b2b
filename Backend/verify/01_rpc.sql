-- book_session, cancel_booking, credit_summary: results, ledger entries, every FB error and its order.
\set ON_ERROR_STOP 1
\o /dev/null

-- Not signed in (anon, or a token for someone who is not a member).
begin;
select verify.act_as(null);
select verify.fails('anon book_session', $$select book_session('10000000-0000-4000-8000-000000000001')$$, 'FB009', 'Not signed in');
select verify.fails('anon cancel_booking', $$select cancel_booking('b0000000-0000-4000-8000-000000000009')$$, 'FB009', 'Not signed in');
select verify.fails('anon credit_summary', $$select credit_summary()$$, 'FB009', 'Not signed in');
select verify.act_as('99999999-9999-4999-8999-999999999999');
select verify.fails('non-member book_session', $$select book_session('10000000-0000-4000-8000-000000000001')$$, 'FB010', 'No member profile for this account');
select verify.fails('non-member cancel_booking', $$select cancel_booking('b0000000-0000-4000-8000-000000000009')$$, 'FB010', 'No member profile for this account');
select verify.fails('non-member credit_summary', $$select credit_summary()$$, 'FB010', 'No member profile for this account');
rollback;

-- A books session 1: the booking row comes back and the ledger is debited by its cost.
begin;
select verify.act_as('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
create temp table booked on commit drop as
  select book_session('10000000-0000-4000-8000-000000000001') as j;
select verify.eq('book_session keys', (select string_agg(k, ',') from booked, json_object_keys(j) k),
                 'id,member_id,class_session_id,status,created_at,cancelled_at');
select verify.eq('book_session status', (select j->>'status' from booked), 'active');
select verify.eq('book_session member', (select j->>'member_id' from booked), 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
select verify.eq('book_session cancelled_at', (select json_typeof(j->'cancelled_at') from booked), 'null');
select verify.eq('booking row visible to A', (select count(*)::text from bookings b, booked where b.id = (j->>'id')::uuid and b.status = 'active'), '1');
select verify.eq('ledger debit', (select l.amount::text || ' ' || l.reason from credit_ledger l, booked where l.booking_id = (j->>'id')::uuid), '-5.00 booking');
select verify.eq('A balance after booking', (select credit_summary()->>'balance'), '28.00');
select verify.eq('view: A is booked', (select is_booked::text || ' ' || (booking_id = (select (j->>'id')::uuid from booked))::text
                                        from bookable_sessions where session_id = '10000000-0000-4000-8000-000000000001'), 'true true');
select verify.eq('view: spots remaining', (select spots_remaining::text from bookable_sessions where session_id = '10000000-0000-4000-8000-000000000001'), '9');
commit;

-- B fills the one-spot session 2.
begin;
select verify.act_as('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb');
select verify.eq('B books tiny session', (select book_session('10000000-0000-4000-8000-000000000002')->>'status'), 'active');
commit;

-- Every booking error, with the contract's code and message, and the order of the checks.
begin;
select verify.act_as('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
select verify.fails('FB007 missing session', $$select book_session('10000000-0000-4000-8000-0000000000ff')$$, 'FB007', 'Not found');
select verify.fails('FB005 cancelled', $$select book_session('10000000-0000-4000-8000-000000000003')$$, 'FB005', 'Class has been cancelled');
select verify.fails('FB005 before FB004 (cancelled and started)', $$select book_session('10000000-0000-4000-8000-000000000010')$$, 'FB005', 'Class has been cancelled');
select verify.fails('FB004 started', $$select book_session('10000000-0000-4000-8000-000000000004')$$, 'FB004', 'Class has already started');
select verify.fails('FB002 already booked', $$select book_session('10000000-0000-4000-8000-000000000001')$$, 'FB002', 'Session already booked');
select verify.fails('FB001 full', $$select book_session('10000000-0000-4000-8000-000000000002')$$, 'FB001', 'Session is full');
select verify.fails('FB001 zero capacity', $$select book_session('10000000-0000-4000-8000-000000000011')$$, 'FB001', 'Session is full');
select verify.fails('FB003 insufficient', $$select book_session('10000000-0000-4000-8000-000000000005')$$, 'FB003', 'Insufficient credits');
select verify.fails('FB006 cancel after start', $$select cancel_booking('b0000000-0000-4000-8000-000000000009')$$, 'FB006', 'Cancellation is closed after the class starts');
select verify.fails('FB007 missing booking', $$select cancel_booking('b0000000-0000-4000-8000-0000000000ff')$$, 'FB007', 'Not found');
rollback;

begin;
-- A cannot see B's booking id, so fetch it as the owner and try to cancel it as A.
select set_config('verify.b_booking', (select id::text from bookings where member_id = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'), true);
select verify.act_as('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
select verify.fails('FB007 cancel B''s booking as A', $$select cancel_booking(current_setting('verify.b_booking')::uuid)$$, 'FB007', 'Not found');
-- C has no credits: a full session still says full (FB001 is checked before FB003), an open one FB003.
select verify.act_as('cccccccc-cccc-4ccc-8ccc-cccccccccccc');
select verify.fails('FB001 before FB003', $$select book_session('10000000-0000-4000-8000-000000000002')$$, 'FB001', 'Session is full');
select verify.fails('FB003 with no ledger', $$select book_session('10000000-0000-4000-8000-000000000001')$$, 'FB003', 'Insufficient credits');
-- ...and a free class needs no credits.
select verify.eq('C books free class', (select book_session('10000000-0000-4000-8000-000000000006')->>'status'), 'active');
select verify.eq('no ledger row for free class', (select count(*)::text from credit_ledger), '0');
rollback;

-- Refund window: 12 hours before the start, inclusive.
begin;
select verify.act_as('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
select set_config('verify.late', book_session('10000000-0000-4000-8000-000000000007')->>'id', true);
select set_config('verify.early', book_session('10000000-0000-4000-8000-000000000008')->>'id', true);
select set_config('verify.free', book_session('10000000-0000-4000-8000-000000000006')->>'id', true);
select verify.eq('A balance after 3 more bookings', (select credit_summary()->>'balance'), '20.00');
select verify.eq('cancel 11 h before: no refund', cancel_booking(current_setting('verify.late')::uuid)::text,
                 format('{"booking_id" : "%s", "refunded" : 0.00}', current_setting('verify.late')));
select verify.eq('cancel 13 h before: full refund', (cancel_booking(current_setting('verify.early')::uuid)->>'refunded'), '4.00');
select verify.eq('cancel free class: nothing to refund', (cancel_booking(current_setting('verify.free')::uuid)->>'refunded'), '0.00');
select verify.eq('refund ledger rows', (select string_agg(amount::text || ' ' || reason, ', ' order by amount)
                                          from credit_ledger where booking_id in (current_setting('verify.late')::uuid, current_setting('verify.early')::uuid, current_setting('verify.free')::uuid)),
                 '-4.00 booking, -4.00 booking, 4.00 refund');
select verify.eq('cancelled booking state', (select status || ' ' || (cancelled_at = now())::text from bookings where id = current_setting('verify.early')::uuid), 'cancelled true');
select verify.fails('FB008 cancel twice', format('select cancel_booking(%L)', current_setting('verify.early')), 'FB008', 'Booking is not active');
select verify.eq('view after cancel', (select is_booked::text || ' ' || coalesce(booking_id::text, 'null') || ' ' || spots_remaining
                                         from bookable_sessions where session_id = '10000000-0000-4000-8000-000000000008'), 'false null 10');
select verify.eq('rebook after cancel', (select book_session('10000000-0000-4000-8000-000000000008')->>'status'), 'active');
select verify.eq('A balance', (select credit_summary()->>'balance'), '20.00');
commit;

-- The exact boundary: now() is fixed for the transaction, so a class starting exactly 12 h after it is
-- refunded, one starting a microsecond earlier is not.
begin;
insert into class_sessions (id, studio_id, name, starts_at, duration_minutes, capacity, credit_cost) values
  ('10000000-0000-4000-8000-000000000020', '50000000-0000-4000-8000-000000000001', 'Exactly 12 h', now() + interval '12 hours', 30, 5, 3),
  ('10000000-0000-4000-8000-000000000021', '50000000-0000-4000-8000-000000000001', '12 h - 1 us', now() + interval '12 hours' - interval '1 microsecond', 30, 5, 3);
select verify.act_as('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
select verify.eq('cancel exactly 12 h before: refund',
  (cancel_booking((book_session('10000000-0000-4000-8000-000000000020')->>'id')::uuid)->>'refunded'), '3.00');
select verify.eq('cancel 12 h - 1 us before: none',
  (cancel_booking((book_session('10000000-0000-4000-8000-000000000021')->>'id')::uuid)->>'refunded'), '0.00');
rollback;

-- credit_summary: balance, credits expiring in (now, now + 14 days], capped by the balance, never negative.
begin;
insert into credit_ledger (member_id, amount, reason, expires_at) values
  ('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 10, 'purchase',   now() + interval '3 days'),
  ('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 5,  'purchase',   now() + interval '14 days'),                           -- edge: in
  ('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 7,  'purchase',   now() + interval '14 days' + interval '1 microsecond'), -- edge: out
  ('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 2,  'purchase',   now()),                                                -- already expired
  ('dddddddd-dddd-4ddd-8ddd-dddddddddddd', 4,  'purchase',   now() - interval '1 day'),
  ('dddddddd-dddd-4ddd-8ddd-dddddddddddd', -9, 'adjustment', now() + interval '2 days'),                           -- negative: never "expiring"
  ('eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee', -5, 'adjustment', null);
select verify.act_as('dddddddd-dddd-4ddd-8ddd-dddddddddddd');
-- balance 10+5+7+2+4-9 = 19; expiring 10+5 = 15.
select verify.eq('D summary', (select format('%s %s %s', j->>'balance', j->>'expiring_soon', ((j->>'earliest_expiry')::timestamptz = now() + interval '3 days')::text)
                                 from credit_summary() j), '19.00 15.00 true');
select verify.act_as_owner();
insert into credit_ledger (member_id, amount, reason) values ('dddddddd-dddd-4ddd-8ddd-dddddddddddd', -8, 'adjustment');
select verify.act_as('dddddddd-dddd-4ddd-8ddd-dddddddddddd');
select verify.eq('D summary capped by balance', (select format('%s %s', j->>'balance', j->>'expiring_soon') from credit_summary() j), '11.00 11.00');
select verify.act_as('eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee');
select verify.eq('E summary (negative balance)', credit_summary()::text, '{"balance" : -5.00, "expiring_soon" : 0.00, "earliest_expiry" : null}');
select verify.act_as('cccccccc-cccc-4ccc-8ccc-cccccccccccc');
select verify.eq('C summary (empty ledger)', credit_summary()::text, '{"balance" : 0.00, "expiring_soon" : 0.00, "earliest_expiry" : null}');
select verify.act_as('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa');
-- A: 33 - 5 (session 1) - 4 (session 7, no refund) - 4 + 4 (session 8, refunded) - 4 (session 8 again);
-- 20 of the purchased credits expire in 10 days.
select verify.eq('A summary', (select format('%s %s %s', j->>'balance', j->>'expiring_soon', ((j->>'earliest_expiry')::timestamptz > now() + interval '9 days')::text)
                                 from credit_summary() j), '20.00 20.00 true');
rollback;

-- The view clamps spots_remaining at 0 even when the service role overbooked.
begin;
select verify.act_as(null);
select verify.eq('overbooked session spots', (select spots_remaining::text from bookable_sessions where session_id = '10000000-0000-4000-8000-000000000012'), '0');
rollback;
