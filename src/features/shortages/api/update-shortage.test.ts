import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { changeCanMoveRow, withUpdatedShortage } from '@/features/shortages/api/update-shortage';
import { shortageFixture } from '@/features/shortages/test-fixtures';
import { EMPTY_SHORTAGE_FILTERS, type Shortage } from '@/features/shortages/types';

const shortage = shortageFixture;

function pages(...loaded: Shortage[][]): InfiniteData<Shortage[], unknown> {
  return { pages: loaded, pageParams: loaded.map((_, index) => index) };
}

describe('withUpdatedShortage', () => {
  it('puts the row the server returned in place of the cached one, on whichever loaded page holds it', () => {
    const data = pages([shortage('a'), shortage('b')], [shortage('c'), shortage('d')]);
    const updated = shortage('c', { status: 'EM_COTACAO', requested_quantity: 7 });
    const next = withUpdatedShortage(data, updated);
    expect(next.pages.map((page) => page.map((row) => row.id))).toEqual([['a', 'b'], ['c', 'd']]);
    expect(next.pages[1]?.[0]).toEqual(updated);
    expect(next.pages[0]?.[0]?.status).toBe('PENDENTE');
    expect(next.pageParams).toEqual([0, 1]);
  });

  it('leaves a list that does not hold the row untouched', () => {
    const data = pages([shortage('a')]);
    expect(withUpdatedShortage(data, shortage('z', { status: 'ENTREGUE' }))).toBe(data);
  });
});

describe('changeCanMoveRow', () => {
  const statusFiltered = { ...EMPTY_SHORTAGE_FILTERS, status: 'PENDENTE' as const };
  const searched = { ...EMPTY_SHORTAGE_FILTERS, text: 'dipirona' };

  it('a status change moves rows only under a status filter', () => {
    expect(changeCanMoveRow(statusFiltered, { status: 'EM_COTACAO' })).toBe(true);
    expect(changeCanMoveRow(EMPTY_SHORTAGE_FILTERS, { status: 'EM_COTACAO' })).toBe(false);
    expect(changeCanMoveRow(searched, { status: 'EM_COTACAO' })).toBe(false);
  });

  it('an edit of product or observation moves rows only under a text search', () => {
    const edit = { product_id: 'p2', requested_quantity: 3, available_quantity: 0, group_id: null, observation: 'urgente' };
    expect(changeCanMoveRow(searched, edit)).toBe(true);
    expect(changeCanMoveRow(EMPTY_SHORTAGE_FILTERS, edit)).toBe(false);
    expect(changeCanMoveRow(statusFiltered, edit)).toBe(false);
    expect(changeCanMoveRow({ ...EMPTY_SHORTAGE_FILTERS, text: '   ' }, edit)).toBe(false);
  });
});
