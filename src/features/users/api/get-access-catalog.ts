import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { userAdminKeys } from '@/features/users/api/keys';
import type { AccessCatalog } from '@/features/users/types';

/** Roles (with what each grants and shows, and how many users hold it), permissions, units and suppliers. */
export async function getAccessCatalog(signal?: AbortSignal): Promise<AccessCatalog> {
  const read = <T extends { abortSignal: (signal: AbortSignal) => T }>(query: T): T => (signal ? query.abortSignal(signal) : query);
  const [roles, permissions, units, suppliers, holders] = await Promise.all([
    read(supabase.from('custom_roles').select('id, name, is_admin, role_permissions(permission), role_menu_paths(menu_path), role_homepage_actions(action_key, visible)').order('name')),
    read(supabase.from('permissions').select('id, name, description, category, menu_items').order('name')),
    read(supabase.from('store_units').select('id, name, address, legal_name, cnpj, created_at').order('name')),
    read(supabase.from('suppliers').select('id, name').order('name')),
    read(supabase.from('user_roles').select('role_id')),
  ]);
  for (const result of [roles, permissions, units, suppliers, holders]) if (result.error) throw result.error;
  const counts = new Map<string, number>();
  for (const row of holders.data ?? []) counts.set(row.role_id, (counts.get(row.role_id) ?? 0) + 1);
  return {
    roles: (roles.data ?? []).map((role) => ({
      id: role.id,
      name: role.name,
      isAdmin: role.is_admin,
      permissions: role.role_permissions.map((row) => row.permission).sort(),
      menuPaths: role.role_menu_paths.map((row) => row.menu_path).sort(),
      homeActions: role.role_homepage_actions.filter((row) => row.visible).map((row) => row.action_key),
      userCount: counts.get(role.id) ?? 0,
    })),
    permissions: (permissions.data ?? []).map((row) => ({ id: row.id, name: row.name, description: row.description, category: row.category, menuItems: row.menu_items })),
    units: (units.data ?? []).map((row) => ({ id: row.id, name: row.name, address: row.address, legalName: row.legal_name, cnpj: row.cnpj, createdAt: row.created_at })),
    suppliers: suppliers.data ?? [],
  };
}

export function accessCatalogQueryOptions() {
  return queryOptions({ queryKey: userAdminKeys.catalog(), queryFn: ({ signal }) => getAccessCatalog(signal) });
}

export function useAccessCatalog() {
  return useQuery(accessCatalogQueryOptions());
}
