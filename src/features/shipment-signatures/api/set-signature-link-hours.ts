import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { supabase } from '@/lib/supabase';
import { shipmentSignatureKeys, shipmentSignatureMutations } from '@/features/shipment-signatures/api/keys';
import { describeLinkHours } from '@/features/shipment-signatures/logic';
import { signatureErrorMessage, signatureMessages } from '@/features/shipment-signatures/messages';

/** Sets how many hours new signing links last (set_signature_link_hours: ADMIN only, 1..720). */
export async function setSignatureLinkHours(hours: number): Promise<void> {
  const { error } = await supabase.rpc('set_signature_link_hours', { p_hours: hours });
  if (error) throw error;
}

export function useSetSignatureLinkHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shipmentSignatureMutations.setLinkHours,
    mutationFn: setSignatureLinkHours,
    onSuccess: (_result, hours) => toast({ title: signatureMessages.settingsSaved(describeLinkHours(hours)) }),
    onError: (error) => toast({ title: signatureMessages.settingsSaveError, description: signatureErrorMessage(error), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shipmentSignatureKeys.settings() }),
  });
}
