import { Download, History } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime, formatNumber } from '@/lib/dates';
import { cell, downloadCsvTable } from '@/lib/spreadsheet/write';
import { getImportRejections, useImportRuns, type ImportRun } from '@/features/imports/api/get-import-runs';
import { IMPORT_FIELDS } from '@/features/imports/mapping';
import { importErrorMessage, importMessages } from '@/features/imports/messages';

async function downloadRejections(run: ImportRun) {
  try {
    const rejections = await getImportRejections(run.id);
    const fields = IMPORT_FIELDS[run.kind];
    const rows = rejections.map((r) => {
      const data = (r.data && typeof r.data === 'object' ? r.data : {}) as Record<string, unknown>;
      // The file's own values stay text (a barcode is not a number); the row number is a number.
      return [cell.number(r.row_number), ...fields.map((f) => (data[f.key] == null ? null : cell.text(String(data[f.key])))), cell.text(r.errors.join(' | '))];
    });
    // A plain table, no title block: the rows are meant to be fixed and imported again.
    downloadCsvTable(['Linha', ...fields.map((f) => f.label), 'Erros'], rows, `rejeitadas-${run.file_name.replace(/\.[^.]+$/, '')}.csv`);
  } catch {
    toast({ title: importMessages.rejectedRowsDownloadError, variant: 'destructive' });
  }
}

/** Every import visible to the user: file, who, unit, when, accepted and rejected rows. */
export function ImportHistory() {
  const runs = useImportRuns();
  if (runs.isPending) {
    return (
      <div className="grid gap-2" aria-hidden="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (runs.isError) {
    return <LoadError message={importMessages.importHistoryLoadError} detail={importErrorMessage(runs.error)} onRetry={() => void runs.refetch()} />;
  }
  if (runs.data.length === 0) {
    return (
      <Card>
        <CardHeader className="flex-row items-center gap-3">
          <History aria-hidden="true" className="size-6 text-muted-foreground" />
          <CardDescription className="text-base">Nenhuma importação realizada.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return (
    <div className="rounded-lg border bg-card">
      <Table aria-label="Histórico de importações">
        <TableHeader>
          <TableRow>
            <TableHead>Arquivo</TableHead>
            <TableHead>Tipo</TableHead>
            <TableHead>Usuário</TableHead>
            <TableHead>Unidade</TableHead>
            <TableHead>Data</TableHead>
            <TableHead className="text-right">Aceitas</TableHead>
            <TableHead className="text-right">Rejeitadas</TableHead>
            <TableHead className="text-right">Linhas rejeitadas</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {runs.data.map((run) => (
            <TableRow key={run.id}>
              <TableCell className="max-w-56 truncate font-medium" title={run.file_name}>
                {run.file_name}
              </TableCell>
              <TableCell>
                <Badge variant="secondary">{run.kind === 'shortages' ? 'Faltas' : 'Produtos'}</Badge>
              </TableCell>
              <TableCell>{run.creatorName}</TableCell>
              <TableCell>{run.unit?.name ?? '—'}</TableCell>
              <TableCell className="tabular-nums">{formatDateTime(run.created_at)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatNumber(run.rows_accepted)}</TableCell>
              <TableCell className={run.rows_rejected > 0 ? 'text-right font-medium text-destructive tabular-nums' : 'text-right tabular-nums'}>
                {formatNumber(run.rows_rejected)}
              </TableCell>
              <TableCell className="text-right">
                {run.rows_rejected > 0 ? (
                  <Button variant="outline" size="sm" onClick={() => void downloadRejections(run)} aria-label={`Baixar linhas rejeitadas de ${run.file_name}`}>
                    <Download aria-hidden="true" />
                    CSV
                  </Button>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
