import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { shortageErrorMessage, shortageMessages } from '@/features/shortages/messages';
import { supabase } from '@/lib/supabase';
import { readShortage, SHORTAGE_SELECT } from '@/features/shortages/api/get-shortages';
import { shortageKeys, shortageMutations } from '@/features/shortages/api/keys';
import type { ShortageWrite } from '@/features/shortages/schemas';
import type { Shortage, ShortageFilters, ShortageStatus } from '@/features/shortages/types';

export type ShortageChange = Partial<ShortageWrite> & { status?: ShortageStatus };

/** Updates one shortage and returns the row as the database stored it (with product, group, unit and creator). */
export async function updateShortage({ id, values }: { id: string; values: ShortageChange }): Promise<Shortage> {
  const { data, error } = await supabase.from('shortages').update(values).eq('id', id).select(SHORTAGE_SELECT).single();
  if (error) throw error;
  return readShortage(data);
}

/** The loaded pages of a list with `row` in place of the shortage of the same id; the same object when it is not there. */
export function withUpdatedShortage(data: InfiniteData<Shortage[], unknown>, row: Shortage): InfiniteData<Shortage[], unknown> {
  if (!data.pages.some((page) => page.some((shortage) => shortage.id === row.id))) return data;
  return { ...data, pages: data.pages.map((page) => page.map((shortage) => (shortage.id === row.id ? row : shortage))) };
}

/**
 * Whether a change to these fields can move a shortage into or out of a list with these filters: a status change
 * under a status filter, a product or observation change under a text search (which matches product name, barcode and
 * observation). Units and creation dates, the other filters, are never edited.
 */
export function changeCanMoveRow(filters: ShortageFilters, values: ShortageChange): boolean {
  const changed = (field: keyof ShortageChange) => values[field] !== undefined;
  return (changed('status') && filters.status !== 'ALL') || ((changed('product_id') || changed('observation')) && filters.text.trim() !== '');
}

/**
 * After an edit or a status change: the row the server returned replaces the cached one in every loaded list (no
 * refetch of all the loaded pages), counts are refreshed, and a list is refetched only where the change can move the
 * row into or out of its filter.
 */
export async function settleUpdatedShortage(queryClient: QueryClient, row: Shortage, values: ShortageChange): Promise<void> {
  queryClient.setQueriesData<InfiniteData<Shortage[], unknown>>({ queryKey: shortageKeys.lists() }, (data) => (data ? withUpdatedShortage(data, row) : data));
  queryClient.setQueryData<Shortage | null>(shortageKeys.detail(row.id), (cached) => (cached === undefined ? undefined : row));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: shortageKeys.counts() }),
    queryClient.invalidateQueries({
      queryKey: shortageKeys.lists(),
      predicate: (query) => {
        const filters = query.queryKey[2] as ShortageFilters | undefined;
        return filters === undefined || changeCanMoveRow(filters, values);
      },
    }),
  ]);
}

export function useUpdateShortage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shortageMutations.update,
    mutationFn: updateShortage,
    onSuccess: (row, { values }) => {
      toast({ title: shortageMessages.shortageUpdated });
      return settleUpdatedShortage(queryClient, row, values);
    },
    // The row may have changed or vanished meanwhile: read everything again.
    onError: (error) => {
      toast({ title: shortageMessages.shortageUpdateError, description: shortageErrorMessage(error), variant: 'destructive' });
      return queryClient.invalidateQueries({ queryKey: shortageKeys.all });
    },
  });
}
