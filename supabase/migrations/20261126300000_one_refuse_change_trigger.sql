-- One way to refuse changes, and one way to name policies (issue 23, item 7).
--
-- Four modules each wrote their own "this table is append-only" trigger function, differing only in
-- the Portuguese message (user administration's audit_log, the time clock's consentimentos_lgpd and
-- pontos, boleto_status_history, shipment_status_history). They become one function,
-- private.refuse_change(), that takes its message as a trigger argument; the triggers follow one
-- naming scheme: <table>_refuse_change (BEFORE UPDATE OR DELETE, per row) and <table>_refuse_truncate
-- (BEFORE TRUNCATE, per statement). A new module that needs an append-only table writes two
-- `create trigger` lines and no function.
--
-- The policies of the first migration were named in sentences ("store_units: authenticated users read
-- all units", some cut at PostgreSQL's 63 characters); every later module names them <table>_<command>.
-- They are renamed to that style and the sentence becomes the policy's comment. Behaviour is unchanged:
-- same commands, roles, USING and WITH CHECK expressions.

create function private.refuse_change()
returns trigger
language plpgsql set search_path = '' as $$
begin
  -- Optional cascade exception: tg_argv[1] names the parent table and tg_argv[2] the row's column that
  -- points at it. A row whose parent is already gone is being deleted by that parent's ON DELETE
  -- CASCADE (a shipment deleted before dispatch takes its history along), which is allowed.
  if tg_op = 'DELETE' and tg_nargs >= 3 then
    declare
      v_parent_exists boolean;
    begin
      execute format('select exists (select 1 from public.%I where id = $1)', tg_argv[1])
        into v_parent_exists
        using (to_jsonb(old) ->> tg_argv[2])::uuid;
      if not v_parent_exists then
        return old;
      end if;
    end;
  end if;
  raise exception '%', coalesce(tg_argv[0], 'Este registro não pode ser alterado nem excluído') using errcode = '42501';
end;
$$;

comment on function private.refuse_change() is
  'BEFORE UPDATE/DELETE (row) and TRUNCATE (statement) trigger of append-only tables: refuses for every role, the owner and the service role included, with the Portuguese message given as the first trigger argument. Optional arguments 2 and 3 (parent table, referencing column) let the parent''s ON DELETE CASCADE through.';

revoke all on function private.refuse_change() from public, anon, authenticated;

-- audit_log (user administration): the trail cannot be edited or erased.
drop trigger audit_log_refuse_update_delete on public.audit_log;
drop trigger audit_log_refuse_truncate on public.audit_log;
create trigger audit_log_refuse_change
  before update or delete on public.audit_log
  for each row execute function private.refuse_change('O registro de auditoria não pode ser alterado nem excluído');
create trigger audit_log_refuse_truncate
  before truncate on public.audit_log
  for each statement execute function private.refuse_change('O registro de auditoria não pode ser alterado nem excluído');
drop function private.refuse_audit_log_change();

-- consentimentos_lgpd and pontos (time clock): originals of legal weight.
drop trigger consentimentos_lgpd_append_only on public.consentimentos_lgpd;
drop trigger consentimentos_lgpd_no_truncate on public.consentimentos_lgpd;
drop trigger pontos_append_only on public.pontos;
drop trigger pontos_no_truncate on public.pontos;
create trigger consentimentos_lgpd_refuse_change
  before update or delete on public.consentimentos_lgpd
  for each row execute function private.refuse_change('Registros originais de ponto e de consentimento não podem ser alterados nem excluídos');
create trigger consentimentos_lgpd_refuse_truncate
  before truncate on public.consentimentos_lgpd
  for each statement execute function private.refuse_change('Registros originais de ponto e de consentimento não podem ser alterados nem excluídos');
create trigger pontos_refuse_change
  before update or delete on public.pontos
  for each row execute function private.refuse_change('Registros originais de ponto e de consentimento não podem ser alterados nem excluídos');
create trigger pontos_refuse_truncate
  before truncate on public.pontos
  for each statement execute function private.refuse_change('Registros originais de ponto e de consentimento não podem ser alterados nem excluídos');
drop function private.refuse_change_of_original();

-- boleto_status_history.
drop trigger boleto_status_history_refuse_change on public.boleto_status_history;
drop trigger boleto_status_history_refuse_truncate on public.boleto_status_history;
create trigger boleto_status_history_refuse_change
  before update or delete on public.boleto_status_history
  for each row execute function private.refuse_change('O histórico de boletos não pode ser alterado nem excluído');
create trigger boleto_status_history_refuse_truncate
  before truncate on public.boleto_status_history
  for each statement execute function private.refuse_change('O histórico de boletos não pode ser alterado nem excluído');
drop function private.refuse_boleto_history_change();

-- shipment_status_history: a deleted (never dispatched) shipment takes its history along.
drop trigger shipment_status_history_guard on public.shipment_status_history;
drop trigger shipment_status_history_no_truncate on public.shipment_status_history;
create trigger shipment_status_history_refuse_change
  before update or delete on public.shipment_status_history
  for each row execute function private.refuse_change('O histórico da remessa não pode ser alterado nem excluído', 'shipments', 'shipment_id');
create trigger shipment_status_history_refuse_truncate
  before truncate on public.shipment_status_history
  for each statement execute function private.refuse_change('O histórico da remessa não pode ser alterado nem excluído');
drop function private.refuse_shipment_history_change();

-- Policies: <table>_<command>, the sentence kept as the comment.
alter policy "custom_roles: role managers delete roles they may manage" on public.custom_roles rename to custom_roles_delete;
comment on policy custom_roles_delete on public.custom_roles is 'Role managers delete roles they may manage';
alter policy "custom_roles: role managers insert non-admin roles, admins any" on public.custom_roles rename to custom_roles_insert;
comment on policy custom_roles_insert on public.custom_roles is 'Role managers insert non-admin roles, admins any';
alter policy "custom_roles: authenticated users read all roles" on public.custom_roles rename to custom_roles_select;
comment on policy custom_roles_select on public.custom_roles is 'Authenticated users read all roles';
alter policy "custom_roles: role managers update roles they may manage" on public.custom_roles rename to custom_roles_update;
comment on policy custom_roles_update on public.custom_roles is 'Role managers update roles they may manage';
alter policy "permissions: admins delete permissions" on public.permissions rename to permissions_delete;
comment on policy permissions_delete on public.permissions is 'Admins delete permissions';
alter policy "permissions: admins insert permissions" on public.permissions rename to permissions_insert;
comment on policy permissions_insert on public.permissions is 'Admins insert permissions';
alter policy "permissions: authenticated users read the catalogue" on public.permissions rename to permissions_select;
comment on policy permissions_select on public.permissions is 'Authenticated users read the catalogue';
alter policy "permissions: admins update permissions" on public.permissions rename to permissions_update;
comment on policy permissions_update on public.permissions is 'Admins update permissions';
alter policy "profiles: read own, staff read all, representatives read staff" on public.profiles rename to profiles_select;
comment on policy profiles_select on public.profiles is 'Read own, staff read all, representatives read staff';
alter policy "profiles: users update their own profile, user managers the acc" on public.profiles rename to profiles_update;
comment on policy profiles_update on public.profiles is 'Users update their own profile, user managers the accounts they manage';
alter policy "role_homepage_actions: role managers delete" on public.role_homepage_actions rename to role_homepage_actions_delete;
comment on policy role_homepage_actions_delete on public.role_homepage_actions is 'Role managers delete';
alter policy "role_homepage_actions: role managers insert" on public.role_homepage_actions rename to role_homepage_actions_insert;
comment on policy role_homepage_actions_insert on public.role_homepage_actions is 'Role managers insert';
alter policy "role_homepage_actions: authenticated users read all" on public.role_homepage_actions rename to role_homepage_actions_select;
comment on policy role_homepage_actions_select on public.role_homepage_actions is 'Authenticated users read all';
alter policy "role_homepage_actions: role managers update" on public.role_homepage_actions rename to role_homepage_actions_update;
comment on policy role_homepage_actions_update on public.role_homepage_actions is 'Role managers update';
alter policy "role_menu_paths: role managers delete" on public.role_menu_paths rename to role_menu_paths_delete;
comment on policy role_menu_paths_delete on public.role_menu_paths is 'Role managers delete';
alter policy "role_menu_paths: role managers insert" on public.role_menu_paths rename to role_menu_paths_insert;
comment on policy role_menu_paths_insert on public.role_menu_paths is 'Role managers insert';
alter policy "role_menu_paths: authenticated users read all" on public.role_menu_paths rename to role_menu_paths_select;
comment on policy role_menu_paths_select on public.role_menu_paths is 'Authenticated users read all';
alter policy "role_menu_paths: role managers update" on public.role_menu_paths rename to role_menu_paths_update;
comment on policy role_menu_paths_update on public.role_menu_paths is 'Role managers update';
alter policy "role_permissions: role managers revoke permissions" on public.role_permissions rename to role_permissions_delete;
comment on policy role_permissions_delete on public.role_permissions is 'Role managers revoke permissions';
alter policy "role_permissions: role managers grant permissions they hold" on public.role_permissions rename to role_permissions_insert;
comment on policy role_permissions_insert on public.role_permissions is 'Role managers grant permissions they hold';
alter policy "role_permissions: authenticated users read all role permissions" on public.role_permissions rename to role_permissions_select;
comment on policy role_permissions_select on public.role_permissions is 'Authenticated users read all role permissions';
alter policy "role_permissions: role managers change permissions they hold" on public.role_permissions rename to role_permissions_update;
comment on policy role_permissions_update on public.role_permissions is 'Role managers change permissions they hold';
alter policy "store_units: MANAGE_UNITS holders delete units" on public.store_units rename to store_units_delete;
comment on policy store_units_delete on public.store_units is 'MANAGE_UNITS holders delete units';
alter policy "store_units: MANAGE_UNITS holders insert units" on public.store_units rename to store_units_insert;
comment on policy store_units_insert on public.store_units is 'MANAGE_UNITS holders insert units';
alter policy "store_units: authenticated users read all units" on public.store_units rename to store_units_select;
comment on policy store_units_select on public.store_units is 'Authenticated users read all units';
alter policy "store_units: MANAGE_UNITS holders update units" on public.store_units rename to store_units_update;
comment on policy store_units_update on public.store_units is 'MANAGE_UNITS holders update units';
alter policy "suppliers: admins delete suppliers" on public.suppliers rename to suppliers_delete;
comment on policy suppliers_delete on public.suppliers is 'Admins delete suppliers';
alter policy "suppliers: admins insert suppliers" on public.suppliers rename to suppliers_insert;
comment on policy suppliers_insert on public.suppliers is 'Admins insert suppliers';
alter policy "suppliers: authenticated users read all suppliers" on public.suppliers rename to suppliers_select;
comment on policy suppliers_select on public.suppliers is 'Authenticated users read all suppliers';
alter policy "suppliers: admins update suppliers" on public.suppliers rename to suppliers_update;
comment on policy suppliers_update on public.suppliers is 'Admins update suppliers';
alter policy "user_permissions: user managers revoke others' permissions" on public.user_permissions rename to user_permissions_delete;
comment on policy user_permissions_delete on public.user_permissions is 'User managers revoke others'' permissions';
alter policy "user_permissions: user managers grant others permissions they h" on public.user_permissions rename to user_permissions_insert;
comment on policy user_permissions_insert on public.user_permissions is 'User managers grant others permissions they hold';
alter policy "user_permissions: users read their own, user managers read all" on public.user_permissions rename to user_permissions_select;
comment on policy user_permissions_select on public.user_permissions is 'Users read their own, user managers read all';
alter policy "user_permissions: user managers change others' permissions they" on public.user_permissions rename to user_permissions_update;
comment on policy user_permissions_update on public.user_permissions is 'User managers change others'' permissions they hold';
alter policy "user_roles: user managers remove roles of others" on public.user_roles rename to user_roles_delete;
comment on policy user_roles_delete on public.user_roles is 'User managers remove roles of others';
alter policy "user_roles: user managers assign roles to others" on public.user_roles rename to user_roles_insert;
comment on policy user_roles_insert on public.user_roles is 'User managers assign roles to others';
alter policy "user_roles: users read their own role, user managers read all" on public.user_roles rename to user_roles_select;
comment on policy user_roles_select on public.user_roles is 'Users read their own role, user managers read all';
alter policy "user_roles: user managers change roles of others" on public.user_roles rename to user_roles_update;
comment on policy user_roles_update on public.user_roles is 'User managers change roles of others';
