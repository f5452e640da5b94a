/**
 * The clerk's edit dialog follows the shortage live: when a buyer puts it into a batch while the dialog is open, the
 * quantity locks at once (showing the stored value and why), and saving still sends the fields that stay editable.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditShortageDialog } from '@/features/shortages/components/edit-shortage-dialog';
import { shortageFixture } from '@/features/shortages/test-fixtures';
import type { Shortage } from '@/features/shortages/types';

const mutate = vi.fn();
/** The row as the database holds it (what the dialog's live query reads). */
const db = vi.hoisted(() => ({ row: null as Shortage | null }));

vi.mock('@/features/shortages/api/update-shortage', () => ({ useUpdateShortage: () => ({ mutate, isPending: false }) }));
vi.mock('@/features/shortages/api/get-shortages', () => ({
  shortageQueryOptions: (id: string) => ({ queryKey: ['shortages', 'detail', id], queryFn: () => Promise.resolve(db.row) }),
}));

afterEach(() => {
  cleanup();
  mutate.mockReset();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EditShortageDialog shortage={db.row} groups={[]} onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return client;
}

describe('EditShortageDialog', () => {
  it('locks the quantity as soon as the shortage joins a batch, and saves the other fields without it', async () => {
    db.row = shortageFixture('s1', { requested_quantity: 5 });
    const client = renderDialog();
    await waitFor(() => expect(client.getQueryData(['shortages', 'detail', 's1'])).toBeDefined());
    const quantityField = () => screen.getByLabelText<HTMLInputElement>('Quantidade solicitada');
    const quantity = quantityField();
    expect(quantity.disabled).toBe(false);
    fireEvent.change(quantity, { target: { value: '9' } });

    // A buyer adds it to a batch: the live update refetches the row.
    db.row = shortageFixture('s1', { requested_quantity: 5, status: 'LOTE_CRIADO', batch_id: 'b1' });
    await act(() => client.invalidateQueries({ queryKey: ['shortages'] }));
    await waitFor(() => expect(quantityField().disabled).toBe(true));
    expect(quantityField().value).toBe('5');
    expect(screen.getByText('Esta falta está em um lote de cotação e não pode ser alterada.').id).toBe(quantityField().getAttribute('aria-describedby'));

    fireEvent.change(screen.getByLabelText('Quantidade disponível'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1));
    const [{ id, values }] = mutate.mock.calls[0] as [{ id: string; values: Record<string, unknown> }];
    expect(id).toBe('s1');
    expect(values).toEqual({ available_quantity: 2, group_id: null, observation: null });
  });

  it('sends the quantity while the shortage is still open', async () => {
    db.row = shortageFixture('s1', { requested_quantity: 5 });
    renderDialog();
    fireEvent.change(screen.getByLabelText('Quantidade solicitada'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(mutate).toHaveBeenCalledTimes(1));
    expect((mutate.mock.calls[0] as [{ values: Record<string, unknown> }])[0].values).toMatchObject({ requested_quantity: 9 });
  });
});
