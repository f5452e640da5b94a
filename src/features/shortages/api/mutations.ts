/**
 * Shortage writes: register (with the duplicate check), edit, status update, delete with the dependency
 * check (single and bulk). Each holds the spec's toasts and invalidates the lists through the key factory.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import {
  BULK_DELETE_ERROR,
  RECORD_CREATED,
  bulkDeleteSummary,
  SHORTAGE_CREATE_ERROR,
  SHORTAGE_DELETE_ERROR,
  SHORTAGE_DELETED,
  shortageDeleteRefusedToast,
  SHORTAGE_STATUS_ERROR,
  SHORTAGE_UPDATE_ERROR,
  SHORTAGE_UPDATED,
  shortageDependencyReasons,
  shortageErrorMessage,
} from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { shortageKeys } from '@/features/shortages/api/keys';
import type { ShortageWrite } from '@/features/shortages/schemas';
import { SHORTAGE_STATUSES, type ShortageStatus } from '@/features/shortages/types';

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

export async function updateShortage({ id, values }: { id: string; values: Partial<ShortageWrite> & { status?: ShortageStatus } }): Promise<void> {
  const { error } = await supabase.from('shortages').update(values).eq('id', id).select('id').single();
  if (error) throw error;
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

export function useCreateShortage() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: createShortage,
    onSuccess: () => toast({ title: RECORD_CREATED, description: 'A falta foi registrada.' }),
    onError: (error) => toast({ title: SHORTAGE_CREATE_ERROR, description: shortageErrorMessage(error), variant: 'destructive' }),
    onSettled: invalidate,
  });
}

export function useUpdateShortage() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: updateShortage,
    onSuccess: () => toast({ title: SHORTAGE_UPDATED }),
    onError: (error) => toast({ title: SHORTAGE_UPDATE_ERROR, description: shortageErrorMessage(error), variant: 'destructive' }),
    onSettled: invalidate,
  });
}

export function useUpdateShortageStatus() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ShortageStatus }) => updateShortage({ id, values: { status } }),
    onSuccess: () => toast({ title: SHORTAGE_UPDATED }),
    onError: (error) => toast({ title: SHORTAGE_STATUS_ERROR, description: shortageErrorMessage(error), variant: 'destructive' }),
    onSettled: invalidate,
  });
}

export function useDeleteShortage() {
  const invalidate = useInvalidateLists();
  return useMutation({
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
    mutationFn: deleteShortages,
    onSuccess: ({ deleted, notDeleted }) => {
      const summary = bulkDeleteSummary(deleted, notDeleted);
      toast({ ...summary, variant: deleted === 0 ? 'destructive' : 'default' });
    },
    onError: (error) => toast({ title: BULK_DELETE_ERROR, description: shortageErrorMessage(error), variant: 'destructive' }),
    onSettled: invalidate,
  });
}
