import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { QuoteEditor } from '@/features/purchasing/components/quote-editor';
import type { QuoteItemSaveOutcome, UpdateQuoteItemInput } from '@/features/purchasing/api/update-quote-item';
import type { SubmitQuoteInput } from '@/features/purchasing/api/submit-quote';
import type { PaymentTermValue, SetPaymentTermInput } from '@/features/purchasing/api/set-payment-term';
import type { AutosaveOutcome } from '@/features/purchasing/use-quote-autosave';
import { purchasingMessages, quoteUnsavedMessage } from '@/features/purchasing/messages';
import { NETWORK_ERROR_MESSAGE as NETWORK_ERROR } from '@/lib/network';
import type { Quote, QuoteItem, QuoteItemValues } from '@/features/purchasing/types';
import { inDataRouter } from '../../../../tests/utils/data-router';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

/** The editor's writes as the api/ hooks take them: the autosave's save, and the send and delete mutations. */
interface EditorApi {
  saveItem: (input: UpdateQuoteItemInput) => Promise<QuoteItemSaveOutcome>;
  submitQuote: (input: SubmitQuoteInput) => Promise<unknown>;
  deleteQuote: (quoteId: string) => Promise<unknown>;
  savePaymentTerm: (input: SetPaymentTermInput) => Promise<AutosaveOutcome<PaymentTermValue>>;
}
const api = vi.hoisted(() => ({ current: undefined as EditorApi | undefined }));
function currentApi(): EditorApi {
  if (!api.current) throw new Error('renderEditor sets the api first');
  return api.current;
}
/** A mutation hook's mutate: runs the write, then the caller's options, as useMutation does. */
function mutation<T>(run: (vars: T) => Promise<unknown>) {
  return {
    isPending: false,
    mutate: (vars: T, options?: { onSuccess?: () => void; onSettled?: () => void }) =>
      void run(vars).then(
        () => {
          options?.onSuccess?.();
          options?.onSettled?.();
        },
        () => options?.onSettled?.(),
      ),
  };
}
vi.mock('@/features/purchasing/api/update-quote-item', () => ({ useSaveQuoteItem: () => ({ mutateAsync: (input: UpdateQuoteItemInput) => currentApi().saveItem(input) }) }));
vi.mock('@/features/purchasing/api/submit-quote', () => ({ useSubmitQuote: () => mutation((input: SubmitQuoteInput) => currentApi().submitQuote(input)) }));
vi.mock('@/features/purchasing/api/set-payment-term', () => ({
  useSavePaymentTerm: () => ({ mutateAsync: (input: SetPaymentTermInput) => currentApi().savePaymentTerm(input) }),
}));
vi.mock('@/features/purchasing/api/delete-quote', () => ({ useDeleteQuote: () => mutation((quoteId: string) => currentApi().deleteQuote(quoteId)) }));

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
  paymentTermDays: null,
  items: [item('a', 'Dipirona'), item('b', 'Amoxicilina')],
};

const saved = (values: QuoteItemValues): Promise<QuoteItemSaveOutcome> => Promise.resolve({ ok: true, stored: values });

function renderEditor(overrides: Partial<EditorApi> = {}, canEdit = true) {
  const value = {
    saveItem: vi.fn((input: UpdateQuoteItemInput) => saved(input.values)),
    submitQuote: vi.fn().mockResolvedValue(true),
    deleteQuote: vi.fn().mockResolvedValue(undefined),
    savePaymentTerm: vi.fn((input: SetPaymentTermInput) => Promise.resolve<AutosaveOutcome<PaymentTermValue>>({ ok: true, stored: { days: input.days } })),
    ...overrides,
  };
  api.current = value;
  render(inDataRouter(<QuoteEditor quote={quote} canEdit={canEdit} onBack={() => undefined} />));
  return value;
}

