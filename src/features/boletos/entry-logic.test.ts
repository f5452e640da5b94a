import { describe, expect, it } from 'vitest';
import { barcodeToLinha, buildArrecadacaoBarcode, buildBankBarcode, parseBoletoCode } from '@/features/boletos/code';
import { boletoCodeMessages } from '@/features/boletos/messages';
import { bankLabel } from '@/features/boletos/banks';
import {
  attachmentContentType,
  attachmentProblem,
  codeProblem,
  codeStatus,
  filterSuppliers,
  formatAmountInput,
  formatCnpj,
  hasWarnings,
  parseAmountInput,
  safeFileName,
  warningItems,
  withNameSuffix,
  type BoletoWarnings,
} from '@/features/boletos/entry-logic';

const TODAY = '2026-11-25';
const bank = buildBankBarcode({ bankCode: '341', dueDate: '2026-11-26', amountCents: 123456, freeField: '1090000000000000000000001' });
const bankLinha = barcodeToLinha(bank);
const arrecadacaoNoValue = buildArrecadacaoBarcode({ segment: 3, valueId: 7, amountCents: 0, rest: '12345678901234567890123456789' });

/** The same linha with one digit changed at `index` (0-based). */
function withDigitChanged(code: string, index: number): string {
  const digit = (Number(code[index]) + 1) % 10;
  return code.slice(0, index) + String(digit) + code.slice(index + 1);
}

describe('codeStatus', () => {
  it('is empty for blanks and separators only', () => {
    expect(codeStatus('', TODAY)).toEqual({ state: 'empty' });
    expect(codeStatus(' . \n', TODAY)).toEqual({ state: 'empty' });
  });

  it('says how many digits are missing, without an error, while the user is still typing', () => {
    expect(codeStatus('34191.0900', TODAY)).toEqual({ state: 'typing', digits: 9, message: 'Faltam 35 dígitos para um código de barras (44)' });
    // The linha's first field is complete and right: the clerk is typing a linha (47).
    expect(codeStatus(bankLinha.slice(0, 43), TODAY)).toEqual({ state: 'typing', digits: 43, message: 'Faltam 4 dígitos para um boleto bancário (47)' });
    expect(codeStatus(bankLinha.slice(0, 45), TODAY)).toEqual({ state: 'typing', digits: 45, message: 'Faltam 2 dígitos para um boleto bancário (47)' });
    expect(codeStatus(bankLinha.slice(0, 46), TODAY)).toEqual({ state: 'typing', digits: 46, message: 'Falta 1 dígito para um boleto bancário (47)' });
    // A 47-digit code starting with 8 is an arrecadação linha one digit short.
    expect(codeStatus(barcodeToLinha(arrecadacaoNoValue).slice(0, 47), TODAY)).toEqual({
      state: 'typing',
      digits: 47,
      message: 'Falta 1 dígito para uma conta de consumo ou tributo (48)',
    });
  });

  it('names the wrong field as soon as the length is complete', () => {
    const status = codeStatus(withDigitChanged(bankLinha, 12), TODAY);
    expect(status).toMatchObject({ state: 'invalid', field: 'campo2', message: boletoCodeMessages.field2 });
  });

  it('refuses a non-digit at once and more than 48 digits', () => {
    expect(codeStatus('3419a', TODAY)).toMatchObject({ state: 'invalid', message: boletoCodeMessages.notDigits });
    expect(codeStatus(`${bankLinha}00`, TODAY)).toMatchObject({ state: 'invalid', digits: 49, message: 'Sobram 2 dígitos para um boleto bancário (47)' });
  });

  it('gives the form the one message the field shows (codeProblem), whatever the state', () => {
    expect(codeProblem(bankLinha)).toBeNull();
    expect(codeProblem('')).toBe(boletoCodeMessages.empty);
    expect(codeProblem(bankLinha.slice(0, 46))).toBe('Falta 1 dígito para um boleto bancário (47)');
    expect(codeProblem(withDigitChanged(bankLinha, 32))).toBe(boletoCodeMessages.generalDv);
    // An arrecadação linha one short: the count, not the bank field the parser would name.
    const short = barcodeToLinha(arrecadacaoNoValue).slice(0, 47);
    expect(parseBoletoCode(short, TODAY)).toMatchObject({ ok: false, field: 'campo1' });
    expect(codeProblem(short)).toBe('Falta 1 dígito para uma conta de consumo ou tributo (48)');
  });

  it('decodes a bank linha pasted with dots, spaces and a line break', () => {
    const pasted = `${bankLinha.slice(0, 5)}.${bankLinha.slice(5, 10)} ${bankLinha.slice(10, 21)}\n${bankLinha.slice(21)}`;
    const status = codeStatus(pasted, TODAY);
    expect(status.state).toBe('valid');
    if (status.state !== 'valid') return;
    expect(status.value).toMatchObject({ kind: 'BANCARIO', barcode: bank, bankCode: '341', amount: 1234.56, dueDate: '2026-11-26' });
  });

  it('decodes an arrecadação barcode without value or due date', () => {
    const status = codeStatus(arrecadacaoNoValue, TODAY);
    expect(status).toMatchObject({ state: 'valid', value: { kind: 'ARRECADACAO', amount: null, dueDate: null, segment: 3 } });
  });
});

