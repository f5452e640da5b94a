/** Pure rules of /usuarios: effective permissions, what a role shows, and how audit changes read. */
import { resolveRole, visibleMenu, permittedHomeActions, type AccessSubject } from '@/lib/permissions';
import type { HomeAction, MenuSection } from '@/config/permissions';
import { permissionLabel } from '@/features/users/labels';
import type { PermissionEntry, RoleEntry } from '@/features/users/types';

/** The longest search admin_list_users accepts. */
export const USER_SEARCH_MAX = 200;

/** Spec §6: the seven categories, in the order the screens show them. */
export const PERMISSION_CATEGORIES = ['Usuários', 'Operações', 'Compras', 'Relatórios', 'Financeiro', 'Documentos', 'Controle de Ponto'] as const;

/** The catalogue grouped by category, in the spec's order, sorted by label inside each group (as the screens show them). */
export function groupPermissions(permissions: readonly PermissionEntry[]): { category: string; permissions: PermissionEntry[] }[] {
  const order = new Map<string, number>(PERMISSION_CATEGORIES.map((category, index) => [category, index]));
  const groups = new Map<string, PermissionEntry[]>();
  for (const permission of permissions) groups.set(permission.category, [...(groups.get(permission.category) ?? []), permission]);
  return [...groups.entries()]
    .sort(([a], [b]) => (order.get(a) ?? 99) - (order.get(b) ?? 99) || a.localeCompare(b, 'pt-BR'))
    .map(([category, entries]) => ({
      category,
      permissions: [...entries].sort((x, y) => permissionLabel(x.name, x.description).localeCompare(permissionLabel(y.name, y.description), 'pt-BR')),
    }));
}

/**
 * Spec §6: permissions come from the role plus the user's direct ones, deduplicated; an admin role
 * holds every permission of the catalogue.
 */
export function effectivePermissions(role: RoleEntry | null, directIds: readonly string[], catalog: readonly PermissionEntry[]): string[] {
  if (role?.isAdmin || role?.name.toUpperCase() === 'ADMIN') return catalog.map((permission) => permission.name).sort();
  const direct = catalog.filter((permission) => directIds.includes(permission.id)).map((permission) => permission.name);
  return [...new Set([...(role?.permissions ?? []), ...direct])].sort();
}

/** The sidebar and home cards a user with this role and these direct permissions would get. */
export function accessPreview(
  role: RoleEntry | null,
  directIds: readonly string[],
  catalog: readonly PermissionEntry[],
): { permissions: string[]; menu: MenuSection[]; homeActions: HomeAction[] } {
  const permissions = effectivePermissions(role, directIds, catalog);
  const subject: AccessSubject = { role: resolveRole(role ? { name: role.name, is_admin: role.isAdmin } : null), permissions };
  // A user without a role has no role permissions and no role configuration: the database treats them so.
  return {
    permissions,
    menu: visibleMenu(subject, role?.menuPaths ?? []),
    homeActions: permittedHomeActions(subject, role?.homeActions ?? []),
  };
}

/** An audit row's change in a few words: the fields that differ, as "field: before → after" (ids named where `names` knows them). */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  names: ReadonlyMap<string, string> = new Map(),
): string[] {
  // Ids of units, roles, permissions and people read as their names where they are known.
  const show = (value: unknown) =>
    value === null || value === undefined || value === ''
      ? '—'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : (names.get(String(value)) ?? String(value));
  const ignored = new Set(['updated_at', 'created_at']);
  if (!before && after) return Object.entries(after).filter(([key]) => !ignored.has(key)).map(([key, value]) => `${key}: ${show(value)}`);
  if (before && !after) return Object.entries(before).filter(([key]) => !ignored.has(key)).map(([key, value]) => `${key}: ${show(value)}`);
  if (!before || !after) return [];
  return Object.keys({ ...before, ...after })
    .filter((key) => !ignored.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
}
