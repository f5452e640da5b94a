import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { boletoMutations } from '@/features/boletos/api/keys';
import { announceSavedBoleto, attachToSavedBoleto, refreshAfterSave, type SaveBoletoInput } from '@/features/boletos/api/saved-boleto';
import { boletoEntryErrorMessage, boletoEntryMessages } from '@/features/boletos/messages';
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

/** Saves a pending boleto, attaches a new file if one was chosen, and says so ('Boleto atualizado'). */
export function useUpdateBoleto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boletoMutations.update,
    mutationFn: async ({ id, ...input }: SaveBoletoInput & { id: string }) => attachToSavedBoleto((await updateBoleto({ id, write: input.write })).id, input.attachment),
    onSuccess: (saved, input) => announceSavedBoleto(boletoEntryMessages.updated, saved, input),
    onError: (error) => toast({ title: boletoEntryMessages.updateError, description: boletoEntryErrorMessage(error), variant: 'destructive' }),
    onSettled: (saved) => refreshAfterSave(queryClient, saved),
  });
}
