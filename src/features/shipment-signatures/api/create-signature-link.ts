import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { deviceId } from '@/lib/device-id';
import { supabase } from '@/lib/supabase';
import { shipmentSignatureKeys, shipmentSignatureMutations } from '@/features/shipment-signatures/api/keys';
import { signatureErrorMessage, signatureMessages } from '@/features/shipment-signatures/messages';
import { shipmentNumber } from '@/features/shipment-signatures/logic';
import { createdLinkSchema } from '@/features/shipment-signatures/schemas';
import type { CreatedSignatureLink, ShipmentDetail } from '@/features/shipment-signatures/types';

/**
 * Creates the signing link of a dispatched (PENDENTE) shipment (create_signature_link), revoking any
 * earlier one. The token comes back this once: only its hash is stored, so it is never read again.
 * Sends this browser's device id: the database flags a signature later made in this same browser.
 */
export async function createSignatureLink(shipmentId: string): Promise<CreatedSignatureLink> {
  const device = deviceId();
  const { data, error } = await supabase.rpc('create_signature_link', { p_shipment_id: shipmentId, ...(device ? { p_device_id: device } : {}) });
  if (error) throw error;
  return createdLinkSchema.parse(data);
}

/** The token lives only in the mutation's result (the caller's state): it is not cached anywhere. */
export function useCreateSignatureLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shipmentSignatureMutations.createLink,
    mutationFn: createSignatureLink,
    onSuccess: (link, shipmentId) => {
      const known = queryClient.getQueryData<ShipmentDetail>(shipmentSignatureKeys.shipment(shipmentId));
      // The panel compares the token it holds with the shipment's active link: it is this one now.
      queryClient.setQueryData<ShipmentDetail>(shipmentSignatureKeys.shipment(shipmentId), (shipment) =>
        shipment ? { ...shipment, link: { expires_at: link.expires_at, created_at: new Date().toISOString() } } : shipment,
      );
      toast({ title: signatureMessages.created(known ? shipmentNumber(known.number) : null) });
    },
    onError: (error) => toast({ title: signatureMessages.createError, description: signatureErrorMessage(error), variant: 'destructive' }),
    onSettled: (_link, _error, shipmentId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shipmentSignatureKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: shipmentSignatureKeys.shipment(shipmentId) }),
      ]),
  });
}
