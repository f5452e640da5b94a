-- Import preview against the database (Histórico de Importações).
--
-- The preview only knew format errors; 'Código de barras não encontrado',
-- 'Produto não encontrado', 'Mais de um produto com este nome' and 'Código de
-- barras já cadastrado' appeared only after importing. import_shortages and
-- import_products get p_dry_run: the same validation of every row against the
-- database, the same summary, and nothing written (no rows, no history run).
--
-- Both also report warnings, which never reject a row: a shortage import flags a
-- product repeated in the file and a product that already has an open (not yet
-- delivered) shortage in the unit; a product import flags a name repeated in the
-- file or already in the catalogue. Summary:
--   {import_run_id (null on a dry run), dry_run, total, accepted, rejected,
--    errors: [{row, errors}], warnings: [{row, warnings}]}
-- Rows are numbered from 1 in the order of p_rows. Security invoker as before.

drop function public.import_shortages(text, jsonb, uuid);
drop function public.import_products(text, jsonb);

-- Portuguese label of a shortage status (the list's wording).
create function private.shortage_status_label(p_status text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_status
    when 'PENDENTE' then 'Pendente'
    when 'LOTE_CRIADO' then 'Lote criado'
    when 'EM_COTACAO' then 'Em cotação'
    when 'COTACAO_FINALIZADA' then 'Cotação finalizada'
    when 'PEDIDO_ENVIADO' then 'Pedido enviado'
    when 'ENTREGUE' then 'Entregue'
    else p_status
  end
$$;
revoke all on function private.shortage_status_label(text) from public;
grant execute on function private.shortage_status_label(text) to authenticated, service_role;

create function public.import_shortages(p_file_name text, p_rows jsonb, p_unit_id uuid default null, p_dry_run boolean default false)
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
  v_warnings text[];
  v_barcode text;
  v_name text;
  v_product_id uuid;
  v_group_id uuid;
  v_matches integer;
  v_requested integer;
  v_available integer;
  v_position integer;
  v_open_status text;
  v_rows integer[] := '{}';
  v_product_ids uuid[] := '{}';
  v_group_ids uuid[] := '{}';
  v_requested_list integer[] := '{}';
  v_available_list integer[] := '{}';
  v_observations text[] := '{}';
  v_rejections jsonb := '[]';
  v_warning_rows jsonb := '[]';
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
    v_warnings := '{}';
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
      if char_length(private.jsonb_to_text(v_row -> 'observation')) > 500 then
        v_errors := array_append(v_errors, 'A observação deve ter no máximo 500 caracteres'::text);
      end if;
    end if;

    if cardinality(v_errors) = 0 then
      -- Duplicates are imported (the clerk may mean it) but flagged.
      v_position := array_position(v_product_ids, v_product_id);
      if v_position is not null then
        v_warnings := array_append(v_warnings, format('Produto repetido no arquivo (linha %s)', v_rows[v_position]));
      end if;
      select s.status into v_open_status
      from public.shortages s
      where s.product_id = v_product_id and s.unit_id = v_unit and s.status <> 'ENTREGUE'
      order by s.created_at desc
      limit 1;
      if found then
        v_warnings := array_append(v_warnings,
          format('Já existe uma falta em aberto deste produto na unidade (%s)', private.shortage_status_label(v_open_status)));
      end if;

      select pc.category_id into v_group_id
      from public.product_categories pc where pc.product_id = v_product_id
      order by pc.category_id limit 1;
      v_rows := v_rows || v_index;
      v_product_ids := v_product_ids || v_product_id;
      v_group_ids := v_group_ids || v_group_id;
      v_requested_list := v_requested_list || v_requested;
      v_available_list := v_available_list || v_available;
      v_observations := v_observations || private.jsonb_to_text(v_row -> 'observation');
    else
      v_rejections := v_rejections || jsonb_build_object('row', v_index, 'data', v_row, 'errors', to_jsonb(v_errors));
    end if;
    if cardinality(v_warnings) > 0 then
      v_warning_rows := v_warning_rows || jsonb_build_object('row', v_index, 'warnings', to_jsonb(v_warnings));
    end if;
  end loop;

  if not coalesce(p_dry_run, false) then
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
  end if;

  return jsonb_build_object(
    'import_run_id', v_run_id,
    'dry_run', coalesce(p_dry_run, false),
    'total', jsonb_array_length(p_rows),
    'accepted', cardinality(v_product_ids),
    'rejected', jsonb_array_length(v_rejections),
    'errors', coalesce((
      select jsonb_agg(jsonb_build_object('row', r -> 'row', 'errors', r -> 'errors'))
      from jsonb_array_elements(v_rejections) as r
    ), '[]'),
    'warnings', v_warning_rows
  );
end;
$$;

comment on function public.import_shortages(text, jsonb, uuid, boolean) is
  'Imports shortage rows {barcode?, product_name?, requested_quantity, available_quantity?, observation?} for the caller''s unit; '
  'p_dry_run validates every row against the database and writes nothing.';

create function public.import_products(p_file_name text, p_rows jsonb, p_dry_run boolean default false)
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
  v_warnings text[];
  v_barcode text;
  v_name text;
  v_category text;
  v_position integer;
  v_seen_barcodes text[] := '{}';
  v_rows integer[] := '{}';
  v_lower_names text[] := '{}';
  v_barcodes text[] := '{}';
  v_names text[] := '{}';
  v_descriptions text[] := '{}';
  v_categories text[] := '{}';
  v_rejections jsonb := '[]';
  v_warning_rows jsonb := '[]';
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
    v_warnings := '{}';
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
      v_position := array_position(v_lower_names, lower(v_name));
      if v_position is not null then
        v_warnings := array_append(v_warnings, format('Nome repetido no arquivo (linha %s)', v_rows[v_position]));
      end if;
      if exists (select 1 from public.products p where lower(p.name) = lower(v_name)) then
        v_warnings := array_append(v_warnings, 'Já existe um produto com este nome'::text);
      end if;
      if v_barcode is not null then
        v_seen_barcodes := v_seen_barcodes || v_barcode;
      end if;
      v_rows := v_rows || v_index;
      v_lower_names := v_lower_names || lower(v_name);
      v_barcodes := v_barcodes || v_barcode;
      v_names := v_names || v_name;
      v_descriptions := v_descriptions || private.jsonb_to_text(v_row -> 'description');
      v_categories := v_categories || v_category;
    else
      v_rejections := v_rejections || jsonb_build_object('row', v_index, 'data', v_row, 'errors', to_jsonb(v_errors));
    end if;
    if cardinality(v_warnings) > 0 then
      v_warning_rows := v_warning_rows || jsonb_build_object('row', v_index, 'warnings', to_jsonb(v_warnings));
    end if;
  end loop;

  if not coalesce(p_dry_run, false) then
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
  end if;

  return jsonb_build_object(
    'import_run_id', v_run_id,
    'dry_run', coalesce(p_dry_run, false),
    'total', jsonb_array_length(p_rows),
    'accepted', cardinality(v_names),
    'rejected', jsonb_array_length(v_rejections),
    'errors', coalesce((
      select jsonb_agg(jsonb_build_object('row', r -> 'row', 'errors', r -> 'errors'))
      from jsonb_array_elements(v_rejections) as r
    ), '[]'),
    'warnings', v_warning_rows
  );
end;
$$;

comment on function public.import_products(text, jsonb, boolean) is
  'Imports product rows {barcode?, name, description?, category?}; unknown categories are created. Needs MANAGE_PRODUCTS. '
  'p_dry_run validates every row against the database and writes nothing.';

revoke all on function public.import_shortages(text, jsonb, uuid, boolean) from public;
revoke all on function public.import_products(text, jsonb, boolean) from public;
grant execute on function public.import_shortages(text, jsonb, uuid, boolean) to authenticated, service_role;
grant execute on function public.import_products(text, jsonb, boolean) to authenticated, service_role;
