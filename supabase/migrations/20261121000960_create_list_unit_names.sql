-- RPC listing unit names for the registration page, which runs before sign-in.
-- Unit names are public (they are the chain's stores); the table itself stays
-- closed to anon, so addresses and anything added later are not exposed.

create function public.list_unit_names()
returns table (id uuid, name text)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.name from public.store_units u order by u.name
$$;
comment on function public.list_unit_names() is 'id and name of every store unit, for the registration form (callable before sign-in).';

revoke execute on function public.list_unit_names() from public;
grant execute on function public.list_unit_names() to anon, authenticated, service_role;
