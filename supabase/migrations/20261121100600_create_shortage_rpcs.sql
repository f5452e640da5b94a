-- Shortage RPCs: duplicate detection, delete-dependency check and batch assignment.
-- All run as the caller (security invoker), so RLS decides what they can see.

-- Open shortages (PENDENTE, no batch) of a product in a unit (default: the
-- caller's unit), so the UI can warn before registering a duplicate.
create or replace function public.find_open_shortage(p_product_id uuid, p_unit_id uuid default null)
returns setof public.shortages
language sql
stable
security invoker
set search_path = ''
as $$
  select s.*
  from public.shortages s
  where s.product_id = p_product_id
    and s.unit_id = coalesce(p_unit_id, private.current_unit_id())
    and s.status = 'PENDENTE'
    and s.batch_id is null
  order by s.created_at desc
$$;

comment on function public.find_open_shortage(uuid, uuid) is
  'Open (PENDENTE, no batch) shortages of a product in a unit (default: the caller''s unit); RLS applies.';

-- Which of the given shortages are referenced by quote/order items. Security
-- definer because a counter clerk cannot read quotes; it is only called by
-- get_shortage_dependencies with ids the caller can already see. The purchasing
-- module's tables are looked up dynamically so this works before they exist.
create or replace function private.shortage_item_references(p_shortage_ids uuid[])
returns table (shortage_id uuid, has_quote_items boolean, has_order_items boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_quoted uuid[] := '{}';
  v_ordered uuid[] := '{}';
begin
  if exists (
    select 1 from pg_catalog.pg_attribute a
    where a.attrelid = to_regclass('public.quote_items') and a.attname = 'shortage_id' and not a.attisdropped
  ) then
    execute 'select coalesce(array_agg(distinct q.shortage_id), ''{}'') from public.quote_items q where q.shortage_id = any($1)'
      into v_quoted using p_shortage_ids;
  end if;
  if exists (
    select 1 from pg_catalog.pg_attribute a
    where a.attrelid = to_regclass('public.order_items') and a.attname = 'shortage_id' and not a.attisdropped
  ) then
    execute 'select coalesce(array_agg(distinct o.shortage_id), ''{}'') from public.order_items o where o.shortage_id = any($1)'
      into v_ordered using p_shortage_ids;
  end if;
  return query
    select i.id, i.id = any(v_quoted), i.id = any(v_ordered)
    from unnest(p_shortage_ids) as i(id);
end;
$$;

revoke all on function private.shortage_item_references(uuid[]) from public;
grant execute on function private.shortage_item_references(uuid[]) to authenticated, service_role;

create or replace function public.get_shortage_dependencies(p_shortage_ids uuid[])
returns table (
  shortage_id uuid,
  can_delete boolean,
  has_order_items boolean,
  has_quote_items boolean,
  in_batch boolean
)
language sql
stable
security invoker
set search_path = ''
as $$
  with visible as (
    -- RLS: only shortages the caller can see are reported; others are omitted.
    select s.id, s.batch_id
    from public.shortages s
    where s.id = any(p_shortage_ids)
  ),
  refs as (
    select r.shortage_id, r.has_quote_items, r.has_order_items
    from private.shortage_item_references(array(select v.id from visible v)) r
  )
  select
    v.id,
    not (r.has_order_items or r.has_quote_items or v.batch_id is not null),
    r.has_order_items,
    r.has_quote_items,
    v.batch_id is not null
  from visible v
  join refs r on r.shortage_id = v.id
$$;

comment on function public.get_shortage_dependencies(uuid[]) is
  'Per visible shortage: whether it can be deleted (no order items, no quote items, not in a batch).';

-- Puts a shortage into a batch: locks the batch, refuses a shortage already in
-- another batch, sets batch_id and status LOTE_CRIADO. Idempotent for the same batch.
create or replace function public.assign_shortage_to_batch(shortage_id uuid, batch_id uuid)
returns public.shortages
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_shortage public.shortages;
begin
  perform 1 from public.quote_batches b where b.id = assign_shortage_to_batch.batch_id for update;
  if not found then
    raise exception 'Lote não encontrado' using errcode = 'P0002';
  end if;

  select s.* into v_shortage
  from public.shortages s
  where s.id = assign_shortage_to_batch.shortage_id
  for update;
  if not found then
    raise exception 'Falta não encontrada' using errcode = 'P0002';
  end if;

  if v_shortage.batch_id = assign_shortage_to_batch.batch_id then
    return v_shortage;
  end if;
  if v_shortage.batch_id is not null then
    raise exception 'Item já está em outro lote' using errcode = 'P0001';
  end if;

  update public.shortages s
  set batch_id = assign_shortage_to_batch.batch_id, status = 'LOTE_CRIADO'
  where s.id = assign_shortage_to_batch.shortage_id
  returning s.* into v_shortage;

  if not found then
    -- Visible but not updatable under RLS.
    raise exception 'Sem permissão para alterar esta falta' using errcode = '42501';
  end if;
  return v_shortage;
end;
$$;

comment on function public.assign_shortage_to_batch(uuid, uuid) is
  'Adds a shortage to a quote batch (status LOTE_CRIADO); raises ''Item já está em outro lote'' if it is in another batch.';

revoke all on function public.find_open_shortage(uuid, uuid) from public;
revoke all on function public.get_shortage_dependencies(uuid[]) from public;
revoke all on function public.assign_shortage_to_batch(uuid, uuid) from public;
grant execute on function public.find_open_shortage(uuid, uuid) to authenticated, service_role;
grant execute on function public.get_shortage_dependencies(uuid[]) to authenticated, service_role;
grant execute on function public.assign_shortage_to_batch(uuid, uuid) to authenticated, service_role;
