import { UnsavedChangesGuard } from '@/components/ui/unsaved-changes-guard';
import { ImportHistory } from '@/features/imports/components/import-history';
import { ImportMappingStep } from '@/features/imports/components/import-mapping-step';
import { ImportPreviewStep } from '@/features/imports/components/import-preview-step';
import { ImportResult } from '@/features/imports/components/import-result';
import { ImportSourceStep } from '@/features/imports/components/import-source-step';
import { useImportSession } from '@/features/imports/use-import-session';

interface ImportPageProps {
  canImportProducts: boolean;
  unitName: string | null;
  homePath: string;
}

/** /importacoes: a new import, step by step (useImportSession holds it), and the previous imports. */
export function ImportPage({ canImportProducts, unitName, homePath }: ImportPageProps) {
  const session = useImportSession({ unitName });
  const { sheet, summary } = session;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Histórico de Importações</h1>
        <p className="text-muted-foreground">Importe faltas{canImportProducts ? ' ou produtos' : ''} de planilhas CSV ou XLSX e consulte as importações anteriores.</p>
      </header>

      <section className="grid grid-cols-1 gap-4 rounded-xl border bg-card p-5 shadow-sm" aria-labelledby="import-title">
        <h2 id="import-title" className="text-lg font-medium">
          Nova importação
        </h2>
        <ImportSourceStep session={session} canImportProducts={canImportProducts} unitName={unitName} homePath={homePath} />
        {sheet ? (
          <>
            <ImportMappingStep session={session} headers={sheet.headers} />
            <ImportPreviewStep session={session} />
          </>
        ) : null}
        {summary ? <ImportResult summary={summary} /> : null}
      </section>

      <section className="grid grid-cols-1 gap-3" aria-labelledby="history-title">
        <h2 id="history-title" className="text-lg font-medium">
          Importações anteriores
        </h2>
        <ImportHistory />
      </section>
      {/* A loaded sheet not yet imported is work the user would lose. */}
      <UnsavedChangesGuard when={sheet !== null || session.importing} />
    </div>
  );
}
