/**
 * The Prefer header as PostgREST reads and honours it (ApiRequest/Preferences.hs, MainTx.optionalRollback).
 */
import type { DbConfig } from './schema-cache.ts';

export interface Prefer {
  count: 'exact' | 'planned' | 'estimated' | undefined;
  return: 'minimal' | 'headers-only' | 'representation' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missing: 'default' | 'null' | undefined;
  handling: 'strict' | 'lenient' | undefined;
  /** `tx=commit|rollback`, kept only when `pgrst.db_tx_end` allows a request to choose (…-allow-override). */
  tx: 'commit' | 'rollback' | undefined;
  maxAffected: number | undefined;
  /** `timezone=`: the request's TimeZone setting (an invalid one fails as PostgreSQL refuses it, 22023). */
  timezone: string | undefined;
  unknown: string[];
}

/**
 * The Prefer header(s) as PostgREST reads them (ApiRequest/Preferences.hs): comma-separated, the first value of each
 * preference wins, `tx=` is known (never invalid) but only honoured when the server allows overriding the
 * transaction's end, and `timezone=` / `max-affected=` are never invalid (an unreadable max-affected is ignored).
 */
export function parsePrefer(header: string | string[] | undefined, allowTxOverride: boolean): Prefer {
  const out: Prefer = { count: undefined, return: undefined, resolution: undefined, missing: undefined, handling: undefined, tx: undefined, maxAffected: undefined, timezone: undefined, unknown: [] };
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq);
    const v = eq < 0 ? '' : part.slice(eq + 1);
    if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) out.count ??= v;
    else if (k === 'return' && (v === 'minimal' || v === 'headers-only' || v === 'representation')) out.return ??= v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) out.resolution ??= v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) out.missing ??= v;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) out.handling ??= v;
    else if (k === 'tx' && (v === 'commit' || v === 'rollback')) {
      if (allowTxOverride) out.tx ??= v;
    } else if (k === 'max-affected') {
      if (out.maxAffected === undefined && /^\d+$/.test(v)) out.maxAffected = Number(v);
    } else if (k === 'timezone' && eq > 0) out.timezone ??= v;
    else if (k === 'params' && eq > 0) continue;
    else out.unknown.push(part);
  }
  return out;
}

/** The Preference-Applied header's value: what was honoured, in PostgREST's order. */
export function appliedPrefs(p: Prefer, method: string): string {
  const out: string[] = [];
  if (p.resolution && method === 'POST') out.push(`resolution=${p.resolution}`);
  if (p.missing === 'default' && method !== 'GET') out.push('missing=default');
  if (p.return && method !== 'GET' && method !== 'HEAD') out.push(`return=${p.return}`);
  if (p.count) out.push(`count=${p.count}`);
  if (p.tx) out.push(`tx=${p.tx}`);
  if (p.handling) out.push(`handling=${p.handling}`);
  if (p.timezone !== undefined) out.push(`timezone=${p.timezone}`);
  if (p.maxAffected !== undefined && p.handling === 'strict') out.push(`max-affected=${p.maxAffected}`);
  return out.join(', ');
}

/**
 * How the request's transaction ends (PostgREST's optionalRollback): `pgrst.db_tx_end` decides, and a request's
 * `Prefer: tx=` (kept by parsePrefer only when the setting ends in -allow-override) overrides it.
 */
export function transactionEnd(txEnd: DbConfig['txEnd'], tx: Prefer['tx']): 'commit' | 'rollback' {
  if (tx !== undefined) return tx;
  return txEnd === 'rollback' || txEnd === 'rollback-allow-override' ? 'rollback' : 'commit';
}
