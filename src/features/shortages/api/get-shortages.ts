import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { profileNames, UNKNOWN_USER } from '@/lib/profiles';
import { supabase } from '@/lib/supabase';
import { shortageKeys } from '@/features/shortages/api/keys';
import type { Tables } from '@/types/database.types';
import { shortageStatusOf, type Shortage, type ShortageFilters } from '@/features/shortages/types';

/** Rows per request; the list loads the next page as the user scrolls near its end. */
export const SHORTAGE_PAGE_SIZE = 100;

/** Spec §7 "Select with product, group (categories) and unit". */
export const SHORTAGE_SELECT =
  'id, product_id, unit_id, requested_quantity, available_quantity, status, created_at, created_by, group_id, batch_id, observation, product:products(id, name, barcode, description), group:categories(id, name), unit:store_units(id, name)';

/** A row selected with SHORTAGE_SELECT, typed from the generated database types. */
export type ShortageRow = Omit<Tables<'shortages'>, 'updated_at' | 'request_id' | 'batched_at'> & {
  product: Pick<Tables<'products'>, 'id' | 'name' | 'barcode' | 'description'> | null;
  group: Pick<Tables<'categories'>, 'id' | 'name'> | null;
  unit: Pick<Tables<'store_units'>, 'id' | 'name'> | null;
};

const namedSchema = z.object({ id: z.string(), name: z.string() });

/**
 * A search_shortages row as it arrives: the function returns setof shortages, and the generated types carry no
 * embedding for a function's rows, so the row with its embedded product, group and unit is checked here.
 */
export const shortageRowSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  unit_id: z.string(),
  requested_quantity: z.number(),
  available_quantity: z.number(),
  status: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  group_id: z.nullable(z.string()),
  batch_id: z.nullable(z.string()),
  observation: z.nullable(z.string()),
  product: z.nullable(z.object({ id: z.string(), name: z.string(), barcode: z.nullable(z.string()), description: z.nullable(z.string()) })),
  group: z.nullable(namedSchema),
  unit: z.nullable(namedSchema),
});

/** Where the next page starts: strictly older than the last row loaded (newest first, ties by id). */
export interface ShortageCursor {
  createdAt: string;
  id: string;
}

/** The RPC arguments of the filters; blank filters are left out (the function's defaults mean "any"). */
export function shortageFilterArgs(filters: ShortageFilters) {
  const text = filters.text.trim();
  return {
    ...(filters.status !== 'ALL' ? { p_status: filters.status } : {}),
    ...(filters.from ? { p_from: filters.from } : {}),
    ...(filters.to ? { p_to: filters.to } : {}),
    ...(text ? { p_search: text } : {}),
    ...(filters.unitId ? { p_unit_id: filters.unitId } : {}),
  };
}

function toShortage({ group, unit, ...row }: ShortageRow, names: ReadonlyMap<string, string>): Shortage {
  return { ...row, status: shortageStatusOf(row.status), groupName: group?.name ?? null, unitName: unit?.name ?? null, creatorName: names.get(row.created_by) ?? UNKNOWN_USER };
}

/** Creator names from profiles (spec §7 "Profiles lookup for creator names"); 'Unknown User' when absent. */
async function withCreatorNames(rows: ShortageRow[], signal?: AbortSignal): Promise<Shortage[]> {
  const names = await profileNames(rows.map((row) => row.created_by), signal);
  return rows.map((row) => toShortage(row, names));
}

/**
 * One page of the list, newest first, filtered by the database (search_shortages: status, São Paulo days,
 * text, unit for admins; everybody else always gets their own unit).
 */
export async function getShortagePage(filters: ShortageFilters, cursor: ShortageCursor | null, signal?: AbortSignal): Promise<Shortage[]> {
  let query = supabase
    .rpc('search_shortages', {
      ...shortageFilterArgs(filters),
      ...(cursor ? { p_before_created_at: cursor.createdAt, p_before_id: cursor.id } : {}),
      p_limit: SHORTAGE_PAGE_SIZE,
    })
    .select(SHORTAGE_SELECT)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query;
  if (error) throw error;
  // The same select is type-checked on the table in getShortage; a function's rows are parsed instead.
  const rows: ShortageRow[] = z.array(shortageRowSchema).parse(data);
  return withCreatorNames(rows, signal);
}

/** How many shortages the filters match in all (count_shortages). */
export async function countShortages(filters: ShortageFilters, signal?: AbortSignal): Promise<number> {
  let call = supabase.rpc('count_shortages', shortageFilterArgs(filters));
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw error;
  return data;
}

/** Spec §7 "Read shortage by id (one row)", e.g. to edit the open shortage a duplicate warning points at. */
export async function getShortage(id: string, signal?: AbortSignal): Promise<Shortage | null> {
  let query = supabase.from('shortages').select(SHORTAGE_SELECT).eq('id', id);
  if (signal) query = query.abortSignal(signal);
  const { data, error } = await query.maybeSingle();
  if (error) throw error;
  return data ? readShortage(data, signal) : null;
}

/** One row selected with SHORTAGE_SELECT (a read, or what an update returns), as the list shows it. */
export async function readShortage(row: ShortageRow, signal?: AbortSignal): Promise<Shortage> {
  return toShortage(row, await profileNames([row.created_by], signal));
}

export function nextShortageCursor(page: readonly Shortage[]): ShortageCursor | undefined {
  const last = page.at(-1);
  return page.length < SHORTAGE_PAGE_SIZE || !last ? undefined : { createdAt: last.created_at, id: last.id };
}

export function shortagesQueryOptions(filters: ShortageFilters) {
  return infiniteQueryOptions({
    queryKey: shortageKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getShortagePage(filters, pageParam, signal),
    initialPageParam: null as ShortageCursor | null,
    getNextPageParam: (lastPage) => nextShortageCursor(lastPage),
    placeholderData: keepPreviousData,
  });
}

export function useShortages(filters: ShortageFilters) {
  return useInfiniteQuery(shortagesQueryOptions(filters));
}

export function shortageCountQueryOptions(filters: ShortageFilters) {
  return queryOptions({
    queryKey: shortageKeys.count(filters),
    queryFn: ({ signal }) => countShortages(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useShortageCount(filters: ShortageFilters) {
  return useQuery(shortageCountQueryOptions(filters));
}

export function shortageQueryOptions(id: string) {
  return queryOptions({ queryKey: shortageKeys.detail(id), queryFn: ({ signal }) => getShortage(id, signal), staleTime: 0 });
}
