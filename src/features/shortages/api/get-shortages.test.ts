import { describe, expect, it } from 'vitest';
import { nextShortageCursor, SHORTAGE_PAGE_SIZE, shortageFilterArgs, shortageRowSchema } from '@/features/shortages/api/get-shortages';
import { shortageFixture } from '@/features/shortages/test-fixtures';
import { EMPTY_SHORTAGE_FILTERS } from '@/features/shortages/types';

const shortage = (id: string, createdAt: string) => shortageFixture(id, { created_at: createdAt });

describe('shortageFilterArgs', () => {
  it('sends nothing for blank filters (every status, period, text and unit)', () => {
    expect(shortageFilterArgs(EMPTY_SHORTAGE_FILTERS)).toEqual({});
  });

  it('sends each filter the database applies, the text trimmed', () => {
    expect(shortageFilterArgs({ status: 'EM_COTACAO', from: '2026-03-01', to: '2026-03-31', text: '  dipirona 500 ', unitId: 'u1' })).toEqual({
      p_status: 'EM_COTACAO',
      p_from: '2026-03-01',
      p_to: '2026-03-31',
      p_search: 'dipirona 500',
      p_unit_id: 'u1',
    });
  });
});

describe('nextShortageCursor', () => {
  it('continues after the last row of a full page', () => {
    const page = Array.from({ length: SHORTAGE_PAGE_SIZE }, (_, i) => shortage(`s${i}`, `2026-03-10T12:00:${String(59 - (i % 60)).padStart(2, '0')}Z`));
    expect(nextShortageCursor(page)).toEqual({ createdAt: page.at(-1)?.created_at, id: page.at(-1)?.id });
  });

  it('stops after a short page', () => {
    expect(nextShortageCursor([shortage('a', '2026-03-10T12:00:00Z')])).toBeUndefined();
    expect(nextShortageCursor([])).toBeUndefined();
  });
});

describe('shortageRowSchema', () => {
  const row = {
    id: 's1',
    product_id: 'p1',
    unit_id: 'u1',
    requested_quantity: 5,
    available_quantity: 0,
    status: 'PENDENTE',
    created_at: '2026-03-10T12:00:00Z',
    created_by: 'user-1',
    group_id: null,
    batch_id: null,
    observation: null,
    product: { id: 'p1', name: 'Dipirona', barcode: null, description: null },
    group: null,
    unit: { id: 'u1', name: 'Centro' },
  };

  it('reads a search_shortages row with its embedded product, group and unit', () => {
    expect(shortageRowSchema.parse({ ...row, updated_at: '2026-03-10T12:00:00Z' })).toEqual(row);
  });

  it('refuses a row without what the list shows', () => {
    expect(() => shortageRowSchema.parse({ ...row, product: undefined })).toThrow();
    expect(() => shortageRowSchema.parse({ ...row, requested_quantity: '5' })).toThrow();
  });
});
