import { QueryClient, QueryClientProvider, QueryObserver, onlineManager } from '@tanstack/react-query';
import { cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCurrency } from '@/lib/dates';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { useSelectWinners } from '@/features/purchasing/api/select-winners';
import { ComparisonTable } from '@/features/purchasing/components/comparison-grid';
import { cellKey } from '@/features/purchasing/logic';
import { comparisonCell } from '@/features/purchasing/test-fixtures';
import type { BatchDetail, Comparison } from '@/features/purchasing/types';

const rpc = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase', () => ({ supabase: { rpc } }));

/**
 * Alfa's quote is still a draft and is the cheapest on Dipirona; Beta and Gama sent theirs. Gama's bonus makes it the
 * cheapest purchase although Beta has the lowest price (the effective costs as get_batch_comparison computes them).
 */
const data: Comparison = {
  batchId: 'b1',
  batchName: 'Lote Teste',
  batchStatus: 'EM_COTACAO',
  version: 'v1',
  checksum: 'c1',
  monthlyRate: 0.02,
  closedAt: null,
  items: [{ shortageId: 's1', productName: 'Dipirona 500mg', barcode: null, unitName: 'Unidade Centro', requestedQuantity: 10, bestPrice: 4.5, effectiveDiffers: true }],
  quotes: [
    { quoteId: 'qA', supplierId: 'A', supplierName: 'Distribuidora Alfa', status: 'EM_ANDAMENTO', pricedItems: 1, paymentTermDays: null },
    { quoteId: 'qB', supplierId: 'B', supplierName: 'Distribuidora Beta', status: 'ENVIADA', pricedItems: 1, paymentTermDays: 30 },
    { quoteId: 'qG', supplierId: 'G', supplierName: 'Distribuidora Gama', status: 'ENVIADA', pricedItems: 1, paymentTermDays: 0 },
  ],
  cells: Object.fromEntries(
    [
      comparisonCell('s1', 'qA', 2),
      comparisonCell('s1', 'qB', 4.5, {
        wantsSubstitute: true,
        substituteProductName: 'Dipirona Genérica 500mg',
        substituteManufacturer: 'EMS',
        minimumQuantity: 12,
        effectiveUnitCost: 5.2941,
        priceRank: 1,
        effectiveRank: 2,
      }),
      comparisonCell('s1', 'qG', 5, {
        hasBonus: true,
        bonusProductName: 'Vitamina C 1g',
        bonusManufacturer: 'Cimed',
        bonusExpiryDate: '2027-03-31',
        bonusQuantity: 2,
        effectiveUnitCost: 4.1667,
        priceRank: 2,
        effectiveRank: 1,
      }),
    ].map((c) => [cellKey(c.shortageId, c.quoteId), c]),
  ),
};

/** Text as the user reads it (currency values use a no-break space). */
function text(element: Element | null): string {
  return (element?.textContent ?? '').replace(/\u00a0/g, ' ');
}

function renderTable(comparison: Comparison = data) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ComparisonTable data={comparison} onConfirmed={() => undefined} />
    </QueryClientProvider>,
  );
  return screen.getByRole('table', { name: 'Comparativo de cotações' });
}

