-- Bad shortage input gets a clear Portuguese message from the database, not
-- PostgreSQL's English check-constraint text ('new row for relation "shortages"
-- violates check constraint ...'), whichever client sends it.
--
-- The check constraints stay as the final arbiter and keep their names; a BEFORE
-- trigger raises the same rule first with a pt-BR message, errcode 23514 and the
-- constraint's name (as private.products_before_write does for barcodes). The
-- observation gets a database limit matching the form (500 characters) and is
-- stored trimmed, blank as null.

alter table public.shortages
  add constraint shortages_observation_length_check check (char_length(observation) <= 500);

create function private.validate_shortage_fields()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.requested_quantity is null then
    raise exception 'Informe a quantidade solicitada'
      using errcode = '23502', column = 'requested_quantity';
  end if;
  if new.requested_quantity <= 0 then
    raise exception 'A quantidade solicitada deve ser maior que zero'
      using errcode = '23514', constraint = 'shortages_requested_quantity_check';
  end if;
  if new.available_quantity is null then
    raise exception 'Informe a quantidade disponível (zero se não houver estoque)'
      using errcode = '23502', column = 'available_quantity';
  end if;
  if new.available_quantity < 0 then
    raise exception 'A quantidade disponível não pode ser negativa'
      using errcode = '23514', constraint = 'shortages_available_quantity_check';
  end if;
  if new.status is null
     or new.status not in ('PENDENTE', 'LOTE_CRIADO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO', 'ENTREGUE') then
    raise exception 'Status de falta inválido'
      using errcode = '23514', constraint = 'shortages_status_check';
  end if;
  new.observation := nullif(btrim(new.observation), '');
  if char_length(new.observation) > 500 then
    raise exception 'A observação deve ter no máximo 500 caracteres'
      using errcode = '23514', constraint = 'shortages_observation_length_check';
  end if;
  return new;
end;
$$;

comment on function private.validate_shortage_fields() is
  'BEFORE INSERT/UPDATE on shortages: quantities, status and observation length refused with Portuguese messages (23514/23502).';

revoke all on function private.validate_shortage_fields() from public;
grant execute on function private.validate_shortage_fields() to authenticated, service_role;

create trigger shortages_validate_fields
  before insert or update on public.shortages
  for each row execute function private.validate_shortage_fields();
