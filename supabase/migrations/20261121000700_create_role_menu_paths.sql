-- Menu paths a role sees in the sidebar (spec §6). No rows for a role means
-- every menu item it is permitted to see is visible; ADMIN always sees all
-- (the client applies that rule). get_visible_menu_paths returns the rows.

create table public.role_menu_paths (
  role_id uuid not null references public.custom_roles (id) on delete cascade,
  menu_path text not null,
  primary key (role_id, menu_path),
  constraint role_menu_paths_path_absolute check (menu_path like '/%')
);
comment on table public.role_menu_paths is 'Sidebar paths visible to a role; none configured means all visible.';

alter table public.role_menu_paths enable row level security;

revoke all on table public.role_menu_paths from anon, authenticated;
grant select, insert, update, delete on table public.role_menu_paths to authenticated;
grant all on table public.role_menu_paths to service_role;

create policy "role_menu_paths: authenticated users read all"
  on public.role_menu_paths for select to authenticated
  using (true);

create policy "role_menu_paths: role managers insert"
  on public.role_menu_paths for insert to authenticated
  with check ((select private.can_manage_role(role_id)));

create policy "role_menu_paths: role managers update"
  on public.role_menu_paths for update to authenticated
  using ((select private.can_manage_role(role_id)))
  with check ((select private.can_manage_role(role_id)));

create policy "role_menu_paths: role managers delete"
  on public.role_menu_paths for delete to authenticated
  using ((select private.can_manage_role(role_id)));

-- RPC: the configured menu paths of a role (empty = all visible). A null
-- role_id means the caller's own effective role (BALCONISTA when they have none).
create function public.get_visible_menu_paths(role_id uuid)
returns table (menu_path text)
language sql
stable
security definer
set search_path = ''
as $$
  select rmp.menu_path
  from public.role_menu_paths rmp
  where (select auth.uid()) is not null
    and rmp.role_id = coalesce(get_visible_menu_paths.role_id, private.current_role_id())
  order by rmp.menu_path
$$;
comment on function public.get_visible_menu_paths(uuid) is 'Sidebar paths configured for a role; no rows means every permitted item is visible.';

revoke execute on function public.get_visible_menu_paths(uuid) from public, anon;
grant execute on function public.get_visible_menu_paths(uuid) to authenticated, service_role;
