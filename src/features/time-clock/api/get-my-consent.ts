import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { timeClockKeys } from '@/features/time-clock/api/keys';
import type { ConsentState } from '@/features/time-clock/types';

/** The caller's latest 50 decisions on any version of the term, newest first. */
export async function getMyConsentRows(userId: string, signal?: AbortSignal): Promise<ConsentRow[]> {
  let query = supabase.from('consentimentos_lgpd').select('aceito, data_hora, versao_termo_id').eq('funcionario_id', userId).order('data_hora', { ascending: false }).limit(50);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export type ConsentRow = { aceito: boolean; data_hora: string; versao_termo_id: string };

/** The latest decision on the active version among `rows`, and whether an earlier version had been accepted. */
export function consentFromRows(rows: readonly ConsentRow[], activeTermId: string): ConsentState {
  const current = rows.find((row) => row.versao_termo_id === activeTermId);
  return {
    decision: current ? (current.aceito ? 'accepted' : 'refused') : 'none',
    at: current?.data_hora ?? null,
    acceptedEarlierVersion: !current && rows.some((row) => row.aceito && row.versao_termo_id !== activeTermId),
  };
}

/** The caller's latest decision on the active version, and whether they had accepted an earlier one. */
export async function getMyConsent(userId: string, activeTermId: string, signal?: AbortSignal): Promise<ConsentState> {
  return consentFromRows(await getMyConsentRows(userId, signal), activeTermId);
}

export function myConsentQueryOptions(userId: string, activeTermId: string) {
  return queryOptions({ queryKey: [...timeClockKeys.myConsent(userId), activeTermId] as const, queryFn: ({ signal }) => getMyConsent(userId, activeTermId, signal) });
}

export function useMyConsent(userId: string, activeTermId: string | null) {
  return useQuery({ ...myConsentQueryOptions(userId, activeTermId ?? ''), enabled: activeTermId !== null });
}
