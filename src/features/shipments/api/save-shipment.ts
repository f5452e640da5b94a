import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { shipmentKeys, shipmentMutations } from '@/features/shipments/api/keys';
import { itemsPayload } from '@/features/shipments/lines';
import { shipmentErrorMessage, shipmentMessages } from '@/features/shipments/messages';
import type { ShipmentFormData } from '@/features/shipments/schemas';

export interface SaveShipmentInput {
  /** null: a new shipment. */
  id: string | null;
  values: ShipmentFormData;
}

/**
 * Creates or replaces a requested shipment with all its lines in one transaction (save_shipment),
 * then reads its number for the confirmation (null if that read fails: the shipment is saved).
 */
export async function saveShipment({ id, values }: SaveShipmentInput): Promise<{ id: string; number: number | null }> {
  const { data: savedId, error } = await supabase.rpc('save_shipment', {
    // The generated types make arguments without a default non-null; the function takes null for a new shipment.
    p_id: id as string,
    p_origin_unit_id: values.originUnitId,
    p_destination_unit_id: values.destinationUnitId,
    p_notes: values.notes.trim(),
    p_items: itemsPayload(values.items),
  });
  if (error) throw error;
  // The number for the confirmation; the shipment is saved even if this read fails.
  const { data } = await supabase.from('shipments').select('number').eq('id', savedId).maybeSingle();
  return { id: savedId, number: data ? Number(data.number) : null };
}

export function useSaveShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shipmentMutations.save,
    mutationFn: saveShipment,
    onSuccess: ({ number }) => toast({ title: shipmentMessages.saved(number) }),
    // The form also shows the refusal beside the Save button and keeps everything typed.
    onError: (error) => toast({ title: shipmentMessages.saveError, description: shipmentErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}
