import { describe, expect, it } from 'vitest';
import { catalogueBuilder, packCatalogue, toProduct, unpackCatalogue } from '@/features/products/load-products';
import { filterSearchIndex } from '@/features/products/search';
import { NO_GROUP_LABEL, type Product } from '@/features/products/types';

function product(name: string, barcode: string | null = null): Product {
  return { id: `${name}|${barcode ?? ''}`, barcode, name, description: null, groupId: null, groupName: NO_GROUP_LABEL };
}

describe('catalogueBuilder', () => {
  it('orders by name ignoring accents and case, then by barcode, whatever order the pages arrive in', () => {
    const catalogue = catalogueBuilder();
    catalogue.add([product('Ômega 3 1000mg'), product('dipirona 500mg', '7891000000002'), product('Álcool 70% 1L')]);
    catalogue.add([product('Dipirona 500mg', '7891000000001'), product('Amoxicilina 500mg'), product('Ácido Fólico 5mg')]);
    const { products } = catalogue.finish();
    expect(products.map((p) => `${p.name} ${p.barcode ?? ''}`.trim())).toEqual([
      'Ácido Fólico 5mg',
      'Álcool 70% 1L',
      'Amoxicilina 500mg',
      'Dipirona 500mg 7891000000001',
      'dipirona 500mg 7891000000002',
      'Ômega 3 1000mg',
    ]);
  });

  it('indexes each product under its own name and barcode, in the same order as the products', () => {
    const catalogue = catalogueBuilder();
    catalogue.add([product('Paracetamol Gotas 200mg/ml'), product('Ácido  Acetilsalicílico 500mg', '7898148102969')]);
    const { products, index } = catalogue.finish();
    expect(index.items).toEqual(products);
    expect(index.haystacks).toEqual(['acido acetilsalicilico 500mg 7898148102969', 'paracetamol gotas 200mg/ml']);
    expect(filterSearchIndex(index, '7898148').map((p) => p.name)).toEqual(['Ácido  Acetilsalicílico 500mg']);
    expect(filterSearchIndex(index, 'GOTAS').map((p) => p.name)).toEqual(['Paracetamol Gotas 200mg/ml']);
  });
});

describe('toProduct', () => {
  it('takes the first linked category as the group, and the spec label when there is none', () => {
    const row = { id: 'p1', barcode: null, name: 'Dipirona', description: null };
    expect(
      toProduct({ ...row, product_categories: [{ categories: null }, { categories: { id: 'c1', name: 'Analgésicos' } }, { categories: { id: 'c2', name: 'Outros' } }] }),
    ).toMatchObject({ groupId: 'c1', groupName: 'Analgésicos' });
    expect(toProduct({ ...row, product_categories: [] })).toMatchObject({ groupId: null, groupName: NO_GROUP_LABEL });
  });
});

describe('packCatalogue / unpackCatalogue (the copy kept between visits)', () => {
  const catalogue = () => {
    const builder = catalogueBuilder();
    builder.add([
      { ...product('Dipirona 500mg', '7891000000001'), description: 'Caixa com 10', groupId: 'g1', groupName: 'Analgésicos' },
      product('Ácido Fólico 5mg'),
    ]);
    return builder.finish();
  };

  it('gives back the same products and search index under the version it was kept with', () => {
    const original = catalogue();
    const copy = unpackCatalogue(packCatalogue(original, 42), 42);
    expect(copy).toEqual(original);
    expect(filterSearchIndex(copy!.index, 'dipi').map((p) => p.barcode)).toEqual(['7891000000001']);
  });

  it('refuses a copy of another version, of another shape or unreadable, rather than showing part of it', () => {
    const kept = packCatalogue(catalogue(), 42);
    expect(unpackCatalogue(kept, 43)).toBeNull();
    expect(unpackCatalogue(undefined, 42)).toBeNull();
    expect(unpackCatalogue({ version: 42 }, 42)).toBeNull();
    expect(unpackCatalogue({ version: 42, rows: '[["id", null, "Nome"]]' }, 42)).toBeNull();
    expect(unpackCatalogue({ version: 42, rows: kept.rows.slice(0, -5) }, 42)).toBeNull();
    expect(unpackCatalogue({ version: 42, rows: '{"a": 1}' }, 42)).toBeNull();
    const oneBad = JSON.parse(kept.rows) as unknown[][];
    oneBad[1]![2] = 7;
    expect(unpackCatalogue({ version: 42, rows: JSON.stringify(oneBad) }, 42)).toBeNull();
  });
});
