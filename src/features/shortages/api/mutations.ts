/**
 * Shortage writes: register (with the duplicate check), edit, status update, delete with the dependency
 * check (single and bulk). Each holds the spec's toasts and refreshes the cached reads through the key factory.
 */
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import { BULK_DELETE_ERROR, bulkDeleteSummary, SHORTAGE_CREATE_ERROR, SHORTAGE_DELETE_ERROR, SHORTAGE_DELETED, shortageDeleteRefusedToast, SHORTAGE_STATUS_ERROR, SHORTAGE_UPDATE_ERROR, SHORTAGE_UPDATED, shortageDependencyReasons, shortageErrorMessage } from '@/features/shortages/messages';
import { RECORD_CREATED } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { readShortage, SHORTAGE_SELECT } from '@/features/shortages/api/get-shortages';
import { shortageKeys, shortageMutations } from '@/features/shortages/api/keys';
import type { ShortageWrite } from '@/features/shortages/schemas';
import { SHORTAGE_STATUSES, type Shortage, type ShortageFilters, type ShortageStatus } from '@/features/shortages/types';

const openShortageSchema = z.object({
  id: z.string(),
  requested_quantity: z.number(),
  created_at: z.string(),
  status: z.enum(SHORTAGE_STATUSES),
  batch_id: z.nullable(z.string()),
});
export type OpenShortage = z.infer<typeof openShortageSchema>;

/** Open (not yet ENTREGUE, in a batch or not) shortages of the product in the caller's unit, newest first (find_open_shortage). */
export async function findOpenShortage(productId: string, unitId: string | null): Promise<OpenShortage[]> {
  const { data, error } = await supabase.rpc('find_open_shortage', unitId ? { p_product_id: productId, p_unit_id: unitId } : { p_product_id: productId });
  if (error) throw error;
  return z.array(openShortageSchema).parse(data);
}

/** Inserts a shortage for the user's unit; created_by and status as the spec lists (the DB forces created_by). */
export async function createShortage(input: ShortageWrite & { unit_id: string; created_by: string }): Promise<string> {
  const { data, error } = await supabase
    .from('shortages')
    .insert({ ...input, status: 'PENDENTE' })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

export type ShortageChange = Partial<ShortageWrite> & { status?: ShortageStatus };

/** Updates one shortage and returns the row as the database stored it (with product, group, unit and creator). */
export async function updateShortage({ id, values }: { id: string; values: ShortageChange }): Promise<Shortage> {
  const { data, error } = await supabase.from('shortages').update(values).eq('id', id).select(SHORTAGE_SELECT).single();
  if (error) throw error;
  return readShortage(data);
}

const dependencySchema = z.object({
  shortage_id: z.string(),
  can_delete: z.boolean(),
  has_order_items: z.boolean(),
  has_quote_items: z.boolean(),
  in_batch: z.boolean(),
});
export type ShortageDependency = z.infer<typeof dependencySchema>;

export async function getShortageDependencies(ids: string[]): Promise<ShortageDependency[]> {
  const { data, error } = await supabase.rpc('get_shortage_dependencies', { p_shortage_ids: ids });
  if (error) throw error;
  return z.array(dependencySchema).parse(data);
}

export class DeleteRefusedError extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join(', '));
    this.name = 'DeleteRefusedError';
  }
}

/** Deletes one shortage after get_shortage_dependencies says it can be deleted. */
export async function deleteShortage(id: string): Promise<void> {
  const [deps] = await getShortageDependencies([id]);
  if (deps && !deps.can_delete) throw new DeleteRefusedError(shortageDependencyReasons(deps));
  const { error } = await supabase.from('shortages').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

/** Deletes the deletable ones among `ids`; returns how many were and were not deleted. */
export async function deleteShortages(ids: string[]): Promise<{ deleted: number; notDeleted: number }> {
  const deps = await getShortageDependencies(ids);
  const deletable = deps.filter((d) => d.can_delete).map((d) => d.shortage_id);
  if (deletable.length === 0) return { deleted: 0, notDeleted: ids.length };
  const { data, error } = await supabase.from('shortages').delete().in('id', deletable).select('id');
  if (error) throw error;
  return { deleted: data.length, notDeleted: ids.length - data.length };
}

/** Lists, counts and details: every cached read of shortages. */
function useInvalidateLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shortageKeys.all });
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
async function settleUpdatedShortage(queryClient: QueryClient, row: Shortage, values: ShortageChange): Promise<void> {
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

export function useCreateShortage() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationKey: shortageMutations.create,
    mutationFn: createShortage,
    onSuccess: () => toast({ title: RECORD_CREATED, description: 'A falta foi registrada.' }),
    onError: (error) => toast({ title: SHORTAGE_CREATE_ERROR, description: shortageErrorMessage(error), variant: 'destructive' }),
    onSettled: invalidate,
  });
}

export function useUpdateShortage() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationKey: shortageMutations.update,
    mutationFn: updateShortage,
    onSuccess: (row, { values }) => {
      toast({ title: SHORTAGE_UPDATED });
      return settleUpdatedShortage(queryClient, row, values);
    },
    // The row may have changed or vanished meanwhile: read everything again.
    onError: (error) => {
      toast({ title: SHORTAGE_UPDATE_ERROR, description: shortageErrorMessage(error), variant: 'destructive' });
      return invalidate();
    },
  });
}

export function useUpdateShortageStatus() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationKey: shortageMutations.updateStatus,
    mutationFn: ({ id, status }: { id: string; status: ShortageStatus }) => updateShortage({ id, values: { status } }),
    onSuccess: (row, { status }) => {
      toast({ title: SHORTAGE_UPDATED });
      return settleUpdatedShortage(queryClient, row, { status });
    },
    onError: (error) => {
      toast({ title: SHORTAGE_STATUS_ERROR, description: shortageErrorMessage(error), variant: 'destructive' });
      return invalidate();
    },
  });
}

export function useDeleteShortage() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationKey: shortageMutations.delete,
    mutationFn: deleteShortage,
    onSuccess: () => toast({ title: SHORTAGE_DELETED }),
    onError: (error) =>
      error instanceof DeleteRefusedError
        ? toast({ ...shortageDeleteRefusedToast(error.reasons), variant: 'destructive' })
        : toast({ title: SHORTAGE_DELETE_ERROR, description: shortageErrorMessage(error), variant: 'destructive' }),
    onSettled: invalidate,
  });
}

export function useDeleteShortages() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationKey: shortageMutations.deleteMany,
    mutationFn: deleteShortages,
    onSuccess: ({ deleted, notDeleted }) => {
      const summary = bulkDeleteSummary(deleted, notDeleted);
      toast({ ...summary, variant: deleted === 0 ? 'destructive' : 'default' });
    },
    onError: (error) => toast({ title: BULK_DELETE_ERROR, description: shortageErrorMessage(error), variant: 'destructive' }),
    onSettled: invalidate,
  });
}
