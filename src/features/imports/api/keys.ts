import type { ImportKind, ImportRecord } from '@/features/imports/mapping';

/** Query keys of the imports feature. */
export const importKeys = {
  all: ['imports'] as const,
  runs: () => [...importKeys.all, 'runs'] as const,
  rejections: (runId: string) => [...importKeys.all, 'rejections', runId] as const,
  /** The database's validation of a file's rows (dry run), per kind and mapped rows. */
  preview: (kind: ImportKind, fileName: string, records: readonly ImportRecord[]) => [...importKeys.all, 'preview', kind, fileName, records] as const,
};
