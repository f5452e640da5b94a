import { describe, expect, it } from 'vitest';
import { catalogueBuilder } from '@/features/products/load-products';
import { filterSearchIndex, joinedSearchText, normalizeSearchText, prepareSearchIndex, searchIndexFromJoinedText } from '@/features/products/search';
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
  it('rebuilds an index only from one search text per item', () => {
    const items = [product('a', 'Aaa', null), product('b', 'Bbb', null)];
    expect(searchIndexFromJoinedText(items, 'aaa\nbbb')?.haystacks).toEqual(['aaa', 'bbb']);
    expect(searchIndexFromJoinedText(items, 'aaa bbb')).toBeNull();
    expect(searchIndexFromJoinedText(items, 'aaa\nbbb\nccc')).toBeNull();
    expect(searchIndexFromJoinedText([], '')?.haystacks).toEqual([]);
    expect(searchIndexFromJoinedText([], 'aaa')).toBeNull();
  });
  it('never matches across two products (the end of one name and the start of the next)', () => {
    const pair = searchIndexOf([product('a', 'Aaa Xy', null), product('b', 'Zw Bbb', null)]);
    expect(filterSearchIndex(pair, 'xy zw').map((p) => p.id)).toEqual([]);
    expect(filterSearchIndex(pair, 'xyzw').map((p) => p.id)).toEqual([]);
    expect(filterSearchIndex(pair, 'xy').map((p) => p.id)).toEqual(['a']);
  });
  it('finds on 50,000 products exactly what checking each product finds, prepared or not', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => product(String(i), `Produto Genérico ${i} Comprimidos ${i % 97}mg`, i % 5 === 0 ? null : String(7899000000000 + i)));
    const big = searchIndexOf(many);
    /** The rule as written: every word in the product's search text. */
    const reference = (query: string) => {
      const terms = normalizeSearchText(query).split(' ').filter(Boolean);
      return big.items.filter((_, i) => terms.every((term) => (big.haystacks[i] as string).includes(term))).map((p) => p.id);
    };
    const queries = ['d', 'generico 4999', '4999 generico', '12mg', 'comprimidos 96mg 1', '78990000', '7899000049999', '0 0', 'zzz', 'p 9'];
    const unprepared = queries.map((query) => filterSearchIndex(big, query).map((p) => p.id));
    prepareSearchIndex(big);
    // The index rebuilt from the joined text, as the catalogue kept between visits is read back.
    const fromText = searchIndexFromJoinedText(big.items, joinedSearchText(big));
    expect(fromText?.haystacks).toEqual(big.haystacks);
    for (const [i, query] of queries.entries()) {
      const expected = reference(query);
      expect(unprepared[i], query).toEqual(expected);
      expect(filterSearchIndex(big, query).map((p) => p.id), query).toEqual(expected);
      expect(filterSearchIndex(fromText!, query).map((p) => p.id), query).toEqual(expected);
    }
    expect(reference('generico 4999').length).toBeGreaterThan(0);
    expect(reference('zzz')).toEqual([]);
  });
});
