import { FileSpreadsheet, Upload } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount, formatNumber } from '@/lib/dates';
import { IMPORT_FIELDS } from '@/features/imports/mapping';
import { importErrorMessage, previewCountsLine } from '@/features/imports/messages';
import type { ImportSession } from '@/features/imports/use-import-session';

const PREVIEW_LIMIT = 200;

/** Step 3: every row as it will be imported, with the browser's and the database's verdicts, and 'Importar'. */
export function ImportPreviewStep({ session }: { session: ImportSession }) {
  const { records, verdicts, counts } = session;
  const fields = IMPORT_FIELDS[session.kind];
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" aria-live="polite" aria-busy={session.validating}>
          <FileSpreadsheet aria-hidden="true" className="mr-1 inline size-4" />
          {session.validating ? (
            `${session.fileName}: ${formatCount(records.length, 'linha', 'linhas')}, validando no banco de dados...`
          ) : (
            <>
              {session.fileName}: {previewCountsLine(records.length, counts.valid)},{' '}
              <span className={counts.invalid > 0 ? 'font-medium text-destructive' : ''}>{formatNumber(counts.invalid)} com erro</span>
              {counts.withWarnings > 0 ? <span className="text-warning-foreground">, {formatNumber(counts.withWarnings)} com aviso</span> : null}
            </>
          )}
        </p>
        <Button onClick={session.submit} disabled={!session.canImport}>
          <Upload aria-hidden="true" />
          Importar
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        As linhas com erro não são importadas e ficam registradas no histórico para download. Linhas com aviso são importadas.
      </p>
      {session.alreadyImported ? (
        <p role="alert" className="text-sm text-destructive">
          {importErrorMessage(session.previewError)}
        </p>
      ) : session.previewError !== null ? (
        <p role="alert" className="text-sm text-destructive">
          Não foi possível validar as linhas no banco de dados ({importErrorMessage(session.previewError)}). A importação ainda valida cada linha.
        </p>
      ) : null}

      <div className="max-h-96 overflow-auto rounded-md border">
        <Table aria-label="Pré-visualização">
          <TableHeader>
            <TableRow>
              <TableHead>Linha</TableHead>
              {fields.map((field) => (
                <TableHead key={field.key} className="whitespace-normal">
                  {field.label}
                </TableHead>
              ))}
              <TableHead>Situação</TableHead>
              <TableHead>Erros e avisos</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {records.slice(0, PREVIEW_LIMIT).map((record, index) => {
              const { errors, warnings } = verdicts[index] ?? { errors: [], warnings: [] };
              const state = errors.length > 0 ? 'erro' : warnings.length > 0 ? 'aviso' : 'válida';
              return (
                <TableRow
                  key={index}
                  data-state={state}
                  className={errors.length > 0 ? 'bg-destructive/5' : warnings.length > 0 ? 'bg-warning/40' : undefined}
                >
                  <TableCell className="tabular-nums">{index + 1}</TableCell>
                  {fields.map((field) => (
                    <TableCell key={field.key} className="max-w-48 truncate">
                      {record[field.key] ?? ''}
                    </TableCell>
                  ))}
                  <TableCell>
                    <Badge variant={errors.length > 0 ? 'destructive' : 'secondary'}>
                      {errors.length > 0 ? 'Erro' : warnings.length > 0 ? 'Válida, com aviso' : 'Válida'}
                    </Badge>
                  </TableCell>
                  <TableCell className="min-w-56 whitespace-normal">
                    {errors.length > 0 ? <span className="text-destructive">{errors.join('; ')}</span> : null}
                    {warnings.length > 0 ? <span className="text-warning-foreground">{warnings.join('; ')}</span> : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        {records.length > PREVIEW_LIMIT ? (
          <p className="p-2 text-xs text-muted-foreground">Mostrando as primeiras {PREVIEW_LIMIT} linhas.</p>
        ) : null}
      </div>
    </>
  );
}
