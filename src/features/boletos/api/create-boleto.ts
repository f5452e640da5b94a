import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { boletoMutations } from '@/features/boletos/api/keys';
import { announceSavedBoleto, attachToSavedBoleto, refreshAfterSave, type SaveBoletoInput } from '@/features/boletos/api/saved-boleto';
import { boletoEntryErrorMessage, boletoEntryMessages } from '@/features/boletos/messages';
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

/**
 * Enters a boleto and attaches its file (one step for the user) and says so: 'Boleto lançado', or
 * why the file was not sent; a refusal keeps everything the form holds.
 */
export function useCreateBoleto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: boletoMutations.create,
    mutationFn: async ({ write, attachment }: SaveBoletoInput) => attachToSavedBoleto((await createBoleto(write)).id, attachment),
    onSuccess: (saved, input) => announceSavedBoleto(boletoEntryMessages.created, saved, input),
    onError: (error) => toast({ title: boletoEntryMessages.createError, description: boletoEntryErrorMessage(error), variant: 'destructive' }),
    onSettled: (saved) => refreshAfterSave(queryClient, saved),
  });
}
