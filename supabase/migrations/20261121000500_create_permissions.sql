-- The permission catalogue of spec §6 plus ADMIN_ACCESS (checked by the AI
-- panel). It is reference data the application code relies on, so its rows
-- are inserted here rather than in the demo seed. menu_items lists the menu
-- paths each permission unlocks (descriptions are shown to users: pt-BR).
--
-- Everyone reads the catalogue. Writes are for admins only: a permission's
-- name is what every check compares against, so letting a non-admin rename
-- one (role_permissions follows through on update cascade) would let them
-- turn a permission they hold into one they do not.

create table public.permissions (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  description text,
  category text not null,
  menu_items text[] not null default '{}',
  constraint permissions_category_known check (
    category in ('Usuários', 'Operações', 'Compras', 'Relatórios', 'Financeiro', 'Documentos', 'Controle de Ponto')
  ),
  constraint permissions_name_upper check (name = upper(name) and length(btrim(name)) > 0)
);
comment on table public.permissions is 'Permission catalogue (spec §6) with the menu paths each permission unlocks.';

alter table public.permissions enable row level security;

revoke all on table public.permissions from anon, authenticated;
grant select, insert, update, delete on table public.permissions to authenticated;
grant all on table public.permissions to service_role;

create policy "permissions: authenticated users read the catalogue"
  on public.permissions for select to authenticated
  using (true);

create policy "permissions: admins insert permissions"
  on public.permissions for insert to authenticated
  with check ((select private.is_admin()));

create policy "permissions: admins update permissions"
  on public.permissions for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "permissions: admins delete permissions"
  on public.permissions for delete to authenticated
  using ((select private.is_admin()));

insert into public.permissions (name, description, category, menu_items) values
  ('MANAGE_USERS', 'Criar, editar e excluir usuários', 'Usuários', array['/usuarios']),
  ('MANAGE_ROLES', 'Gerenciar perfis e níveis de acesso', 'Usuários', array['/usuarios']),
  ('MANAGE_UNITS', 'Gerenciar unidades (lojas)', 'Usuários', array['/usuarios']),
  ('ADMIN_ACCESS', 'Acesso administrativo, incluindo o assistente de IA de compras', 'Usuários', array[]::text[]),
  ('MANAGE_PRODUCTS', 'Gerenciar produtos', 'Operações', array['/produtos']),
  ('CREATE_SHORTAGES', 'Registrar faltas de produtos nas unidades', 'Operações', array['/lancamento', '/historico-importacoes']),
  ('MANAGE_REMESSA', 'Gerenciar solicitações de remessa', 'Operações', array['/remessas', '/nova-remessa', '/assinatura-remessas']),
  ('MANAGE_QUOTES', 'Criar e gerenciar cotações', 'Compras', array['/cotacoes', '/itens-vitoriosos']),
  ('MANAGE_ORDERS', 'Criar e gerenciar pedidos de compra', 'Compras', array['/compras', '/relatorio-compras']),
  ('VIEW_REPORTS', 'Visualizar relatórios', 'Relatórios', array['/dashboard', '/analise-cotacoes', '/analise-faltas', '/analise-dias-compras', '/relatorio-boletos', '/relatorio-compras', '/itens-vitoriosos']),
  ('MANAGE_BOLETOS', 'Criar e gerenciar boletos', 'Financeiro', array['/boletos', '/relatorio-boletos']),
  ('MANAGE_DOCUMENTS', 'Gerenciar documentos', 'Documentos', array['/documentos']),
  ('PUNCH_CLOCK_ACCESS', 'Usar o ponto eletrônico', 'Controle de Ponto', array['/ponto']),
  ('PUNCH_VIEW_OWN', 'Ver apenas os próprios registros de ponto', 'Controle de Ponto', array['/meu-ponto']),
  ('PUNCH_VIEW_ALL', 'Ver os registros de ponto de todos os funcionários', 'Controle de Ponto', array['/ponto/dashboard', '/ponto/relatorios', '/ponto/relatorios-detalhados']),
  ('PUNCH_MANAGE', 'Editar, invalidar ou justificar registros de ponto', 'Controle de Ponto', array['/ponto/admin', '/ponto/computadores', '/gestao-horarios']);
