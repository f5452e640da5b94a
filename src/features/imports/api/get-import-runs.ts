import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileNames, UNKNOWN_USER } from '@/lib/profiles';
import { supabase } from '@/lib/supabase';
import { importKeys } from '@/features/imports/api/keys';
import type { Tables } from '@/types/database.types';

const IMPORT_KINDS = ['shortages', 'products'] as const;
type ImportKind = (typeof IMPORT_KINDS)[number];

/** A row of the history, typed from the generated database types, with the creator's name. */
export type ImportRun = Pick<Tables<'import_runs'>, 'id' | 'file_name' | 'created_by' | 'created_at' | 'rows_total' | 'rows_accepted' | 'rows_rejected'> & {
  kind: ImportKind;
  unit: Pick<Tables<'store_units'>, 'name'> | null;
  creatorName: string;
};

/** The kind column (text with a check constraint) as the union; an unknown value is schema drift, refused. */
function importKindOf(value: string): ImportKind {
  if (!(IMPORT_KINDS as readonly string[]).includes(value)) throw new Error(`Unexpected import kind ${value}`);
  return value as ImportKind;
}

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
  const names = await profileNames(data.map((r) => r.created_by), signal);
  return data.map((run) => ({ ...run, kind: importKindOf(run.kind), creatorName: names.get(run.created_by) ?? UNKNOWN_USER }));
}

export function importRunsQueryOptions() {
  return queryOptions({ queryKey: importKeys.runs(), queryFn: ({ signal }) => getImportRuns(signal) });
}

export function useImportRuns() {
  return useQuery(importRunsQueryOptions());
}

export type ImportRejection = Pick<Tables<'import_run_rejections'>, 'row_number' | 'data' | 'errors'>;

/** The rejected rows of one run, in file order. */
export async function getImportRejections(runId: string): Promise<ImportRejection[]> {
  const { data, error } = await supabase
    .from('import_run_rejections')
    .select('row_number, data, errors')
    .eq('import_run_id', runId)
    .order('row_number');
  if (error) throw error;
  return data;
}
