-- Security review: counter staff could move shortages in and out of quote batches
-- through plain table writes, bypassing the purchasing RPCs.
--
-- shortages_insert / shortages_update only check the unit and CREATE_SHORTAGES,
-- so a clerk could
--   * insert a shortage straight into any batch (even another unit's batch in
--     quotation) with a purchasing status such as EM_COTACAO;
--   * clear batch_id of a shortage whose batch is in quotation (the rules of
--     remove_shortage_from_batch never ran, quote items were left behind);
--   * change product, unit or requested quantity of a shortage already quoted
--     or ordered (orders take the shortage's requested_quantity);
--   * set a purchasing status (LOTE_CRIADO .. PEDIDO_ENVIADO) by hand.
--
-- Batch membership, and the fields a quote prices, belong to purchasing: only
-- buyers (MANAGE_ORDERS; admins pass has_permission) and the security-definer
-- RPCs and triggers (current_user is then not a Data API role) may change them.
-- Clerks keep what the spec gives them: registering and editing their unit's
-- shortages while they are not in a batch, and a direct status update between
-- PENDENTE and ENTREGUE (plus PEDIDO_ENVIADO → ENTREGUE when an order arrives).

create function private.guard_shortage_purchasing_fields()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_pipeline constant text[] := array['LOTE_CRIADO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO'];
begin
  if current_user not in ('authenticated', 'anon') or private.has_permission('MANAGE_ORDERS') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.batch_id is not null then
      raise exception 'Apenas o setor de compras pode incluir faltas em um lote' using errcode = '42501';
    end if;
    if new.status = any (v_pipeline) then
      raise exception 'Este status é definido pelo setor de compras' using errcode = '42501';
    end if;
    return new;
  end if;
  if new.batch_id is distinct from old.batch_id then
    raise exception 'Apenas o setor de compras pode incluir ou retirar faltas de um lote' using errcode = '42501';
  end if;
  if old.batch_id is not null then
    if new.product_id is distinct from old.product_id
       or new.unit_id is distinct from old.unit_id
       or new.requested_quantity is distinct from old.requested_quantity then
      raise exception 'Esta falta está em um lote de compras e não pode mais ser alterada' using errcode = '42501';
    end if;
    if new.status is distinct from old.status
       and not (old.status = 'PEDIDO_ENVIADO' and new.status = 'ENTREGUE') then
      raise exception 'Este status é definido pelo setor de compras' using errcode = '42501';
    end if;
  elsif new.status is distinct from old.status and new.status = any (v_pipeline) then
    raise exception 'Este status é definido pelo setor de compras' using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function private.guard_shortage_purchasing_fields() is
  'BEFORE INSERT/UPDATE on shortages: only buyers and definer RPCs set batch_id, purchasing statuses, or change a batched shortage''s product, unit and quantity.';

revoke all on function private.guard_shortage_purchasing_fields() from public;
grant execute on function private.guard_shortage_purchasing_fields() to authenticated, service_role;

create trigger shortages_guard_purchasing_fields
  before insert or update on public.shortages
  for each row execute function private.guard_shortage_purchasing_fields();
