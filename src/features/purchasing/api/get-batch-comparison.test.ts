import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { batchComparisonQueryOptions, getBatchComparison } from '@/features/purchasing/api/get-batch-comparison';

const rpc = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase', () => ({ supabase: { rpc } }));

/** A PostgREST builder as supabase.rpc returns it: awaitable, with abortSignal(). */
function answer(data: unknown) {
  const result = Promise.resolve({ data, error: null });
  return Object.assign(result, { abortSignal: () => result });
}

function document(checksum: string, productName = 'Dipirona 500mg') {
  return {
    batch: { id: 'b1', name: 'Lote 1', status: 'EM_COTACAO', closed_at: null },
    version: 'v1',
    checksum,
    monthly_rate: 0.02,
    quotes: [{ id: 'q1', supplier_id: 'sp1', supplier_name: 'Distribuidora Alfa', status: 'ENVIADA', priced_items: 1, payment_term_days: null }],
    items: [
      {
        shortage_id: 's1',
        product_name: productName,
        barcode: null,
        unit_name: 'Unidade Centro',
        requested_quantity: 10,
        best_unit_price: 5,
        effective_differs: false,
        offers: [
          {
            quote_id: 'q1',
            unit_price: 5,
            minimum_quantity: null,
            is_winner: false,
            wants_substitute: false,
            substitute_product_name: null,
            substitute_manufacturer: null,
            has_bonus: false,
            bonus_product_name: null,
            bonus_manufacturer: null,
            bonus_expiry_date: null,
            bonus_quantity: 0,
            effective_unit_cost: 5,
            effective_explanation: 'R$ 5,00 × 10 un., à vista → R$ 5,00 por unidade necessária',
            price_rank: 1,
            effective_rank: 1,
          },
        ],
      },
    ],
  };
}

beforeEach(() => {
  rpc.mockReset();
});

describe('getBatchComparison', () => {
  it('reads the whole document first, then sends its checksum and keeps the same comparison while nothing changed', async () => {
    rpc.mockReturnValueOnce(answer(document('c1')));
    const first = await getBatchComparison('b1', 0.02);
    expect(rpc).toHaveBeenLastCalledWith('get_batch_comparison', { p_batch_id: 'b1', p_monthly_rate: 0.02 });
    expect(first.checksum).toBe('c1');

    rpc.mockReturnValueOnce(answer({ unchanged: true, checksum: 'c1' }));
    expect(await getBatchComparison('b1', 0.02, undefined, first)).toBe(first);
    expect(rpc).toHaveBeenLastCalledWith('get_batch_comparison', { p_batch_id: 'b1', p_monthly_rate: 0.02, p_known_checksum: 'c1' });

    rpc.mockReturnValueOnce(answer(document('c2', 'Dipirona 1g')));
    const changed = await getBatchComparison('b1', 0.02, undefined, first);
    expect([changed.checksum, changed.items[0]?.productName]).toEqual(['c2', 'Dipirona 1g']);
  });

  it("reads the whole document again when an 'unchanged' answer is not about the comparison held", async () => {
    rpc.mockReturnValueOnce(answer(document('c1')));
    const held = await getBatchComparison('b1', 0.02);
    rpc.mockReturnValueOnce(answer({ unchanged: true, checksum: 'other' })).mockReturnValueOnce(answer(document('c3')));
    const read = await getBatchComparison('b1', 0.02, undefined, held);
    expect(read.checksum).toBe('c3');
    expect(rpc).toHaveBeenLastCalledWith('get_batch_comparison', { p_batch_id: 'b1', p_monthly_rate: 0.02 });
  });

  it('a refetch through the query sends the checksum of the comparison cached under the same key', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = batchComparisonQueryOptions('b1', 0.02);
    rpc.mockReturnValueOnce(answer(document('c1')));
    const first = await client.fetchQuery(options);
    rpc.mockReturnValueOnce(answer({ unchanged: true, checksum: 'c1' }));
    await client.refetchQueries({ queryKey: options.queryKey });
    expect(rpc).toHaveBeenLastCalledWith('get_batch_comparison', { p_batch_id: 'b1', p_monthly_rate: 0.02, p_known_checksum: 'c1' });
    expect(client.getQueryData(options.queryKey)).toBe(first);
  });
});