async function pause(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('QuoteEditor', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('autosaves a price typed the Brazilian way once typing pauses, by quote and shortage, and counts what the database answered', async () => {
    const ctx = renderEditor();
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Preço unitário de Dipirona'), { target: { value: '12,50' } });
    expect(ctx.saveItem).not.toHaveBeenCalled();
    expect(screen.getByTestId('quote-priced-count').textContent).toContain('0 de 2 itens com preço salvo');
    await pause(800);
    expect(ctx.saveItem).toHaveBeenCalledTimes(1);
    expect(ctx.saveItem).toHaveBeenCalledWith({ quoteId: 'q1', batchId: 'b1', shortageId: 'a', values: expect.objectContaining({ unitPrice: 12.5, bonusExpiryDate: null, bonusQuantity: 1 }) });
    expect(screen.getByText('Todas as alterações foram salvas')).toBeTruthy();
    expect(screen.getByTestId('quote-priced-count').textContent).toContain('1 de 2 itens com preço salvo');
  });

  it('shows an inline error and does not save an invalid price', async () => {
    const ctx = renderEditor();
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Preço unitário de Amoxicilina'), { target: { value: '12,5x' } });
    await pause(800);
    expect(ctx.saveItem).not.toHaveBeenCalled();
    expect(screen.getByText('Preço inválido. Use, por exemplo, 12,50.')).toBeTruthy();
    expect(screen.getByLabelText('Preço unitário de Amoxicilina').getAttribute('aria-invalid')).toBe('true');
  });

  it('submits only after a save already in flight has finished, with every item as shown', async () => {
    let finishSave: () => void = () => undefined;
    const events: string[] = [];
    const ctx = renderEditor({
      saveItem: vi.fn(
        ({ shortageId, values }: UpdateQuoteItemInput) =>
          new Promise<QuoteItemSaveOutcome>((resolve) => {
            events.push(`save ${shortageId} ${values.unitPrice} started`);
            finishSave = () => {
              events.push(`save ${shortageId} ${values.unitPrice} finished`);
              resolve({ ok: true, stored: values });
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
    await pause(800);
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
      finishSave();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(events).toEqual(['save a 12.5 started', 'save a 12.5 finished', 'submit']);
    expect(ctx.submitQuote).toHaveBeenCalledWith({
      quoteId: 'q1',
      expected: [
        { shortageId: 'a', unitPrice: 12.5, minimumQuantity: null },
        { shortageId: 'b', unitPrice: null, minimumQuantity: null },
      ],
    });
  });

  it('keeps a save the connection lost pending on its cell, refuses to send, and retries it', async () => {
    let online = false;
    const saveItem = vi.fn(({ values }: UpdateQuoteItemInput) =>
      Promise.resolve<QuoteItemSaveOutcome>(online ? { ok: true, stored: values } : { ok: false, network: true, message: NETWORK_ERROR }),
    );
    const ctx = renderEditor({ saveItem });
    fireEvent.change(screen.getByLabelText('Preço unitário de Amoxicilina'), { target: { value: '3,10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar cotação' }));
    expect(await screen.findByText(/1 item ainda não foi salvo/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(saveItem).toHaveBeenCalledWith(expect.objectContaining({ quoteId: 'q1', shortageId: 'b', values: expect.objectContaining({ unitPrice: 3.1 }) }));
    expect(ctx.submitQuote).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: quoteUnsavedMessage(1), variant: 'destructive' }));
    // The typed value stays on screen, marked as not saved, with the connection's reason; the count does not include it.
    expect((screen.getByLabelText('Preço unitário de Amoxicilina') as HTMLInputElement).value).toBe('3,10');
    expect(screen.getByTestId('cell-save-pending').textContent).toContain(NETWORK_ERROR);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: NETWORK_ERROR }));
    expect(screen.getByTestId('quote-priced-count').textContent).toContain('0 de 2');
    // The connection returns: the browser's 'online' event retries at once.
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByTestId('cell-save-pending')).toBeNull();
    expect(screen.getByTestId('quote-priced-count').textContent).toContain('1 de 2');
  });

  it('shows what the database holds after it refuses a save, with the reason', async () => {
    const stored = { ...quote.items[0]!, unitPrice: 9.99 };
    renderEditor({
      saveItem: vi.fn(() => Promise.resolve<QuoteItemSaveOutcome>({ ok: false, network: false, message: purchasingMessages.quoteBatchRemoved, stored })),
    });
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Preço unitário de Dipirona'), { target: { value: '12,50' } });
    await pause(800);
    expect((screen.getByLabelText('Preço unitário de Dipirona') as HTMLInputElement).value).toBe('9,99');
    expect(screen.getByText(/Os valores exibidos são os que estão salvos/).textContent).toContain(purchasingMessages.quoteBatchRemoved);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: purchasingMessages.quoteBatchRemoved, variant: 'destructive' }));
    expect(screen.getByTestId('quote-priced-count').textContent).toContain('1 de 2');
  });

  it('is read-only for someone who cannot edit this quote', () => {
    renderEditor({}, false);
    expect((screen.getByLabelText('Preço unitário de Dipirona') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enviar cotação' })).toBeNull();
    expect(screen.queryByLabelText(purchasingMessages.paymentTermLabel)).toBeNull();
    expect(screen.getByTestId('quote-payment-term').textContent).toBe('Prazo não informado');
  });

  it('autosaves the payment term (days) once typing pauses; blank clears it; outside 0–360 is shown and not saved', async () => {
    const ctx = renderEditor();
    vi.useFakeTimers();
    const term = screen.getByLabelText(purchasingMessages.paymentTermLabel);
    fireEvent.change(term, { target: { value: '30' } });
    expect(ctx.savePaymentTerm).not.toHaveBeenCalled();
    await pause(800);
    expect(ctx.savePaymentTerm).toHaveBeenCalledWith({ quoteId: 'q1', days: 30 });
    expect(screen.getByText('Todas as alterações foram salvas')).toBeTruthy();

    fireEvent.change(term, { target: { value: '400' } });
    await pause(800);
    expect(ctx.savePaymentTerm).toHaveBeenCalledTimes(1);
    expect(screen.getByText(purchasingMessages.paymentTermRange)).toBeTruthy();
    expect(term.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Corrija os campos destacados')).toBeTruthy();

    fireEvent.change(term, { target: { value: '' } });
    await pause(800);
    expect(ctx.savePaymentTerm).toHaveBeenLastCalledWith({ quoteId: 'q1', days: null });
    expect(screen.queryByText(purchasingMessages.paymentTermRange)).toBeNull();
  });

  it('sends only after the payment term is saved', async () => {
    let finishTerm: () => void = () => undefined;
    const events: string[] = [];
    const ctx = renderEditor({
      saveItem: vi.fn((input: UpdateQuoteItemInput) => saved(input.values)),
      savePaymentTerm: vi.fn(
        (input: SetPaymentTermInput) =>
          new Promise<AutosaveOutcome<PaymentTermValue>>((resolve) => {
            events.push('term started');
            finishTerm = () => {
              events.push('term finished');
              resolve({ ok: true, stored: { days: input.days } });
            };
          }),
      ),
      submitQuote: vi.fn(() => {
        events.push('submit');
        return Promise.resolve(true);
      }),
    });
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Preço unitário de Dipirona'), { target: { value: '5' } });
    await pause(800);
    fireEvent.change(screen.getByLabelText(purchasingMessages.paymentTermLabel), { target: { value: '45' } });
    await pause(800);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar cotação' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await pause(10);
    expect(ctx.submitQuote).not.toHaveBeenCalled();
    await act(async () => {
      finishTerm();
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(events).toEqual(['term started', 'term finished', 'submit']);
  });
});
