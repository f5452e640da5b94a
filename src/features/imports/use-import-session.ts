/**
 * One import on the /importacoes screen, from the file to the result: the kind, the file read and its column
 * mapping, the rows checked in the browser and by the database's dry run, and the import itself (applied once per
 * file and mapping however often it is retried). The step components only show it.
 */
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useRequestIds } from '@/hooks/use-request-id';
import { useImportPreview, useImportRows, type ImportSummary } from '@/features/imports/api/import-rows';
import { applyMapping, detectMapping, validateRecords, type ColumnMapping, type ImportKind } from '@/features/imports/mapping';
import { importMessages, isRepeatedImport } from '@/features/imports/messages';
import { parseImportFile, type ParsedSheet } from '@/features/imports/parse';
import { rowVerdicts, verdictCounts } from '@/features/imports/preview';

/** How long the column mapping must stay unchanged before its rows go to the database's dry run. */
const MAPPING_SETTLE_MS = 300;

export function useImportSession({ unitName }: { unitName: string | null }) {
  const [kind, setKind] = useState<ImportKind>('shortages');
  const [fileName, setFileName] = useState<string | null>(null);
  /** Counts the files read, so the preview's cache tells two loads of a same-named file apart. */
  const [fileLoad, setFileLoad] = useState(0);
  const [sheet, setSheet] = useState<ParsedSheet | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [parseError, setParseError] = useState<string | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const importRows = useImportRows();
  const requests = useRequestIds();

  const records = useMemo(() => (sheet ? applyMapping(kind, sheet.rows, mapping) : []), [sheet, kind, mapping]);
  const rowErrors = useMemo(() => validateRecords(kind, records), [kind, records]);
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

  /** A file chosen (or the choice cleared): read it and guess its columns. */
  const chooseFile = async (file: File | undefined) => {
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
      setParseError(error instanceof Error ? error.message : importMessages.fileReadError);
    }
  };

  const changeKind = (next: ImportKind) => {
    setKind(next);
    setSummary(null);
    if (sheet) setMapping(detectMapping(next, sheet.headers));
  };

  /** The column a field is read from (null: not imported). */
  const mapColumn = (fieldKey: string, column: number | null) => setMapping((current) => ({ ...current, [fieldKey]: column }));

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

  return {
    kind,
    fileName,
    sheet,
    mapping,
    parseError,
    summary,
    records,
    verdicts,
    counts,
    needsUnit,
    validating,
    alreadyImported,
    /** The dry run's failure, if any (a repeated import, or the check itself failed). */
    previewError: preview.isError ? preview.error : null,
    importing: importRows.isPending,
    canImport: !importRows.isPending && !validating && !alreadyImported && records.length > 0 && !needsUnit,
    chooseFile,
    changeKind,
    mapColumn,
    submit,
  };
}

export type ImportSession = ReturnType<typeof useImportSession>;
