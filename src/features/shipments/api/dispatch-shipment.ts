import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { deviceId } from '@/lib/device-id';
import { supabase } from '@/lib/supabase';
import { shipmentKeys, shipmentMutations } from '@/features/shipments/api/keys';
import { shipmentErrorMessage, shipmentMessages } from '@/features/shipments/messages';

/**
 * SOLICITADO → PENDENTE (dispatch_shipment: only the origin unit's staff or ADMIN). Sends this browser's
 * device id: the database flags a signature later made in this same browser.
 */
export async function dispatchShipment({ id }: { id: string }): Promise<void> {
  const device = deviceId();
  const { error } = await supabase.rpc('dispatch_shipment', { p_id: id, ...(device ? { p_device_id: device } : {}) });
  if (error) throw error;
}

export function useDispatchShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shipmentMutations.dispatch,
    mutationFn: (input: { id: string; number: number }) => dispatchShipment(input),
    onSuccess: (_result, { number }) => toast({ title: shipmentMessages.dispatched(number) }),
    onError: (error) => toast({ title: shipmentMessages.dispatchError, description: shipmentErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}
