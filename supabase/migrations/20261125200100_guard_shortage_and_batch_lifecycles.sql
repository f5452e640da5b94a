-- Security review of 2026-11-24, items 3 and 4: the shortage and quote-batch rows could be
-- rewritten field by field. Counter staff set their own shortage to ENTREGUE and rewrote
-- created_by; a buyer moved another unit's shortage to a different unit and jumped statuses;
-- a buyer rewrote a batch's created_by and unit_id. Some of these were "fixed" by triggers
-- that quietly put the old value back, so a forged request looked successful.
--
-- Now the lifecycle is a state machine in the database, for every request made through the
-- API (the purchasing RPCs are security definer and own their steps):
--   * created_by, created_at (and the id) never change after insert; a row is registered in
--     the caller's own name or not at all;
--   * unit_id changes only as a correction of a PENDENTE shortage outside any batch, by
--     someone who may register shortages in both units;
--   * status moves only along the purchasing flow, and only the arrival of an ordered item
--     (PEDIDO_ENVIADO -> ENTREGUE) is a direct update, by the unit's staff or a buyer;
--     every other step belongs to the batch and order RPCs;
--   * product and requested quantity change only while the shortage is open (PENDENTE, no
--     batch); inside a batch the quantity changes through update_batch_quantities.
-- Every refusal is explicit (42501, a Portuguese message) and changes nothing.

-- ---------------------------------------------------------------------------
-- Who may register and correct shortages of a unit: administrators anywhere; staff with
-- CREATE_SHORTAGES in the units assigned to them.

