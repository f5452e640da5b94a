import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { userAdminKeys } from '@/features/users/api/keys';
import type { UserFilters, UserRow } from '@/features/users/types';

/** Rows per page of the users list. */
export const USER_PAGE_SIZE = 25;

/** One page of users, searched, filtered and counted in the database (admin_list_users). */
export async function getUsers(filters: UserFilters, signal?: AbortSignal): Promise<{ rows: UserRow[]; total: number }> {
  let call = supabase.rpc('admin_list_users', {
    ...(filters.search.trim() ? { p_search: filters.search.trim() } : {}),
    ...(filters.roleId ? { p_role_id: filters.roleId } : {}),
    ...(filters.unitId ? { p_unit_id: filters.unitId } : {}),
    ...(filters.status ? { p_status: filters.status } : {}),
    p_limit: USER_PAGE_SIZE,
    p_offset: filters.page * USER_PAGE_SIZE,
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return {
    total: Number(data[0]?.total_count ?? 0),
    rows: data.map((row) => ({
      id: row.id,
      email: row.email,
      fullName: row.full_name,
      roleId: row.role_id,
      roleName: row.role_name,
      unitId: row.unit_id,
      unitName: row.unit_name,
      requestedUnitName: row.requested_unit_name,
      supplierId: row.supplier_id,
      disabled: row.disabled,
      pending: row.pending,
      lastSignInAt: row.last_sign_in_at,
      createdAt: row.created_at,
      canManage: row.can_manage,
    })),
  };
}

export function usersQueryOptions(filters: UserFilters) {
  return queryOptions({
    queryKey: userAdminKeys.list(filters),
    queryFn: ({ signal }) => getUsers(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filters: UserFilters) {
  return useQuery(usersQueryOptions(filters));
}
