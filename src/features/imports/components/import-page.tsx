import { AlertTriangle, FileSpreadsheet, FileUp, Upload } from 'lucide-react';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useRequestIds } from '@/hooks/use-request-id';
import { formatNumber } from '@/lib/dates';
import { useImportPreview, useImportRows, type ImportSummary } from '@/features/imports/api/import-rows';
import { ImportHistory } from '@/features/imports/components/import-history';
import { applyMapping, detectMapping, IMPORT_FIELDS, validateRecords, type ColumnMapping, type ImportKind } from '@/features/imports/mapping';
import { parseImportFile, type ParsedSheet } from '@/features/imports/parse';
import { rowVerdicts, verdictCounts } from '@/features/imports/preview';
import { importErrorMessage, isRepeatedImport } from '@/features/imports/messages';

const NOT_MAPPED = 'none';
const PREVIEW_LIMIT = 200;
/** How long the column mapping must stay unchanged before its rows go to the database's dry run. */
const MAPPING_SETTLE_MS = 300;

interface ImportPageProps {
  canImportProducts: boolean;
  unitName: string | null;
  homePath: string;
}

export function ImportPage({ canImportProducts, unitName, homePath }: ImportPageProps) {
  const [kind, setKind] = useState<ImportKind>('shortages');
  const [fileName, setFileName] = useState<string | null>(null);
  /** Counts the files read, so the preview's cache tells two loads of a same-named file apart. */
  const [fileLoad, setFileLoad] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const [sheet, setSheet] = useState<ParsedSheet | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [parseError, setParseError] = useState<string | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const importRows = useImportRows();
  const requests = useRequestIds();

  const records = useMemo(() => (sheet ? applyMapping(kind, sheet.rows, mapping) : []), [sheet, kind, mapping]);
  const rowErrors = useMemo(() => validateRecords(kind, records), [kind, records]);
  const fields = IMPORT_FIELDS[kind];
  const needsUnit = kind === 'shortages' && !unitName;
  // The database checks every row without writing (dry run) before the user confirms; while the user is still
  // picking columns, it waits for the mapping to settle rather than sending every row on each click.
  const checksRows = sheet !== null && fileName !== null && !needsUnit && summary === null;
  const mappingSettled = useDebouncedValue(mapping, MAPPING_SETTLE_MS) === mapping;
  const preview = useImportPreview({ kind, fileName: fileName ?? '', fileLoad, mapping, records }, checksRows && mappingSettled);
  const verdicts = useMemo(() => rowVerdicts(rowErrors, preview.data), [rowErrors, preview.data]);
  const counts = verdictCounts(verdicts);
  const validating = preview.isFetching || (checksRows && !mappingSettled);
  // The same rows were imported for the unit a few minutes ago: the database names that run, and importing is refused.
  const alreadyImported = preview.isError && isRepeatedImport(preview.error);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setSummary(null);
    setParseError(null);
    if (!file) return;
    try {
      const parsed = await parseImportFile(file);
      setFileName(file.name);
      setFileLoad((count) => count + 1);
      setSheet(parsed);
      setMapping(detectMapping(kind, parsed.headers));
    } catch (error) {
      setSheet(null);
      setFileName(null);
      setParseError(error instanceof Error ? error.message : 'Não foi possível ler o arquivo');
    }
  };

  const changeKind = (next: ImportKind) => {
    setKind(next);
    setSummary(null);
    if (sheet) setMapping(detectMapping(next, sheet.headers));
  };

  const submit = () => {
    if (!fileName || records.length === 0) return;
    // Every row goes to the server (which re-validates and records the rejected ones in the history). The request id
    // stays the same for this file and mapping until it succeeds, so a retry after a lost answer imports nothing twice.
    const requestId = requests.idFor(JSON.stringify([kind, fileName, fileLoad, mapping]));
    importRows.mutate(
      { kind, fileName, records, requestId },
      {
        onSuccess: (result) => {
          requests.done();
          setSummary(result);
          setSheet(null);
        },
      },
    );
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Histórico de Importações</h1>
        <p className="text-muted-foreground">Importe faltas{canImportProducts ? ' ou produtos' : ''} de planilhas CSV ou XLSX e consulte as importações anteriores.</p>
      </header>

      <section className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm" aria-labelledby="import-title">
        <h2 id="import-title" className="text-lg font-medium">
          Nova importação
        </h2>
        <div className="flex flex-wrap items-end gap-4">
          <div className="grid gap-2">
            <Label htmlFor="import-kind">Tipo de importação</Label>
            <Select value={kind} onValueChange={(value) => changeKind(value as ImportKind)}>
              <SelectTrigger id="import-kind" className="w-48" aria-label="Tipo de importação">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="shortages">Faltas</SelectItem>
                {canImportProducts ? <SelectItem value="products">Produtos</SelectItem> : null}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="import-file">Arquivo (.csv ou .xlsx)</Label>
            {/* The browser's own file button speaks the browser's language; this one always speaks Portuguese. */}
            <div className="flex items-center gap-3">
              <input
                ref={fileInput}
                id="import-file"
                type="file"
                accept=".csv,.txt,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                className="peer sr-only"
                onChange={(event) => void onFile(event)}
              />
              <Button
                type="button"
                variant="outline"
                tabIndex={-1}
                aria-hidden="true"
                className="peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50"
                onClick={() => fileInput.current?.click()}
              >
                <FileUp />
                Selecionar arquivo
              </Button>
              <span className="max-w-56 truncate text-sm text-muted-foreground">{fileName ?? 'Nenhum arquivo selecionado'}</span>
            </div>
          </div>
          {kind === 'shortages' && unitName ? (
            <p className="text-sm text-muted-foreground">
              Unidade: <span className="font-medium text-foreground">{unitName}</span>
            </p>
          ) : null}
        </div>
        {needsUnit ? (
          <p role="alert" className="flex items-center gap-2 rounded-md bg-warning px-3 py-2 text-sm text-warning-foreground">
            <AlertTriangle aria-hidden="true" className="size-4" />
            Para importar faltas, escolha sua unidade na{' '}
            <Link to={homePath} className="underline">
              página inicial
            </Link>
            .
          </p>
        ) : null}
        {parseError ? (
          <p role="alert" className="text-sm text-destructive">
            {parseError}
          </p>
        ) : null}

        {sheet ? (
          <>
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-medium">Mapeamento de colunas</legend>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {fields.map((field) => (
                  <div key={field.key} className="grid gap-1.5">
                    <Label htmlFor={`map-${field.key}`}>{field.label}</Label>
                    <Select
                      value={mapping[field.key] == null ? NOT_MAPPED : String(mapping[field.key])}
                      onValueChange={(value) => setMapping((m) => ({ ...m, [field.key]: value === NOT_MAPPED ? null : Number(value) }))}
                    >
                      <SelectTrigger id={`map-${field.key}`} aria-label={`Coluna de ${field.label}`}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NOT_MAPPED}>Não importar</SelectItem>
                        {sheet.headers.map((header, index) => (
                          <SelectItem key={index} value={String(index)}>
                            {header}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </div>
                ))}
              </div>
            </fieldset>

            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm" aria-live="polite" aria-busy={validating}>
                <FileSpreadsheet aria-hidden="true" className="mr-1 inline size-4" />
                {validating ? (
                  `${fileName}: ${formatNumber(records.length)} linha(s), validando no banco de dados...`
                ) : (
                  <>
                    {fileName}: {formatNumber(records.length)} linha(s), {formatNumber(counts.valid)} válida(s),{' '}
                    <span className={counts.invalid > 0 ? 'font-medium text-destructive' : ''}>{formatNumber(counts.invalid)} com erro(s)</span>
                    {counts.withWarnings > 0 ? (
                      <span className="text-warning-foreground">, {formatNumber(counts.withWarnings)} com aviso(s)</span>
                    ) : null}
                  </>
                )}
              </p>
              <Button onClick={submit} disabled={importRows.isPending || validating || alreadyImported || records.length === 0 || needsUnit}>
                <Upload aria-hidden="true" />
                Importar
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              As linhas com erro não são importadas e ficam registradas no histórico para download. Linhas com aviso são importadas.
            </p>
            {alreadyImported ? (
              <p role="alert" className="text-sm text-destructive">
                {importErrorMessage(preview.error)}
              </p>
            ) : preview.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Não foi possível validar as linhas no banco de dados ({importErrorMessage(preview.error)}). A importação ainda valida cada linha.
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
        ) : null}

        {summary ? (
          <Card role="status" className="border-primary/40">
            <CardHeader>
              <CardTitle>Resultado da importação</CardTitle>
              <CardDescription>
                {formatNumber(summary.total)} linha(s) no arquivo: {formatNumber(summary.accepted)} importada(s), {formatNumber(summary.rejected)}{' '}
                rejeitada(s).
              </CardDescription>
              {summary.errors.length > 0 ? (
                <ul className="mt-2 grid gap-1 text-sm text-destructive">
                  {summary.errors.slice(0, 20).map((e) => (
                    <li key={e.row}>
                      Linha {e.row}: {e.errors.join('; ')}
                    </li>
                  ))}
                </ul>
              ) : null}
              {summary.warnings.length > 0 ? (
                <ul className="mt-2 grid gap-1 text-sm text-warning-foreground" aria-label="Avisos">
                  {summary.warnings.slice(0, 20).map((w) => (
                    <li key={w.row}>
                      Linha {w.row} (importada): {w.warnings.join('; ')}
                    </li>
                  ))}
                </ul>
              ) : null}
            </CardHeader>
          </Card>
        ) : null}
      </section>

      <section className="grid gap-3" aria-labelledby="history-title">
        <h2 id="history-title" className="text-lg font-medium">
          Importações anteriores
        </h2>
        <ImportHistory />
      </section>
      {/* A loaded sheet not yet imported is work the user would lose. */}
      <UnsavedChangesGuard when={sheet !== null || importRows.isPending} />
    </div>
  );
}
