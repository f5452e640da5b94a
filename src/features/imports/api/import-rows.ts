import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { toast } from '@/components/ui/use-toast';
import { shortageErrorMessage } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { ImportKind, ImportRecord } from '@/features/imports/mapping';

const summarySchema = z.object({
  import_run_id: z.string(),
  total: z.number(),
  accepted: z.number(),
  rejected: z.number(),
  errors: z.array(z.object({ row: z.number(), errors: z.array(z.string()) })),
});
export type ImportSummary = z.infer<typeof summarySchema>;

export interface ImportRowsInput {
  kind: ImportKind;
  fileName: string;
  records: ImportRecord[];
}

/** One transaction on the server: valid rows inserted, the run and its rejected rows recorded. */
export async function importRows({ kind, fileName, records }: ImportRowsInput): Promise<ImportSummary> {
  const { data, error } =
    kind === 'shortages'
      ? await supabase.rpc('import_shortages', { p_file_name: fileName, p_rows: records })
      : await supabase.rpc('import_products', { p_file_name: fileName, p_rows: records });
  if (error) throw error;
  return summarySchema.parse(data);
}

export function useImportRows() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importRows,
    onSuccess: (summary) =>
      toast({
        title: 'Importação concluída',
        description: `${summary.accepted} linha(s) importada(s), ${summary.rejected} rejeitada(s).`,
        variant: summary.accepted === 0 ? 'destructive' : 'default',
      }),
    onError: (error) => toast({ title: 'Erro ao importar arquivo', description: shortageErrorMessage(error), variant: 'destructive' }),
    // Imports add shortages, products and a history run; other features' keys are not importable here
    // (no feature imports another), so refresh every cached query.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
