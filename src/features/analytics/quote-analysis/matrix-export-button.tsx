import { useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatFileStamp } from '@/lib/dates';
import { downloadSpreadsheet, type ExportDetail } from '@/lib/spreadsheet/write';
import type { QuoteAnalysisInput } from '@/features/analytics/api/get-quote-analysis';
import { quoteMatrixQueryOptions } from '@/features/analytics/api/get-quote-matrix';
import { analyticsErrorMessage } from '@/features/analytics/messages';
import { quoteMatrixDocument } from '@/features/analytics/quote-analysis/matrix-export';
import { quoteAnalysisMessages as messages } from '@/features/analytics/quote-analysis/messages';

interface MatrixExportButtonProps {
  input: QuoteAnalysisInput;
  details: readonly ExportDetail[];
  disabled?: boolean;
}

/** 'Exportar matriz (XLSX)': the supplier × item price sheet of the filters on screen. */
export function MatrixExportButton({ input, details, disabled = false }: MatrixExportButtonProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const exportMatrix = async () => {
    setBusy(true);
    try {
      const matrix = await queryClient.fetchQuery(quoteMatrixQueryOptions(input));
      if (matrix.rows.length === 0) {
        toast({ title: messages.matrixEmpty });
        return;
      }
      const generatedAt = new Date();
      await downloadSpreadsheet(quoteMatrixDocument(matrix, details, generatedAt), `analise-cotacoes-matriz-${formatFileStamp(generatedAt)}`, 'xlsx');
      if (matrix.truncated) toast({ title: messages.matrixTruncated(String(matrix.rows.length), String(matrix.rows_total)) });
    } catch (error) {
      toast({ title: messages.matrixError, description: analyticsErrorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button type="button" variant="outline" disabled={disabled || busy} onClick={() => void exportMatrix()}>
      <FileSpreadsheet aria-hidden="true" /> {busy ? messages.exportingMatrix : messages.exportMatrix}
    </Button>
  );
}
