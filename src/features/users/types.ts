/** What /usuarios shows and edits (spec §3: profile, user role link, custom role, permissions, units). */

export const USER_STATUSES = ['active', 'disabled', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Ativo',
  disabled: 'Desativado',
  pending: 'Aguardando acesso',
};

/** A row of the users list (admin_list_users). */
export interface UserRow {
  id: string;
  email: string;
  fullName: string | null;
  roleId: string | null;
  roleName: string | null;
  unitId: string | null;
  unitName: string | null;
  requestedUnitName: string | null;
  supplierId: string | null;
  disabled: boolean;
  pending: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  /**
   * Whether the signed-in manager may act on this account (the database's check): only an
   * administrator acts on an administrator's account, and a manager never on their own.
   */
  canManage: boolean;
}

export interface UserFilters {
  search: string;
  roleId: string | null;
  unitId: string | null;
  status: UserStatus | null;
  page: number;
}

export const EMPTY_USER_FILTERS: UserFilters = { search: '', roleId: null, unitId: null, status: null, page: 0 };

/** A permission of the catalogue (spec §3 "Permission list entry"). */
export interface PermissionEntry {
  id: string;
  name: string;
  description: string | null;
  category: string;
  menuItems: string[];
}

/** A custom role with what it grants and shows. */
export interface RoleEntry {
  id: string;
  name: string;
  isAdmin: boolean;
  permissions: string[];
  menuPaths: string[];
  homeActions: string[];
  userCount: number;
}

export interface UnitEntry {
  id: string;
  name: string;
  address: string | null;
  /** Razão social and CNPJ (14 digits): the employer on the receipt, the espelho and the AFD. */
  legalName: string | null;
  cnpj: string | null;
  createdAt: string;
}

export interface SupplierEntry {
  id: string;
  name: string;
}

/** Everything the dialogs choose from. */
export interface AccessCatalog {
  roles: RoleEntry[];
  permissions: PermissionEntry[];
  units: UnitEntry[];
  suppliers: SupplierEntry[];
}

/** An employee's legal identifiers (get_employee_record): the CPF masked ('***.456.789-**') for who may not read it. */
export interface EmployeeRecord {
  userId: string;
  cpf: string | null;
  cpfMasked: boolean;
  admissionDate: string | null;
  jobTitle: string | null;
}

/** The access of one user as the edit dialog starts from it. */
export interface UserAccess {
  unitIds: string[];
  permissionIds: string[];
}

export interface AuditEntry {
  id: string;
  actorName: string;
  action: string;
  tableName: string;
  recordId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export interface AuditFilters {
  tableName: string | null;
  from: string;
  to: string;
  page: number;
}

/** The audit tab's period in the URL (/usuarios?aba=auditoria&de=…&ate=…). */
export const AUDIT_PARAMS = { from: 'de', to: 'ate' } as const;

/** The tabs of /usuarios (?aba=…). */
export const USER_ADMIN_TABS = ['usuarios', 'perfis', 'unidades', 'auditoria'] as const;
export type UserAdminTab = (typeof USER_ADMIN_TABS)[number];
