import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import { useSingleFlightMutation } from '@/hooks/use-single-flight-mutation';
import { importErrorMessage, importMessages, importSummary } from '@/features/imports/messages';
import { supabase } from '@/lib/supabase';
import { importKeys, importMutations } from '@/features/imports/api/keys';
import type { ColumnMapping, ImportKind, ImportRecord } from '@/features/imports/mapping';

const summarySchema = z.object({
  /** null on a dry run (nothing recorded) */
  import_run_id: z.nullable(z.string()),
  dry_run: z.boolean(),
  total: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  errors: z.array(z.object({ row: z.number(), errors: z.array(z.string()) })),
  /** Rows imported anyway but worth a look (duplicates in the file or of an open shortage). */
  warnings: z.array(z.object({ row: z.number(), warnings: z.array(z.string()) })),
});
export type ImportSummary = z.infer<typeof summarySchema>;

export interface ImportRowsInput {
  kind: ImportKind;
  fileName: string;
  records: ImportRecord[];
}

export interface ImportRequest extends ImportRowsInput {
  /** The client's id for this import: a repeated call with it (a retry, a second click) returns the first summary. */
  requestId: string;
}

/**
 * One transaction on the server: valid rows inserted, the run and its rejected rows recorded. With `dryRun`
 * the database validates every row the same way (products, barcodes, duplicates) and writes nothing. The same rows
 * imported for the unit in the last ten minutes are refused, naming that run (isRepeatedImport).
 */
export async function importRows(
  { kind, fileName, records, requestId }: ImportRowsInput & { requestId?: string },
  dryRun = false,
  signal?: AbortSignal,
): Promise<ImportSummary> {
  const args = { p_file_name: fileName, p_rows: records, p_dry_run: dryRun, ...(requestId ? { p_request_id: requestId } : {}) };
  let call = kind === 'shortages' ? supabase.rpc('import_shortages', args) : supabase.rpc('import_products', args);
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return summarySchema.parse(data);
}

/** The rows to check and what they were mapped from: `records` is applyMapping(kind, the loaded file's rows, mapping). */
export interface ImportPreviewInput extends ImportRowsInput {
  /** Which load of a file the records come from (a counter the page bumps on every file it reads). */
  fileLoad: number;
  mapping: ColumnMapping;
}

export function importPreviewQueryOptions({ kind, fileName, fileLoad, mapping, records }: ImportPreviewInput) {
  // `records` is derived from the key's file load, kind and mapping, so it need not (and, at 10k rows, should not) be in it.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- records derive from the key's file load, kind and mapping (see above)
  return queryOptions({
    queryKey: importKeys.preview(kind, fileName, fileLoad, mapping),
    queryFn: ({ signal }) => importRows({ kind, fileName, records }, true, signal),
    // The catalogue and open shortages change: validate again whenever the preview is shown anew.
    staleTime: 0,
    gcTime: 60_000,
  });
}

/** The database's verdict on every row before importing (dry run); disabled while there is nothing to check. */
export function useImportPreview(input: ImportPreviewInput, enabled: boolean) {
  return useQuery({ ...importPreviewQueryOptions(input), enabled: enabled && input.records.length > 0 });
}

export function useImportRows() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: importMutations.importRows,
    mutationFn: (input: ImportRequest) => importRows(input),
    onSuccess: (summary) =>
      toast({
        title: importMessages.importDone,
        description: importSummary(summary.accepted, summary.rejected),
        variant: summary.accepted === 0 ? 'destructive' : 'default',
      }),
    onError: (error) => toast({ title: importMessages.importError, description: importErrorMessage(error), variant: 'destructive' }),
    // The history is this feature's; the shortages, products and categories an import adds are
    // refreshed by the app layer's registry (src/app/freshness.ts).
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}
