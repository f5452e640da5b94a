-- /dashboard lets ADMIN in (ADMIN always passes the permission check, spec §6),
-- but get_representative_dashboard() raised 42501 for anyone but a
-- representative, so the admin saw 'Erro ao carregar dados'. It now takes an
-- optional supplier:
--   * a representative gets its own supplier's figures; naming any other
--     supplier is refused (42501), so sealed bids stay sealed;
--   * ADMIN gets one supplier's figures (p_supplier_id), or, with no supplier,
--     the aggregate of every supplier ('Todos os fornecedores'): quotes of all
--     suppliers, and as "awaiting an answer" the batches in quotation that no
--     supplier has started to quote yet;
--   * anyone else is refused (42501).
-- The lists name each quote's supplier (needed in the aggregate), and the
-- quotes in progress keep their batch, priced/total items and last update.
-- The signature changes (new argument), so the function is dropped and
-- re-created with its grants.

drop function public.get_representative_dashboard();

create function public.get_representative_dashboard(p_supplier_id uuid default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_all boolean := false;
  v_supplier_id uuid;
  v_result jsonb;
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  if private.is_admin() then
    v_supplier_id := p_supplier_id;
    v_all := p_supplier_id is null;
    if not v_all and not exists (select 1 from public.suppliers sp where sp.id = p_supplier_id) then
      raise exception 'Fornecedor não encontrado' using errcode = 'PT404';
    end if;
  elsif private.is_representative() then
    v_supplier_id := private.current_supplier_id();
    if p_supplier_id is not null and p_supplier_id is distinct from v_supplier_id then
      raise exception 'Sem permissão para consultar o painel de outro fornecedor' using errcode = '42501';
    end if;
  else
    raise exception 'Apenas representantes de fornecedores e administradores têm este painel' using errcode = '42501';
  end if;

  with my_quotes as (
    select q.id, q.batch_id, q.supplier_id, sp.name as supplier_name, q.status, q.created_at, q.updated_at,
           b.name as batch_name, b.closed_at,
           (select count(*) from public.quote_items qi where qi.quote_id = q.id) as total_items,
           (select count(*) from public.quote_items qi where qi.quote_id = q.id and qi.unit_price is not null) as priced_items,
           (select count(*) from public.quote_items qi where qi.quote_id = q.id and qi.is_winner) as items_won,
           (select coalesce(sum(round(s.requested_quantity * qi.unit_price, 2)), 0)
              from public.quote_items qi join public.shortages s on s.id = qi.shortage_id
              where qi.quote_id = q.id and qi.is_winner) as value_won
    from public.quotes q
    join public.quote_batches b on b.id = q.batch_id
    join public.suppliers sp on sp.id = q.supplier_id
    where v_all or q.supplier_id = v_supplier_id
  ),
  awaiting as (
    select b.id, b.name, b.sent_at, b.created_at,
           (select count(*) from public.shortages s where s.batch_id = b.id) as item_count
    from public.quote_batches b
    where b.status = 'EM_COTACAO'
      and not exists (
        select 1 from public.quotes q where q.batch_id = b.id and (v_all or q.supplier_id = v_supplier_id)
      )
  ),
  totals as (
    select count(*) filter (where status = 'EM_ANDAMENTO') as in_progress,
           count(*) filter (where status = 'ENVIADA') as sent,
           count(*) filter (where status = 'VENCEDORA') as won,
           count(*) filter (where status = 'PERDEDORA') as lost,
           coalesce(sum(value_won), 0) as value_won,
           coalesce(sum(items_won), 0) as items_won
    from my_quotes
  )
  select jsonb_build_object(
    'scope', case when v_all then 'ALL' else 'SUPPLIER' end,
    'supplier', (select jsonb_build_object('id', sp.id, 'name', sp.name) from public.suppliers sp where sp.id = v_supplier_id),
    'awaiting_count', (select count(*) from awaiting),
    'awaiting_batches', coalesce((
      select jsonb_agg(jsonb_build_object('batch_id', a.id, 'batch_name', a.name, 'sent_at', a.sent_at,
                                          'item_count', a.item_count) order by a.sent_at desc nulls last, a.created_at desc)
      from awaiting a), '[]'::jsonb),
    'in_progress_count', t.in_progress,
    'quotes_in_progress', coalesce((
      select jsonb_agg(jsonb_build_object('quote_id', m.id, 'batch_id', m.batch_id, 'batch_name', m.batch_name,
                                          'supplier_id', m.supplier_id, 'supplier_name', m.supplier_name,
                                          'priced_items', m.priced_items, 'total_items', m.total_items,
                                          'updated_at', m.updated_at) order by m.updated_at desc, m.id)
      from my_quotes m where m.status = 'EM_ANDAMENTO'), '[]'::jsonb),
    'sent_count', t.sent,
    'won_count', t.won,
    'lost_count', t.lost,
    'win_rate', case when t.won + t.lost = 0 then null else round(t.won::numeric / (t.won + t.lost), 4) end,
    'items_won', t.items_won,
    'value_won', t.value_won,
    'recent_results', coalesce((
      select jsonb_agg(r.obj order by r.closed_at desc nulls last, r.id)
      from (
        select m.closed_at, m.id, jsonb_build_object('quote_id', m.id, 'batch_id', m.batch_id, 'batch_name', m.batch_name,
                                               'supplier_id', m.supplier_id, 'supplier_name', m.supplier_name,
                                               'status', m.status, 'closed_at', m.closed_at, 'items_won', m.items_won,
                                               'value_won', m.value_won) as obj
        from my_quotes m where m.status in ('VENCEDORA', 'PERDEDORA')
        order by m.closed_at desc nulls last, m.id limit 10
      ) r), '[]'::jsonb)
  ) into v_result
  from totals t;
  return v_result;
end;
$$;
comment on function public.get_representative_dashboard(uuid) is
  'Representatives: their own supplier''s dashboard (another supplier → 42501). ADMIN: one supplier''s, or every supplier''s when p_supplier_id is null. Batches awaiting an answer, quotes in progress (batch, priced/total items, last update), sent/won/lost counts, win rate, value won, recent results.';

revoke execute on function public.get_representative_dashboard(uuid) from public, anon;
grant execute on function public.get_representative_dashboard(uuid) to authenticated;
