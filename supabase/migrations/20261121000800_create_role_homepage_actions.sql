-- Home-screen action cards a role sees (spec §3 "Homepage action
-- visibility", §6 "Home cards"). If a role has visible rows, only those keys
-- show; with none, the client's per-role defaults apply.
-- The admin screen replaces a role's rows (delete by role_id, then insert).

create table public.role_homepage_actions (
  role_id uuid not null references public.custom_roles (id) on delete cascade,
  action_key text not null,
  visible boolean not null default true,
  primary key (role_id, action_key),
  constraint role_homepage_actions_action_key_known check (
    action_key in ('launch_shortages', 'product_catalog', 'register_boletos', 'manage_purchases',
                   'manage_quotes', 'winning_items', 'manage_users', 'punch_reports')
  )
);
comment on table public.role_homepage_actions is 'Home-screen action cards configured per role (visible flag per action key).';

alter table public.role_homepage_actions enable row level security;

revoke all on table public.role_homepage_actions from anon, authenticated;
grant select, insert, update, delete on table public.role_homepage_actions to authenticated;
grant all on table public.role_homepage_actions to service_role;

create policy "role_homepage_actions: authenticated users read all"
  on public.role_homepage_actions for select to authenticated
  using (true);

create policy "role_homepage_actions: role managers insert"
  on public.role_homepage_actions for insert to authenticated
  with check ((select private.can_manage_role(role_id)));

create policy "role_homepage_actions: role managers update"
  on public.role_homepage_actions for update to authenticated
  using ((select private.can_manage_role(role_id)))
  with check ((select private.can_manage_role(role_id)));

create policy "role_homepage_actions: role managers delete"
  on public.role_homepage_actions for delete to authenticated
  using ((select private.can_manage_role(role_id)));

-- RPC: the visible action keys configured for a role. A null role_id means
-- the caller's own effective role.
create function public.get_visible_homepage_actions(role_id uuid)
returns table (action_key text)
language sql
stable
security definer
set search_path = ''
as $$
  select rha.action_key
  from public.role_homepage_actions rha
  where (select auth.uid()) is not null
    and rha.role_id = coalesce(get_visible_homepage_actions.role_id, private.current_role_id())
    and rha.visible
  order by rha.action_key
$$;
comment on function public.get_visible_homepage_actions(uuid) is 'Visible home-screen action keys configured for a role.';

revoke execute on function public.get_visible_homepage_actions(uuid) from public, anon;
grant execute on function public.get_visible_homepage_actions(uuid) to authenticated, service_role;
