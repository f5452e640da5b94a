import { lookupSignal } from '@/lib/network';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database.types';
import { shortageStatusOf, type ShortageStatus } from '@/features/shortages/types';

export type OpenShortage = Pick<Tables<'shortages'>, 'id' | 'requested_quantity' | 'created_at' | 'batch_id'> & { status: ShortageStatus };

/** Open (not yet ENTREGUE, in a batch or not) shortages of the product in the caller's unit, newest first (find_open_shortage). */
export async function findOpenShortage(productId: string, unitId: string | null, signal?: AbortSignal): Promise<OpenShortage[]> {
  const { data, error } = await supabase
    .rpc('find_open_shortage', unitId ? { p_product_id: productId, p_unit_id: unitId } : { p_product_id: productId })
    .abortSignal(lookupSignal(signal));
  if (error) throw error;
  return data.map(({ id, requested_quantity, created_at, batch_id, status }) => ({ id, requested_quantity, created_at, batch_id, status: shortageStatusOf(status) }));
}
