import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { boletoKeys, boletoMutations } from '@/features/boletos/api/keys';
import type { BoletoWrite } from '@/features/boletos/schemas';
import type { Database } from '@/types/database.types';

/**
 * The generated insert type requires kind and linha_digitavel (not null, no default), but the
 * before-write trigger derives both from the barcode and the column grant refuses them from users.
 */
type BoletoInsert = Database['public']['Tables']['boletos']['Insert'];

/**
 * Enters a boleto (the columns the form writes; the database derives kind, linha digitável, bank,
 * status, author, time and alerts, and refuses a wrong code or a unit not the caller's). Returns
 * its id, the folder of its attachments.
 */
export async function createBoleto(write: BoletoWrite): Promise<{ id: string }> {
  const { data, error } = await supabase.from('boletos').insert(write as BoletoInsert).select('id').single();
  if (error) throw error;
  return data;
}

/** The caller shows the toasts: saving and attaching are one step for the user. */
export function useCreateBoleto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boletoMutations.create,
    mutationFn: createBoleto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boletoKeys.lists() }),
  });
}
