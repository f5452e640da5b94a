-- Demo data for local development and tests (runs once on a fresh database,
-- after the migrations). Roles, permissions and their configuration are
-- reference data inserted by the migrations; this file adds units, suppliers
-- and one account per role, all with the password Farmacia@2026.
-- Later modules add supabase/seeds/*.sql and look these accounts up by e-mail.

insert into public.store_units (name, address) values
  ('Unidade Centro', 'Rua XV de Novembro, 100 - Centro'),
  ('Unidade Norte', 'Avenida Norte, 2500 - Jardim América'),
  ('Unidade Sul', 'Rua das Palmeiras, 850 - Vila Sul')
on conflict (name) do nothing;

insert into public.suppliers (name, cnpj) values
  ('Distribuidora Alfa', '11.222.333/0001-81'),
  ('Distribuidora Beta', '44.555.666/0001-72')
on conflict (name) do nothing;

-- Accounts, written the way GoTrue writes an e-mail sign-up (confirmed).
create temporary table demo_accounts (
  id uuid primary key,
  email text not null,
  full_name text not null,
  role_name text not null,
  unit_name text,
  supplier_name text
);

insert into demo_accounts (id, email, full_name, role_name, unit_name, supplier_name) values
  ('5eed0000-0000-4000-8000-000000000001', 'admin@farmacia.local', 'Ana Administradora', 'ADMIN', 'Unidade Centro', null),
  ('5eed0000-0000-4000-8000-000000000002', 'balconista@farmacia.local', 'Bruno Balconista', 'BALCONISTA', 'Unidade Centro', null),
  ('5eed0000-0000-4000-8000-000000000003', 'balconista2@farmacia.local', 'Beatriz Balconista', 'BALCONISTA_II', 'Unidade Norte', null),
  ('5eed0000-0000-4000-8000-000000000004', 'farmaceutico@farmacia.local', 'Fernando Farmacêutico', 'FARMACEUTICO', 'Unidade Sul', null),
  ('5eed0000-0000-4000-8000-000000000005', 'compras@farmacia.local', 'Carla Compras', 'ADMIN_COMPRAS', 'Unidade Centro', null),
  ('5eed0000-0000-4000-8000-000000000006', 'representante@farmacia.local', 'Rafael Representante', 'REPRESENTANTE', null, 'Distribuidora Alfa'),
  ('5eed0000-0000-4000-8000-000000000007', 'representante2@farmacia.local', 'Renata Representante', 'REPRESENTANTE', null, 'Distribuidora Beta'),
  ('5eed0000-0000-4000-8000-000000000008', 'analista@farmacia.local', 'Amanda Analista', 'ANALISTA', 'Unidade Norte', null);

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, phone_change, phone_change_token, reauthentication_token,
  raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000', d.id, 'authenticated', 'authenticated', d.email,
  extensions.crypt('Farmacia@2026', extensions.gen_salt('bf', 10)), now(),
  '', '', '', '', '', '', '', '',
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('full_name', d.full_name), false, now(), now()
from demo_accounts d
on conflict (id) do nothing;

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select
  d.id, d.id::text, d.id,
  jsonb_build_object('sub', d.id::text, 'email', d.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now(), now()
from demo_accounts d
on conflict do nothing;

-- The profiles were created by the auth.users trigger; set unit and supplier.
update public.profiles p
set unit_id = su.id, supplier_id = s.id
from demo_accounts d
left join public.store_units su on su.name = d.unit_name
left join public.suppliers s on s.name = d.supplier_name
where p.id = d.id;

insert into public.user_roles (user_id, role_id)
select d.id, cr.id
from demo_accounts d
join public.custom_roles cr on cr.name = d.role_name
on conflict (user_id) do nothing;

-- The clerk covers two stores and switches between them on the home screen; everyone
-- else works in one unit (assigned above by the profile update).
insert into public.user_units (user_id, unit_id)
select d.id, su.id
from demo_accounts d
join public.store_units su on su.name = 'Unidade Norte'
where d.email = 'balconista@farmacia.local'
on conflict do nothing;

drop table demo_accounts;
