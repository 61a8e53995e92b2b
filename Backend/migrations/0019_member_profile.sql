-- A member changes their own display name and time zone (issue: the studio's side, item 4). Members still cannot
-- write the `members` table: the function changes the signed-in member's row and no other, and refuses bad input with
-- a code of its own (FB011 a display name, FB012 a time zone), changing nothing.

create or replace function public.update_my_profile(display_name text default null, time_zone text default null)
returns json
language plpgsql
security definer
set search_path = public
as $$
#variable_conflict use_variable
declare
  -- FitKit's check of the signed-in member: FB009 signed out, FB010 without a member.
  acting  uuid := public.fitkit_acting_member();
  name    text := btrim(display_name, E' \t\n\r');
  changed members%rowtype;
begin
  if display_name is not null and (char_length(name) = 0 or char_length(name) > 80) then
    raise exception using errcode = 'FB011', message = 'Display name must be 1 to 80 characters';
  end if;
  if time_zone is not null and not exists (select from pg_timezone_names z where z.name = time_zone) then
    raise exception using errcode = 'FB012', message = 'Unknown time zone';
  end if;
  update members m
  set display_name = coalesce(name, m.display_name), time_zone = coalesce(time_zone, m.time_zone)
  where m.id = acting
  returning * into changed;
  return json_build_object(
    'id', changed.id, 'display_name', changed.display_name, 'email', changed.email, 'time_zone', changed.time_zone);
end;
$$;
revoke all on function public.update_my_profile(text, text) from public;
grant execute on function public.update_my_profile(text, text) to anon, authenticated, service_role;
