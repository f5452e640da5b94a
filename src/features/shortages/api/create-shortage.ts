import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';
import { shortageErrorMessage, shortageMessages } from '@/features/shortages/messages';
import { codeOf, constraintOf } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { shortageKeys, shortageMutations } from '@/features/shortages/api/keys';
import type { ShortageWrite } from '@/features/shortages/schemas';

/** request_id: the client's id for this registration, unique per creator in the database. */
export type CreateShortageInput = ShortageWrite & { unit_id: string; created_by: string; request_id?: string };

/** The unique index that refuses a second row with the same creator and request id. */
const REQUEST_ID_KEY = 'shortages_created_by_request_id_key';

/**
 * Inserts a shortage for the user's unit; created_by and status as the spec lists (the DB forces created_by). A retry
 * of a registration that reached the database (its answer lost) is refused by the request id's unique index, and the
 * row the first attempt created is returned instead of a second one.
 */
export async function createShortage(input: CreateShortageInput): Promise<string> {
  const { data, error } = await supabase
    .from('shortages')
    .insert({ ...input, status: 'PENDENTE' })
    .select('id')
    .single();
  if (error && input.request_id && codeOf(error) === '23505' && constraintOf(error).includes(REQUEST_ID_KEY)) {
    const first = await supabase.from('shortages').select('id').eq('created_by', input.created_by).eq('request_id', input.request_id).single();
    if (first.error) throw first.error;
    return first.data.id;
  }
  if (error) throw error;
  return data.id;
}

export function useCreateShortage() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: shortageMutations.create,
    mutationFn: createShortage,
    onSuccess: () => toast({ title: shortageMessages.shortageCreated }),
    onError: (error) => toast({ title: shortageMessages.shortageCreateError, description: shortageErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shortageKeys.all }),
  });
}
