import { describe, expect, it } from 'vitest';
import { sortProductsByName } from '@/features/products/load-products';
import type { Product } from '@/features/products/types';

function product(name: string, barcode: string | null = null): Product {
  return { id: name, barcode, name, description: null, groupId: null, groupName: 'Grupo não especificado' };
}

describe('sortProductsByName', () => {
  it('orders by name ignoring accents and case, then by barcode', () => {
    const sorted = sortProductsByName([
      product('Ômega 3 1000mg'),
      product('dipirona 500mg', '7891000000002'),
      product('Álcool 70% 1L'),
      product('Dipirona 500mg', '7891000000001'),
      product('Amoxicilina 500mg'),
      product('Ácido Fólico 5mg'),
    ]);
    expect(sorted.map((p) => `${p.name} ${p.barcode ?? ''}`.trim())).toEqual([
      'Ácido Fólico 5mg',
      'Álcool 70% 1L',
      'Amoxicilina 500mg',
      'Dipirona 500mg 7891000000001',
      'dipirona 500mg 7891000000002',
      'Ômega 3 1000mg',
    ]);
  });
});
