-- The shortage list of /lancamento, filtered and paginated in the database.
--
-- The screen read at most 5,000 rows and filtered the text in the browser, so
-- older rows were out of reach and a search only looked at what happened to be
-- loaded (a unit has ~33,000 shortages in the large seed). Status, period (São
-- Paulo calendar days), text (product name, barcode, observation) and, for admins,
-- unit are now applied here, newest first, one keyset page at a time
-- (search_shortages), with the total of the same filters (count_shortages).
--
-- deviation: spec §7 lists "Select with product, group (categories) and unit,
-- newest first" as a table read. search_shortages returns setof public.shortages,
-- so the screen still selects the same columns and embeds (product, group, unit)
-- through PostgREST; only the filtering moved into a function, because one text
-- search across the shortage and its product (name OR barcode OR observation)
-- cannot be expressed as a Data API filter.
--
-- Scope: the list is the caller's unit for everybody but ADMIN, who sees every unit
-- or the one asked for (p_unit_id). Security invoker: RLS applies on top.

-- Lowercase without diacritics, so 'acido' finds 'Ácido' (the catalogue screen's
-- search folds the same way). unaccent() is only stable (its dictionary could
-- change); this wrapper names the dictionary, so it can back an index.
create extension if not exists unaccent with schema extensions;

