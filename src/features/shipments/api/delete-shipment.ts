import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { shipmentKeys, shipmentMutations } from '@/features/shipments/api/keys';
import { shipmentErrorMessage, shipmentMessages } from '@/features/shipments/messages';

/** Deletes a requested shipment and its lines (delete_shipment: only while SOLICITADO). */
export async function deleteShipment({ id }: { id: string; number: number }): Promise<void> {
  const { error } = await supabase.rpc('delete_shipment', { p_id: id });
  if (error) throw error;
}

export function useDeleteShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shipmentMutations.remove,
    mutationFn: deleteShipment,
    onSuccess: (_result, { number }) => toast({ title: shipmentMessages.deleted(number) }),
    onError: (error) => toast({ title: shipmentMessages.deleteError, description: shipmentErrorMessage(error), variant: 'destructive' }),
    onSettled: (_result, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shipmentKeys.lists() }),
        queryClient.removeQueries({ queryKey: shipmentKeys.detail(id) }),
      ]),
  });
}
