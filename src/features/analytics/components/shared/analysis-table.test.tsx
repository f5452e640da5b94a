import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { AnalysisTable, type AnalysisColumn } from '@/features/analytics/components/shared/analysis-table';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

interface Row {
  id: string;
  name: string;
  value: number;
}

const columns: AnalysisColumn<Row>[] = [
  { key: 'name', header: 'Produto', kind: 'text', value: (row) => row.name },
  { key: 'value', header: 'Valor', kind: 'money', value: (row) => row.value },
];

const rows: Row[] = Array.from({ length: 60 }, (_, index) => ({ id: `r${index + 1}`, name: `Produto ${index + 1}`, value: index + 1 }));

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Itens' });
  // The header row and the totals row are not in the body.
  return within(table).getAllByRole('row').filter((row) => row.closest('tbody') !== null);
}

afterEach(cleanup);

describe('AnalysisTable', () => {
  it('draws the first lines only, every line after "Mostrar todas", and the totals of every line', () => {
    render(<AnalysisTable title="Itens" columns={columns} rows={rows} rowKey={(row) => row.id} totals={{ value: 1830 }} collapsedRows={50} />);
    expect(bodyRows()).toHaveLength(50);
    expect(screen.queryByText('Produto 51')).toBeNull();
    expect(within(screen.getByTestId('analysis-table-totals')).getByText('R$ 1.830,00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mostrar todas (60)' }));
    expect(bodyRows()).toHaveLength(60);
    expect(screen.getByText('Produto 60')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mostrar só as 50 primeiras linhas' }));
    expect(bodyRows()).toHaveLength(50);
  });

  it('draws every line while the page is printed, and the first ones again afterwards', () => {
    render(<AnalysisTable title="Itens" columns={columns} rows={rows} rowKey={(row) => row.id} collapsedRows={50} />);
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(bodyRows()).toHaveLength(60);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(bodyRows()).toHaveLength(50);
  });

  it('loads the rest of a longer list once on "Mostrar todas", and starts over for other rows', async () => {
    const loadAll = vi.fn(() => Promise.resolve(rows));
    const first = rows.slice(0, 10);
    const { rerender } = render(
      <AnalysisTable title="Itens" columns={columns} rows={first} rowKey={(row) => row.id} collapsedRows={5} more={{ total: 60, loadAll }} />,
    );
    expect(bodyRows()).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar todas (60)' }));
    expect(await screen.findByText('Produto 60')).toBeTruthy();
    expect(bodyRows()).toHaveLength(60);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar só as 5 primeiras linhas' }));
    expect(bodyRows()).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar todas (60)' }));
    expect(bodyRows()).toHaveLength(60);
    expect(loadAll).toHaveBeenCalledTimes(1);

    // Other filters: other first lines, whose whole list is loaded again when asked for.
    const other = rows.slice(20, 30);
    rerender(<AnalysisTable title="Itens" columns={columns} rows={other} rowKey={(row) => row.id} collapsedRows={5} more={{ total: 60, loadAll }} />);
    expect(screen.queryByText('Produto 60')).toBeNull();
    expect(screen.getByText('Produto 21')).toBeTruthy();
    // Collapsed again: its rest is not loaded yet.
    expect(bodyRows()).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar todas (60)' }));
    expect(await screen.findByText('Produto 60')).toBeTruthy();
    expect(loadAll).toHaveBeenCalledTimes(2);
  });

  it('keeps the first lines and says so when the rest of the list cannot be loaded', async () => {
    const loadAll = vi.fn(() => Promise.reject(new Error('offline')));
    render(<AnalysisTable title="Itens" columns={columns} rows={rows.slice(0, 10)} rowKey={(row) => row.id} collapsedRows={5} more={{ total: 60, loadAll }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar todas (60)' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Não foi possível carregar todas as linhas. Tente novamente.', variant: 'destructive' }));
    expect(await screen.findByRole('button', { name: 'Mostrar todas (60)' })).toHaveProperty('disabled', false);
    expect(bodyRows()).toHaveLength(5);
  });

  it('has no "Mostrar todas" when every line fits', () => {
    render(<AnalysisTable title="Itens" columns={columns} rows={rows.slice(0, 10)} rowKey={(row) => row.id} collapsedRows={50} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.queryByRole('button', { name: /Mostrar todas/ })).toBeNull();
  });
});
