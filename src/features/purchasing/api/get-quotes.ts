import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';
import { purchasingKeys } from '@/features/purchasing/api/keys';
import { QUOTE_SELECT, quoteRow, toQuote } from '@/features/purchasing/api/rows';
import type { Quote } from '@/features/purchasing/types';

type QuoteRow = z.infer<typeof quoteRow>;

/** Creator names from profiles (readable ones only); unknown creators fall back to 'Usuário não identificado'. */
export async function creatorNames(rows: readonly QuoteRow[], signal?: AbortSignal): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.created_by).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  let query = supabase.from('profiles').select('id, full_name').in('id', ids);
  if (signal) query = query.abortSignal(signal);
  const { data } = await query;
  for (const profile of data ?? []) if (profile.full_name) names.set(profile.id, profile.full_name);
  return names;
}

/** Every quote the caller may see (a representative: its supplier's; admin and buyers: all), newest first. */
export async function getQuotes(signal?: AbortSignal): Promise<Quote[]> {
  let query = supabase.from('quotes').select(QUOTE_SELECT).order('created_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  const rows = z.array(quoteRow).parse(data);
  const names = await creatorNames(rows, signal);
  return rows.map((row) => toQuote(row, names));
}

/** The caller's supplier's quote for a batch, or null (server lookup of the get-or-create flow). */
export async function findQuote(batchId: string, supplierId: string, signal?: AbortSignal): Promise<Quote | null> {
  let query = supabase.from('quotes').select(QUOTE_SELECT).eq('batch_id', batchId).eq('supplier_id', supplierId);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const row = quoteRow.parse(data);
  return toQuote(row, await creatorNames([row], signal));
}

export function quotesQueryOptions() {
  return queryOptions({ queryKey: purchasingKeys.quoteList(), queryFn: ({ signal }) => getQuotes(signal) });
}

export function useQuotesQuery() {
  return useQuery(quotesQueryOptions());
}
