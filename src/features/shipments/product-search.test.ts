import { describe, expect, it } from 'vitest';
import { cleanScannedCode, nameSearchPatterns, rankProducts } from '@/features/shipments/product-search';

describe('catalogue search', () => {
  it('builds one accent-insensitive pattern per word, escaping regular-expression characters', () => {
    const [first, second] = nameSearchPatterns('  Ácido 100+ ');
    expect(first).toBe('[aáàâãäAÁÀÂÃÄ][cçCÇ]d[oóòôõöOÓÒÔÕÖ]'.replace('d', '[iíìîïIÍÌÎÏ]d'));
    expect(second).toBe('100\\+');
    const pattern = new RegExp(first ?? '', 'i');
    expect(pattern.test('ÁCIDO ASCÓRBICO')).toBe(true);
    expect(pattern.test('acido')).toBe(true);
    expect(pattern.test('ácida')).toBe(false);
  });
  it('ranks names starting with the term first, in Portuguese order', () => {
    const names = ['Zinco Quelato', 'Hidratante Facial Ácido Hialurônico', 'Ácido Fólico 5mg', 'Ácido Acetilsalicílico 100mg'].map((name) => ({ name }));
    expect(rankProducts(names, 'acido').map((product) => product.name)).toEqual([
      'Ácido Acetilsalicílico 100mg',
      'Ácido Fólico 5mg',
      'Hidratante Facial Ácido Hialurônico',
      'Zinco Quelato',
    ]);
  });
  it('cleans scanned codes', () => {
    expect(cleanScannedCode(' 789 1234567895\n')).toBe('7891234567895');
  });
});
