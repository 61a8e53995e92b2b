-- The database API a release exposes to apps, one line per item: every column of every table and view in public,
-- each table privilege and each function the API roles hold. Backend/releases/<version>.api.txt is its output at that
-- release; UpgradeTests checks the current migrations still offer every line of every release, so an app on an
-- earlier release keeps working. Print it: scripts/with-postgres.sh psql -X -At -f Backend/releases/api.sql
select line from (
  select format('%s %s.%s %s', case c.relkind when 'r' then 'table' else 'view' end, c.relname, a.attname,
                format_type(a.atttypid, a.atttypmod)) as line
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname = 'public' and c.relkind in ('r', 'v')
  union all
  select format('grant %s on %s to %s', p.privilege, c.relname, r.rolname)
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  cross join (values ('select'), ('insert'), ('update'), ('delete')) as p(privilege)
  cross join (select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role')) r
  where n.nspname = 'public' and c.relkind in ('r', 'v') and has_table_privilege(r.rolname, c.oid, p.privilege)
  union all
  select format('function %s(%s) returns %s, executable by %s', p.proname, pg_get_function_identity_arguments(p.oid),
                pg_get_function_result(p.oid), r.rolname)
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  cross join (select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role')) r
  where n.nspname = 'public' and has_function_privilege(r.rolname, p.oid, 'execute')
) api order by line
