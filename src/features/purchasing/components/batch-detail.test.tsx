import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { BatchDetail, type BatchTab } from '@/features/purchasing/components/batch-detail';
import type { BatchDetail as BatchDetailData } from '@/features/purchasing/types';

/** The comparison's read: a request that stays in flight (its answer is not what these tests look at). */
const rpc = vi.hoisted(() =>
  vi.fn(() => {
    const pending = { abortSignal: () => pending, then: () => undefined };
    return pending;
  }),
);
vi.mock('@/lib/supabase', () => ({ supabase: { rpc } }));

const batch: BatchDetailData = {
  id: 'b1',
  name: 'Lote Teste',
  status: 'EM_COTACAO',
  unitId: 'u1',
  unitName: 'Unidade Centro',
  createdAt: '2026-11-20T13:00:00Z',
  closedAt: null,
  sentAt: '2026-11-21T13:00:00Z',
  itemCount: 0,
  shortages: [],
};

/** The batch on `tab`, its detail already read; the route's tab change is `onTabChange` (the URL is not written here). */
function renderBatch(tab: BatchTab, onTabChange: (tab: BatchTab) => void, changes: Partial<BatchDetailData> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(purchasingKeys.batchDetail(batch.id), { ...batch, ...changes });
  render(
    <QueryClientProvider client={client}>
      <BatchDetail batchId={batch.id} tab={tab} onTabChange={onTabChange} onBack={() => undefined} />
    </QueryClientProvider>,
  );
}

/** Radix tabs switch on the left button's mousedown, before the click. */
function press(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

describe('BatchDetail tabs', () => {
  afterEach(() => {
    cleanup();
    rpc.mockClear();
  });

  it("asks for the comparison at the press on 'Comparativo', before the route draws the new tab", () => {
    const onTabChange = vi.fn();
    renderBatch('itens', onTabChange);
    expect(rpc).not.toHaveBeenCalled();
    press('Comparativo');
    expect(onTabChange).toHaveBeenCalledWith('comparativo');
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(rpc).toHaveBeenCalledWith('get_batch_comparison', { p_batch_id: 'b1', p_monthly_rate: 0.02 });
  });

  it('asks for nothing when another tab is pressed', () => {
    const onTabChange = vi.fn();
    renderBatch('pedidos', onTabChange, { status: 'COTACAO_FINALIZADA', closedAt: '2026-11-22T13:00:00Z' });
    press('Itens');
    expect(onTabChange).toHaveBeenCalledWith('itens');
    expect(rpc).not.toHaveBeenCalled();
  });

  it('reads the comparison once when the batch opens on it, not again for a press on its own tab', () => {
    renderBatch('comparativo', vi.fn());
    expect(rpc).toHaveBeenCalledTimes(1);
    press('Comparativo');
    expect(rpc).toHaveBeenCalledTimes(1);
  });
});
