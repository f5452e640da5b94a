-- Duplicate warning ("Falta já registrada"): a shortage stays open until the
-- product is delivered. find_open_shortage only looked at PENDENTE rows outside any
-- batch, so a product already in a batch (LOTE_CRIADO), in quotation, with winners
-- chosen or ordered could be registered again without a warning, and bought twice.
-- Every status other than ENTREGUE is open now; the rows come newest first and carry
-- their status and batch, so the screen can say where the existing one is.

drop index public.shortages_open_idx;
create index shortages_open_idx on public.shortages (unit_id, product_id) where status <> 'ENTREGUE';

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
    and s.status <> 'ENTREGUE'
  order by s.created_at desc, s.id desc
$$;

comment on function public.find_open_shortage(uuid, uuid) is
  'Open (not yet ENTREGUE, in a batch or not) shortages of a product in a unit (default: the caller''s unit), newest first; RLS applies.';
