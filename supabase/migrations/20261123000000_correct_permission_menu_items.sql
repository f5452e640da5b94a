-- The permission catalogue's menu_items said that some permissions open menu
-- paths they do not open under spec §6: MANAGE_ROLES and MANAGE_UNITS listed
-- /usuarios (which needs the ADMIN role and MANAGE_USERS), MANAGE_DOCUMENTS
-- listed /documentos and PUNCH_CLOCK_ACCESS / PUNCH_VIEW_OWN listed /ponto and
-- /meu-ponto (open to every signed-in user), and PUNCH_VIEW_ALL / PUNCH_MANAGE
-- listed the /ponto/* admin screens and /gestao-horarios (granted by role only:
-- ADMIN, or ADMIN and ANALISTA). An administrator reading the catalogue would
-- believe that granting such a permission opens those screens.
--
-- menu_items now holds exactly the paths whose spec §6 access rule lists the
-- permission (the parameterised /editar-remessa/:id is left out: it is not a
-- menu path). Permissions that open no screen by themselves have none; their
-- effect lies inside screens (time clock, documents, user management).

update public.permissions set menu_items = array['/usuarios'] where name = 'MANAGE_USERS';
update public.permissions set menu_items = array[]::text[] where name in (
  'MANAGE_ROLES',
  'MANAGE_UNITS',
  'ADMIN_ACCESS',
  'MANAGE_DOCUMENTS',
  'PUNCH_CLOCK_ACCESS',
  'PUNCH_VIEW_OWN',
  'PUNCH_VIEW_ALL',
  'PUNCH_MANAGE'
);

comment on column public.permissions.menu_items is
  'Menu paths whose spec §6 access rule lists this permission (routes listing roles too also need one of those roles).';
