-- Supabase-compatible auth primitives.
-- On a Supabase project the auth schema, auth.uid() and the API roles already exist (owned by Supabase's
-- admin roles), so everything here only creates what is missing and never replaces Supabase's objects.

create schema if not exists auth;

-- API roles as Supabase defines them: nologin roles that the connection switches to per request
-- (`set local role authenticated`). service_role is the trusted backend and bypasses row-level security.
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

-- auth.uid(): the acting member, taken from the JWT claims that PostgREST (or our Postgres client) puts in
-- `request.jwt.claims` for the transaction. NULL when the setting is unset or empty (anon).
do $$
begin
  if not exists (
    select from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'auth' and p.proname = 'uid'
  ) then
    create function auth.uid() returns uuid
      language sql stable
      as $fn$
        select nullif(
          nullif(current_setting('request.jwt.claims', true), '')::json ->> 'sub',
          ''
        )::uuid
      $fn$;
    grant usage on schema auth to anon, authenticated, service_role;
    grant execute on function auth.uid() to anon, authenticated, service_role;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;
