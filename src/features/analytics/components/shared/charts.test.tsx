import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BarSeriesChart, LineSeriesChart } from '@/features/analytics/components/shared/charts';

afterEach(cleanup);

const rows = [
  { month: '2026-10', min: 1, max: 3 },
  { month: '2026-11', min: 2, max: 4 },
];
const money = (value: number) => `R$ ${value}`;

describe('the analyses’ charts', () => {
  it('name their series in a legend under the drawing, each with its colour', () => {
    render(
      <BarSeriesChart
        data={rows}
        categoryKey="month"
        title="Preços"
        formatValue={money}
        series={[
          { key: 'min', name: 'Menor preço' },
          { key: 'max', name: 'Maior preço', color: 'var(--destructive)' },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Legenda do gráfico' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Menor preço', 'Maior preço']);
    expect((items[1]!.querySelector('span') as HTMLElement).style.backgroundColor).toBe('var(--destructive)');
  });

  it('need no legend for a single series', () => {
    render(<LineSeriesChart data={rows} categoryKey="month" title="Preços" formatValue={money} series={[{ key: 'min', name: 'Menor preço' }]} />);
    expect(screen.getByTestId('analysis-chart')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Legenda do gráfico' })).toBeNull();
  });
});
