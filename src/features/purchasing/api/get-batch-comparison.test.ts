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

const OFFER_COLUMNS = [
  'quote', 'unit_price', 'minimum_quantity', 'is_winner', 'wants_substitute', 'substitute_product_name', 'substitute_manufacturer', 'has_bonus',
  'bonus_product_name', 'bonus_manufacturer', 'bonus_expiry_date', 'bonus_quantity', 'effective_unit_cost', 'price_rank', 'effective_rank',
];

function document(checksum: string, productName = 'Dipirona 500mg') {
  return {
    batch: { id: 'b1', name: 'Lote 1', status: 'EM_COTACAO', closed_at: null },
    version: 'v1',
    checksum,
    monthly_rate: 0.02,
    offer_columns: OFFER_COLUMNS,
    quotes: [{ id: 'q1', supplier_id: 'sp1', supplier_name: 'Distribuidora Alfa', status: 'ENVIADA', priced_items: 1, payment_term_days: null as number | null }],
    items: [
      {
        shortage_id: 's1',
        product_name: productName,
        barcode: null,
        unit_name: 'Unidade Centro',
        requested_quantity: 10,
        best_unit_price: 5,
        effective_differs: false,
        // Distribuidora Alfa's (quotes[0]) offer, as a row of offer_columns.
        offers: [[0, 5, null, false, false, null, null, false, null, null, null, 1, 5, 1, 1]] as unknown[][],
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

  it('maps each offer row to the cell of the quote at its position, and refuses a document of other offer columns', async () => {
    const two = document('c1');
    two.quotes.push({ id: 'q2', supplier_id: 'sp2', supplier_name: 'Distribuidora Beta', status: 'ENVIADA', priced_items: 1, payment_term_days: 30 });
    two.items[0]!.offers = [
      [0, 5, null, false, false, null, null, false, null, null, null, 1, 5, 2, 2],
      [1, '4.5', 12, true, true, 'Dipirona Genérica', 'EMS', true, 'Vitamina C', 'Cimed', '2027-03-31', 2, '4.2188', 1, 1],
    ];
    rpc.mockReturnValueOnce(answer(two));
    const comparison = await getBatchComparison('b1', 0.02);
    expect(comparison.cells['s1:q1']).toMatchObject({ quoteId: 'q1', unitPrice: 5, isWinner: false, priceRank: 2, effectiveRank: 2 });
    expect(comparison.cells['s1:q2']).toEqual({
      quoteId: 'q2',
      shortageId: 's1',
      unitPrice: 4.5,
      minimumQuantity: 12,
      isWinner: true,
      wantsSubstitute: true,
      substituteProductName: 'Dipirona Genérica',
      substituteManufacturer: 'EMS',
      hasBonus: true,
      bonusProductName: 'Vitamina C',
      bonusManufacturer: 'Cimed',
      bonusExpiryDate: '2027-03-31',
      bonusQuantity: 2,
      effectiveUnitCost: 4.2188,
      priceRank: 1,
      effectiveRank: 1,
    });

    rpc.mockReturnValueOnce(answer({ ...document('c1'), offer_columns: [...OFFER_COLUMNS.slice(1), 'quote'] }));
    await expect(getBatchComparison('b1', 0.02)).rejects.toThrow('unexpected offer columns');
    rpc.mockReturnValueOnce(answer({ ...two, quotes: two.quotes.slice(0, 1) }));
    await expect(getBatchComparison('b1', 0.02)).rejects.toThrow('an offer of quote 1 of 1');
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
