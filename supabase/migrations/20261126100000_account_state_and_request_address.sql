-- Two foundations the second attacker review asked for, used by every module.
--
-- 1. A disabled or deleted account has no rights. A ban on /usuarios stops sign-in and refresh
--    at once, but an access token already issued stays valid until it expires (up to an hour)
--    and PostgREST checks only its signature. So every permission check in the database asks
--    whether the account behind auth.uid() is still active: a banned (banned_until in the
--    future) or deleted (row gone, or soft-deleted) account resolves to no role, no permission,
--    no unit, no supplier and no access. What builds on these functions (policies, RPC guards)
--    follows without change.
--
-- 2. The request's address as evidence. Supabase's gateway appends the address it saw to
--    X-Forwarded-For; everything before it is what the client (or a proxy it chose) claimed.
--    Evidence (punches, signatures) stores the last entry as the address and keeps earlier
--    entries apart as 'declared by the client'.

-- ---------------------------------------------------------------------------
-- 1. Account state

create function private.account_active(p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select p_user_id is not null and exists (
    select 1 from auth.users u
    where u.id = p_user_id
      and u.deleted_at is null
      and (u.banned_until is null or u.banned_until <= now()))
$$;

comment on function private.account_active(uuid) is
  'True when the account exists, is not soft-deleted and is not banned now: a disabled account''s unexpired token carries no rights.';

revoke all on function private.account_active(uuid) from public, anon;
grant execute on function private.account_active(uuid) to authenticated, service_role;

create or replace function private.current_role_id()
returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_role_id uuid;
begin
  if not private.account_active(auth.uid()) then
    return null;
  end if;
  select ur.role_id into v_role_id from public.user_roles ur where ur.user_id = auth.uid();
  return v_role_id;
end;
$$;

-- A disabled account resolves to no role at all (null, like anon), not to the BALCONISTA label
-- role-less accounts get: nothing that reads the role name may grant it anything.
create or replace function private.current_role_name()
returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  v_name text;
  v_is_admin boolean;
begin
  if not private.account_active(auth.uid()) then
    return null;
  end if;
  select cr.name, cr.is_admin into v_name, v_is_admin
  from public.user_roles ur
  join public.custom_roles cr on cr.id = ur.role_id
  where ur.user_id = auth.uid();
  if coalesce(v_is_admin, false) then
    return 'ADMIN';
  end if;
  if upper(v_name) = any (private.known_role_names()) then
    return upper(v_name);
  end if;
  return 'BALCONISTA';
end;
$$;

comment on function private.current_role_name() is
  'Resolved application role of auth.uid() (ADMIN, BALCONISTA, ...); BALCONISTA when none; null for anon and for a disabled or deleted account.';

create or replace function private.has_permission(p text)
returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.account_active(auth.uid()) then
    return false;
  end if;
  if private.is_admin() then
    return true;
  end if;
  return exists (
    select 1
    from public.role_permissions rp
    where rp.role_id = private.current_role_id()
      and upper(rp.permission) = upper(p)
  ) or exists (
    select 1
    from public.user_permissions up
    join public.permissions pe on pe.id = up.permission_id
    where up.user_id = auth.uid()
      and upper(pe.name) = upper(p)
  );
end;
$$;

comment on function private.has_permission(text) is
  'True when auth.uid() is an active account that is ADMIN or holds permission p through its role or directly (case-insensitive).';

create or replace function private.has_access()
returns boolean
language sql stable security definer set search_path = '' as $$
  select private.account_active(auth.uid()) and (
    exists (select 1 from public.user_roles ur where ur.user_id = auth.uid())
    or exists (select 1 from public.user_permissions up where up.user_id = auth.uid()));
$$;

comment on function private.has_access() is
  'True when the caller is an active account with a role or a directly granted permission; without either (a new sign-up, a disabled account) no business data is readable.';

create or replace function private.current_supplier_id()
returns uuid
language plpgsql stable security definer set search_path = '' as $$
declare
  v_supplier_id uuid;
begin
  if not private.account_active(auth.uid()) then
    return null;
  end if;
  select pr.supplier_id into v_supplier_id from public.profiles pr where pr.id = auth.uid();
  return v_supplier_id;
end;
$$;

comment on function private.current_supplier_id() is
  'profiles.supplier_id of auth.uid(): the supplier a representative works for; null for a disabled account.';

-- ---------------------------------------------------------------------------
-- 2. The request's address

-- The X-Forwarded-For chain as its entries, trimmed, empty ones dropped (x-real-ip when the chain
-- is absent). Not exposed: the two functions below are what evidence stores.
create function private.request_address_chain()
returns text[]
language sql stable set search_path = '' as $$
  select coalesce(array_agg(left(btrim(entry), 100) order by position) filter (where btrim(entry) <> ''), '{}')
  from unnest(string_to_array(coalesce(
    current_setting('request.headers', true)::jsonb ->> 'x-forwarded-for',
    current_setting('request.headers', true)::jsonb ->> 'x-real-ip',
    ''), ',')) with ordinality as t(entry, position)
$$;

-- The evidence address: the last entry, the one the gateway appended. Null outside an API request.
create function private.request_evidence_ip()
returns text
language sql stable set search_path = '' as $$
  select c[cardinality(c)] from (select private.request_address_chain() as c) s
$$;

comment on function private.request_evidence_ip() is
  'The address the gateway saw (last X-Forwarded-For entry): what evidence records as the request''s address.';

-- What the client claimed before the gateway: every earlier entry, comma-separated; null when none.
create function private.request_declared_ips()
returns text
language sql stable set search_path = '' as $$
  select nullif(left(array_to_string(c[1:cardinality(c) - 1], ', '), 500), '')
  from (select private.request_address_chain() as c) s
$$;

comment on function private.request_declared_ips() is
  'X-Forwarded-For entries before the gateway''s (client-declared, unverified); kept apart from the evidence address.';

revoke all on function private.request_address_chain(), private.request_evidence_ip(), private.request_declared_ips()
  from public, anon;
grant execute on function private.request_address_chain(), private.request_evidence_ip(), private.request_declared_ips()
  to authenticated, service_role;
