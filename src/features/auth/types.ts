import type { Role } from '@/config/permissions';

/** The signed-in user as the app sees it (spec §3 "Session user"), plus what the guards need. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The user's custom role id; for a user without a role row, the BALCONISTA role's id when readable. */
  roleId: string | null;
  unitId: string | null;
  unitName: string | null;
  /** Role permissions ∪ user permissions, deduplicated, as stored (case preserved). */
  permissions: string[];
  /** The role's configured visible menu paths; empty means all. */
  visibleMenuPaths: string[];
}

export interface StoreUnit {
  id: string;
  name: string;
  address: string | null;
}
