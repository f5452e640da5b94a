import type { Role } from '@/config/permissions';

/** The signed-in user as the app sees it (spec §3 "Session user"), plus what the guards need. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The user's custom role id (user_roles); null without a role row (labelled BALCONISTA, no role permissions or menu config). */
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
