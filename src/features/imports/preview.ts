/** The preview's verdict per row: the database's dry run when it has answered, the file checks until then. */

export interface RowVerdict {
  errors: string[];
  warnings: string[];
}

interface ServerVerdicts {
  errors: readonly { row: number; errors: readonly string[] }[];
  warnings: readonly { row: number; warnings: readonly string[] }[];
}

/**
 * One verdict per record (index i is file row i + 1). `server` (the dry run) replaces the local format checks,
 * which it repeats, and adds what only the database knows: unknown products, names matching several products,
 * barcodes already registered, duplicates.
 */
export function rowVerdicts(localErrors: readonly (readonly string[])[], server: ServerVerdicts | undefined): RowVerdict[] {
  if (!server) return localErrors.map((errors) => ({ errors: [...errors], warnings: [] }));
  const errorsByRow = new Map(server.errors.map((e) => [e.row, e.errors]));
  const warningsByRow = new Map(server.warnings.map((w) => [w.row, w.warnings]));
  return localErrors.map((_, index) => ({
    errors: [...(errorsByRow.get(index + 1) ?? [])],
    warnings: [...(warningsByRow.get(index + 1) ?? [])],
  }));
}

export function verdictCounts(verdicts: readonly RowVerdict[]): { valid: number; invalid: number; withWarnings: number } {
  let invalid = 0;
  let withWarnings = 0;
  for (const verdict of verdicts) {
    if (verdict.errors.length > 0) invalid += 1;
    else if (verdict.warnings.length > 0) withWarnings += 1;
  }
  return { valid: verdicts.length - invalid, invalid, withWarnings };
}
