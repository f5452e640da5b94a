import { queryOptions, useQuery } from '@tanstack/react-query';
import { resolveRole } from '@/lib/permissions';
import { supabase } from '@/lib/supabase';
import { authKeys } from '@/features/auth/api/keys';
import type { SessionUser } from '@/features/auth/types';

export interface AuthUserLike {
  id: string;
  email?: string | undefined;
  user_metadata?: Record<string, unknown> | undefined;
}

/**
 * Loads what the app needs about the signed-in user (spec §4 "On sign-in"): profile, role (custom role →
 * app role), permissions (role ∪ user, deduplicated), unit name and the role's visible menu paths.
 */
export async function getSessionUser(authUser: AuthUserLike, signal?: AbortSignal): Promise<SessionUser> {
  const withSignal = <Q extends { abortSignal: (s: AbortSignal) => Q }>(query: Q): Q => (signal ? query.abortSignal(signal) : query);

  const [profileResult, roleResult, userPermissionsResult] = await Promise.all([
    withSignal(supabase.from('profiles').select('id, full_name, unit_id').eq('id', authUser.id)).maybeSingle(),
    withSignal(supabase.from('user_roles').select('role_id, custom_roles(name, is_admin)').eq('user_id', authUser.id)).maybeSingle(),
    withSignal(supabase.from('user_permissions').select('permission_id, permissions(id, name)').eq('user_id', authUser.id)),
  ]);

  // Spec §7: permission and data-fetch failures yield empty results (rows typed by the generated types).
  const profile = profileResult.error ? null : profileResult.data;
  const roleLink = roleResult.error ? null : roleResult.data;
  const role = resolveRole(roleLink?.custom_roles ?? null);

  // No role row: labelled BALCONISTA (spec §6) but without that role's permissions or menu config, as in
  // the database (private.current_role_id is null) — a self-registered user waits for an admin to assign a role.
  const roleId = roleLink?.role_id ?? null;

  const [rolePermissionsResult, unitResult, menuResult] = await Promise.all([
    roleId
      ? withSignal(supabase.from('role_permissions').select('permission, role_id').in('role_id', [roleId]))
      : null,
    profile?.unit_id ? withSignal(supabase.from('store_units').select('name').eq('id', profile.unit_id)).maybeSingle() : null,
    roleId ? withSignal(supabase.rpc('get_visible_menu_paths', { role_id: roleId })) : null,
  ]);
  const rolePermissions = rolePermissionsResult && !rolePermissionsResult.error ? rolePermissionsResult.data : [];
  const userPermissions = userPermissionsResult.error ? [] : userPermissionsResult.data;
  const unitName = unitResult && !unitResult.error ? (unitResult.data?.name ?? null) : null;
  const menuPaths = menuResult && !menuResult.error && Array.isArray(menuResult.data) ? menuResult.data : [];

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

export function sessionUserQueryOptions(authUser: AuthUserLike) {
  const { id } = authUser;
  const email = authUser.email ?? '';
  const metadataName = authUser.user_metadata?.full_name;
  const fallbackName = typeof metadataName === 'string' ? metadataName : '';
  return queryOptions({
    queryKey: authKeys.sessionUserDetail(id, email, fallbackName),
    queryFn: ({ signal }) => getSessionUser({ id, email, user_metadata: { full_name: fallbackName } }, signal),
  });
}

export function useSessionUserQuery(authUser: AuthUserLike | null) {
  return useQuery({
    ...sessionUserQueryOptions(authUser ?? { id: '' }),
    enabled: authUser !== null,
  });
}
