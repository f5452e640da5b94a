-- Product registry. Barcodes are optional, digits only, unique, and carry a
-- valid GTIN check digit when they have a GTIN length (8, 12, 13, 14).

create table public.products (
  id uuid primary key default gen_random_uuid(),
  barcode text constraint products_barcode_key unique
    constraint products_barcode_digits_check check (barcode ~ '^[0-9]{1,14}$')
    constraint products_barcode_gtin_check check (private.is_valid_gtin(barcode)),
  name text not null constraint products_name_not_blank_check check (btrim(name) <> ''),
  description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.products is
  'Product registry (catalogue). barcode is an optional EAN/GTIN, validated by private.is_valid_gtin.';

-- Fast "contains" search on names at 50k+ rows (ilike '%dipirona%').
create index products_name_trgm_idx on public.products using gin (name extensions.gin_trgm_ops);
create index products_name_lower_idx on public.products (lower(name));
-- Prefix search on barcodes (like '7891%'); the unique index serves equality.
create index products_barcode_pattern_idx on public.products (barcode text_pattern_ops);

-- Normalises input and raises Portuguese messages with stable SQLSTATEs and
-- constraint names before the check constraints (the final arbiters) would fire.
-- A duplicate barcode is left to the unique constraint (23505, products_barcode_key)
-- so that upserts on barcode keep working.
create or replace function private.products_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.barcode := nullif(btrim(new.barcode), '');
  new.name := btrim(new.name);
  if new.name is null or new.name = '' then
    raise exception 'Nome do produto é obrigatório'
      using errcode = '23514', constraint = 'products_name_not_blank_check';
  end if;
  if new.barcode is not null then
    if new.barcode !~ '^[0-9]{1,14}$' then
      raise exception 'Código de barras inválido: use apenas números (até 14 dígitos)'
        using errcode = '23514', constraint = 'products_barcode_digits_check';
    end if;
    if not private.is_valid_gtin(new.barcode) then
      raise exception 'Código de barras inválido: dígito verificador incorreto'
        using errcode = '23514', constraint = 'products_barcode_gtin_check';
    end if;
  end if;
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end;
$$;

revoke all on function private.products_before_write() from public;
grant execute on function private.products_before_write() to authenticated, service_role;

create trigger products_before_write
  before insert or update on public.products
  for each row execute function private.products_before_write();

alter table public.products enable row level security;

create policy products_select on public.products
  for select to authenticated
  using (true);

create policy products_insert on public.products
  for insert to authenticated
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy products_update on public.products
  for update to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')))
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy products_delete on public.products
  for delete to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')));

grant select, insert, update, delete on table public.products to authenticated;
grant all on table public.products to service_role;
