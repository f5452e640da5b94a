import type { Shortage } from '@/features/shortages/types';

/** A shortage as the list shows it, for unit tests: pending, in no batch, with whatever `overrides` say. */
export function shortageFixture(id: string, overrides: Partial<Shortage> = {}): Shortage {
  return {
    id,
    product_id: 'p',
    unit_id: 'u',
    requested_quantity: 1,
    available_quantity: 0,
    status: 'PENDENTE',
    created_at: '2026-11-20T12:00:00Z',
    created_by: 'c',
    group_id: null,
    batch_id: null,
    observation: null,
    product: { id: 'p', name: 'Dipirona 500mg', barcode: null, description: null },
    groupName: null,
    unitName: 'Unidade Centro',
    creatorName: 'Ana',
    ...overrides,
  };
}
