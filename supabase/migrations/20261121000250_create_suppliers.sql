-- Suppliers (distributors) whose representatives answer quote batches.
-- profiles.supplier_id (next migration) links a representative to one supplier.
-- Every signed-in user reads supplier names; only admins write them.

create table public.suppliers (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  cnpj text,
  created_at timestamptz not null default now(),
  constraint suppliers_name_not_blank check (length(btrim(name)) > 0)
);
comment on table public.suppliers is 'Suppliers (distributors) represented by REPRESENTANTE users.';

alter table public.suppliers enable row level security;

revoke all on table public.suppliers from anon, authenticated;
grant select, insert, update, delete on table public.suppliers to authenticated;
grant all on table public.suppliers to service_role;

create policy "suppliers: authenticated users read all suppliers"
  on public.suppliers for select to authenticated
  using (true);

create policy "suppliers: admins insert suppliers"
  on public.suppliers for insert to authenticated
  with check ((select private.is_admin()));

create policy "suppliers: admins update suppliers"
  on public.suppliers for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "suppliers: admins delete suppliers"
  on public.suppliers for delete to authenticated
  using ((select private.is_admin()));
