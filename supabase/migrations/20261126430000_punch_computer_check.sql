-- The punch screen says where the mark will be made before it is made (issue 24, item 9).
--
-- A mark at a unit the employee is not assigned to is stored and flagged (pontos.fora_da_unidade,
-- Portaria 671 never refuses a mark), and the receipt says so; but the employee learnt it only
-- afterwards. The screen now asks, with this browser's device token, which authorized computer it
-- is, at which unit, and whether the caller is assigned there, so it can say so before the punch
-- (and that the browser is not, or no longer, authorized, instead of discovering it at the punch).
-- The rule "assigned to a unit" is one function, used by the punch's flag and by this answer.

-- ===========================================================================
-- One rule for "assigned to the unit": user_units or the profile's current unit.

create function private.is_assigned_to_unit(p_user_id uuid, p_unit_id uuid)
returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.user_units uu where uu.user_id = p_user_id and uu.unit_id = p_unit_id)
      or exists (select 1 from public.profiles pr where pr.id = p_user_id and pr.unit_id = p_unit_id)
$$;

comment on function private.is_assigned_to_unit(uuid, uuid) is
  'True when the user works at the unit (user_units) or has it as current unit (profiles.unit_id): a punch elsewhere is flagged fora_da_unidade.';

revoke all on function private.is_assigned_to_unit(uuid, uuid) from public, anon, authenticated;
grant execute on function private.is_assigned_to_unit(uuid, uuid) to service_role;

-- The punch's flag, now through the shared rule (same answer as before).
create or replace function private.flag_punch_outside_unit()
returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.fora_da_unidade := not private.is_assigned_to_unit(new.funcionario_id, new.unit_id);
  return new;
end;
$$;

-- ===========================================================================
-- Which computer this browser is, for the caller, before punching.

-- Answers null for a token that matches no computer, or a revoked one (the screen then says the
-- browser is not authorized). Otherwise the computer's name and unit, and whether the caller is
-- assigned to that unit. Only the holder of the token learns this: the token is the credential
-- register_punch accepts, so its holder may already punch there; nothing about other computers,
-- units or people is told. No permission is needed to ask (the punch itself checks them all).
create function public.get_punch_computer(p_device_token text)
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_uid uuid := auth.uid();
  v_computer public.authorized_computers;
begin
  if v_uid is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  select * into v_computer from public.authorized_computers ac
   where ac.token_hash = encode(sha256(convert_to(coalesce(p_device_token, ''), 'UTF8')), 'hex') and ac.revoked_at is null;
  if not found then
    return null;
  end if;
  return jsonb_build_object(
    'computer_name', v_computer.name,
    'unit_id', v_computer.unit_id,
    'unit_name', (select su.name from public.store_units su where su.id = v_computer.unit_id),
    'assigned', private.is_assigned_to_unit(v_uid, v_computer.unit_id)
  );
end;
$$;

comment on function public.get_punch_computer(text) is
  'The authorized computer of a device token ({computer_name, unit_id, unit_name, assigned}: whether the caller is assigned to its unit), or null when the token is unknown or revoked.';

revoke all on function public.get_punch_computer(text) from public, anon;
grant execute on function public.get_punch_computer(text) to authenticated, service_role;
