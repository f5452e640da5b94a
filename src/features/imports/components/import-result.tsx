import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ImportSummary } from '@/features/imports/api/import-rows';
import { importResultLine } from '@/features/imports/messages';

/** Step 4: what the database imported and rejected (the rejected rows stay in the history for download). */
export function ImportResult({ summary }: { summary: ImportSummary }) {
  return (
    <Card role="status" className="border-primary/40">
      <CardHeader>
        <CardTitle>Resultado da importação</CardTitle>
        <CardDescription>{importResultLine(summary.total, summary.accepted, summary.rejected)}</CardDescription>
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
  );
}
