import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fromZonedTime } from 'date-fns-tz';
import * as z from 'zod/mini';
import { APP_TIME_ZONE } from '@/lib/dates';
import { supabase } from '@/lib/supabase';
import { shortageKeys } from '@/features/shortages/api/keys';
import { SHORTAGE_STATUSES, UNKNOWN_USER, type Shortage, type ShortageFilters } from '@/features/shortages/types';

/** The list shows at most this many shortages (newest first); narrow the period or status to see older ones. */
export const SHORTAGE_LIST_LIMIT = 5000;
const PAGE = 1000;

const rowSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  unit_id: z.string(),
  requested_quantity: z.number(),
  available_quantity: z.number(),
  status: z.enum(SHORTAGE_STATUSES),
  created_at: z.string(),
  created_by: z.string(),
  group_id: z.nullable(z.string()),
  batch_id: z.nullable(z.string()),
  observation: z.nullable(z.string()),
  product: z.nullable(z.object({ id: z.string(), name: z.string(), barcode: z.nullable(z.string()), description: z.nullable(z.string()) })),
  group: z.nullable(z.object({ id: z.string(), name: z.string() })),
  unit: z.nullable(z.object({ id: z.string(), name: z.string() })),
});

const userSchema = z.object({ id: z.string(), full_name: z.nullable(z.string()) });

const SELECT =
  'id, product_id, unit_id, requested_quantity, available_quantity, status, created_at, created_by, group_id, batch_id, observation, ' +
  'product:products(id, name, barcode, description), group:categories(id, name), unit:store_units(id, name)';

/** Start of a São Paulo calendar day as an ISO instant. */
export function dayStart(day: string): string {
  return fromZonedTime(`${day}T00:00:00`, APP_TIME_ZONE).toISOString();
}
/** Start of the São Paulo day after `day` (the exclusive end of an inclusive period). */
export function nextDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
  return dayStart(next);
}

/** Creator names via list_basic_users (spec §3: fallback 'Unknown User'). */
async function creatorNames(ids: string[], signal?: AbortSignal): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  let call = supabase.rpc('list_basic_users').select('id, full_name').in('id', ids);
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) return names; // names are decoration: keep the list, show the fallback
  for (const row of z.array(userSchema).parse(data)) if (row.full_name) names.set(row.id, row.full_name);
  return names;
}

/** Shortages visible to the caller (RLS: own unit unless admin/buyer), newest first, with product, group and unit. */
export async function getShortages(filters: ShortageFilters, signal?: AbortSignal): Promise<Shortage[]> {
  const rows: z.infer<typeof rowSchema>[] = [];
  for (let from = 0; from < SHORTAGE_LIST_LIMIT; from += PAGE) {
    let query = supabase.from('shortages').select(SELECT).order('created_at', { ascending: false }).order('id');
    if (filters.status !== 'ALL') query = query.eq('status', filters.status);
    if (filters.from) query = query.gte('created_at', dayStart(filters.from));
    if (filters.to) query = query.lt('created_at', nextDayStart(filters.to));
    query = query.range(from, from + PAGE - 1);
    if (signal) query = query.abortSignal(signal);
    const { data, error } = await query;
    if (error) throw error;
    const page = z.array(rowSchema).parse(data);
    rows.push(...page);
    if (page.length < PAGE) break;
  }
  const names = await creatorNames([...new Set(rows.map((row) => row.created_by))], signal);
  return rows.map(({ group, unit, ...row }) => ({
    ...row,
    groupName: group?.name ?? null,
    unitName: unit?.name ?? null,
    creatorName: names.get(row.created_by) ?? UNKNOWN_USER,
  }));
}

export function shortagesQueryOptions(filters: ShortageFilters) {
  return queryOptions({
    queryKey: shortageKeys.list(filters),
    queryFn: ({ signal }) => getShortages(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useShortages(filters: ShortageFilters) {
  return useQuery(shortagesQueryOptions(filters));
}
