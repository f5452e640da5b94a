import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { shipmentKeys, shipmentMutations } from '@/features/shipments/api/keys';
import { dispatchShipment } from '@/features/shipments/api/dispatch-shipment';
import { saveShipment, type SaveShipmentInput } from '@/features/shipments/api/save-shipment';
import { shipmentErrorMessage, shipmentMessages } from '@/features/shipments/messages';

/** Saved, and then dispatched or not: a refused dispatch leaves the saved draft (SOLICITADO) as it is. */
export type SaveAndDispatchResult =
  | { id: string; number: number | null; dispatched: true }
  | { id: string; number: number | null; dispatched: false; reason: string };

/**
 * 'Salvar e despachar': save_shipment, then dispatch_shipment on what was just saved. Two calls, not
 * one transaction, on purpose: the database decides the dispatch exactly as it does from the list
 * (only the origin's staff or ADMIN), and a refusal must not lose the save, so it is reported in the
 * result, not thrown. Only a failed save rejects.
 */
export async function saveAndDispatchShipment(input: SaveShipmentInput): Promise<SaveAndDispatchResult> {
  const saved = await saveShipment(input);
  try {
    await dispatchShipment({ id: saved.id });
    return { ...saved, dispatched: true };
  } catch (error) {
    return { ...saved, dispatched: false, reason: shipmentErrorMessage(error) };
  }
}

/** One toast for the whole step: 'Remessa REM-000123 salva e despachada', or saved but not dispatched and why. */
export function useSaveAndDispatchShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shipmentMutations.saveAndDispatch,
    mutationFn: saveAndDispatchShipment,
    onSuccess: (result) =>
      result.dispatched
        ? toast({ title: shipmentMessages.savedAndDispatched(result.number) })
        : toast({ title: shipmentMessages.savedNotDispatched(result.number), description: result.reason, variant: 'destructive' }),
    onError: (error) => toast({ title: shipmentMessages.saveError, description: shipmentErrorMessage(error), variant: 'destructive' }),
    // Awaited before the caller's onSuccess: the edit screen then reads the shipment as dispatched.
    onSettled: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.all }),
  });
}
