/**
 * How /usuarios names roles and permissions: by their Portuguese labels, never by the codes the access
 * check compares (BALCONISTA_II, MANAGE_REMESSA). The codes stay in a tooltip, for administrators only.
 * Role labels come from `config/permissions.ts` (the sidebar and home show them too); permission labels
 * are defined here, the one place a permission's short name is written. A permission an administrator
 * added to the catalogue without a label reads as its description.
 */
import { PERMISSION_NAMES, ROLE_LABELS, ROLES, type Permission, type Role } from '@/config/permissions';

export const PERMISSION_LABELS: Record<Permission, string> = {
  MANAGE_USERS: 'Gerenciar usuários',
  MANAGE_ROLES: 'Gerenciar perfis de acesso',
  MANAGE_UNITS: 'Gerenciar unidades',
  ADMIN_ACCESS: 'Acesso administrativo',
  MANAGE_PRODUCTS: 'Gerenciar produtos',
  CREATE_SHORTAGES: 'Lançar faltas',
  MANAGE_REMESSA: 'Gerenciar remessas',
  MANAGE_QUOTES: 'Gerenciar cotações',
  MANAGE_ORDERS: 'Gerenciar pedidos de compra',
  VIEW_REPORTS: 'Ver relatórios',
  MANAGE_BOLETOS: 'Gerenciar boletos',
  MANAGE_DOCUMENTS: 'Gerenciar documentos',
  PUNCH_CLOCK_ACCESS: 'Registrar ponto',
  PUNCH_VIEW_OWN: 'Ver o próprio ponto',
  PUNCH_VIEW_ALL: 'Ver o ponto de todos',
  PUNCH_MANAGE: 'Gerenciar o ponto',
};

function isPermission(name: string): name is Permission {
  return (PERMISSION_NAMES as readonly string[]).includes(name);
}

function isRole(name: string): name is Role {
  return (ROLES as readonly string[]).includes(name);
}

/** 'MANAGE_REMESSA' → 'Gerenciar remessas'; an unknown code → its description, else the code itself. */
export function permissionLabel(name: string, description?: string | null): string {
  const code = name.toUpperCase();
  if (isPermission(code)) return PERMISSION_LABELS[code];
  return description?.trim() || name;
}

/**
 * 'BALCONISTA_II' → 'Balconista II' (the role name uppercased is the role, as the access check reads it);
 * a custom role's own name ('Gerente de loja') is already a label and shows as typed.
 */
export function roleLabel(name: string): string {
  const code = name.toUpperCase();
  return isRole(code) ? ROLE_LABELS[code] : name;
}

/** The tooltip with a code: only administrators see codes; everyone else gets none. */
export function codeHint(code: string, showCodes: boolean): string | undefined {
  return showCodes ? `Código: ${code}` : undefined;
}
