import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuoteContext, type QuoteContextValue } from '@/features/purchasing/quote-context';
import { QuotesPage } from '@/features/purchasing/components/quotes-page';
import { purchasingMessages } from '@/features/purchasing/messages';
import type { Quote } from '@/features/purchasing/types';
import { inDataRouter } from '../../../../tests/utils/data-router';

const batchExists = vi.hoisted(() => ({ value: false as boolean | undefined }));
vi.mock('@/features/purchasing/api/get-my-supplier', () => ({ useMySupplier: () => ({ data: { supplierId: 's1', supplierName: 'Distribuidora Alfa' } }) }));
vi.mock('@/features/purchasing/api/get-open-batches', () => ({ useOpenBatches: () => ({ data: [], isLoading: false, isError: false }) }));
vi.mock('@/features/purchasing/api/get-batch-exists', () => ({ useBatchExists: () => ({ data: batchExists.value }) }));

const quote: Quote = {
  id: 'q1',
  batchId: 'b1',
  batchName: 'Lote Teste',
  batchStatus: 'EM_COTACAO',
  supplierId: 's1',
  supplierName: 'Distribuidora Alfa',
  status: 'EM_ANDAMENTO',
  createdAt: '2026-11-21T12:00:00Z',
  updatedAt: null,
  createdByName: 'Rita Representante',
  paymentTermDays: null,
  items: [],
};

function context(quotes: Quote[]): QuoteContextValue {
  return {
    quotes,
    isLoading: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
  };
}

/** The editor is open on q1; then the live refetch no longer has it. */
function openThenVanish() {
  // The page and its editor take their writes from api/ mutation hooks, which need a client (nothing is sent here).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = (quotes: Quote[]) => (
    <QueryClientProvider client={client}>
      <QuoteContext value={context(quotes)}>
        <QuotesPage quoteId="q1" onOpenQuote={() => undefined} />
      </QuoteContext>
    </QueryClientProvider>
  );
  const { rerender } = render(inDataRouter(page([quote])));
  expect(screen.getByRole('heading', { name: 'Cotação · Lote Teste' })).toBeTruthy();
  rerender(inDataRouter(page([])));
}

describe('QuotesPage: the open quote vanishes', () => {
  afterEach(() => cleanup());

  it('says the buyer deleted the batch when the batch is gone', () => {
    batchExists.value = false;
    openThenVanish();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('O lote Lote Teste foi excluído');
    expect(alert.textContent).toContain(purchasingMessages.quoteBatchRemoved);
  });

  it('says the quote was deleted when its batch still exists', () => {
    batchExists.value = true;
    openThenVanish();
    expect(screen.getByRole('alert').textContent).toContain(purchasingMessages.quoteRemoved);
  });

  it('a quote id never seen shows the list, not a removal notice', () => {
    render(
      inDataRouter(
        <QueryClientProvider client={new QueryClient()}>
          <QuoteContext value={context([])}>
            <QuotesPage quoteId="q9" onOpenQuote={() => undefined} />
          </QuoteContext>
        </QueryClientProvider>,
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Cotações', level: 1 })).toBeTruthy();
  });
});
