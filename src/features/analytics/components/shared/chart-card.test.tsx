import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartCard } from '@/features/analytics/components/shared/chart-card';
import { sameDrawing } from '@/features/analytics/components/shared/same-drawing';

afterEach(cleanup);

function Chart({ label }: { label: string }) {
  return <p>{label}</p>;
}

/** A chart that counts its renders (a drawing of recharts costs 80–100 ms: a render for nothing is the cost). */
const drawing = vi.fn();
function CountingChart({ rows, series, format }: { rows: readonly { month: string; total: number }[]; series: readonly { key: string; name: string }[]; format: (value: number) => string }) {
  drawing();
  return <p>{rows.map((row) => `${row.month} ${format(row.total)} ${series.map((item) => item.name).join('/')}`).join(', ')}</p>;
}
const money = (value: number) => `R$ ${value}`;

describe('sameDrawing', () => {
  const rows = [{ month: '2026-10', total: 10 }];
  const chart = (props: Partial<Parameters<typeof CountingChart>[0]> = {}) => <CountingChart rows={rows} series={[{ key: 'total', name: 'Total' }]} format={money} {...props} />;

  it('holds a chart written again with the same rows, series and functions to be the same drawing', () => {
    expect(sameDrawing(chart(), chart())).toBe(true);
    expect(sameDrawing(chart(), chart({ rows: rows.slice(0, 1) }))).toBe(true);
    expect(sameDrawing(chart(), chart({ rows: rows.map((row) => ({ ...row })) }))).toBe(true);
  });

  it('draws again for other rows, series, functions, another chart or nothing drawn yet', () => {
    expect(sameDrawing(chart(), chart({ rows: [{ month: '2026-10', total: 11 }] }))).toBe(false);
    expect(sameDrawing(chart(), chart({ rows: [...rows, { month: '2026-11', total: 1 }] }))).toBe(false);
    expect(sameDrawing(chart(), chart({ series: [{ key: 'total', name: 'Valor' }] }))).toBe(false);
    expect(sameDrawing(chart(), chart({ format: (value) => `${value}` }))).toBe(false);
    expect(sameDrawing(chart(), <Chart label="outro" />)).toBe(false);
    expect(sameDrawing(null, chart())).toBe(false);
  });
});

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

  it('keeps its drawing when the screen renders again with nothing changed in the chart, and draws again when it changes', async () => {
    drawing.mockClear();
    const card = (rows: readonly { month: string; total: number }[]) => (
      <ChartCard title="Compras por mês" grain="Grão: pedido" table={<p>tabela</p>}>
        <CountingChart rows={rows} series={[{ key: 'total', name: 'Total' }]} format={money} />
      </ChartCard>
    );
    const rows = [{ month: '2026-10', total: 10 }];
    const { container, rerender } = render(card(rows));
    expect(await screen.findByText('2026-10 R$ 10 Total')).toBeTruthy();
    const section = container.querySelector('section')!;
    await waitFor(() => expect(section.hasAttribute('data-chart-stale')).toBe(false));
    expect(drawing).toHaveBeenCalledTimes(1);

    rerender(card(rows.slice()));
    expect(section.hasAttribute('data-chart-stale')).toBe(false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(drawing).toHaveBeenCalledTimes(1);

    rerender(card([{ month: '2026-11', total: 12 }]));
    expect(await screen.findByText('2026-11 R$ 12 Total')).toBeTruthy();
    expect(drawing).toHaveBeenCalledTimes(2);
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
