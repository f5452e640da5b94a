-- Issue 28: the options every analysis screen's filter bar offers, and the purchase report
-- (/relatorio-compras) with its order drill-down.
--
--   * get_analysis_filter_options(): units, suppliers and categories as [{id, name}] for the
--     filter bar of the four analysis routes, in one round trip. A representative gets its own
--     supplier and no other (a competitor's name is exactly what it must not learn there).
--   * get_purchase_report(...): orders by period, supplier and unit with totals, line counts and
--     savings (section 2 below).
--   * get_purchase_report_order(p_order_id): one order and its lines, for the drill-down.
--
-- All are security definer: they read across units for callers whom
-- private.require_analysis_access admits, and refuse everyone else before reading anything.

-- ---------------------------------------------------------------------------
-- 1. Filter options of the analysis screens

create function public.get_analysis_filter_options()
returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_screen text;
  v_allowed boolean := false;
  v_supplier uuid;
begin
  -- Whoever may open at least one analysis screen may list its filter options.
  foreach v_screen in array array['analise-cotacoes', 'analise-faltas', 'analise-dias-compras', 'relatorio-compras'] loop
    begin
      perform private.require_analysis_access(v_screen);
      v_allowed := true;
      exit;
    exception when insufficient_privilege then
      -- An unauthenticated caller gets the same refusal on every screen: report it as it is.
      if auth.uid() is null then
        raise;
      end if;
    end;
  end loop;
  if not v_allowed then
    raise exception 'Você não tem permissão para ver esta análise' using errcode = '42501';
  end if;

  -- A representative (not an admin) sees only its own supplier in the Fornecedor filter.
  v_supplier := case when private.is_representative() and not private.is_admin() then private.current_supplier_id() end;

  return jsonb_build_object(
    'units', coalesce((select jsonb_agg(jsonb_build_object('id', u.id, 'name', u.name) order by u.name)
                         from public.store_units u), '[]'::jsonb),
    'suppliers', coalesce((select jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) order by s.name)
                             from public.suppliers s
                            where v_supplier is null or s.id = v_supplier),
                          '[]'::jsonb),
    'categories', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name) order by c.name)
                              from public.categories c), '[]'::jsonb)
  );
end;
$$;

comment on function public.get_analysis_filter_options() is
  'Units, suppliers and categories ({units, suppliers, categories}, each [{id, name}] by name) for the analysis screens'' filters; '
  'a representative gets only its own supplier. 42501 for callers who may open no analysis screen.';

revoke all on function public.get_analysis_filter_options() from public, anon;

grant execute on function public.get_analysis_filter_options() to authenticated, service_role;
