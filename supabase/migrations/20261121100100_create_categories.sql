-- Product categories ("grupos" in the UI). Names are unique ignoring case.

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint categories_name_key unique
    constraint categories_name_not_blank_check check (btrim(name) <> ''),
  description text,
  created_at timestamptz not null default now()
);

comment on table public.categories is
  'Product categories, shown as "grupos" in the UI; one per product by convention (product_categories).';

create unique index categories_name_lower_key on public.categories (lower(name));

-- Trims the name and gives a Portuguese message for a blank one. Duplicates are
-- left to the unique constraints (23505 categories_name_key / categories_name_lower_key)
-- so that upserts (on conflict) keep working.
create or replace function private.categories_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := btrim(new.name);
  if new.name is null or new.name = '' then
    raise exception 'Nome do grupo é obrigatório'
      using errcode = '23514', constraint = 'categories_name_not_blank_check';
  end if;
  return new;
end;
$$;

revoke all on function private.categories_before_write() from public;
grant execute on function private.categories_before_write() to authenticated, service_role;

create trigger categories_before_write
  before insert or update of name on public.categories
  for each row execute function private.categories_before_write();

alter table public.categories enable row level security;

create policy categories_select on public.categories
  for select to authenticated
  using (true);

create policy categories_insert on public.categories
  for insert to authenticated
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy categories_update on public.categories
  for update to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')))
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy categories_delete on public.categories
  for delete to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')));

grant select, insert, update, delete on table public.categories to authenticated;
grant all on table public.categories to service_role;
