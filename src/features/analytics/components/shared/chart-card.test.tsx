import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('draws a screen’s charts one at a time, top first, each in its own task', () => {
    vi.useFakeTimers();
    try {
      const { container } = render(
        <>
          <ChartCard title="Compras por mês" grain="Grão: pedido" table={null}>
            <Chart label="primeiro" />
          </ChartCard>
          <ChartCard title="Compras por fornecedor" grain="Grão: pedido" table={null}>
            <Chart label="segundo" />
          </ChartCard>
        </>,
      );
      expect(container.querySelectorAll('[data-chart-pending]')).toHaveLength(2);
      // The first at the next task.
      act(() => void vi.advanceTimersByTime(0));
      expect(screen.getByText('primeiro')).toBeTruthy();
      expect(screen.queryByText('segundo')).toBeNull();
      expect(container.querySelectorAll('[data-chart-pending]')).toHaveLength(1);
      // The second after a frame (and the first painted).
      act(() => void vi.advanceTimersByTime(50));
      expect(screen.getByText('segundo')).toBeTruthy();
      expect(container.querySelector('[data-chart-pending]')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
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
