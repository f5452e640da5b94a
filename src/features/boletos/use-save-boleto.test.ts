import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { barcodeToLinha, buildBankBarcode } from '@/features/boletos/code';
import type { BoletoWarnings } from '@/features/boletos/entry-logic';
import { BOLETO_FORM_MESSAGES, boletoFormSchema, emptyBoletoForm, type BoletoFormData, type BoletoFormValues } from '@/features/boletos/schemas';
import { useSaveBoleto } from '@/features/boletos/use-save-boleto';

// The writes and the check are the api/ hooks' business (their own toasts and cache refresh); here
// they are stand-ins, so what is asserted is the order of the steps the form goes through.
const api = vi.hoisted(() => ({
  check: vi.fn(),
  create: { mutate: vi.fn(), isPending: false },
  update: { mutate: vi.fn(), isPending: false },
  toast: vi.fn(),
}));
vi.mock('@/features/boletos/api/check-boleto-warnings', () => ({ useCheckBoletoWarnings: () => api.check }));
vi.mock('@/features/boletos/api/create-boleto', () => ({ useCreateBoleto: () => api.create }));
vi.mock('@/features/boletos/api/update-boleto', () => ({ useUpdateBoleto: () => api.update }));
vi.mock('@/components/ui/use-toast', () => ({ toast: api.toast }));

const UNIT = '11111111-1111-4111-8111-111111111111';
const SUPPLIER = '22222222-2222-4222-8222-222222222222';
const barcode = buildBankBarcode({ bankCode: '341', dueDate: '2027-01-15', amountCents: 123456, freeField: '1'.repeat(25) });
const NONE: BoletoWarnings = { same_code: [], same_supplier_amount_due: [], bank_code: '341', supplier_banks: ['341'], bank_differs: false };

const values = (patch: Partial<BoletoFormValues> = {}): BoletoFormData =>
  boletoFormSchema.parse({ ...emptyBoletoForm(UNIT), code: barcodeToLinha(barcode), supplierId: SUPPLIER, amount: '1.234,56', dueDate: '2027-01-15', ...patch });

function setup({ boletoId = null, twins = 0 }: { boletoId?: string | null; twins?: number } = {}) {
  const onSaved = vi.fn();
  const refresh = vi.fn();
  const hook = renderHook(() => {
    const form = useForm<BoletoFormValues, unknown, BoletoFormData>({ defaultValues: emptyBoletoForm(UNIT) });
    const saving = useSaveBoleto({
      form,
      boletoId,
      suppliers: [{ id: SUPPLIER, name: 'Distribuidora Alfa', cnpj: null }],
      initialBarcode: null,
      inline: { twins, refresh },
      onSaved,
    });
    return { form, saving };
  });
  return { hook, onSaved, refresh };
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('useSaveBoleto', () => {
  it('with nothing to confirm, creates the boleto with its file and who is paid, and clears the form once it is saved', async () => {
    api.check.mockResolvedValue(NONE);
    const { hook, onSaved, refresh } = setup();
    const file = new File(['%PDF'], 'nf.pdf', { type: 'application/pdf' });
    await act(() => hook.result.current.saving.submit(values({ attachment: file })));
    expect(api.check).toHaveBeenCalledWith(expect.objectContaining({ barcode, unitId: UNIT, supplierId: SUPPLIER, amount: 1234.56, excludeId: null }));
    const [input, effects] = api.create.mutate.mock.calls[0] as [{ write: { barcode: string }; attachment: File; payeeName: string }, { onSuccess: () => void }];
    expect(input).toMatchObject({ attachment: file, payeeName: 'Distribuidora Alfa', write: { barcode, amount: 1234.56 } });
    expect(onSaved).not.toHaveBeenCalled();
    effects.onSuccess();
    expect(onSaved).toHaveBeenCalledWith(input.write);
    expect(api.update.mutate).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('shows the warnings first and saves only on confirmation; an edit updates its own boleto', async () => {
    api.check.mockResolvedValue({ ...NONE, bank_differs: true, supplier_banks: ['001'] });
    const { hook, refresh } = setup({ boletoId: 'b1' });
    await act(() => hook.result.current.saving.submit(values()));
    expect(hook.result.current.saving.warnings?.map((item) => item.kind)).toEqual(['bank_differs']);
    // The form is asked to show the same warnings inline, so the dialog holds nothing new.
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(api.update.mutate).not.toHaveBeenCalled();
    act(() => hook.result.current.saving.confirm());
    expect(hook.result.current.saving.warnings).toBeNull();
    expect(api.update.mutate).toHaveBeenCalledWith(expect.objectContaining({ id: 'b1' }), expect.anything());
    expect(api.check).toHaveBeenCalledWith(expect.objectContaining({ excludeId: 'b1' }));
  });

  it('asks why a code already entered is entered again, before and after asking the database', async () => {
    const first = setup({ twins: 1 });
    await act(() => first.hook.result.current.saving.submit(values()));
    expect(first.hook.result.current.form.getFieldState('duplicateReason').error?.message).toBe(BOLETO_FORM_MESSAGES.duplicateReason);
    expect(api.check).not.toHaveBeenCalled();

    // Someone else entered the code since it was pasted: the check finds it.
    api.check.mockResolvedValue({ ...NONE, same_code: [{ id: null, unit_name: 'Unidade Sul', status: 'PAGO', due_date: '2027-01-15', amount: 1234.56 }] });
    const second = setup();
    await act(() => second.hook.result.current.saving.submit(values()));
    expect(second.hook.result.current.form.getFieldState('duplicateReason').error?.message).toBe(BOLETO_FORM_MESSAGES.duplicateReason);
    expect(second.refresh).toHaveBeenCalled();
    expect(api.create.mutate).not.toHaveBeenCalled();
  });

  it('says the check failed and saves nothing', async () => {
    api.check.mockRejectedValue(new TypeError('Failed to fetch'));
    const { hook } = setup();
    await act(() => hook.result.current.saving.submit(values()));
    expect(api.toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Não foi possível conferir duplicidades antes de salvar', variant: 'destructive' }));
    expect(api.create.mutate).not.toHaveBeenCalled();
    expect(hook.result.current.saving.checking).toBe(false);
  });
});
