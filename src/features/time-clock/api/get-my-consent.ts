import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import type { ConsentState } from '@/features/time-clock/types';

/** The caller's latest decision on the active version, and whether they had accepted an earlier one. */
export async function getMyConsent(userId: string, activeTermId: string, signal?: AbortSignal): Promise<ConsentState> {
  let query = supabase.from('consentimentos_lgpd').select('aceito, data_hora, versao_termo_id').eq('funcionario_id', userId).order('data_hora', { ascending: false }).limit(50);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const current = data.find((row) => row.versao_termo_id === activeTermId);
  return {
    decision: current ? (current.aceito ? 'accepted' : 'refused') : 'none',
    at: current?.data_hora ?? null,
    acceptedEarlierVersion: !current && data.some((row) => row.aceito && row.versao_termo_id !== activeTermId),
  };
}

export function myConsentQueryOptions(userId: string, activeTermId: string) {
  return queryOptions({ queryKey: [...timeClockKeys.myConsent(userId), activeTermId] as const, queryFn: ({ signal }) => getMyConsent(userId, activeTermId, signal) });
}

export function useMyConsent(userId: string, activeTermId: string | null) {
  return useQuery({ ...myConsentQueryOptions(userId, activeTermId ?? ''), enabled: activeTermId !== null });
}
