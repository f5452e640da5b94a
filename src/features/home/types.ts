import type { Role } from '@/config/permissions';

export interface HomeUser {
  id: string;
  name: string;
  role: Role;
  roleId: string | null;
  unitId: string | null;
  unitName: string | null;
}

export interface UnitOption {
  id: string;
  name: string;
}