describe('amounts', () => {
  it('reads amounts typed the Brazilian way', () => {
    expect(parseAmountInput('')).toBeNull();
    expect(parseAmountInput('1.234,56')).toBe(1234.56);
    expect(parseAmountInput('R$ 12,5')).toBe(12.5);
    expect(parseAmountInput('1234.56')).toBe(1234.56);
    expect(parseAmountInput('1.234')).toBe(1234);
    expect(parseAmountInput('99.999.999,99')).toBe(99_999_999.99);
    expect(parseAmountInput('12,345')).toBeNaN();
    expect(parseAmountInput('abc')).toBeNaN();
    expect(parseAmountInput('1,2,3')).toBeNaN();
  });

  it('writes them back with thousands dots and two decimals', () => {
    expect(formatAmountInput(1234.5)).toBe('1.234,50');
    expect(formatAmountInput(0.1)).toBe('0,10');
  });
});

describe('attachments', () => {
  it('accepts PDF, JPG, PNG and WEBP up to 10 MB', () => {
    expect(attachmentProblem({ name: 'boleto.pdf', size: 1000, type: 'application/pdf' })).toBeNull();
    expect(attachmentProblem({ name: 'foto.webp', size: 10 * 1024 * 1024, type: 'image/webp' })).toBeNull();
    expect(attachmentProblem({ name: 'foto.jpg', size: 10 * 1024 * 1024 + 1, type: 'image/jpeg' })).toBe('O anexo deve ter no máximo 10 MB.');
    expect(attachmentProblem({ name: 'nota.docx', size: 1000, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })).toBe(
      'O anexo deve ser um arquivo PDF, JPG, PNG ou WEBP.',
    );
    expect(attachmentProblem({ name: 'foto.heic', size: 1000, type: 'image/heic' })).toBe('O anexo deve ser um arquivo PDF, JPG, PNG ou WEBP.');
    expect(attachmentProblem({ name: 'vazio.pdf', size: 0, type: 'application/pdf' })).toBe('O arquivo do anexo está vazio.');
  });

  it('takes the type from the extension when the browser gives none', () => {
    expect(attachmentContentType({ name: 'BOLETO.PDF', size: 1, type: '' })).toBe('application/pdf');
    expect(attachmentContentType({ name: 'sem-extensao', size: 1, type: '' })).toBeNull();
  });

  it('keeps the name readable and safe for storage', () => {
    expect(safeFileName('NF 7802 - Medifarma.pdf', 'application/pdf')).toBe('NF 7802 - Medifarma.pdf');
    expect(safeFileName('Boleto Março/2026.PDF', 'application/pdf')).toBe('Boleto Marco-2026.pdf');
    expect(safeFileName('..\\..\\x', 'application/pdf')).toBe('x.pdf');
    expect(safeFileName('../../etc/passwd', 'application/pdf')).toBe('etc-passwd.pdf');
    expect(safeFileName('nota#1?x=2.jpg', 'image/jpeg')).toBe('nota_1_x_2.jpg');
    expect(safeFileName('???.png', 'image/png')).toBe('anexo.png');
    expect(safeFileName('..', 'application/pdf')).toBe('anexo.pdf');
    expect(safeFileName('image', 'image/jpeg')).toBe('image.jpg');
    expect(safeFileName('foto.JPEG', 'image/jpeg')).toBe('foto.jpeg');
    const long = safeFileName(`${'a'.repeat(300)}.pdf`, 'application/pdf');
    expect(long).toHaveLength(100);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('adds a suffix before the extension for a second file with the same name', () => {
    expect(withNameSuffix('NF 7802.pdf', '20261125-143005')).toBe('NF 7802-20261125-143005.pdf');
    expect(withNameSuffix('anexo', 'x')).toBe('anexo-x');
  });
});

describe('suppliers', () => {
  const suppliers = [
    { id: '1', name: 'Medifarma Distribuidora', cnpj: '12.345.678/0001-95' },
    { id: '2', name: 'Distribuidora Alfa', cnpj: '11.222.333/0001-81' },
    { id: '3', name: 'Farmácia São João', cnpj: null },
  ];

  it('finds by words of the name, ignoring accents and case, names starting with the query first', () => {
    expect(filterSuppliers(suppliers, 'distrib').map((s) => s.id)).toEqual(['2', '1']);
    expect(filterSuppliers(suppliers, 'sao joao').map((s) => s.id)).toEqual(['3']);
    expect(filterSuppliers(suppliers, 'alfa dist').map((s) => s.id)).toEqual(['2']);
  });

  it('finds by CNPJ digits, typed with or without punctuation', () => {
    expect(filterSuppliers(suppliers, '12345678').map((s) => s.id)).toEqual(['1']);
    expect(filterSuppliers(suppliers, '11.222.333').map((s) => s.id)).toEqual(['2']);
  });

  it('formats a CNPJ', () => {
    expect(formatCnpj('12345678000195')).toBe('12.345.678/0001-95');
    expect(formatCnpj(null)).toBe('');
  });
});

describe('warnings', () => {
  const none: BoletoWarnings = { same_code: [], same_supplier_amount_due: [], bank_code: '341', supplier_banks: ['341'], bank_differs: false };

  it('has nothing to confirm without warnings', () => {
    expect(hasWarnings(none)).toBe(false);
    expect(warningItems(none, { supplierName: 'Medifarma Distribuidora', today: TODAY })).toEqual([]);
  });

  it('explains a code already entered, in which unit, its status and due date', () => {
    const warnings = { ...none, same_code: [{ id: null, unit_name: 'Unidade Norte', status: 'PENDENTE' as const, due_date: '2026-11-26', amount: 10 }] };
    expect(hasWarnings(warnings)).toBe(true);
    expect(warningItems(warnings, { supplierName: null, today: TODAY })).toEqual([
      { kind: 'same_code', severity: 'duplicate', text: 'Este código já foi lançado na Unidade Norte (pendente, vence em 26/11/2026, R$\u00a010,00).' },
    ]);
    // A paid twin is named by when, where and how much it was paid.
    const paid = { ...none, same_code: [{ id: 'x', unit_name: 'Centro', status: 'PAGO' as const, due_date: '2026-10-01', amount: 10, paid_at: '2026-09-30', paid_amount: 10.5 }] };
    expect(warningItems(paid, { supplierName: null, today: TODAY })[0]?.text).toBe('Este código já foi lançado: já pago em 30/09/2026, Centro, R$\u00a010,50.');
  });

  it('explains a possible duplicate of the same supplier, amount and due date', () => {
    const row = { id: 'x', unit_name: 'Unidade Norte', status: 'PENDENTE' as const, due_date: '2026-11-26', amount: 1234.56, document_number: '7802' };
    const warnings = { ...none, same_supplier_amount_due: [row] };
    expect(warningItems(warnings, { supplierName: 'Medifarma Distribuidora', today: TODAY })[0]?.text).toBe(
      'Já existe boleto de Medifarma Distribuidora com o mesmo valor (R$\u00a01.234,56) e vencimento (26/11/2026) nesta unidade (NF 7802).',
    );
    const withNf = { ...none, same_supplier_amount_due: [{ ...row, document_number: 'NF 7802', status: 'PAGO' as const }] };
    expect(warningItems(withNf, { supplierName: null, today: TODAY })[0]?.text).toBe(
      'Já existe boleto deste fornecedor com o mesmo valor (R$\u00a01.234,56) e vencimento (26/11/2026) nesta unidade (NF 7802, já pago).',
    );
  });

  it('warns of a possible fake boleto when the bank differs from the supplier history', () => {
    const warnings = { ...none, bank_code: '033', supplier_banks: ['341'], bank_differs: true };
    expect(warningItems(warnings, { supplierName: 'Medifarma Distribuidora', today: TODAY })).toEqual([
      {
        kind: 'bank_differs',
        severity: 'fraud',
        text:
          'Possível boleto falso: o banco deste boleto (033 – Santander) é diferente do histórico deste fornecedor (341 – Itaú). ' +
          'Confirme os dados com o fornecedor por um canal conhecido antes de pagar.',
      },
    ]);
  });
});

describe('banks', () => {
  it('labels known banks and leaves unknown codes bare', () => {
    expect(bankLabel('341')).toBe('341 – Itaú');
    expect(bankLabel('001')).toBe('001 – Banco do Brasil');
    expect(bankLabel('999')).toBe('999');
  });
});
