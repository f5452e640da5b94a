import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { shipmentSignatureKeys, shipmentSignatureMutations } from '@/features/shipment-signatures/api/keys';
import { shipmentNumber } from '@/features/shipment-signatures/logic';
import { signatureErrorMessage, signatureMessages } from '@/features/shipment-signatures/messages';
import type { ShipmentDetail } from '@/features/shipment-signatures/types';

/** Revokes the shipment's active signing link (revoke_signature_link; refused when there is none). */
export async function revokeSignatureLink(shipmentId: string): Promise<void> {
  const { error } = await supabase.rpc('revoke_signature_link', { p_shipment_id: shipmentId });
  if (error) throw error;
}

export function useRevokeSignatureLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shipmentSignatureMutations.revokeLink,
    mutationFn: revokeSignatureLink,
    onSuccess: (_result, shipmentId) => {
      const known = queryClient.getQueryData<ShipmentDetail>(shipmentSignatureKeys.shipment(shipmentId));
      queryClient.setQueryData<ShipmentDetail>(shipmentSignatureKeys.shipment(shipmentId), (shipment) => (shipment ? { ...shipment, link: null } : shipment));
      toast({ title: signatureMessages.revoked(known ? shipmentNumber(known.number) : null) });
    },
    onError: (error) => toast({ title: signatureMessages.revokeError, description: signatureErrorMessage(error), variant: 'destructive' }),
    onSettled: (_result, _error, shipmentId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shipmentSignatureKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: shipmentSignatureKeys.shipment(shipmentId) }),
      ]),
  });
}
