-- The purchasing module names its order lines purchase_order_items (orders are
-- persisted, unlike the spec's in-memory orders): count those as order items
-- in get_shortage_dependencies, alongside quote_items. Tables are still looked
-- up at call time, so this works whatever migrations ran before.

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
  v_part uuid[];
  v_table text;
begin
  if exists (
    select 1 from pg_catalog.pg_attribute a
    where a.attrelid = to_regclass('public.quote_items') and a.attname = 'shortage_id' and not a.attisdropped
  ) then
    execute 'select coalesce(array_agg(distinct q.shortage_id), ''{}'') from public.quote_items q where q.shortage_id = any($1)'
      into v_quoted using p_shortage_ids;
  end if;
  foreach v_table in array array['purchase_order_items', 'order_items'] loop
    if exists (
      select 1 from pg_catalog.pg_attribute a
      where a.attrelid = to_regclass('public.' || v_table) and a.attname = 'shortage_id' and not a.attisdropped
    ) then
      execute format('select coalesce(array_agg(distinct o.shortage_id), ''{}'') from public.%I o where o.shortage_id = any($1)', v_table)
        into v_part using p_shortage_ids;
      v_ordered := v_ordered || v_part;
    end if;
  end loop;
  return query
    select i.id, i.id = any(v_quoted), i.id = any(v_ordered)
    from unnest(p_shortage_ids) as i(id);
end;
$$;

revoke all on function private.shortage_item_references(uuid[]) from public;
grant execute on function private.shortage_item_references(uuid[]) to authenticated, service_role;
