-- pgbench script (run by 03_concurrency.sql): client N books, as member N, the next race session it has not
-- tried yet. verify.try_book records the outcome instead of aborting the client.
BEGIN;
SELECT set_config('request.jwt.claims',
  '{"sub": "00000000-0000-4000-8000-' || lpad(:client_id::text, 12, '0') || '", "role": "authenticated"}', true);
SET LOCAL ROLE authenticated;
SELECT verify.try_book((SELECT s.id FROM verify.race_sessions s
                        WHERE NOT EXISTS (SELECT FROM verify.outcomes o
                                          WHERE o.member_id = auth.uid() AND o.session_id = s.id)
                        ORDER BY s.position LIMIT 1));
COMMIT;
