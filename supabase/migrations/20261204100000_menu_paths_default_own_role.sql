-- Issue 30, one round trip at sign-in: get_visible_menu_paths may be called without role_id.
--
-- The app loads the signed-in user's profile, role, permissions and menu paths together
-- (src/features/auth/api/load-session-user.ts), before it knows the role's id. The function already
-- reads a null role_id as the caller's own role (private.current_role_id()); a default makes that
-- call expressible without passing null where the generated types expect text. Same body, same
-- grants: a caller still gets only the rows of the role it names, or of its own.

create or replace function public.get_visible_menu_paths(role_id uuid default null)
returns table (menu_path text)
language sql stable security definer set search_path = '' as $$
  select rmp.menu_path
  from public.role_menu_paths rmp
  where (select auth.uid()) is not null
    and rmp.role_id = coalesce(get_visible_menu_paths.role_id, private.current_role_id())
  order by rmp.menu_path
$$;

comment on function public.get_visible_menu_paths(uuid) is
  'Sidebar paths configured for a role; no rows means every permitted item is visible. A null or omitted role_id means the caller''s own role (user_roles); a caller without a role row gets no rows.';
