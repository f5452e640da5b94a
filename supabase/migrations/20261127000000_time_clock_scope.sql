-- Ponto Digital, managers' side (issue 25, item 7): who sees and who treats whose time records.
--
-- Until now PUNCH_VIEW_ALL read every employee of the chain. The rule is now by unit:
--   * everyone reads their own marks (PUNCH_VIEW_OWN is the floor, not a gate: /meu-ponto is for any
--     signed-in user, spec §6);
--   * PUNCH_VIEW_ALL reads the employees who work in one of the caller's units (user_units or the
--     profile's current unit, the one rule of private.is_assigned_to_unit), and any mark made at one
--     of those units;
--   * PUNCH_MANAGE treats (adjusts) the employees of its units, and so also reads them;
--   * ADMIN reads and treats everyone.
-- One function per question, used by every table policy and every RPC of the time clock (schedules,
-- adjustments, requests, bank, closing, reports): a rule written once cannot drift between screens.
-- Realtime delivers a row only when the subscriber may select it, so the channels follow the same rule.

-- The units a user works in: assigned (user_units) or current (profiles.unit_id).
create function private.user_unit_ids(p_user_id uuid)
returns setof uuid
language sql stable security definer set search_path = '' as $$
  select uu.unit_id from public.user_units uu where uu.user_id = p_user_id
  union
  select pr.unit_id from public.profiles pr where pr.id = p_user_id and pr.unit_id is not null
$$;

comment on function private.user_unit_ids(uuid) is
  'Units a user works in: user_units plus the profile''s current unit (same rule as private.is_assigned_to_unit).';

-- Whether the caller and the employee share a unit.
create function private.shares_unit_with(p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from private.user_unit_ids(auth.uid()) mine
    where mine in (select theirs from private.user_unit_ids(p_user_id) theirs)
  )
$$;

-- The caller may read the employee's time records (marks, schedules, adjustments, requests, bank, espelhos).
create function private.can_view_employee_time(p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and p_user_id is not null and (
    (p_user_id = auth.uid() and private.account_active(auth.uid()))
    or private.is_admin()
    or ((private.has_permission('PUNCH_VIEW_ALL') or private.has_permission('PUNCH_MANAGE')) and private.shares_unit_with(p_user_id))
  )
$$;

comment on function private.can_view_employee_time(uuid) is
  'Own records; PUNCH_VIEW_ALL or PUNCH_MANAGE holders for employees of their units; ADMIN for everyone.';

-- The caller may treat the employee's time records (adjustments, schedule assignments, decisions on requests).
create function private.can_manage_employee_time(p_user_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and p_user_id is not null and (
    private.is_admin()
    or (private.has_permission('PUNCH_MANAGE') and private.shares_unit_with(p_user_id))
  )
$$;

comment on function private.can_manage_employee_time(uuid) is
  'ADMIN for everyone; PUNCH_MANAGE holders for employees of their units (never by the browser''s word).';

-- The caller may read or treat a unit's time records (closing a month, the unit's holidays and opening hours).
create function private.can_view_unit_time(p_unit_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and p_unit_id is not null and (
    private.is_admin()
    or ((private.has_permission('PUNCH_VIEW_ALL') or private.has_permission('PUNCH_MANAGE'))
        and p_unit_id in (select private.user_unit_ids(auth.uid())))
  )
$$;

create function private.can_manage_unit_time(p_unit_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select auth.uid() is not null and p_unit_id is not null and (
    private.is_admin()
    or (private.has_permission('PUNCH_MANAGE') and p_unit_id in (select private.user_unit_ids(auth.uid())))
  )
$$;

revoke all on function private.user_unit_ids(uuid), private.shares_unit_with(uuid), private.can_view_employee_time(uuid),
  private.can_manage_employee_time(uuid), private.can_view_unit_time(uuid), private.can_manage_unit_time(uuid)
  from public, anon;
grant execute on function private.user_unit_ids(uuid), private.shares_unit_with(uuid), private.can_view_employee_time(uuid),
  private.can_manage_employee_time(uuid), private.can_view_unit_time(uuid), private.can_manage_unit_time(uuid)
  to authenticated, service_role;

-- ===========================================================================
-- The landed policies, rewritten to that scope.

-- Punches: the employee's own; the employees of the caller's units; any mark made at one of them.
drop policy pontos_select on public.pontos;
create policy pontos_select on public.pontos
  for select to authenticated
  using (
    funcionario_id = (select auth.uid())
    or private.can_view_employee_time(funcionario_id)
    or private.can_view_unit_time(unit_id)
  );

-- Consents: the employee's own; the employees of the caller's units (the consents list on /ponto/admin).
drop policy consentimentos_lgpd_select on public.consentimentos_lgpd;
create policy consentimentos_lgpd_select on public.consentimentos_lgpd
  for select to authenticated
  using (funcionario_id = (select auth.uid()) or private.can_view_employee_time(funcionario_id));
