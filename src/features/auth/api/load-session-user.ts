/**
 * The signed-in user's profile, role, permissions, unit and menu, read with a given client: the app passes its own
 * (src/features/auth/api/get-session-user.ts); the integration tests pass one signed in as the user. No import of
 * the app's client here, so the tests can load this module outside the browser.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { resolveRole } from '@/lib/permissions';
import type { SessionUser } from '@/features/auth/types';
import type { Database } from '@/types/database.types';

export interface AuthUserLike {
  id: string;
  email?: string | undefined;
  user_metadata?: Record<string, unknown> | undefined;
}

/**
 * Loads what the app needs about the signed-in user (spec §4 "On sign-in"): profile, role (custom role →
 * app role), permissions (role ∪ user, deduplicated), unit name and the role's visible menu paths.
 *
 * One round trip: the four requests go out together. The spec's reads that depend on the profile or the role
 * ride along as embeds (the unit's name on the profile, the role's permissions on the role), and the menu paths
 * are asked for without a role_id, which get_visible_menu_paths reads as the caller's own role (the function's
 * documented rule; no rows for a user without a role row, as before). Each embed is read under the same row-level
 * security as the separate query was. `client` is the app's client (tests pass one signed in as the user).
 */
export async function getSessionUser(client: SupabaseClient<Database>, authUser: AuthUserLike, signal?: AbortSignal): Promise<SessionUser> {
  const withSignal = <Q extends { abortSignal: (s: AbortSignal) => Q }>(query: Q): Q => (signal ? query.abortSignal(signal) : query);

  const [profileResult, roleResult, userPermissionsResult, menuResult] = await Promise.all([
    withSignal(
      client.from('profiles').select('id, full_name, unit_id, unit:store_units!profiles_unit_id_fkey(name)').eq('id', authUser.id),
    ).maybeSingle(),
    withSignal(
      client.from('user_roles').select('role_id, custom_roles(name, is_admin, role_permissions(permission, role_id))').eq('user_id', authUser.id),
    ).maybeSingle(),
    withSignal(client.from('user_permissions').select('permission_id, permissions(id, name)').eq('user_id', authUser.id)),
    // No role_id: the caller's own role (20261204100000_menu_paths_default_own_role.sql).
    withSignal(client.rpc('get_visible_menu_paths', {})),
  ]);

  // Spec §7: permission and data-fetch failures yield empty results (rows typed by the generated types).
  const profile = profileResult.error ? null : profileResult.data;
  const roleLink = roleResult.error ? null : roleResult.data;
  const role = resolveRole(roleLink?.custom_roles ?? null);

  // No role row: labelled BALCONISTA (spec §6) but without that role's permissions or menu config, as in
  // the database (private.current_role_id is null) — a self-registered user waits for an admin to assign a role.
  const roleId = roleLink?.role_id ?? null;

  const rolePermissions = roleId ? (roleLink?.custom_roles?.role_permissions ?? []) : [];
  const userPermissions = userPermissionsResult.error ? [] : userPermissionsResult.data;
  const unitName = profile?.unit_id ? (profile.unit?.name ?? null) : null;
  const menuPaths = roleId && !menuResult.error && Array.isArray(menuResult.data) ? menuResult.data : [];

  const permissionNames = [
    ...rolePermissions.map((row) => row.permission),
    ...userPermissions.flatMap((row) => (row.permissions ? [row.permissions.name] : [])),
  ];
  const seen = new Set<string>();
  const permissions = permissionNames.filter((name) => {
    const key = name.toUpperCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const metadataName = authUser.user_metadata?.full_name;
  const email = authUser.email ?? '';
  return {
    id: authUser.id,
    email,
    name: profile?.full_name || (typeof metadataName === 'string' && metadataName) || email,
    role,
    roleId,
    unitId: profile?.unit_id ?? null,
    unitName,
    permissions,
    visibleMenuPaths: menuPaths.map((row) => row.menu_path),
  };
}
