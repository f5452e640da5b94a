-- Link between products and categories. The app shows one category per product
-- as its "grupo" ('Grupo não especificado' when there is none).

create table public.product_categories (
  product_id uuid not null references public.products (id) on delete cascade,
  category_id uuid not null references public.categories (id) on delete cascade,
  primary key (product_id, category_id)
);

comment on table public.product_categories is
  'Product-category links; the UI treats the (single) linked category as the product''s group.';

create index product_categories_category_id_idx on public.product_categories (category_id);

alter table public.product_categories enable row level security;

create policy product_categories_select on public.product_categories
  for select to authenticated
  using (true);

create policy product_categories_insert on public.product_categories
  for insert to authenticated
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy product_categories_update on public.product_categories
  for update to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')))
  with check ((select private.has_permission('MANAGE_PRODUCTS')));

create policy product_categories_delete on public.product_categories
  for delete to authenticated
  using ((select private.has_permission('MANAGE_PRODUCTS')));

grant select, insert, update, delete on table public.product_categories to authenticated;
grant all on table public.product_categories to service_role;
