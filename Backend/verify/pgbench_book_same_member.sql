-- pgbench script (run by 03_concurrency.sql): every client acts as the same member and books its own
-- session (one per client), so only the member-row lock keeps the balance check and the debit together.
BEGIN;
SELECT set_config('request.jwt.claims', '{"sub": "0f0f0f0f-0000-4000-8000-000000000001", "role": "authenticated"}', true);
SET LOCAL ROLE authenticated;
SELECT verify.try_book((SELECT s.id FROM verify.solo_sessions s WHERE s.position = :client_id));
COMMIT;
