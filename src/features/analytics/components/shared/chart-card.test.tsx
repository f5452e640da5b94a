import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChartCard } from '@/features/analytics/components/shared/chart-card';

afterEach(cleanup);

function Chart({ label }: { label: string }) {
  return <p>{label}</p>;
}

describe('ChartCard', () => {
  it('draws its chart after the rest of the screen, and a new chart in place of the old one when the data change', async () => {
    const { container, rerender } = render(
      <ChartCard title="Compras por mês" grain="Grão: pedido" table={<p>tabela</p>}>
        <Chart label="janeiro" />
      </ChartCard>,
    );
    expect(await screen.findByText('janeiro')).toBeTruthy();
    const section = container.querySelector('section')!;
    await waitFor(() => expect(section.hasAttribute('data-chart-stale')).toBe(false));
    expect(container.querySelector('[data-chart-pending]')).toBeNull();

    rerender(
      <ChartCard title="Compras por mês" grain="Grão: pedido" table={<p>tabela</p>}>
        <Chart label="fevereiro" />
      </ChartCard>,
    );
    expect(await screen.findByText('fevereiro')).toBeTruthy();
    expect(screen.queryByText('janeiro')).toBeNull();
    await waitFor(() => expect(section.hasAttribute('data-chart-stale')).toBe(false));
  });

  it('shows what to do instead of a chart when there is no data', () => {
    render(
      <ChartCard title="Compras por mês" grain="Grão: pedido" table={null} empty emptyText="Nenhum pedido no período.">
        <Chart label="janeiro" />
      </ChartCard>,
    );
    expect(screen.getByRole('status').textContent).toBe('Nenhum pedido no período.');
    expect(screen.queryByText('janeiro')).toBeNull();
  });
});
