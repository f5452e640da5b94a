import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { userAdminKeys } from '@/features/users/api/keys';
import type { UserAccess } from '@/features/users/types';

/** The units a user may work in and their direct permissions, for the edit dialog. */
export async function getUserAccess(userId: string, signal?: AbortSignal): Promise<UserAccess> {
  let units = supabase.from('user_units').select('unit_id').eq('user_id', userId);
  let permissions = supabase.from('user_permissions').select('permission_id').eq('user_id', userId);
  if (signal) {
    units = units.abortSignal(signal);
    permissions = permissions.abortSignal(signal);
  }
  const [unitRows, permissionRows] = await Promise.all([units, permissions]);
  if (unitRows.error) throw unitRows.error;
  if (permissionRows.error) throw permissionRows.error;
  return { unitIds: unitRows.data.map((row) => row.unit_id), permissionIds: permissionRows.data.map((row) => row.permission_id) };
}

export function userAccessQueryOptions(userId: string) {
  return queryOptions({ queryKey: userAdminKeys.access(userId), queryFn: ({ signal }) => getUserAccess(userId, signal), staleTime: 0 });
}

export function useUserAccess(userId: string | null) {
  return useQuery({ ...userAccessQueryOptions(userId ?? ''), enabled: userId !== null });
}
