import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileNames } from '@/lib/profiles';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { QUOTE_SELECT, toQuote } from '@/features/purchasing/api/rows';
import type { Quote } from '@/features/purchasing/types';

/** Every quote the caller may see (a representative: its supplier's; admin and buyers: all), newest first. */
export async function getQuotes(signal?: AbortSignal): Promise<Quote[]> {
  let query = supabase.from('quotes').select(QUOTE_SELECT).order('created_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const names = await profileNames(data.map((row) => row.created_by), signal);
  return data.map((row) => toQuote(row, names));
}

/** The caller's supplier's quote for a batch, or null (server lookup of the get-or-create flow). */
export async function findQuote(batchId: string, supplierId: string, signal?: AbortSignal): Promise<Quote | null> {
  let query = supabase.from('quotes').select(QUOTE_SELECT).eq('batch_id', batchId).eq('supplier_id', supplierId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw error;
  if (!data) return null;
  return toQuote(data, await profileNames([data.created_by], signal));
}

export function quotesQueryOptions() {
  return queryOptions({ queryKey: purchasingKeys.quoteList(), queryFn: ({ signal }) => getQuotes(signal) });
}

export function useQuotesQuery() {
  return useQuery(quotesQueryOptions());
}
