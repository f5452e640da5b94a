import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { boletoKeys, boletoMutations } from '@/features/boletos/api/keys';
import type { BoletoWrite } from '@/features/boletos/schemas';

/**
 * Saves a pending boleto's fields (code included). The database refuses a paid or cancelled one
 * and any unit not the caller's; a boleto the caller cannot see comes back as PGRST116.
 */
export async function updateBoleto({ id, write }: { id: string; write: BoletoWrite }): Promise<{ id: string }> {
  const { data, error } = await supabase.from('boletos').update(write).eq('id', id).select('id').single();
  if (error) throw error;
  return data;
}

/** The caller shows the toasts (the edit dialog also attaches a file after saving). */
export function useUpdateBoleto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boletoMutations.update,
    mutationFn: updateBoleto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boletoKeys.lists() }),
  });
}
