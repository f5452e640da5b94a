import type { Role } from '@/config/permissions';

export interface HomeUser {
  id: string;
  name: string;
  role: Role;
  roleId: string | null;
  /** Role ∪ user permissions: a card is offered only when its route may be entered. */
  permissions: readonly string[];
  unitId: string | null;
  unitName: string | null;
}

export interface UnitOption {
  id: string;
  name: string;
}
