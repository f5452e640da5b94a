-- The seven application roles of spec §6 and their default configuration
-- (permissions, visible menu paths, home-screen actions). The application code
-- keys on these role names, so they are reference data every deployment needs,
-- not demo data; admins may change the configuration afterwards.
-- The role → permission mapping (the spec leaves it open) is documented in
-- the README.

insert into public.custom_roles (name, description, is_admin) values
  ('ADMIN', 'Administrador: acesso total', true),
  ('BALCONISTA', 'Balconista: faltas, produtos, boletos e remessas da unidade', false),
  ('BALCONISTA_II', 'Balconista II: faltas, produtos e remessas da unidade', false),
  ('FARMACEUTICO', 'Farmacêutico: faltas, produtos, remessas e documentos', false),
  ('ADMIN_COMPRAS', 'Administrador de compras: pedidos e relatórios de compras', false),
  ('REPRESENTANTE', 'Representante de fornecedor: responde cotações', false),
  ('ANALISTA', 'Analista: relatórios, faltas, boletos, pedidos e ponto', false)
on conflict (name) do nothing;

insert into public.role_permissions (role_id, permission)
select cr.id, m.permission
from (values
  ('BALCONISTA', 'CREATE_SHORTAGES'), ('BALCONISTA', 'MANAGE_PRODUCTS'), ('BALCONISTA', 'MANAGE_BOLETOS'),
  ('BALCONISTA', 'MANAGE_REMESSA'), ('BALCONISTA', 'PUNCH_CLOCK_ACCESS'), ('BALCONISTA', 'PUNCH_VIEW_OWN'),
  ('BALCONISTA_II', 'CREATE_SHORTAGES'), ('BALCONISTA_II', 'MANAGE_PRODUCTS'), ('BALCONISTA_II', 'MANAGE_REMESSA'),
  ('BALCONISTA_II', 'PUNCH_CLOCK_ACCESS'), ('BALCONISTA_II', 'PUNCH_VIEW_OWN'),
  ('FARMACEUTICO', 'CREATE_SHORTAGES'), ('FARMACEUTICO', 'MANAGE_PRODUCTS'), ('FARMACEUTICO', 'MANAGE_REMESSA'),
  ('FARMACEUTICO', 'MANAGE_DOCUMENTS'), ('FARMACEUTICO', 'PUNCH_CLOCK_ACCESS'), ('FARMACEUTICO', 'PUNCH_VIEW_OWN'),
  ('ADMIN_COMPRAS', 'MANAGE_ORDERS'), ('ADMIN_COMPRAS', 'VIEW_REPORTS'), ('ADMIN_COMPRAS', 'PUNCH_CLOCK_ACCESS'),
  ('ADMIN_COMPRAS', 'PUNCH_VIEW_OWN'),
  ('REPRESENTANTE', 'MANAGE_QUOTES'), ('REPRESENTANTE', 'VIEW_REPORTS'),
  ('ANALISTA', 'CREATE_SHORTAGES'), ('ANALISTA', 'VIEW_REPORTS'), ('ANALISTA', 'MANAGE_BOLETOS'),
  ('ANALISTA', 'MANAGE_ORDERS'), ('ANALISTA', 'MANAGE_REMESSA'), ('ANALISTA', 'PUNCH_CLOCK_ACCESS'),
  ('ANALISTA', 'PUNCH_VIEW_OWN'), ('ANALISTA', 'PUNCH_VIEW_ALL')
) as m (role_name, permission)
join public.custom_roles cr on cr.name = m.role_name
on conflict do nothing;

-- Representatives are outside staff: no time clock in their menu.
insert into public.role_menu_paths (role_id, menu_path)
select cr.id, m.menu_path
from (values ('/'), ('/dashboard'), ('/cotacoes'), ('/itens-vitoriosos'), ('/analise-cotacoes'), ('/documentos'), ('/correio'))
  as m (menu_path)
cross join public.custom_roles cr
where cr.name = 'REPRESENTANTE'
on conflict do nothing;

insert into public.role_homepage_actions (role_id, action_key, visible)
select cr.id, m.action_key, true
from (values
  ('REPRESENTANTE', 'manage_quotes'), ('REPRESENTANTE', 'winning_items'), ('ADMIN_COMPRAS', 'manage_purchases')
) as m (role_name, action_key)
join public.custom_roles cr on cr.name = m.role_name
on conflict do nothing;