describe('ComparisonTable', () => {
  beforeEach(() => {
    // jsdom computes no layout: give the virtualised grid's scroll area a screen-sized box so it renders its rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1024);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows a draft as "em andamento": no price, not selectable, never the highlighted or pre-selected best price', () => {
    const grid = renderTable();
    const row = within(grid).getByRole('row', { name: /Dipirona 500mg/ });
    expect(text(row)).toContain('Em andamento');
    expect(within(grid).queryByRole('button', { name: /^Distribuidora Alfa:/ })).toBeNull();
    expect(text(row)).not.toContain('R$ 2,00');

    // The cheapest submitted offer is the best price, as the server's best_unit_price says, and it is pre-selected.
    const beta = within(grid).getByRole('button', { name: `Distribuidora Beta: ${formatCurrency(4.5)} para Dipirona 500mg, menor preço` });
    expect(beta.getAttribute('aria-pressed')).toBe('true');
    const gama = within(grid).getByRole('button', { name: `Distribuidora Gama: ${formatCurrency(5)} para Dipirona 500mg` });
    expect(gama.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText(/1 de 1 item com vencedor/)).toBeTruthy();
    expect(text(screen.getByTestId('total-Distribuidora Beta'))).toContain('R$ 45,00');
    expect(text(screen.getByTestId('total-Distribuidora Alfa'))).toContain('R$ 0,00');

    fireEvent.click(gama);
    expect(gama.getAttribute('aria-pressed')).toBe('true');
    expect(beta.getAttribute('aria-pressed')).toBe('false');
  });

  it('highlights every offer at the server best price, a tie included, and pre-selects one of them', () => {
    const tie: Comparison = { ...data, cells: { ...data.cells, [cellKey('s1', 'qG')]: comparisonCell('s1', 'qG', 4.5) } };
    const grid = renderTable(tie);
    const best = within(grid).getAllByRole('button', { name: /, menor preço$/ });
    expect(best.map((button) => button.getAttribute('aria-label'))).toEqual([
      `Distribuidora Beta: ${formatCurrency(4.5)} para Dipirona 500mg, menor preço`,
      `Distribuidora Gama: ${formatCurrency(4.5)} para Dipirona 500mg, menor preço`,
    ]);
    expect(best.filter((button) => button.getAttribute('aria-pressed') === 'true')).toHaveLength(1);
    // Gama's offer is now a bare price: no detail lines, nothing for the button to be described by.
    expect(best[1]?.getAttribute('aria-describedby')).toBeNull();
    expect(best[0]?.getAttribute('aria-describedby')).not.toBeNull();
  });

  it('shows substitute and bonus details in the cell, without hovering', () => {
    const grid = renderTable();
    const beta = within(grid).getByRole('button', { name: /^Distribuidora Beta:/ });
    expect(text(beta)).toContain('Substituto: Dipirona Genérica 500mg · EMS');
    expect(text(beta)).toContain('Qtd. mínima: 12 (2 acima da necessidade)');
    expect(beta.getAttribute('title')).toBeNull();
    const gama = within(grid).getByRole('button', { name: /^Distribuidora Gama:/ });
    expect(text(gama)).toContain('Bonificação: 2 un. de Vitamina C 1g · Cimed · validade 31/03/2027');
    // The server's effective cost and its explanation (written from the offer's figures, the quote's term and the
    // cost of money), under the price; Gama's is the lowest although Beta's price is.
    expect(text(gama)).toContain('Custo efetivo: R$ 4,17 · menor custo efetivo');
    expect(text(gama)).toContain('R$ 5,00 × 10 un. + 2 bonificadas, à vista → R$ 4,17 por unidade necessária');
    expect(text(beta)).toContain('Custo efetivo: R$ 5,29');
    expect(text(beta)).not.toContain('menor custo efetivo');
    expect(text(beta)).toContain('R$ 4,50 × 12 un. (mínimo 12, 2 além da necessidade), a 30 dias com 2 % a.m. → R$ 5,29 por unidade necessária');
    // The details are the buttons' descriptions for screen readers too.
    const describedBy = gama.getAttribute('aria-describedby');
    expect(text(describedBy ? document.getElementById(describedBy) : null)).toContain('Vitamina C 1g');
  });

  it('notes the items whose effective ranking differs from the price ranking, and each quote\'s payment term', () => {
    const grid = renderTable();
    expect(text(screen.getByRole('note'))).toContain('Em 1 item, a ordem pelo custo efetivo difere da ordem pelo preço');
    expect(text(within(grid).getByRole('row', { name: /Dipirona 500mg/ }))).toContain('O menor custo efetivo não é o menor preço');
    const headers = within(grid).getAllByRole('columnheader').map(text);
    expect(headers.find((h) => h.includes('Distribuidora Beta'))).toContain('A 30 dias');
    expect(headers.find((h) => h.includes('Distribuidora Gama'))).toContain('À vista');
    expect(headers.find((h) => h.includes('Distribuidora Alfa'))).toContain('Prazo não informado');

    cleanup();
    renderTable({ ...data, items: [{ ...data.items[0]!, effectiveDiffers: false }] });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says so and recalculates when a quote arrives while the confirmation dialog is open, and confirms only the reviewed figures', async () => {
    const selectRpc = rpc.mockResolvedValue({ data: { success: true, error: null }, error: null });
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const view = (comparison: Comparison) => (
      <QueryClientProvider client={client}>
        <ComparisonTable data={comparison} onConfirmed={() => undefined} />
      </QueryClientProvider>
    );
    const { rerender } = render(view(data));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar vencedores' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(text(dialog)).toContain('1 item será adjudicado, somando R$ 45,00');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    // Alfa sends its quote (R$ 2,00) while the dialog is open: the live refetch brings a new version.
    const arrived: Comparison = {
      ...data,
      version: 'v2',
      items: [{ ...data.items[0]!, bestPrice: 2 }],
      quotes: data.quotes.map((quote) => (quote.quoteId === 'qA' ? { ...quote, status: 'ENVIADA' } : quote)),
    };
    rerender(view(arrived));
    const alert = within(dialog).getByRole('alert');
    expect(text(alert)).toContain('Uma cotação chegou ou mudou enquanto esta janela estava aberta');
    expect(text(alert)).toContain('antes 1 item, R$ 45,00; agora 1 item, R$ 20,00');
    // Recalculated: the untouched suggestion now picks Alfa's lower price.
    expect(text(dialog)).toContain('somando R$ 20,00');
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' });
    expect(confirm.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Revisei os novos valores' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(confirm);
    await vi.waitFor(() => expect(selectRpc).toHaveBeenCalled());
    expect(selectRpc).toHaveBeenCalledWith('select_winning_quotes_native', {
      p_batch_id: 'b1',
      p_quote_items: [{ shortage_id: 's1', quote_id: 'qA' }],
      p_version: 'v2',
    });
  });

  it('sends the award at the click, before the dialog closes, and only once', async () => {
    let answer: (value: unknown) => void = () => undefined;
    rpc.mockReset().mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const onConfirmed = vi.fn();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ComparisonTable data={data} onConfirmed={onConfirmed} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar vencedores' }));
    const confirm = within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmar' });
    fireEvent.click(confirm);
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeNull();
    fireEvent.click(confirm);
    expect(rpc).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    answer({ data: { success: true, error: null }, error: null });
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  it('offline, sends the award only once the connection is back, as every write', async () => {
    rpc.mockReset().mockResolvedValue({ data: { success: true, error: null }, error: null });
    const onConfirmed = vi.fn();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    onlineManager.setOnline(false);
    try {
      render(
        <QueryClientProvider client={client}>
          <ComparisonTable data={data} onConfirmed={onConfirmed} />
        </QueryClientProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Confirmar vencedores' }));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmar' }));
      await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(rpc).not.toHaveBeenCalled();
      onlineManager.setOnline(true);
      await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
      expect(rpc).toHaveBeenCalledTimes(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('moves on to the orders after the award even when the new status remounts the table before the answer', async () => {
    let answer: (value: unknown) => void = () => undefined;
    rpc.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const onConfirmed = vi.fn();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const view = (comparison: Comparison) => (
      <QueryClientProvider client={client}>
        <ComparisonTable key={comparison.batchStatus} data={comparison} onConfirmed={onConfirmed} />
      </QueryClientProvider>
    );
    const { rerender } = render(view(data));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar vencedores' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(rpc).toHaveBeenCalled());
    // The live refetch lands first: the batch is closed, the grid remounts with the final figures.
    rerender(view({ ...data, batchStatus: 'COTACAO_FINALIZADA', version: 'v9' }));
    answer({ data: { success: true, error: null }, error: null });
    await vi.waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
  });
});

describe('just after the award', () => {
  it("offers no second award while the cached comparison still predates it (the batch's status decides)", () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <ComparisonTable data={data} batchStatus="COTACAO_FINALIZADA" onConfirmed={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Confirmar vencedores' })).toBeNull();
    cleanup();
    render(
      <QueryClientProvider client={client}>
        <ComparisonTable data={data} batchStatus="EM_COTACAO" onConfirmed={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Confirmar vencedores' })).toBeTruthy();
  });

  it('shows the batch finalised from the answer, and does not read the 500-item comparison again while the buyer waits; a refusal reads it at once', async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const comparisonKey = purchasingKeys.comparisonAt('b1', 0.02);
    const readComparison = vi.fn(async () => data);
    const observer = new QueryObserver(client, { queryKey: comparisonKey, queryFn: readComparison });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(readComparison).toHaveBeenCalledTimes(1));
    const { result } = renderHook(() => useSelectWinners(), { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });

    const batch: BatchDetail = {
      id: 'b1',
      name: 'Lote Teste',
      status: 'EM_COTACAO',
      unitId: 'u1',
      unitName: 'Unidade Centro',
      createdAt: '2026-11-20T12:00:00Z',
      closedAt: null,
      sentAt: '2026-11-21T12:00:00Z',
      itemCount: 1,
      shortages: [],
    };
    client.setQueryData(purchasingKeys.batchDetail('b1'), batch);
    rpc.mockResolvedValueOnce({ data: { success: true, error: null }, error: null });
    await result.current.mutateAsync({ batchId: 'b1', selection: { s1: 'qB' }, version: 'v1' });
    // The batch reads 'Cotação finalizada' from the award's answer, without waiting to be read again.
    expect(client.getQueryData<BatchDetail>(purchasingKeys.batchDetail('b1'))?.status).toBe('COTACAO_FINALIZADA');
    expect(readComparison).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(comparisonKey)?.isInvalidated).toBe(true);

    rpc.mockResolvedValueOnce({ data: { success: false, stale: true, error: 'As cotações deste lote mudaram' }, error: null });
    await result.current.mutateAsync({ batchId: 'b1', selection: { s1: 'qB' }, version: 'v1' }).catch(() => undefined);
    await vi.waitFor(() => expect(readComparison).toHaveBeenCalledTimes(2));
    unsubscribe();
  });
});
