import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLivePurchasing } from '@/features/purchasing/api/live-purchasing';
import { QuotesPage } from '@/features/purchasing/components/quotes-page';
import { QuoteProvider } from '@/features/purchasing/quote-provider';
import { PurchasingAssistant } from '@/app/purchasing-assistant';

/** /cotacoes: the representative's quotes (admin: every supplier's); ?cotacao={id} opens one. */
export default function QuotesRoute() {
  useDocumentTitle('Cotações');
  useLivePurchasing();
  const [params, setParams] = useSearchParams();
  return (
    <QuoteProvider>
      <QuotesPage quoteId={params.get('cotacao')} onOpenQuote={(id) => setParams(id ? { cotacao: id } : {})} />
      <PurchasingAssistant context="cotacoes" />
    </QuoteProvider>
  );
}
