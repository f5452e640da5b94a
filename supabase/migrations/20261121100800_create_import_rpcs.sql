-- Spreadsheet imports of shortages and products. Each call is one transaction:
-- rows are validated one by one (Portuguese messages per row), valid rows are
-- inserted, the run and its rejected rows are recorded, and the summary
-- {import_run_id, total, accepted, rejected, errors: [{row, errors}]} is returned.
-- Rows are numbered from 1 in the order of p_rows. Security invoker: RLS and the
-- tables' triggers apply as for any insert by the caller.

-- Integer from a JSON number or a numeric string ('10', ' 7 '); null otherwise.
create or replace function private.jsonb_to_integer(p_value jsonb)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text;
begin
  if p_value is null or jsonb_typeof(p_value) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p_value) = 'number' then
    v_text := p_value::text;
  elsif jsonb_typeof(p_value) = 'string' then
    v_text := btrim(p_value #>> '{}');
  else
    return null;
  end if;
  if v_text ~ '^-?[0-9]{1,9}$' then
    return v_text::integer;
  end if;
  if v_text ~ '^-?[0-9]{1,9}[.,]0+$' then
    return split_part(replace(v_text, ',', '.'), '.', 1)::integer;
  end if;
  return null;
end;
$$;

-- Trimmed text of a JSON string or number; null when absent or blank.
create or replace function private.jsonb_to_text(p_value jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when p_value is null or jsonb_typeof(p_value) not in ('string', 'number') then null
    else nullif(btrim(p_value #>> '{}'), '')
  end
$$;

revoke all on function private.jsonb_to_integer(jsonb) from public;
revoke all on function private.jsonb_to_text(jsonb) from public;
grant execute on function private.jsonb_to_integer(jsonb) to authenticated, service_role;
grant execute on function private.jsonb_to_text(jsonb) to authenticated, service_role;

create or replace function public.import_shortages(p_file_name text, p_rows jsonb, p_unit_id uuid default null)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_unit uuid;
  v_run_id uuid;
  v_row jsonb;
  v_index integer;
  v_errors text[];
  v_barcode text;
  v_name text;
  v_product_id uuid;
  v_group_id uuid;
  v_matches integer;
  v_requested integer;
  v_available integer;
  v_product_ids uuid[] := '{}';
  v_group_ids uuid[] := '{}';
  v_requested_list integer[] := '{}';
  v_available_list integer[] := '{}';
  v_observations text[] := '{}';
  v_rejections jsonb := '[]';
begin
  if v_uid is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if not private.has_permission('CREATE_SHORTAGES') then
    raise exception 'Sem permissão para importar faltas' using errcode = '42501';
  end if;
  if p_file_name is null or btrim(p_file_name) = '' then
    raise exception 'Nome do arquivo é obrigatório' using errcode = '22023';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'Formato de arquivo inválido: esperada uma lista de linhas' using errcode = '22023';
  end if;
  if jsonb_array_length(p_rows) = 0 then
    raise exception 'O arquivo não contém linhas' using errcode = '22023';
  end if;
  if jsonb_array_length(p_rows) > 10000 then
    raise exception 'O arquivo excede o limite de 10000 linhas' using errcode = '22023';
  end if;

  v_unit := coalesce(p_unit_id, private.current_unit_id());
  if v_unit is null then
    raise exception 'Selecione uma unidade antes de importar faltas' using errcode = '22023';
  end if;
  if v_unit is distinct from private.current_unit_id() and not private.is_admin() then
    raise exception 'Sem permissão para importar faltas para outra unidade' using errcode = '42501';
  end if;

  for v_row, v_index in select e.value, e.ordinality::integer from jsonb_array_elements(p_rows) with ordinality as e loop
    v_errors := '{}';
    v_product_id := null;
    v_group_id := null;
    if jsonb_typeof(v_row) <> 'object' then
      v_errors := array['Linha inválida'];
    else
      v_barcode := private.jsonb_to_text(v_row -> 'barcode');
      v_name := private.jsonb_to_text(v_row -> 'product_name');
      if v_barcode is not null then
        if v_barcode !~ '^[0-9]{1,14}$' then
          v_errors := array_append(v_errors, 'Código de barras inválido'::text);
        elsif not private.is_valid_gtin(v_barcode) then
          v_errors := array_append(v_errors, 'Código de barras inválido: dígito verificador incorreto'::text);
        else
          select p.id into v_product_id from public.products p where p.barcode = v_barcode;
          if v_product_id is null then
            v_errors := array_append(v_errors, 'Código de barras não encontrado'::text);
          end if;
        end if;
      elsif v_name is not null then
        select count(*)::integer, min(p.id::text)::uuid into v_matches, v_product_id
        from public.products p where lower(p.name) = lower(v_name);
        if v_matches = 0 then
          v_errors := array_append(v_errors, 'Produto não encontrado'::text);
        elsif v_matches > 1 then
          v_product_id := null;
          v_errors := array_append(v_errors, 'Mais de um produto com este nome: informe o código de barras'::text);
        end if;
      else
        v_errors := array_append(v_errors, 'Informe o código de barras ou o nome do produto'::text);
      end if;

      v_requested := private.jsonb_to_integer(v_row -> 'requested_quantity');
      if v_requested is null or v_requested <= 0 then
        v_errors := array_append(v_errors, 'Quantidade solicitada inválida'::text);
      end if;
      if v_row ? 'available_quantity' and private.jsonb_to_text(v_row -> 'available_quantity') is not null then
        v_available := private.jsonb_to_integer(v_row -> 'available_quantity');
        if v_available is null or v_available < 0 then
          v_errors := array_append(v_errors, 'Quantidade disponível inválida'::text);
        end if;
      else
        v_available := 0;
      end if;
    end if;

    if cardinality(v_errors) = 0 then
      select pc.category_id into v_group_id
      from public.product_categories pc where pc.product_id = v_product_id
      order by pc.category_id limit 1;
      v_product_ids := v_product_ids || v_product_id;
      v_group_ids := v_group_ids || v_group_id;
      v_requested_list := v_requested_list || v_requested;
      v_available_list := v_available_list || v_available;
      v_observations := v_observations || private.jsonb_to_text(v_row -> 'observation');
    else
      v_rejections := v_rejections || jsonb_build_object('row', v_index, 'data', v_row, 'errors', to_jsonb(v_errors));
    end if;
  end loop;

  insert into public.import_runs (kind, file_name, created_by, unit_id, rows_total, rows_accepted, rows_rejected)
  values ('shortages', btrim(p_file_name), v_uid, v_unit, jsonb_array_length(p_rows),
          cardinality(v_product_ids), jsonb_array_length(v_rejections))
  returning id into v_run_id;

  insert into public.import_run_rejections (import_run_id, row_number, data, errors)
  select v_run_id, (r ->> 'row')::integer, r -> 'data', array(select jsonb_array_elements_text(r -> 'errors'))
  from jsonb_array_elements(v_rejections) as r;

  insert into public.shortages (product_id, unit_id, requested_quantity, available_quantity, group_id, observation)
  select u.product_id, v_unit, u.requested, u.available, u.group_id, u.observation
  from unnest(v_product_ids, v_requested_list, v_available_list, v_group_ids, v_observations)
    as u(product_id, requested, available, group_id, observation);

  return jsonb_build_object(
    'import_run_id', v_run_id,
    'total', jsonb_array_length(p_rows),
    'accepted', cardinality(v_product_ids),
    'rejected', jsonb_array_length(v_rejections),
    'errors', coalesce((
      select jsonb_agg(jsonb_build_object('row', r -> 'row', 'errors', r -> 'errors'))
      from jsonb_array_elements(v_rejections) as r
    ), '[]')
  );
end;
$$;

comment on function public.import_shortages(text, jsonb, uuid) is
  'Imports shortage rows {barcode?, product_name?, requested_quantity, available_quantity?, observation?} for the caller''s unit.';

create or replace function public.import_products(p_file_name text, p_rows jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_run_id uuid;
  v_row jsonb;
  v_index integer;
  v_errors text[];
  v_barcode text;
  v_name text;
  v_category text;
  v_seen_barcodes text[] := '{}';
  v_barcodes text[] := '{}';
  v_names text[] := '{}';
  v_descriptions text[] := '{}';
  v_categories text[] := '{}';
  v_rejections jsonb := '[]';
begin
  if v_uid is null then
    raise exception 'Usuário não autenticado' using errcode = '42501';
  end if;
  if not private.has_permission('MANAGE_PRODUCTS') then
    raise exception 'Sem permissão para importar produtos' using errcode = '42501';
  end if;
  if p_file_name is null or btrim(p_file_name) = '' then
    raise exception 'Nome do arquivo é obrigatório' using errcode = '22023';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'Formato de arquivo inválido: esperada uma lista de linhas' using errcode = '22023';
  end if;
  if jsonb_array_length(p_rows) = 0 then
    raise exception 'O arquivo não contém linhas' using errcode = '22023';
  end if;
  if jsonb_array_length(p_rows) > 10000 then
    raise exception 'O arquivo excede o limite de 10000 linhas' using errcode = '22023';
  end if;

  for v_row, v_index in select e.value, e.ordinality::integer from jsonb_array_elements(p_rows) with ordinality as e loop
    v_errors := '{}';
    if jsonb_typeof(v_row) <> 'object' then
      v_errors := array['Linha inválida'];
    else
      v_barcode := private.jsonb_to_text(v_row -> 'barcode');
      v_name := private.jsonb_to_text(v_row -> 'name');
      v_category := private.jsonb_to_text(v_row -> 'category');
      if v_name is null then
        v_errors := array_append(v_errors, 'Nome do produto é obrigatório'::text);
      end if;
      if v_barcode is not null then
        if v_barcode !~ '^[0-9]{1,14}$' then
          v_errors := array_append(v_errors, 'Código de barras inválido'::text);
        elsif not private.is_valid_gtin(v_barcode) then
          v_errors := array_append(v_errors, 'Código de barras inválido: dígito verificador incorreto'::text);
        elsif v_barcode = any(v_seen_barcodes) then
          v_errors := array_append(v_errors, 'Código de barras repetido no arquivo'::text);
        elsif exists (select 1 from public.products p where p.barcode = v_barcode) then
          v_errors := array_append(v_errors, 'Código de barras já cadastrado'::text);
        end if;
      end if;
    end if;

    if cardinality(v_errors) = 0 then
      if v_barcode is not null then
        v_seen_barcodes := v_seen_barcodes || v_barcode;
      end if;
      v_barcodes := v_barcodes || v_barcode;
      v_names := v_names || v_name;
      v_descriptions := v_descriptions || private.jsonb_to_text(v_row -> 'description');
      v_categories := v_categories || v_category;
    else
      v_rejections := v_rejections || jsonb_build_object('row', v_index, 'data', v_row, 'errors', to_jsonb(v_errors));
    end if;
  end loop;

  insert into public.import_runs (kind, file_name, created_by, unit_id, rows_total, rows_accepted, rows_rejected)
  values ('products', btrim(p_file_name), v_uid, private.current_unit_id(), jsonb_array_length(p_rows),
          cardinality(v_names), jsonb_array_length(v_rejections))
  returning id into v_run_id;

  insert into public.import_run_rejections (import_run_id, row_number, data, errors)
  select v_run_id, (r ->> 'row')::integer, r -> 'data', array(select jsonb_array_elements_text(r -> 'errors'))
  from jsonb_array_elements(v_rejections) as r;

  -- Categories named in the file that do not exist yet are created (case-insensitive match).
  insert into public.categories (name)
  select min(c.name)
  from unnest(v_categories) as c(name)
  where c.name is not null
    and not exists (select 1 from public.categories k where lower(k.name) = lower(c.name))
  group by lower(c.name);

  with new_products as (
    select u.barcode, u.name, u.description, u.category, u.ord
    from unnest(v_barcodes, v_names, v_descriptions, v_categories) with ordinality
      as u(barcode, name, description, category, ord)
  ),
  inserted as (
    insert into public.products (barcode, name, description)
    select n.barcode, n.name, n.description from new_products n order by n.ord
    returning id, barcode, name
  ),
  -- Match inserted rows back to their input rows by position among equal
  -- (barcode, name) pairs, which are distinct in practice.
  numbered_inserted as (
    select i.id, row_number() over (partition by i.barcode, i.name order by i.id) as k, i.barcode, i.name from inserted i
  ),
  numbered_input as (
    select n.*, row_number() over (partition by n.barcode, n.name order by n.ord) as k from new_products n
  )
  insert into public.product_categories (product_id, category_id)
  select ni.id, c.id
  from numbered_inserted ni
  join numbered_input np
    on np.barcode is not distinct from ni.barcode and np.name = ni.name and np.k = ni.k
  join public.categories c on lower(c.name) = lower(np.category);

  return jsonb_build_object(
    'import_run_id', v_run_id,
    'total', jsonb_array_length(p_rows),
    'accepted', cardinality(v_names),
    'rejected', jsonb_array_length(v_rejections),
    'errors', coalesce((
      select jsonb_agg(jsonb_build_object('row', r -> 'row', 'errors', r -> 'errors'))
      from jsonb_array_elements(v_rejections) as r
    ), '[]')
  );
end;
$$;

comment on function public.import_products(text, jsonb) is
  'Imports product rows {barcode?, name, description?, category?}; unknown categories are created. Needs MANAGE_PRODUCTS.';

revoke all on function public.import_shortages(text, jsonb, uuid) from public;
revoke all on function public.import_products(text, jsonb) from public;
grant execute on function public.import_shortages(text, jsonb, uuid) to authenticated, service_role;
grant execute on function public.import_products(text, jsonb) to authenticated, service_role;
