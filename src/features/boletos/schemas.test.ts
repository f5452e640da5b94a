import { describe, expect, it } from 'vitest';
import { barcodeToLinha, buildArrecadacaoBarcode, buildBankBarcode } from '@/features/boletos/code';
import {
  BOLETO_FORM_MESSAGES,
  boletoFormSchema,
  boletoPageSchema,
  boletoWarningsSchema,
  emptyBoletoForm,
  paymentSchema,
  reasonSchema,
  toBoletoWrite,
  type BoletoFormValues,
} from '@/features/boletos/schemas';
import { boletoCodeMessages } from '@/features/boletos/messages';
import type { BoletoPage } from '@/features/boletos/types';

const UNIT = '11111111-1111-4111-8111-111111111111';
const SUPPLIER = '22222222-2222-4222-8222-222222222222';
const bank = buildBankBarcode({ bankCode: '341', dueDate: '2040-11-26', amountCents: 123456, freeField: '1090000000000000000000001' });
const arrecadacaoNoValue = buildArrecadacaoBarcode({ segment: 2, valueId: 7, amountCents: 0, rest: '12345678901234567890123456789' });

function valid(overrides: Partial<BoletoFormValues> = {}): BoletoFormValues {
  return {
    ...emptyBoletoForm(UNIT),
    code: barcodeToLinha(bank),
    supplierId: SUPPLIER,
    amount: '1.234,56',
    dueDate: '2040-11-26',
    ...overrides,
  };
}

