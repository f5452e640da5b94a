-- Security review, finding D1: a self-registered stranger became counter staff.
--
-- /register is public and sign-ups are auto-confirmed; private.current_role_id()
-- answered the BALCONISTA role for users without a user_roles row, so every
-- stranger got CREATE_SHORTAGES, MANAGE_PRODUCTS, MANAGE_BOLETOS and
-- MANAGE_REMESSA in a unit of their choice. A user without a role row now has
-- no role id and therefore no role permissions (only what an administrator
-- grants them in user_permissions). private.current_role_name() still answers
-- BALCONISTA for them: spec §6 labels role-less users BALCONISTA, and the home
-- shows "Permissões Limitadas" until an administrator assigns a role.

create or replace function private.current_role_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role_id uuid;
begin
  if auth.uid() is null then
    return null;
  end if;
  select ur.role_id into v_role_id from public.user_roles ur where ur.user_id = auth.uid();
  return v_role_id;
end;
$$;
comment on function private.current_role_id() is
  'Custom role id of auth.uid() from user_roles; null without a role row (no role permissions until an admin assigns one).';