create or replace function private.can_act_on_unit(p_unit_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_unit_id is not null and (
    private.is_admin()
    or (private.has_access()
        and private.has_permission('CREATE_SHORTAGES')
        and (p_unit_id = private.current_unit_id()
             or exists (select 1 from public.user_units uu where uu.user_id = auth.uid() and uu.unit_id = p_unit_id))));
$$;

comment on function private.can_act_on_unit(uuid) is
  'Whether the caller may register or correct shortages of a unit: administrators anywhere, CREATE_SHORTAGES holders in their assigned units.';

revoke all on function private.can_act_on_unit(uuid) from public, anon;
grant execute on function private.can_act_on_unit(uuid) to authenticated, service_role;

-- A corrected unit must be one the editor may act on (the trigger checks the rest).
alter policy shortages_update on public.shortages
  using (
    ((unit_id = (select private.current_unit_id())) and (select private.has_permission('CREATE_SHORTAGES')))
    or (select private.is_buyer()))
  with check (private.can_act_on_unit(unit_id) or (select private.is_buyer()));

-- The shortage statuses of spec §4, in flow order.
create or replace function private.shortage_statuses()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['PENDENTE', 'LOTE_CRIADO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO', 'ENTREGUE'];
$$;

revoke all on function private.shortage_statuses() from public, anon;
grant execute on function private.shortage_statuses() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Insert: in the caller's name, as PENDENTE, outside any batch.

drop trigger shortages_guard_purchasing_fields on public.shortages;
drop function private.guard_shortage_purchasing_fields();

create or replace function private.shortages_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') then
    -- Said before anything else, so an account without the right hears that, not "pick a unit".
    if not private.has_permission('CREATE_SHORTAGES') then
      raise exception 'Sem permissão para registrar faltas' using errcode = '42501';
    end if;
    if new.created_by is distinct from auth.uid() then
      raise exception 'A falta é registrada em nome de quem a lança' using errcode = '42501';
    end if;
    if new.batch_id is not null then
      raise exception 'Apenas o setor de compras pode incluir faltas em um lote' using errcode = '42501';
    end if;
    -- (An unknown status is left to validate_shortage_fields: 23514 'Status de falta inválido'.)
    if new.status is distinct from 'PENDENTE' and new.status = any (private.shortage_statuses()) then
      raise exception 'Uma nova falta começa como pendente' using errcode = '42501';
    end if;
  end if;
  if new.unit_id is null then
    new.unit_id := private.current_unit_id();
    if new.unit_id is null then
      raise exception 'Selecione uma unidade antes de registrar a falta'
        using errcode = '23502', column = 'unit_id';
    end if;
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------
-- Update: the state machine.

create or replace function private.shortages_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_open boolean := old.status = 'PENDENTE' and old.batch_id is null;
begin
  if current_user in ('authenticated', 'anon') then
    if new.id is distinct from old.id
       or new.created_by is distinct from old.created_by
       or new.created_at is distinct from old.created_at then
      raise exception 'O autor e a data de registro de uma falta não podem ser alterados' using errcode = '42501';
    end if;
    if new.batch_id is distinct from old.batch_id then
      raise exception 'Apenas o setor de compras pode incluir ou retirar faltas de um lote' using errcode = '42501';
    end if;
    if new.unit_id is distinct from old.unit_id
       and not (v_open and private.can_act_on_unit(old.unit_id) and private.can_act_on_unit(new.unit_id)) then
      raise exception 'A unidade só pode ser corrigida em faltas pendentes, entre unidades em que você atua' using errcode = '42501';
    end if;
    if new.status is distinct from old.status
       and new.status = any (private.shortage_statuses())
       and not (old.status = 'PEDIDO_ENVIADO' and new.status = 'ENTREGUE') then
      raise exception 'Este status é definido pelo setor de compras' using errcode = '42501';
    end if;
    if (new.product_id is distinct from old.product_id or new.requested_quantity is distinct from old.requested_quantity)
       and not v_open then
      if old.batch_id is not null then
        raise exception 'Esta falta está em um lote de compras e não pode mais ser alterada' using errcode = '42501';
      end if;
      raise exception 'Apenas faltas pendentes podem ter produto ou quantidade alterados' using errcode = '42501';
    end if;
  end if;
  new.updated_at := now();
  -- Leaving a batch (removed from it, or the batch deleted: FK set null) without an explicit
  -- status change restores PENDENTE.
  if old.batch_id is not null and new.batch_id is null and new.status = old.status then
    new.status := 'PENDENTE';
  end if;
  return new;
end;
$$;

-- Only what the shortage screens edit is updatable; the trigger rules unit, status,
-- product and quantity. Ids, authors, dates and batch membership are refused up front.
-- Inserts name exactly the fields of spec §7 (product, unit, quantities, author, group,
-- observation, status); ids and dates are the database's.
revoke insert on table public.shortages from authenticated;
grant insert (product_id, unit_id, requested_quantity, available_quantity, created_by, group_id, observation, status)
  on table public.shortages to authenticated;

revoke update on table public.shortages from authenticated;
grant update (product_id, unit_id, requested_quantity, available_quantity, status, group_id, observation)
  on table public.shortages to authenticated;

-- ---------------------------------------------------------------------------
-- Quote batches: author and unit fixed at creation; the name is the only direct edit
-- (status, sent_at and closed_at belong to the batch RPCs, as before).

create or replace function private.quote_batches_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') and new.created_by is distinct from auth.uid() then
    raise exception 'O lote é criado em nome de quem o cria' using errcode = '42501';
  end if;
  if new.name is null or btrim(new.name) = '' then
    new.name := 'Lote ' || left(new.id::text, 6);
  end if;
  return new;
end;
$$;

create or replace function private.guard_quote_batch_state()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('authenticated', 'anon') then
    return coalesce(new, old);
  end if;
  if tg_op = 'INSERT' then
    if new.status <> 'ABERTO' or new.sent_at is not null or new.closed_at is not null then
      raise exception 'O status do lote é definido pelas ações de compras' using errcode = '42501';
    end if;
    return new;
  end if;
  if tg_op = 'UPDATE' then
    if new.status is distinct from old.status
       or new.sent_at is distinct from old.sent_at
       or new.closed_at is distinct from old.closed_at then
      raise exception 'O status do lote é definido pelas ações de compras' using errcode = '42501';
    end if;
    if new.id is distinct from old.id
       or new.created_by is distinct from old.created_by
       or new.created_at is distinct from old.created_at
       or new.unit_id is distinct from old.unit_id then
      raise exception 'O autor e a unidade de um lote não podem ser alterados' using errcode = '42501';
    end if;
    return new;
  end if;
  -- DELETE
  if private.batch_has_quotes_or_orders(old.id) then
    raise exception 'Este lote possui cotações: exclua-o pela tela de compras' using errcode = '42501';
  end if;
  return old;
end;
$$;

revoke update on table public.quote_batches from authenticated;
grant update (name) on table public.quote_batches to authenticated;

revoke insert on table public.quote_batches from authenticated;
grant insert (unit_id, name, status, created_by) on table public.quote_batches to authenticated;
