import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DashboardSummary } from '@/features/purchasing/components/dashboard-page';
import type { RepresentativeDashboard } from '@/features/purchasing/types';

const dashboard: RepresentativeDashboard = {
  allSuppliers: false,
  supplierName: 'Distribuidora Alfa',
  awaitingCount: 1,
  awaitingBatches: [{ batchId: 'b9', batchName: 'Lote Semanal', sentAt: '2026-11-20T13:00:00Z', itemCount: 4 }],
  inProgressCount: 2,
  quotesInProgress: [
    { quoteId: 'q1', batchId: 'b1', batchName: 'Lote Reposição Norte', supplierName: 'Distribuidora Alfa', pricedItems: 1, totalItems: 2, updatedAt: '2026-11-21T14:05:00Z' },
    { quoteId: 'q2', batchId: 'b2', batchName: 'Lote Quinzenal', supplierName: 'Distribuidora Alfa', pricedItems: 0, totalItems: 12, updatedAt: null },
  ],
  sentCount: 3,
  wonCount: 1,
  lostCount: 1,
  winRate: 0.5,
  itemsWon: 2,
  valueWon: 150.5,
  invitedCount: 4,
  responseRate: 0.75,
  avgResponseHours: 26.5,
  recentResults: [],
};

function renderSummary(data: RepresentativeDashboard, isAdmin = false) {
  render(
    <MemoryRouter>
      <DashboardSummary dashboard={data} isAdmin={isAdmin} />
    </MemoryRouter>,
  );
}

describe('DashboardSummary', () => {
  afterEach(cleanup);

  it('lists the quotes in progress with batch, priced/total items and last update, each linking into /cotacoes', () => {
    renderSummary(dashboard);
    const list = screen.getByRole('list', { name: 'Cotações em andamento' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Lote Reposição Norte' }).getAttribute('href')).toBe('/cotacoes?cotacao=q1');
    // 14:05 UTC is 11:05 in São Paulo.
    expect(items[0]?.textContent).toContain('1 de 2 itens com preço');
    expect(items[0]?.textContent).toContain('atualizada em 21/11/2026 11:05');
    expect(items[1]?.textContent).toContain('0 de 12 itens com preço');
    // A representative's own dashboard does not repeat its supplier's name on every line.
    expect(list.textContent).not.toContain('Distribuidora Alfa');
    expect(screen.getByRole('link', { name: 'Lote Semanal' }).getAttribute('href')).toBe('/cotacoes');
  });

  it('shows the response rate over the batches invited and the average response time, or a dash before any invitation', () => {
    renderSummary(dashboard);
    // The title sits in the card's header; the header's parent is the card.
    const card = screen.getByText('Taxa de resposta').parentElement!.parentElement!;
    expect(card.textContent).toContain('75 %');
    expect(card.textContent).toContain('de 4 lotes convidados · resposta em 26,5 h, em média');
    cleanup();
    renderSummary({ ...dashboard, invitedCount: 0, responseRate: null, avgResponseHours: null });
    const empty = screen.getByText('Taxa de resposta').parentElement!.parentElement!;
    expect(empty.textContent).toContain('—');
    expect(empty.textContent).toContain('de 0 lotes convidados');
    expect(empty.textContent).not.toContain('em média');
  });

  it('points to /cotacoes with the count of every quote in progress once there are more than the card lists', () => {
    const many = Array.from({ length: 9 }, (_, index) => ({
      quoteId: `q${index}`,
      batchId: `b${index}`,
      batchName: `Lote ${index + 1}`,
      supplierName: 'Distribuidora Alfa',
      pricedItems: 0,
      totalItems: 1,
      updatedAt: null,
    }));
    // The number is the server's in_progress_count, not the length of the list it sent (which may be cut short).
    renderSummary({ ...dashboard, inProgressCount: 20, quotesInProgress: many });
    expect(within(screen.getByRole('list', { name: 'Cotações em andamento' })).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Ver todas as 20 cotações em andamento' }).getAttribute('href')).toBe('/cotacoes');
    cleanup();
    renderSummary(dashboard);
    expect(screen.queryByRole('link', { name: /Ver todas as/ })).toBeNull();
  });

  it('for ADMIN\'s every-supplier view, names each quote\'s supplier and opens awaiting batches in /compras', () => {
    renderSummary({ ...dashboard, allSuppliers: true, supplierName: null }, true);
    const list = screen.getByRole('list', { name: 'Cotações em andamento' });
    expect(within(list).getAllByText('Distribuidora Alfa')).toHaveLength(2);
    expect(screen.getByText('Lotes ainda sem nenhuma cotação')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lote Semanal' }).getAttribute('href')).toBe('/compras?lote=b9');
  });
});
