import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { barcodeToLinha, buildArrecadacaoBarcode, buildBankBarcode } from '@/features/boletos/code';
import { emptyBoletoForm, type BoletoFormData, type BoletoFormValues } from '@/features/boletos/schemas';
import { useCodeAutofill } from '@/features/boletos/use-code-autofill';

const UNIT = '11111111-1111-4111-8111-111111111111';
const first = barcodeToLinha(buildBankBarcode({ bankCode: '341', dueDate: '2027-01-15', amountCents: 123456, freeField: '1'.repeat(25) }));
const second = barcodeToLinha(buildBankBarcode({ bankCode: '237', dueDate: '2027-02-10', amountCents: 5000, freeField: '2'.repeat(25) }));
const noAmountNoDue = buildArrecadacaoBarcode({ segment: 2, valueId: 7, amountCents: 0, rest: '1'.repeat(29) });

function setup(defaultValues: BoletoFormValues = emptyBoletoForm(UNIT)) {
  return renderHook(() => {
    const form = useForm<BoletoFormValues, unknown, BoletoFormData>({ defaultValues });
    return { form, autofill: useCodeAutofill(form, defaultValues) };
  });
}

function typeCode(hook: ReturnType<typeof setup>, code: string) {
  act(() => {
    hook.result.current.form.setValue('code', code);
    hook.result.current.autofill.applyCode(code);
  });
}

const filled = (hook: ReturnType<typeof setup>) => ({
  amount: hook.result.current.form.getValues('amount'),
  dueDate: hook.result.current.form.getValues('dueDate'),
});

describe('useCodeAutofill', () => {
  it('fills amount and due date from a valid code, replaces them with the next code and clears them with the code', () => {
    const hook = setup();
    typeCode(hook, first.slice(0, 20));
    expect(filled(hook)).toEqual({ amount: '', dueDate: '' });
    typeCode(hook, first);
    expect(filled(hook)).toEqual({ amount: '1.234,56', dueDate: '2027-01-15' });
    typeCode(hook, second);
    expect(filled(hook)).toEqual({ amount: '50,00', dueDate: '2027-02-10' });
    // A code without amount or due date empties what the previous code had filled.
    typeCode(hook, noAmountNoDue);
    expect(filled(hook)).toEqual({ amount: '', dueDate: '' });
    typeCode(hook, first);
    typeCode(hook, '');
    expect(filled(hook)).toEqual({ amount: '', dueDate: '' });
  });

  it('keeps a due date typed by hand until the user takes the code’s again', () => {
    const hook = setup();
    typeCode(hook, first);
    act(() => {
      hook.result.current.form.setValue('dueDate', '2027-01-20');
      hook.result.current.autofill.dueTyped();
    });
    typeCode(hook, '');
    expect(filled(hook)).toEqual({ amount: '', dueDate: '2027-01-20' });
    typeCode(hook, first);
    act(() => hook.result.current.autofill.useCodeDue('2027-01-15'));
    typeCode(hook, noAmountNoDue);
    expect(filled(hook).dueDate).toBe('');
  });

  it('knows the code an edited boleto opened with, and forgets what came from a code once the form is cleared', () => {
    const hook = setup({ ...emptyBoletoForm(UNIT), code: first, amount: '1.234,56', dueDate: '2027-01-10' });
    expect(hook.result.current.autofill.initialBarcode).toHaveLength(44);
    // The stored due date is the user's: a new code replaces only what the code filled (the amount).
    typeCode(hook, noAmountNoDue);
    expect(filled(hook)).toEqual({ amount: '', dueDate: '2027-01-10' });
    act(() => hook.result.current.autofill.forget());
    act(() => hook.result.current.form.setValue('amount', '10,00'));
    typeCode(hook, '');
    expect(filled(hook).amount).toBe('10,00');
  });
});
