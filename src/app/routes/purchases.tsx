import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUrlTab } from '@/hooks/use-url-tab';
import { useLivePurchasing } from '@/features/purchasing/api/live-purchasing';
import { BatchDetail, type BatchTab } from '@/features/purchasing/components/batch-detail';
import { BatchesPage } from '@/features/purchasing/components/batches-page';
import { PurchasingAssistant } from '@/app/purchasing-assistant';

const TABS: readonly BatchTab[] = ['itens', 'comparativo', 'pedidos'];
/** Switching a batch's tab keeps the batch. */
const KEEP_BATCH = ['lote'];

/** /compras: the batch list, or one batch when ?lote={id} (tab in ?aba=itens|comparativo|pedidos). */
export default function PurchasesRoute() {
  useDocumentTitle('Compras');
  useLivePurchasing();
  const [params, setParams] = useSearchParams();
  const batchId = params.get('lote');
  const [tab, selectTab] = useUrlTab(TABS, 'itens', KEEP_BATCH);

  return (
    <>
      {batchId ? (
        <BatchDetail key={batchId} batchId={batchId} tab={tab} onTabChange={selectTab} onBack={() => setParams({})} />
      ) : (
        <BatchesPage onOpenBatch={(id) => setParams({ lote: id })} />
      )}
      <PurchasingAssistant context="compras" />
    </>
  );
}
