import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';

/** Thrown when there is no signed-in user (spec §5 "Creating a quote"). */
export class NotAuthenticatedError extends Error {
  constructor() {
    super('Auth session missing!');
    this.name = 'NotAuthenticatedError';
  }
}


export interface MySupplier {
  userId: string;
  supplierId: string | null;
  supplierName: string | null;
}

/** The signed-in user's supplier (profiles.supplier_id); the database decides it, never the client. */
export async function getMySupplier(signal?: AbortSignal): Promise<MySupplier> {
  const { data: session } = await supabase.auth.getSession();
  const userId = session.session?.user.id;
  if (!userId) throw new NotAuthenticatedError();
  let query = supabase.from('profiles').select('supplier_id, suppliers(name)').eq('id', userId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw error;
  const row = data;
  return { userId, supplierId: row?.supplier_id ?? null, supplierName: row?.suppliers?.name ?? null };
}

export function mySupplierQueryOptions() {
  return queryOptions({ queryKey: purchasingKeys.supplier(), queryFn: ({ signal }) => getMySupplier(signal), staleTime: Infinity });
}

export function useMySupplier() {
  return useQuery(mySupplierQueryOptions());
}
