import { describe, expect, it } from 'vitest';
import { applyMapping, detectMapping, validateRecords } from '@/features/imports/mapping';

describe('detectMapping', () => {
  it('maps Portuguese headers for shortages, ignoring accents and case', () => {
    expect(detectMapping('shortages', ['Código de Barras', 'Nome do Produto', 'Qtd.', 'Disponível', 'Observação'])).toEqual({
      barcode: 0,
      product_name: 1,
      requested_quantity: 2,
      available_quantity: 3,
      observation: 4,
    });
  });
  it('maps products headers and leaves missing fields unmapped', () => {
    expect(detectMapping('products', ['EAN', 'Produto', 'Categoria'])).toEqual({ barcode: 0, name: 1, description: null, category: 2 });
  });
});

describe('applyMapping + validateRecords', () => {
  it('validates shortage rows with the database wording', () => {
    const mapping = { barcode: 0, product_name: 1, requested_quantity: 2, available_quantity: 3, observation: null };
    const records = applyMapping('shortages', [
      ['7896004100371', '', '10', ''],
      ['7896004100372', '', '1', ''],
      ['', '', '3', ''],
      ['', 'Dipirona', '0', '-1'],
      ['', '', '', ''],
      ['abc', 'X', '2,0', '4'],
    ], mapping);
    expect(records).toHaveLength(5);
    expect(validateRecords('shortages', records)).toEqual([
      [],
      ['Código de barras inválido: dígito verificador incorreto'],
      ['Informe o código de barras ou o nome do produto'],
      ['Quantidade solicitada inválida', 'Quantidade disponível inválida'],
      ['Código de barras inválido'],
    ]);
  });

  it('flags product rows without a name and repeated barcodes', () => {
    const mapping = { barcode: 0, name: 1, description: null, category: null };
    const records = applyMapping('products', [
      ['7896004100371', 'A'],
      ['7896004100371', 'B'],
      ['', ''],
      ['12', ''],
    ], mapping);
    expect(validateRecords('products', records)).toEqual([[], ['Código de barras repetido no arquivo'], ['Nome do produto é obrigatório']]);
  });
});
