-- The live process-flow page (issue 27, spec §2 /fluxo-processo): the purchasing process drawn as a flow
-- (falta → lote → cotação → vencedores → pedido → entrega) and the shipment path (remessa → assinatura), each
-- stage with how many items wait there in the caller's scope.
--
-- Scope is the caller's own by construction: get_process_flow is SECURITY INVOKER, so every count reads
-- through the same row-level security as the screens where the stage is worked (a clerk counts their unit's
-- shortages, a representative only their supplier's quotes and orders, a buyer everything). A stage the
-- caller's role never sees at all is null (not a misleading 0), so the page shows it without a number.

-- The counts move without reload: the page listens to these tables. shortages, quote_batches and quotes are
-- published already (20261121200000_purchasing.sql, 20261125100000_live_shortages.sql).
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    if not exists (select 1 from pg_publication_tables
                   where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'purchase_orders') then
      alter publication supabase_realtime add table public.purchase_orders;
    end if;
    if not exists (select 1 from pg_publication_tables
                   where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'shipments') then
      alter publication supabase_realtime add table public.shipments;
    end if;
  end if;
end;
$$;

-- Stages, in the order the page draws them:
--   faltas       shortages PENDENTE (not yet in a batch)                       null for representatives
--   lotes        batches ABERTO (being assembled by purchasing)                null for representatives
--   cotacoes     quotes EM_ANDAMENTO (suppliers still answering)               purchasing readers and representatives
--   vencedores   batches EM_COTACAO (answers in, winners not chosen yet)       idem; a representative: batches they quote
--   pedidos      batches COTACAO_FINALIZADA (winners chosen, order not sent)   idem; a representative: batches they won
--   entregas     purchase orders SOLICITADO (sent, not received)               idem (RLS: a representative's own supplier)
--   remessas     shipments SOLICITADO (requested, not dispatched)              MANAGE_REMESSA units
--   assinaturas  shipments PENDENTE (dispatched, waiting for the signature)    MANAGE_REMESSA units
create function public.get_process_flow()
returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  v_rep boolean;
  v_purchasing boolean;
  v_shipments boolean;
begin
  if auth.uid() is null or not private.has_access() then
    raise exception 'Você não tem permissão para acessar esta área' using errcode = '42501';
  end if;
  v_rep := private.is_representative();
  v_purchasing := private.can_read_purchasing() or v_rep;
  v_shipments := cardinality(coalesce(private.shipment_units(), '{}')) > 0;

  return jsonb_build_object('stages', jsonb_build_array(
    jsonb_build_object('key', 'faltas', 'count',
      case when v_rep then null
           else (select count(*) from public.shortages s where s.status = 'PENDENTE') end),
    jsonb_build_object('key', 'lotes', 'count',
      case when v_rep then null
           else (select count(*) from public.quote_batches b where b.status = 'ABERTO') end),
    jsonb_build_object('key', 'cotacoes', 'count',
      case when not v_purchasing then null
           else (select count(*) from public.quotes q where q.status = 'EM_ANDAMENTO') end),
    -- quotes' RLS leaves a representative only their supplier's quotes: "batches they quote" needs no extra rule.
    jsonb_build_object('key', 'vencedores', 'count',
      case when not v_purchasing then null
           else (select count(*) from public.quote_batches b
                 where b.status = 'EM_COTACAO'
                   and (not v_rep or exists (select 1 from public.quotes q where q.batch_id = b.id))) end),
    jsonb_build_object('key', 'pedidos', 'count',
      case when not v_purchasing then null
           else (select count(*) from public.quote_batches b
                 where b.status = 'COTACAO_FINALIZADA'
                   and (not v_rep or exists (select 1 from public.quotes q
                                             where q.batch_id = b.id and q.status = 'VENCEDORA'))) end),
    jsonb_build_object('key', 'entregas', 'count',
      case when not v_purchasing then null
           else (select count(*) from public.purchase_orders o where o.status = 'SOLICITADO') end),
    jsonb_build_object('key', 'remessas', 'count',
      case when not v_shipments then null
           else (select count(*) from public.shipments sh where sh.status = 'SOLICITADO') end),
    jsonb_build_object('key', 'assinaturas', 'count',
      case when not v_shipments then null
           else (select count(*) from public.shipments sh where sh.status = 'PENDENTE') end)
  ));
end;
$$;

comment on function public.get_process_flow() is
  'Counts per stage of the purchasing and shipment flow in the caller''s scope (security invoker: read through RLS); null for a stage the caller''s role never sees.';

revoke all on function public.get_process_flow() from public, anon;
grant execute on function public.get_process_flow() to authenticated, service_role;
