import { describe, expect, it } from 'vitest';
import { catalogueBuilder } from '@/features/products/load-products';
import { filterSearchIndex, normalizeSearchText } from '@/features/products/search';
import { NO_GROUP_LABEL, type Product } from '@/features/products/types';

function product(id: string, name: string, barcode: string | null): Product {
  return { id, name, barcode, description: null, groupId: null, groupName: NO_GROUP_LABEL };
}

/** The search index as loadCatalogue builds it. */
function searchIndexOf(products: readonly Product[]) {
  const catalogue = catalogueBuilder();
  catalogue.add(products);
  return catalogue.finish().index;
}

const products = [
  product('1', 'Ácido Acetilsalicílico 500mg', '7898148102969'),
  product('2', 'Dipirona Monoidratada 500mg', '7896004100371'),
  product('3', 'Paracetamol Gotas 200mg/ml', null),
  product('4', 'Loção Hidratante', '12345'),
];

describe('normalizeSearchText', () => {
  it('drops accents, lowercases and collapses spaces', () => {
    expect(normalizeSearchText('  ÁCIDO   Acetilsalicílico ')).toBe('acido acetilsalicilico');
    expect(normalizeSearchText('Loção')).toBe('locao');
  });
});

describe('filterSearchIndex', () => {
  const index = searchIndexOf(products);
  const ids = (query: string) => filterSearchIndex(index, query).map((p) => p.id);

  it('returns everything for a blank query, in catalogue (name) order', () => {
    expect(ids('   ')).toEqual(['1', '2', '4', '3']);
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
    const many = Array.from({ length: 50_000 }, (_, i) => product(String(i), `Produto Genérico ${i} Comprimidos ${i % 97}mg`, String(7899000000000 + i)));
    const big = searchIndexOf(many);
    const started = performance.now();
    const found = filterSearchIndex(big, 'generico 4999');
    const elapsed = performance.now() - started;
    expect(found.length).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(50);
  });
});
