import { queryOptions, useQuery } from '@tanstack/react-query';
import { resolveRole } from '@/lib/permissions';
import { supabase } from '@/lib/supabase';
import { boletoKeys } from '@/features/boletos/api/keys';
import type { SupplierOption } from '@/features/boletos/entry-logic';

export interface BoletoUnitOption {
  id: string;
  name: string;
}

export interface BoletoUnitOptions {
  /** The current unit first, then the others by name. */
  units: BoletoUnitOption[];
  /** The unit the user works in now (profiles.unit_id), when it is one of `units`. */
  currentUnitId: string | null;
}

type WithSignal = <Q extends { abortSignal: (signal: AbortSignal) => Q }>(query: Q) => Q;

function withSignal(signal?: AbortSignal): WithSignal {
  return (query) => (signal ? query.abortSignal(signal) : query);
}

/**
 * The units the caller may enter boletos for, as the database decides them (private.boleto_units):
 * every unit for an administrator, otherwise the current unit and the assigned ones (user_units).
 * The insert policy refuses any other unit, so the form offers no other.
 */
export async function getBoletoUnits(signal?: AbortSignal): Promise<BoletoUnitOptions> {
  const { data: session } = await supabase.auth.getSession();
  const userId = session.session?.user.id;
  if (!userId) throw new Error('Auth session missing!');
  const read = withSignal(signal);
  const [profile, role, assigned, all] = await Promise.all([
    read(supabase.from('profiles').select('unit_id').eq('id', userId)).maybeSingle(),
    read(supabase.from('user_roles').select('custom_roles(name, is_admin)').eq('user_id', userId)).maybeSingle(),
    read(supabase.from('user_units').select('unit_id').eq('user_id', userId)),
    read(supabase.from('store_units').select('id, name').order('name')),
  ]);
  for (const result of [profile, role, assigned, all]) if (result.error) throw result.error;
  const isAdmin = resolveRole(role.data?.custom_roles ?? null) === 'ADMIN';
  const currentUnitId = profile.data?.unit_id ?? null;
  const assignedIds = new Set((assigned.data ?? []).map((row) => row.unit_id));
  const units = (all.data ?? [])
    .filter((unit) => isAdmin || unit.id === currentUnitId || assignedIds.has(unit.id))
    .sort((a, b) => Number(b.id === currentUnitId) - Number(a.id === currentUnitId) || a.name.localeCompare(b.name, 'pt-BR'));
  return { units, currentUnitId: units.some((unit) => unit.id === currentUnitId) ? currentUnitId : null };
}

/** Registered suppliers with their CNPJ, by name. */
export async function getBoletoSuppliers(signal?: AbortSignal): Promise<SupplierOption[]> {
  const { data, error } = await withSignal(signal)(supabase.from('suppliers').select('id, name, cnpj').order('name'));
  if (error) throw error;
  return data;
}

export function boletoUnitsQueryOptions() {
  return queryOptions({ queryKey: boletoKeys.units(), queryFn: ({ signal }) => getBoletoUnits(signal), staleTime: 5 * 60_000 });
}

export function boletoSuppliersQueryOptions() {
  return queryOptions({ queryKey: boletoKeys.suppliers(), queryFn: ({ signal }) => getBoletoSuppliers(signal), staleTime: 5 * 60_000 });
}

export function useBoletoUnits() {
  return useQuery(boletoUnitsQueryOptions());
}

export function useBoletoSuppliers() {
  return useQuery(boletoSuppliersQueryOptions());
}
