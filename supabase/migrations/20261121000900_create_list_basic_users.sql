-- RPC listing the basic identity of users (id, email, full name, unit) so the
-- app can show creator names and e-mails without reading auth.users.
-- Clients filter the result (`.rpc('list_basic_users').eq('id', x)`).
-- It returns the same people the caller may read in public.profiles: internal
-- staff see everyone; a representative sees themselves and internal staff
-- (users without a supplier), never other suppliers' representatives.

create function public.list_basic_users()
returns table (id uuid, email text, full_name text, unit_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.email::text, p.full_name, p.unit_id
  from auth.users u
  left join public.profiles p on p.id = u.id
  where (select auth.uid()) is not null
    and u.deleted_at is null
    and (
      u.id = (select auth.uid())
      or (select private.current_role_name()) <> 'REPRESENTANTE'
      or p.supplier_id is null
      or (select private.has_permission('MANAGE_USERS'))
    )
  order by p.full_name nulls last, u.email
$$;
comment on function public.list_basic_users() is 'id, email, full_name and unit_id of the users the caller may see (authenticated only).';

revoke execute on function public.list_basic_users() from public, anon;
grant execute on function public.list_basic_users() to authenticated, service_role;
