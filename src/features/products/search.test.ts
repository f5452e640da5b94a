import { describe, expect, it } from 'vitest';
import { buildSearchIndex, filterSearchIndex, normalizeSearchText } from '@/features/products/search';

const products = [
  { id: '1', name: 'Ácido Acetilsalicílico 500mg', barcode: '7898148102969' },
  { id: '2', name: 'Dipirona Monoidratada 500mg', barcode: '7896004100371' },
  { id: '3', name: 'Paracetamol Gotas 200mg/ml', barcode: null },
  { id: '4', name: 'Loção Hidratante', barcode: '12345' },
];

describe('normalizeSearchText', () => {
  it('drops accents, lowercases and collapses spaces', () => {
    expect(normalizeSearchText('  ÁCIDO   Acetilsalicílico ')).toBe('acido acetilsalicilico');
    expect(normalizeSearchText('Loção')).toBe('locao');
  });
});

describe('filterSearchIndex', () => {
  const index = buildSearchIndex(products);
  const ids = (query: string) => filterSearchIndex(index, query).map((p) => p.id);

  it('returns everything for a blank query', () => {
    expect(ids('   ')).toEqual(['1', '2', '3', '4']);
  });
  it('matches names ignoring accents and case', () => {
    expect(ids('acido')).toEqual(['1']);
    expect(ids('LOCAO')).toEqual(['4']);
    expect(ids('loção')).toEqual(['4']);
  });
  it('matches every word, in any order', () => {
    expect(ids('500mg dipirona')).toEqual(['2']);
    expect(ids('500mg')).toEqual(['1', '2']);
    expect(ids('dipirona gotas')).toEqual([]);
  });
  it('matches barcodes and partial barcodes', () => {
    expect(ids('7896004100371')).toEqual(['2']);
    expect(ids('78981')).toEqual(['1']);
  });
  it('filters 50,000 products in well under 50 ms', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => ({
      id: String(i),
      name: `Produto Genérico ${i} Comprimidos ${i % 97}mg`,
      barcode: String(7899000000000 + i),
    }));
    const big = buildSearchIndex(many);
    const started = performance.now();
    const found = filterSearchIndex(big, 'generico 4999');
    const elapsed = performance.now() - started;
    expect(found.length).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(50);
  });
});
