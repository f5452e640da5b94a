import { describe, expect, it } from 'vitest';
import { catalogueBuilder, packCatalogue, toProduct, unpackCatalogue, type KeptCatalogue } from '@/features/products/load-products';
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
      { ...product('Dipirona Gotas', '7891000000002'), description: '', groupId: 'g1', groupName: 'Analgésicos' },
      { ...product('Ácido Fólico 5mg'), description: 'Linha 1\nLinha 2' },
      { ...product('Vitamina C'), groupId: 'g2', groupName: 'Vitaminas' },
    ]);
    return builder.finish();
  };
  const packed = (version = 42): KeptCatalogue => {
    const kept = packCatalogue(catalogue(), version);
    if (!kept) throw new Error('not packed');
    return kept;
  };

  it('gives back the same products and search index under the version it was kept with', () => {
    const original = catalogue();
    const copy = unpackCatalogue(packCatalogue(original, 42), 42);
    expect(copy).toEqual(original);
    // Null and empty stay apart, a description keeps its line break, each group is kept once.
    expect(copy?.products.map((p) => [p.barcode, p.description])).toEqual(original.products.map((p) => [p.barcode, p.description]));
    expect(packed().groups).toEqual([
      [null, NO_GROUP_LABEL],
      ['g1', 'Analgésicos'],
      ['g2', 'Vitaminas'],
    ]);
    expect(filterSearchIndex(copy!.index, 'dipi').map((p) => p.barcode)).toEqual(['7891000000001', '7891000000002']);
    expect(filterSearchIndex(copy!.index, 'acido 5mg').map((p) => p.name)).toEqual(['Ácido Fólico 5mg']);
  });

  it('keeps an empty catalogue, and nothing when a value holds the separator', () => {
    const empty = catalogueBuilder().finish();
    expect(unpackCatalogue(packCatalogue(empty, 1), 1)).toEqual(empty);
    const builder = catalogueBuilder();
    builder.add([{ ...product('Nome'), description: 'com \u0000 dentro' }]);
    expect(packCatalogue(builder.finish(), 1)).toBeUndefined();
  });

  it('refuses a copy of another version, of another shape or unreadable, rather than showing part of it', () => {
    const kept = packed();
    expect(unpackCatalogue(kept, 43)).toBeNull();
    expect(unpackCatalogue(undefined, 42)).toBeNull();
    expect(unpackCatalogue({ version: 42 }, 42)).toBeNull();
    // The previous format (JSON rows) is another shape.
    expect(unpackCatalogue({ version: 42, rows: '[["id", null, "Nome", null, null, "Grupo", "nome"]]' }, 42)).toBeNull();
    const broken: Partial<Record<keyof KeptCatalogue, unknown>>[] = [
      { count: kept.count + 1 },
      { count: -1 },
      { ids: kept.ids.slice(0, kept.ids.lastIndexOf('\u0000')) },
      { names: `${kept.names}\u0000extra` },
      { barcodes: 7 },
      { nulls: kept.nulls.slice(1) },
      { nulls: `${kept.nulls.slice(1)}9` },
      { groupOf: Array.from(kept.groupOf) },
      { groupOf: Int32Array.from(kept.groupOf, () => kept.groups.length) },
      { groups: [[null, 1]] },
      { searchText: kept.searchText.replace('\n', ' ') },
      { searchText: undefined },
    ];
    for (const change of broken) expect(unpackCatalogue({ ...kept, ...change }, 42), JSON.stringify(Object.keys(change))).toBeNull();
    expect(unpackCatalogue({ ...kept }, 42)).not.toBeNull();
  });
});
