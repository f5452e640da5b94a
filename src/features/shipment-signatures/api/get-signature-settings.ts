import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { signatureMessages } from '@/features/shipment-signatures/messages';
import { shipmentSignatureKeys } from '@/features/shipment-signatures/api/keys';
import { settingsSchema } from '@/features/shipment-signatures/schemas';
import type { SignatureSettings } from '@/features/shipment-signatures/types';

/** How long a new signing link lasts (get_signature_settings). */
export async function getSignatureSettings(signal?: AbortSignal): Promise<SignatureSettings> {
  let call = supabase.rpc('get_signature_settings');
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  // null for a caller without access to the back office (the function answers nothing then).
  const settings = settingsSchema.parse(data);
  if (!settings) throw new Error(signatureMessages.settingsNoAccess);
  return settings;
}

export function signatureSettingsQueryOptions() {
  return queryOptions({ queryKey: shipmentSignatureKeys.settings(), queryFn: ({ signal }) => getSignatureSettings(signal), staleTime: 60_000 });
}

export function useSignatureSettings() {
  return useQuery(signatureSettingsQueryOptions());
}
