import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { profileNames } from '@/lib/profiles';
import { supabase } from '@/lib/supabase';
import { saoPauloDayStart, saoPauloNextDayStart } from '@/lib/dates';
import { userAdminKeys } from '@/features/users/api/keys';
import type { AuditEntry, AuditFilters } from '@/features/users/types';

export const AUDIT_PAGE_SIZE = 50;

/** A row's before/after jsonb: the columns' values, or null (a value of another shape reads as none). */
const auditValuesSchema = z.record(z.string(), z.unknown()).nullable().catch(null);

/** The name shown for a change nobody signed in made (sign-up trigger, migrations). */
export const SYSTEM_ACTOR = 'Sistema';

/** One page of the audit trail, newest first, filtered by table and São Paulo days. */
export async function getAuditLog(filters: AuditFilters, signal?: AbortSignal): Promise<{ rows: AuditEntry[]; total: number; people: Map<string, string> }> {
  let query = supabase
    .from('audit_log')
    .select('id, actor, action, table_name, record_id, before, after, created_at', { count: 'exact' })
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(filters.page * AUDIT_PAGE_SIZE, filters.page * AUDIT_PAGE_SIZE + AUDIT_PAGE_SIZE - 1);
  if (filters.tableName) query = query.eq('table_name', filters.tableName);
  if (filters.from) query = query.gte('created_at', saoPauloDayStart(filters.from));
  if (filters.to) query = query.lt('created_at', saoPauloNextDayStart(filters.to));
  if (signal) query = query.abortSignal(signal);
  const { data, error, count } = await query;
  if (error) throw error;
  const rows = data.map((row) => ({ ...row, before: auditValuesSchema.parse(row.before), after: auditValuesSchema.parse(row.after) }));
  // The actors, and the people the changed rows are about (user_id, or a profile's id), by name.
  const about = rows.flatMap((row) => [row.before, row.after].flatMap((values) => [values?.user_id, row.table_name === 'profiles' ? values?.id : undefined]));
  const names = await profileNames([...data.map((row) => row.actor), ...about.filter((id): id is string => typeof id === 'string')], signal);
  return {
    total: count ?? 0,
    people: names,
    rows: rows.map((row) => ({
      id: row.id,
      actorName: row.actor ? (names.get(row.actor) ?? row.actor) : SYSTEM_ACTOR,
      action: row.action,
      tableName: row.table_name,
      recordId: row.record_id,
      before: row.before,
      after: row.after,
      createdAt: row.created_at,
    })),
  };
}

export function auditLogQueryOptions(filters: AuditFilters) {
  return queryOptions({ queryKey: userAdminKeys.audit(filters), queryFn: ({ signal }) => getAuditLog(filters, signal), placeholderData: keepPreviousData });
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery(auditLogQueryOptions(filters));
}