create function private.fold_search_text(p_value text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select extensions.unaccent('extensions.unaccent'::regdictionary, lower(p_value))
$$;
comment on function private.fold_search_text(text) is 'Lowercase text without Portuguese diacritics (accent-insensitive search).';
revoke all on function private.fold_search_text(text) from public;
grant execute on function private.fold_search_text(text) to authenticated, service_role;

-- Name search over 50,000 products stays an index lookup.
create index products_name_folded_trgm_idx on public.products
  using gin (private.fold_search_text(name) extensions.gin_trgm_ops);

-- The WHERE clause of the list for the given filters, over `public.shortages s`.
-- Parameters of the statement it belongs to: $1 status, $2 first instant,
-- $3 instant after the last day, $4 unit, $5 name/observation patterns,
-- $6 barcode prefixes (one element per search word). Returns 'false' when the
-- caller has no unit to list.
create function private.shortage_search_where(
  p_status text,
  p_from date,
  p_to date,
  p_terms integer,
  p_unit_id uuid,
  p_all_units boolean
)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_where text := 'true';
begin
  if p_unit_id is not null then
    v_where := v_where || ' and s.unit_id = $4';
  elsif not p_all_units then
    return 'false';
  end if;
  if p_status is not null then
    v_where := v_where || ' and s.status = $1';
  end if;
  if p_from is not null then
    v_where := v_where || ' and s.created_at >= $2';
  end if;
  if p_to is not null then
    v_where := v_where || ' and s.created_at < $3';
  end if;
  for i in 1 .. coalesce(p_terms, 0) loop
    v_where := v_where || format(
      ' and (s.product_id in (select p.id from public.products p'
      || ' where private.fold_search_text(p.name) like $5[%1$s] or p.barcode like $6[%1$s])'
      || ' or private.fold_search_text(s.observation) like $5[%1$s])', i);
  end loop;
  return v_where;
end;
$$;
comment on function private.shortage_search_where(text, date, date, integer, uuid, boolean) is
  'WHERE clause of search_shortages / count_shortages for the given filters (bound as $1..$6).';
revoke all on function private.shortage_search_where(text, date, date, integer, uuid, boolean) from public;
grant execute on function private.shortage_search_where(text, date, date, integer, uuid, boolean) to authenticated, service_role;

-- The validated filters: unit scope, period instants and per-word patterns.
create function private.shortage_search_args(
  p_status text,
  p_from date,
  p_to date,
  p_search text,
  p_unit_id uuid,
  out o_unit_id uuid,
  out o_all_units boolean,
  out o_from timestamptz,
  out o_to timestamptz,
  out o_patterns text[],
  out o_prefixes text[]
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_word text;
begin
  if auth.uid() is null then
    raise exception 'Erro de autenticação. Por favor, faça login novamente.' using errcode = '42501';
  end if;
  if p_status is not null
     and p_status not in ('PENDENTE', 'LOTE_CRIADO', 'EM_COTACAO', 'COTACAO_FINALIZADA', 'PEDIDO_ENVIADO', 'ENTREGUE') then
    raise exception 'Status de falta inválido' using errcode = '22023';
  end if;
  if p_from is not null and p_to is not null and p_from > p_to then
    raise exception 'O início do período deve ser anterior ao fim' using errcode = '22023';
  end if;
  if char_length(p_search) > 200 then
    raise exception 'A busca deve ter no máximo 200 caracteres' using errcode = '22023';
  end if;
  if private.is_admin() then
    o_unit_id := p_unit_id;
    o_all_units := p_unit_id is null;
  else
    -- Everybody else lists their own unit, whatever they ask for.
    o_unit_id := private.current_unit_id();
    o_all_units := false;
  end if;
  o_from := p_from::timestamp at time zone 'America/Sao_Paulo';
  o_to := (p_to + 1)::timestamp at time zone 'America/Sao_Paulo';
  o_patterns := '{}';
  o_prefixes := '{}';
  foreach v_word in array coalesce(regexp_split_to_array(btrim(p_search), '\s+'), '{}') loop
    continue when v_word = '';
    o_patterns := o_patterns
      || ('%' || replace(replace(replace(private.fold_search_text(v_word), '\', '\\'), '%', '\%'), '_', '\_') || '%');
    o_prefixes := o_prefixes || (case when v_word ~ '^[0-9]+$' then v_word || '%' end);
  end loop;
end;
$$;
comment on function private.shortage_search_args(text, date, date, text, uuid) is
  'Validates the list filters and resolves the unit scope (own unit unless ADMIN) and the search patterns.';
revoke all on function private.shortage_search_args(text, date, date, text, uuid) from public;
grant execute on function private.shortage_search_args(text, date, date, text, uuid) to authenticated, service_role;

create function public.search_shortages(
  p_status text default null,
  p_from date default null,
  p_to date default null,
  p_search text default null,
  p_unit_id uuid default null,
  p_before_created_at timestamptz default null,
  p_before_id uuid default null,
  p_limit integer default 100
)
returns setof public.shortages
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  a record;
  v_sql text;
begin
  if (p_before_created_at is null) <> (p_before_id is null) then
    raise exception 'Informe a data e o id da última falta carregada' using errcode = '22023';
  end if;
  a := private.shortage_search_args(p_status, p_from, p_to, p_search, p_unit_id);
  v_sql := 'select s.* from public.shortages s where '
    || private.shortage_search_where(p_status, p_from, p_to, cardinality(a.o_patterns), a.o_unit_id, a.o_all_units);
  if p_before_created_at is not null then
    -- Keyset: strictly older than the last row of the previous page (ties by id).
    v_sql := v_sql || ' and s.created_at <= $7 and (s.created_at < $7 or s.id < $8)';
  end if;
  v_sql := v_sql || ' order by s.created_at desc, s.id desc limit $9';
  return query execute v_sql
    using p_status, a.o_from, a.o_to, a.o_unit_id, a.o_patterns, a.o_prefixes,
          p_before_created_at, p_before_id, least(greatest(coalesce(p_limit, 100), 1), 1000);
end;
$$;
comment on function public.search_shortages(text, date, date, text, uuid, timestamptz, uuid, integer) is
  'One page of the shortage list, newest first: status, São Paulo days p_from..p_to, words of p_search in product name, '
  'barcode (prefix) or observation; own unit unless ADMIN (all units or p_unit_id). Keyset: rows before (p_before_created_at, p_before_id).';

create function public.count_shortages(
  p_status text default null,
  p_from date default null,
  p_to date default null,
  p_search text default null,
  p_unit_id uuid default null
)
returns bigint
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  a record;
  v_count bigint;
begin
  a := private.shortage_search_args(p_status, p_from, p_to, p_search, p_unit_id);
  execute 'select count(*) from public.shortages s where '
    || private.shortage_search_where(p_status, p_from, p_to, cardinality(a.o_patterns), a.o_unit_id, a.o_all_units)
    into v_count
    using p_status, a.o_from, a.o_to, a.o_unit_id, a.o_patterns, a.o_prefixes;
  return v_count;
end;
$$;
comment on function public.count_shortages(text, date, date, text, uuid) is
  'How many shortages search_shortages lists for the same filters (all pages).';

revoke all on function public.search_shortages(text, date, date, text, uuid, timestamptz, uuid, integer) from public;
revoke all on function public.count_shortages(text, date, date, text, uuid) from public;
grant execute on function public.search_shortages(text, date, date, text, uuid, timestamptz, uuid, integer) to authenticated, service_role;
grant execute on function public.count_shortages(text, date, date, text, uuid) to authenticated, service_role;