/** The first message of each field that failed. */
function errorsOf(values: BoletoFormValues): Record<string, string> {
  const result = boletoFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

function fakeFile(name: string, size: number, type: string): File {
  return { name, size, type } as File;
}

describe('boletoFormSchema', () => {
  it('accepts a complete bank boleto', () => {
    expect(errorsOf(valid())).toEqual({});
  });

  it('names the wrong part of the code', () => {
    expect(errorsOf(valid({ code: '' })).code).toBe('Informe o código de barras ou a linha digitável.');
    expect(errorsOf(valid({ code: '1234' })).code).toBe('Faltam 40 dígitos para um código de barras (44)');
    const linha = barcodeToLinha(bank);
    const wrongField3 = linha.slice(0, 25) + String((Number(linha[25]) + 1) % 10) + linha.slice(26);
    expect(errorsOf(valid({ code: wrongField3 })).code).toBe(boletoCodeMessages.field3);
  });

  it('gives one message for a wrong code: the amount and due date it would fill are not blamed as well', () => {
    const linha = barcodeToLinha(bank);
    const wrongDv = linha.slice(0, 32) + String((Number(linha[32]) + 1) % 10) + linha.slice(33);
    for (const code of [wrongDv, linha.slice(0, 46), '']) {
      // What a save sends after a wrong paste: the read-only amount and the due date were never filled.
      const errors = errorsOf(valid({ code, amount: '', dueDate: '' }));
      expect(Object.keys(errors), code).toEqual(['code']);
    }
    expect(errorsOf(valid({ code: wrongDv, amount: '', dueDate: '' })).code).toBe(
      'Confira o código: o dígito verificador não confere. Digite novamente ou use o leitor.',
    );
    // Nor the choices made around it: the code first, the rest once it is right.
    expect(Object.keys(errorsOf(valid({ code: wrongDv, amount: '', dueDate: '', supplierId: null, unitId: '' })))).toEqual(['code']);
    expect(Object.keys(errorsOf(valid({ amount: '', dueDate: '', supplierId: null, unitId: '' }))).sort()).toEqual(['amount', 'dueDate', 'supplierId', 'unitId']);
    // A date typed wrong is the clerk's own: said even while the code is wrong.
    expect(errorsOf(valid({ code: wrongDv, dueDate: '1999-12-31' })).dueDate).toBe(BOLETO_FORM_MESSAGES.dueRange);
    // Once the code is right, the missing amount and due date are asked for.
    expect(errorsOf(valid({ amount: '', dueDate: '' }))).toEqual({ amount: 'Informe o valor.', dueDate: 'Informe o vencimento.' });
  });

  it('requires the unit and the payee', () => {
    expect(errorsOf(valid({ unitId: '' })).unitId).toBe(BOLETO_FORM_MESSAGES.unit);
    expect(errorsOf(valid({ supplierId: null })).supplierId).toBe('Selecione o fornecedor.');
    expect(errorsOf(valid({ payee: 'other', supplierId: null, beneficiary: '  ' })).beneficiary).toBe('Informe o beneficiário.');
    expect(errorsOf(valid({ payee: 'other', supplierId: null, beneficiary: 'Companhia de Saneamento' }))).toEqual({});
  });

  it('mirrors the database text limits', () => {
    expect(errorsOf(valid({ payee: 'other', beneficiary: 'a'.repeat(160) })).beneficiary).toBeUndefined();
    expect(errorsOf(valid({ payee: 'other', beneficiary: 'a'.repeat(161) })).beneficiary).toBe('O beneficiário deve ter no máximo 160 caracteres.');
    expect(errorsOf(valid({ documentNumber: 'a'.repeat(60) })).documentNumber).toBeUndefined();
    expect(errorsOf(valid({ documentNumber: 'a'.repeat(61) })).documentNumber).toBe('O número do documento deve ter no máximo 60 caracteres.');
    expect(errorsOf(valid({ notes: 'a'.repeat(1000) })).notes).toBeUndefined();
    expect(errorsOf(valid({ notes: 'a'.repeat(1001) })).notes).toBe('As observações devem ter no máximo 1000 caracteres.');
  });

  it('requires the amount of the code when the code carries one', () => {
    expect(errorsOf(valid({ amount: '1.234,57' })).amount).toBe('O valor deve ser igual ao do código (R$ 1.234,56).');
    expect(errorsOf(valid({ amount: '' })).amount).toBe('Informe o valor.');
  });

  it('checks a typed amount when the code has none: positive, at most R$ 99.999.999,99', () => {
    const code = arrecadacaoNoValue;
    expect(errorsOf(valid({ code, amount: '' })).amount).toBe('Informe o valor.');
    expect(errorsOf(valid({ code, amount: 'abc' })).amount).toBe('Valor inválido: use o formato 1.234,56.');
    expect(errorsOf(valid({ code, amount: '0,00' })).amount).toBe('O valor deve ser maior que zero.');
    expect(errorsOf(valid({ code, amount: '99.999.999,99' })).amount).toBeUndefined();
    expect(errorsOf(valid({ code, amount: '100.000.000,00' })).amount).toBe('O valor deve ser de no máximo R$ 99.999.999,99.');
  });

  it('requires a due date between 2000-01-01 and 2100-12-31', () => {
    expect(errorsOf(valid({ dueDate: '' })).dueDate).toBe('Informe o vencimento.');
    expect(errorsOf(valid({ dueDate: '2026-02-30' })).dueDate).toBe('Data inválida.');
    expect(errorsOf(valid({ dueDate: '1999-12-31' })).dueDate).toBe('O vencimento deve estar entre 01/01/2000 e 31/12/2100.');
    expect(errorsOf(valid({ dueDate: '2101-01-01' })).dueDate).toBe('O vencimento deve estar entre 01/01/2000 e 31/12/2100.');
    expect(errorsOf(valid({ dueDate: '2000-01-01' })).dueDate).toBeUndefined();
  });

  it('accepts an issue date up to the due date', () => {
    expect(errorsOf(valid({ issueDate: '2040-11-26' }))).toEqual({});
    expect(errorsOf(valid({ issueDate: '2040-11-27' })).issueDate).toBe('A data de emissão deve ser igual ou anterior ao vencimento.');
    expect(errorsOf(valid({ issueDate: '1999-01-01' })).issueDate).toBe('A data de emissão deve estar entre 01/01/2000 e 31/12/2100.');
  });

  it('accepts PDF, JPG, PNG or WEBP attachments up to 10 MB', () => {
    expect(errorsOf(valid({ attachment: fakeFile('boleto.pdf', 2000, 'application/pdf') }))).toEqual({});
    expect(errorsOf(valid({ attachment: fakeFile('boleto.gif', 2000, 'image/gif') })).attachment).toBe('O anexo deve ser um arquivo PDF, JPG, PNG ou WEBP.');
    expect(errorsOf(valid({ attachment: fakeFile('boleto.png', 11 * 1024 * 1024, 'image/png') })).attachment).toBe('O anexo deve ter no máximo 10 MB.');
  });
});

describe('toBoletoWrite', () => {
  it('writes the canonical barcode, the amount in reais and blanks as null', () => {
    const values = boletoFormSchema.parse(valid({ documentNumber: ' NF 7802 ', notes: '  ' }));
    expect(toBoletoWrite(values)).toEqual({
      unit_id: UNIT,
      supplier_id: SUPPLIER,
      beneficiary: null,
      barcode: bank,
      amount: 1234.56,
      due_date: '2040-11-26',
      issue_date: null,
      document_number: 'NF 7802',
      notes: null,
      duplicate_reason: null,
    });
  });

  it('writes the beneficiary (not a supplier) for other payees', () => {
    const values = boletoFormSchema.parse(valid({ code: arrecadacaoNoValue, payee: 'other', supplierId: SUPPLIER, beneficiary: ' Saneamento ', amount: '89,90' }));
    expect(toBoletoWrite(values)).toMatchObject({ supplier_id: null, beneficiary: 'Saneamento', barcode: arrecadacaoNoValue, amount: 89.9 });
  });
});

describe('the list’s forms', () => {
  it('a reason has 3 to 500 characters once trimmed', () => {
    expect(reasonSchema.safeParse({ reason: '  ok ' }).success).toBe(false);
    expect(reasonSchema.safeParse({ reason: 'Lançado em duplicidade' }).success).toBe(true);
    expect(reasonSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });

  it('a payment is not in the future; one boleto needs a positive paid amount, a selection none', () => {
    const today = '2026-11-25';
    const base = { today, earliest: '2026-01-01', paidTwin: false };
    const confirmations = { confirmBackdated: false, confirmPaidTwin: false };
    const single = paymentSchema({ ...base, single: true });
    expect(single.safeParse({ paidAt: today, paymentAccount: '', paidAmount: '1.987,00', ...confirmations }).success).toBe(true);
    expect(single.safeParse({ paidAt: '2026-11-26', paymentAccount: '', paidAmount: '10', ...confirmations }).success).toBe(false);
    expect(single.safeParse({ paidAt: today, paymentAccount: '', paidAmount: '0', ...confirmations }).success).toBe(false);
    expect(single.safeParse({ paidAt: today, paymentAccount: '', paidAmount: 'abc', ...confirmations }).success).toBe(false);
    const selection = paymentSchema({ ...base, single: false });
    expect(selection.safeParse({ paidAt: '2026-11-20', paymentAccount: 'Itaú c/c 1', paidAmount: '', ...confirmations }).success).toBe(true);
    expect(selection.safeParse({ paidAt: '', paymentAccount: '', paidAmount: '', ...confirmations }).success).toBe(false);
  });

  it('a payment is not dated before the issue or entry day, and a date over 30 days back or a paid twin is confirmed', () => {
    const today = '2026-11-25';
    const values = (paidAt: string, patch: Partial<{ confirmBackdated: boolean; confirmPaidTwin: boolean }> = {}) => ({
      paidAt, paymentAccount: '', paidAmount: '', confirmBackdated: false, confirmPaidTwin: false, ...patch,
    });
    const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];
    const schema = paymentSchema({ today, single: false, earliest: '2026-09-01', paidTwin: false });
    expect(messages(schema.safeParse(values('2026-08-31', { confirmBackdated: true })))).toEqual([
      'A data do pagamento não pode ser anterior a 01/09/2026 (emissão ou lançamento do boleto).',
    ]);
    expect(messages(schema.safeParse(values('2026-10-26')))).toEqual([]);
    expect(messages(schema.safeParse(values('2026-10-25')))).toEqual(['A data é de mais de 30 dias atrás: confirme que o pagamento foi feito nessa data.']);
    expect(schema.safeParse(values('2026-10-24', { confirmBackdated: true })).success).toBe(true);
    const twin = paymentSchema({ today, single: false, earliest: '2026-09-01', paidTwin: true });
    expect(messages(twin.safeParse(values(today)))).toEqual(['Confirme que deseja pagar de novo um código já pago.']);
    expect(twin.safeParse(values(today, { confirmPaidTwin: true })).success).toBe(true);
  });
});

describe('RPC payloads', () => {
  it("reads check_boleto_warnings' JSON with amounts as numbers, and refuses another shape", () => {
    const json = {
      same_code: [{ id: null, unit_name: 'U', status: 'PAGO', due_date: '2026-01-01', amount: '10.50', paid_at: '2026-01-02', paid_amount: 11 }],
      same_supplier_amount_due: [{ id: 'b2', unit_name: 'U', status: 'PENDENTE', due_date: '2026-01-01', amount: 10.5, document_number: null }],
      bank_code: '341',
      supplier_banks: ['001'],
      bank_differs: true,
    };
    expect(boletoWarningsSchema.parse(json)).toEqual({
      ...json,
      same_code: [{ id: null, unit_name: 'U', status: 'PAGO', due_date: '2026-01-01', amount: 10.5, paid_at: '2026-01-02', paid_amount: 11 }],
    });
    expect(boletoWarningsSchema.safeParse(null).success).toBe(false);
    expect(boletoWarningsSchema.safeParse({ ...json, same_code: [{ ...json.same_code[0], status: 'OUTRO' }] }).success).toBe(false);
  });

  it("reads list_boletos' page: numbers from numeric columns, no alerts as an empty list, the twin as it came", () => {
    const row = {
      id: 'b1', unit_id: 'u1', unit_name: 'Unidade Centro', supplier_id: null, supplier_name: null, supplier_cnpj: null, beneficiary: 'Sabesp',
      kind: 'ARRECADACAO', barcode: '8'.repeat(44), linha_digitavel: '8'.repeat(48), bank_code: null, amount: '162.32', due_date: '2026-11-25',
      issue_date: null, document_number: null, notes: null, status: 'PENDENTE', situation: 'VENCE_HOJE', paid_at: null, paid_amount: null,
      payment_account: null, alerts: null, created_at: '2026-11-01T12:00:00+00:00', attachments: 2, duplicate_reason: null,
      twin: { id: null, unit_name: 'Unidade Sul', status: 'PAGO', due_date: '2026-11-25', amount: 162.32, paid_at: '2026-11-20', paid_amount: '162.32' },
    };
    const page: BoletoPage = boletoPageSchema.parse({ today: '2026-11-25', total: 1, total_amount: '162.32', rows: [row] });
    expect(page.total_amount).toBe(162.32);
    expect(page.rows[0]).toMatchObject({ amount: 162.32, alerts: [], attachments: 2, twin: { paid_amount: 162.32, status: 'PAGO' } });
    expect(boletoPageSchema.safeParse({ today: '2026-11-25', total: 1, total_amount: 0, rows: [{ ...row, situation: 'PENDENTE' }] }).success).toBe(false);
  });
});
