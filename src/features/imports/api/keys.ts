import type { ColumnMapping, ImportKind } from '@/features/imports/mapping';

/** Query keys of the imports feature. */
export const importKeys = {
  all: ['imports'] as const,
  runs: () => [...importKeys.all, 'runs'] as const,
  rejections: (runId: string) => [...importKeys.all, 'rejections', runId] as const,
  /**
   * The database's validation of a file's rows (dry run). Keyed on what the rows derive from, not on the rows (up to
   * 10,000 of them, hashed on every render): the loaded file (`fileLoad` counts loads, so re-picking a file checks it
   * again), the import kind and the column mapping.
   */
  preview: (kind: ImportKind, fileName: string, fileLoad: number, mapping: ColumnMapping) =>
    [...importKeys.all, 'preview', kind, fileName, fileLoad, mapping] as const,
};

/** Keys of the import writes (see src/app/freshness.ts for what an import refreshes elsewhere). */
export const importMutations = {
  importRows: ['imports', 'mutation', 'import-rows'] as const,
};
