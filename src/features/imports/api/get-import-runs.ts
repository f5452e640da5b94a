import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { profileNames, UNKNOWN_USER } from '@/lib/profiles';
import { supabase } from '@/lib/supabase';
import { importKeys } from '@/features/imports/api/keys';

const runSchema = z.object({
  id: z.string(),
  kind: z.enum(['shortages', 'products']),
  file_name: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  rows_total: z.number(),
  rows_accepted: z.number(),
  rows_rejected: z.number(),
  unit: z.nullable(z.object({ name: z.string() })),
});
export type ImportRun = z.infer<typeof runSchema> & { creatorName: string };

/** Import history (RLS: own unit's and own runs; admins all), newest first, with creator names. */
export async function getImportRuns(signal?: AbortSignal): Promise<ImportRun[]> {
  let query = supabase
    .from('import_runs')
    .select('id, kind, file_name, created_by, created_at, rows_total, rows_accepted, rows_rejected, unit:store_units(name)')
    .order('created_at', { ascending: false })
    .limit(500);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const runs = z.array(runSchema).parse(data);
  const names = await profileNames(runs.map((r) => r.created_by), signal);
  return runs.map((run) => ({ ...run, creatorName: names.get(run.created_by) ?? UNKNOWN_USER }));
}

export function importRunsQueryOptions() {
  return queryOptions({ queryKey: importKeys.runs(), queryFn: ({ signal }) => getImportRuns(signal) });
}

export function useImportRuns() {
  return useQuery(importRunsQueryOptions());
}

const rejectionSchema = z.object({ row_number: z.number(), data: z.unknown(), errors: z.array(z.string()) });
export type ImportRejection = z.infer<typeof rejectionSchema>;

/** The rejected rows of one run, in file order. */
export async function getImportRejections(runId: string): Promise<ImportRejection[]> {
  const { data, error } = await supabase
    .from('import_run_rejections')
    .select('row_number, data, errors')
    .eq('import_run_id', runId)
    .order('row_number');
  if (error) throw error;
  return z.array(rejectionSchema).parse(data);
}
