import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuoteContext, type QuoteContextValue } from '@/features/purchasing/quote-context';
import { QuoteEditor } from '@/features/purchasing/components/quote-editor';
import type { Quote, QuoteItem } from '@/features/purchasing/types';

function item(shortageId: string, productName: string): QuoteItem {
  return {
    id: `qi-${shortageId}`,
    quoteId: 'q1',
    shortageId,
    productName,
    barcode: null,
    unitName: 'Unidade Centro',
    requestedQuantity: 10,
    unitPrice: null,
    minimumQuantity: null,
    isWinner: false,
    wantsSubstitute: false,
    substituteProductName: null,
    substituteManufacturer: null,
    hasBonus: false,
    bonusProductName: null,
    bonusManufacturer: null,
    bonusExpiryDate: null,
    bonusQuantity: 1,
  };
}

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
  createdByName: 'Usuário não identificado',
  items: [item('a', 'Dipirona'), item('b', 'Amoxicilina')],
};

function renderEditor(overrides: Partial<QuoteContextValue> = {}, canEdit = true) {
  const value: QuoteContextValue = {
    quotes: [quote],
    isLoading: false,
    isError: false,
    getOrCreateQuote: vi.fn(),
    updateItem: vi.fn().mockResolvedValue(true),
    submitQuote: vi.fn().mockResolvedValue(true),
    deleteQuote: vi.fn().mockResolvedValue(true),
    ...overrides,
  };
  render(
    <QuoteContext value={value}>
      <QuoteEditor quote={quote} canEdit={canEdit} onBack={() => undefined} />
    </QuoteContext>,
  );
  return value;
}

describe('QuoteEditor', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('autosaves a price typed the Brazilian way once typing pauses, by quote and shortage', async () => {
    const ctx = renderEditor();
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Preço unitário de Dipirona'), { target: { value: '12,50' } });
    expect(ctx.updateItem).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    expect(ctx.updateItem).toHaveBeenCalledTimes(1);
    expect(ctx.updateItem).toHaveBeenCalledWith('q1', 'a', expect.objectContaining({ unitPrice: 12.5, bonusExpiryDate: null, bonusQuantity: 1 }));
    expect(screen.getByText('Todas as alterações foram salvas')).toBeTruthy();
  });

  it('shows an inline error and does not save an invalid price', async () => {
    const ctx = renderEditor();
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Preço unitário de Amoxicilina'), { target: { value: '12,5x' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    expect(ctx.updateItem).not.toHaveBeenCalled();
    expect(screen.getByText('Preço inválido. Use, por exemplo, 12,50.')).toBeTruthy();
    expect(screen.getByLabelText('Preço unitário de Amoxicilina').getAttribute('aria-invalid')).toBe('true');
  });

  it('submits only after a save already in flight has finished, so the price typed last is never lost', async () => {
    let finishSave: (ok: boolean) => void = () => undefined;
    const events: string[] = [];
    const ctx = renderEditor({
      updateItem: vi.fn(
        (_quoteId: string, shortageId: string, values: { unitPrice: number | null }) =>
          new Promise<boolean>((resolve) => {
            events.push(`save ${shortageId} ${values.unitPrice} started`);
            finishSave = (ok) => {
              events.push(`save ${shortageId} ${values.unitPrice} finished`);
              resolve(ok);
            };
          }),
      ),
      submitQuote: vi.fn(() => {
        events.push('submit');
        return Promise.resolve(true);
      }),
    });
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Preço unitário de Dipirona'), { target: { value: '12,50' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(800);
    });
    // The autosave is on the wire (slow network) when the representative sends the quote.
    expect(events).toEqual(['save a 12.5 started']);
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar cotação' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(ctx.submitQuote).not.toHaveBeenCalled();
    await act(async () => {
      finishSave(true);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(events).toEqual(['save a 12.5 started', 'save a 12.5 finished', 'submit']);
    expect(ctx.submitQuote).toHaveBeenCalledWith('q1');
  });

  it('saves a price still waiting for the typing pause before submitting, and does not submit when a save fails', async () => {
    const ctx = renderEditor({ updateItem: vi.fn().mockResolvedValue(false) });
    fireEvent.change(screen.getByLabelText('Preço unitário de Amoxicilina'), { target: { value: '3,10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar cotação' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(ctx.updateItem).toHaveBeenCalledWith('q1', 'b', expect.objectContaining({ unitPrice: 3.1 }));
    expect(ctx.submitQuote).not.toHaveBeenCalled();
    expect(screen.getByText('Não foi possível salvar alguns itens')).toBeTruthy();
  });

  it('is read-only for someone who cannot edit this quote', () => {
    renderEditor({}, false);
    expect((screen.getByLabelText('Preço unitário de Dipirona') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enviar cotação' })).toBeNull();
  });
});
