import { describe, expect, it } from 'vitest';
import { barcodeToLinha, buildArrecadacaoBarcode, buildBankBarcode } from '@/features/boletos/code';
import { BOLETO_FORM_MESSAGES, boletoFormSchema, emptyBoletoForm, toBoletoWrite, type BoletoFormValues } from '@/features/boletos/schemas';

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
    expect(errorsOf(valid({ code: '1234' })).code).toBe(
      'O código tem 4 dígitos; esperado 44 (código de barras), 47 (linha digitável bancária) ou 48 (arrecadação).',
    );
    const linha = barcodeToLinha(bank);
    const wrongField3 = linha.slice(0, 25) + String((Number(linha[25]) + 1) % 10) + linha.slice(26);
    expect(errorsOf(valid({ code: wrongField3 })).code).toBe('Campo 3 da linha digitável inválido');
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
