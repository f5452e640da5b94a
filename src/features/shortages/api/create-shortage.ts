import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { SHORTAGE_CREATE_ERROR, shortageErrorMessage } from '@/features/shortages/messages';
import { RECORD_CREATED } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { shortageKeys, shortageMutations } from '@/features/shortages/api/keys';
import type { ShortageWrite } from '@/features/shortages/schemas';

export type CreateShortageInput = ShortageWrite & { unit_id: string; created_by: string };

/** Inserts a shortage for the user's unit; created_by and status as the spec lists (the DB forces created_by). */
export async function createShortage(input: CreateShortageInput): Promise<string> {
  const { data, error } = await supabase
    .from('shortages')
    .insert({ ...input, status: 'PENDENTE' })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

export function useCreateShortage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shortageMutations.create,
    mutationFn: createShortage,
    onSuccess: () => toast({ title: RECORD_CREATED, description: 'A falta foi registrada.' }),
    onError: (error) => toast({ title: SHORTAGE_CREATE_ERROR, description: shortageErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shortageKeys.all }),
  });
}
