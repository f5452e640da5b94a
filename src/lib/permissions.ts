/**
 * The permission check of spec §6, over the data in `config/permissions.ts`.
 */
import {
  BALCONISTA_DEFAULT_ACTIONS,
  DEFAULT_ROLE,
  HOME_ACTIONS,
  MENU_SECTIONS,
  ROLES,
  ROUTE_ACCESS,
  type AccessRule,
  type HomeAction,
  type HomeActionKey,
  type MenuSection,
  type Role,
} from '@/config/permissions';

/** What the checks need to know about the signed-in user. */
export interface AccessSubject {
  role: Role;
  /** Permission names as loaded (any case); deduplicated role ∪ user permissions. */
  permissions: readonly string[];
}

/** Names compare case-insensitively; spaces and hyphens count as underscores (`view reports` = `VIEW_REPORTS`). */
export function normalizeName(name: string): string {
  return name.trim().toUpperCase().replace(/[\s-]+/g, '_');
}

function isKnownRole(name: string): name is Role {
  return (ROLES as readonly string[]).includes(name);
}

/**
 * Spec §6 role resolution: a custom role flagged is_admin is ADMIN; else "the role name uppercased is used
 * if it is a known role"; else (unknown or no role) BALCONISTA. Only uppercased — no trimming, no
 * space/hyphen folding — exactly as `private.current_role_name()` does (`upper(name)`), so the app never
 * shows a role the database does not enforce ('Admin Compras' is BALCONISTA on both sides).
 */
export function resolveRole(customRole: { name: string | null; is_admin: boolean | null } | null | undefined): Role {
  if (!customRole) return DEFAULT_ROLE;
  if (customRole.is_admin) return 'ADMIN';
  const name = (customRole.name ?? '').toUpperCase();
  return isKnownRole(name) ? name : DEFAULT_ROLE;
}

function holds(subject: AccessSubject, permission: string): boolean {
  const wanted = normalizeName(permission);
  return subject.permissions.some((held) => normalizeName(held) === wanted);
}

function roleListed(subject: AccessSubject, roles: readonly string[]): boolean {
  const role = normalizeName(subject.role);
  return roles.some((listed) => normalizeName(listed) === role);
}

/**
 * The general check: ADMIN always passes; an empty requirement passes; otherwise the role is listed
 * OR one of the permissions is held.
 */
export function hasAccess(subject: AccessSubject, rule: AccessRule): boolean {
  if (subject.role === 'ADMIN') return true;
  if (rule.roles.length === 0 && rule.permissions.length === 0) return true;
  return roleListed(subject, rule.roles) || rule.permissions.some((permission) => holds(subject, permission));
}

/**
 * Routes and menu items: when both roles and permissions are listed, a listed role AND every permission
 * are required; otherwise the general check applies.
 */
export function canAccessRoute(subject: AccessSubject, rule: AccessRule): boolean {
  if (subject.role === 'ADMIN') return true;
  if (rule.roles.length > 0 && rule.permissions.length > 0) {
    return roleListed(subject, rule.roles) && rule.permissions.every((permission) => holds(subject, permission));
  }
  return hasAccess(subject, rule);
}

/**
 * A menu path is visible when the role's configured list is empty (all visible), contains it, or the user is ADMIN.
 */
export function isMenuPathVisible(role: Role, visibleMenuPaths: readonly string[], path: string): boolean {
  if (role === 'ADMIN' || visibleMenuPaths.length === 0) return true;
  return visibleMenuPaths.includes(path);
}

/** The sidebar for a user: permitted items whose path the role may see; empty sections dropped. */
export function visibleMenu(
  subject: AccessSubject,
  visibleMenuPaths: readonly string[],
  sections: readonly MenuSection[] = MENU_SECTIONS,
): MenuSection[] {
  return sections
    .map((section) => ({
      title: section.title,
      items: section.items.filter(
        (menuItem) =>
          canAccessRoute(subject, menuItem.access) && isMenuPathVisible(subject.role, visibleMenuPaths, menuItem.path),
      ),
    }))
    .filter((section) => section.items.length > 0);
}

/**
 * The home cards for a role (spec §6): those whose roles include it, restricted to the role's configured
 * visible actions when it has any; a BALCONISTA with none configured sees only the shortage and product cards.
 */
export function visibleHomeActions(
  role: Role,
  configuredActions: readonly string[],
  actions: readonly HomeAction[] = HOME_ACTIONS,
): HomeAction[] {
  const allowed = actions.filter((action) => role === 'ADMIN' || action.roles.includes(role));
  const configured = new Set(configuredActions.map((key) => key.trim().toLowerCase()));
  if (configured.size > 0) return allowed.filter((action) => configured.has(action.key));
  if (role === 'BALCONISTA') {
    const defaults = new Set<HomeActionKey>(BALCONISTA_DEFAULT_ACTIONS);
    return allowed.filter((action) => defaults.has(action.key));
  }
  return allowed;
}

/**
 * The home cards a signed-in user is offered: the role's visible cards (above) whose route the user may also
 * enter. A user without a role row (labelled BALCONISTA, no permissions) therefore gets none and sees
 * 'Permissões Limitadas' until an administrator assigns a role.
 */
export function permittedHomeActions(
  subject: AccessSubject,
  configuredActions: readonly string[],
  actions: readonly HomeAction[] = HOME_ACTIONS,
): HomeAction[] {
  // deviation: spec §6 decides the cards by role and configured actions only ("a BALCONISTA with none
  // configured sees only the shortage launch and product catalogue cards"). We also drop a card whose route
  // the user cannot open, because its 'Acessar' button would only lead to /unauthorized: e.g. a BALCONISTA
  // whose role lost MANAGE_PRODUCTS, or a self-registered user without a role. With the seeded permissions
  // every role gets exactly the spec's cards (BALCONISTA: the two), as the unit and e2e tests check.
  return visibleHomeActions(subject.role, configuredActions, actions).filter((action) =>
    canAccessRoute(subject, ROUTE_ACCESS[action.path]),
  );
}
