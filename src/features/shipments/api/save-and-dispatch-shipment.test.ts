import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAndDispatchShipment } from '@/features/shipments/api/save-and-dispatch-shipment';
import type { ShipmentFormData } from '@/features/shipments/schemas';

const rpc = vi.hoisted(() => vi.fn());
const maybeSingle = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase', () => ({
  supabase: { rpc, from: () => ({ select: () => ({ eq: () => ({ maybeSingle }) }) }) },
}));

const VALUES: ShipmentFormData = { originUnitId: 'centro', destinationUnitId: 'sul', notes: 'urgente', items: [] };
const refused = { code: 'P0001', message: 'Somente a unidade de origem pode despachar a remessa' };

beforeEach(() => {
  rpc.mockReset();
  maybeSingle.mockReset().mockResolvedValue({ data: { number: 123 }, error: null });
});

describe('saveAndDispatchShipment', () => {
  it('saves, then dispatches what it saved', async () => {
    rpc.mockResolvedValueOnce({ data: 'shipment-1', error: null }).mockResolvedValueOnce({ data: null, error: null });
    await expect(saveAndDispatchShipment({ id: null, values: VALUES })).resolves.toEqual({ id: 'shipment-1', number: 123, dispatched: true });
    expect(rpc.mock.calls.map(([name]) => name)).toEqual(['save_shipment', 'dispatch_shipment']);
    expect(rpc.mock.calls[1]![1]).toMatchObject({ p_id: 'shipment-1' });
  });

  it('keeps the save when the dispatch is refused, and says why', async () => {
    rpc.mockResolvedValueOnce({ data: 'shipment-1', error: null }).mockResolvedValueOnce({ data: null, error: refused });
    await expect(saveAndDispatchShipment({ id: 'shipment-1', values: VALUES })).resolves.toEqual({
      id: 'shipment-1',
      number: 123,
      dispatched: false,
      reason: 'Somente a unidade de origem pode despachar a remessa',
    });
  });

  it('does not dispatch when the save is refused', async () => {
    rpc.mockResolvedValueOnce({ data: null, error: { code: '22023', message: 'Inclua ao menos um item' } });
    await expect(saveAndDispatchShipment({ id: null, values: VALUES })).rejects.toMatchObject({ message: 'Inclua ao menos um item' });
    expect(rpc).toHaveBeenCalledTimes(1);
  });
});
