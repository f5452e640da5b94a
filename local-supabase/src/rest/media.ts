/**
 * Content negotiation as PostgREST does it (MediaType.hs, Plan/Negotiate.hs): the Accept header is split into media
 * types ordered by preference, each is decoded (parameters and all: `nulls=stripped`, a plan's `for` and `options`),
 * and the first one the server can produce wins; none → 406 PGRST107 naming what was asked for.
 *
 * What a table, a view or a function's rows can be produced as here: JSON (`application/json`, `*∕*`, the vendor
 * array type), the singular object, either with `nulls=stripped`, CSV, and the execution plan
 * (`application/vnd.pgrst.plan`, only when `pgrst.db_plan_enabled` is on, as PostgREST gates it). GeoJSON needs
 * PostGIS, which the embedded database does not have: it is answered as a type the server cannot produce.
 */
import { RestError } from './errors.ts';

export type PlanOption = 'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal';
const PLAN_OPTIONS: readonly PlanOption[] = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

export type MediaType =
  | { kind: 'json' }
  | { kind: 'array-stripped' }
  | { kind: 'singular'; stripped: boolean }
  | { kind: 'csv' }
  | { kind: 'geojson' }
  | { kind: 'openapi' }
  | { kind: 'any' }
  | { kind: 'plan'; for: MediaType; format: 'text' | 'json'; options: PlanOption[] }
  | { kind: 'other'; text: string };

/** `type/subtype` and its parameters (names lower-cased), as PostgREST's tokenizer reads them. */
function tokenize(text: string): { type: string; subtype: string; params: Map<string, string> } | null {
  const m = /^\s*([A-Za-z0-9.*]+)\/([A-Za-z0-9.*+-]+)(.*)$/s.exec(text);
  if (!m) return null;
  const params = new Map<string, string>();
  const paramRe = /^\s*;\s*([A-Za-z0-9._-]+)\s*=\s*(?:"([^"]*)"|([^;"\s]*))/;
  let rest = m[3] ?? '';
  for (;;) {
    const p = paramRe.exec(rest);
    if (!p) break;
    params.set((p[1] ?? '').toLowerCase(), p[2] ?? p[3] ?? '');
    rest = rest.slice(p[0].length);
  }
  return { type: (m[1] ?? '').toLowerCase(), subtype: (m[2] ?? '').toLowerCase(), params };
}

/** One media type, decoded as PostgREST's `decodeMediaType`. */
export function decodeMediaType(text: string): MediaType {
  const t = tokenize(text);
  if (!t) return { kind: 'other', text };
  const stripped = t.params.get('nulls') === 'stripped';
  const plan = (format: 'text' | 'json'): MediaType => {
    const options = (t.params.get('options') ?? '').split('|');
    return { kind: 'plan', for: decodeMediaType(t.params.get('for') ?? 'application/json'), format, options: PLAN_OPTIONS.filter((o) => options.includes(o)) };
  };
  switch (`${t.type}/${t.subtype}`) {
    case 'application/json':
      return { kind: 'json' };
    case 'application/geo+json':
      return { kind: 'geojson' };
    case 'text/csv':
      return { kind: 'csv' };
    case 'application/openapi+json':
      return { kind: 'openapi' };
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
      return plan('text');
    case 'application/vnd.pgrst.plan+json':
      return plan('json');
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { kind: 'singular', stripped };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped ? { kind: 'array-stripped' } : { kind: 'json' };
    case '*/*':
      return { kind: 'any' };
    default:
      return { kind: 'other', text };
  }
}

/** The media type as PostgREST writes it back (Content-Type, and the list of a 406). */
export function toMime(mt: MediaType): string {
  switch (mt.kind) {
    case 'json':
      return 'application/json';
    case 'array-stripped':
      return 'application/vnd.pgrst.array+json;nulls=stripped';
    case 'singular':
      return mt.stripped ? 'application/vnd.pgrst.object+json;nulls=stripped' : 'application/vnd.pgrst.object+json';
    case 'csv':
      return 'text/csv';
    case 'geojson':
      return 'application/geo+json';
    case 'openapi':
      return 'application/openapi+json';
    case 'any':
      return '*/*';
    case 'plan':
      return `application/vnd.pgrst.plan+${mt.format}; for="${toMime(mt.for)}"${mt.options.length ? `; options=${mt.options.join('|')}` : ''}`;
    case 'other':
      return mt.text;
  }
}

/**
 * The Accept header's media types, most preferred first, as WAI's `parseHttpAccept` orders them (PostgREST uses
 * it): by `q` (highest first), then the more specific (more parameters, fewer wildcards); the `q` parameter is
 * dropped. No header means `*∕*`.
 */
export function parseAccept(header: string | undefined): MediaType[] {
  if (header === undefined) return [{ kind: 'any' }];
  const entries = header
    .split(',')
    .map((raw, index) => {
      const qMatch = /;\s*q\s*=\s*([0-9.]+)\s*$/i.exec(raw);
      const text = (qMatch ? raw.slice(0, qMatch.index) : raw).trim();
      const q = qMatch ? Number(qMatch[1]) : 1;
      return { text, q: Number.isFinite(q) ? q : 0, semicolons: (text.match(/;/g) ?? []).length, stars: (text.match(/\*/g) ?? []).length, index };
    })
    .filter((e) => e.text !== '');
  entries.sort((a, b) => b.q - a.q || b.semicolons - a.semicolons || a.stars - b.stars || a.index - b.index);
  return entries.map((e) => decodeMediaType(e.text));
}

/** How a response body is written, once negotiated. */
export type BodyFormat = 'json' | 'json-stripped' | 'csv';

export interface Output {
  format: BodyFormat;
  /** The vendor object type: exactly one row, answered as an object. */
  singular: boolean;
  /** The plan media type: the statement is explained instead of run (PostgREST's `application/vnd.pgrst.plan`). */
  plan: { format: 'text' | 'json'; options: PlanOption[] } | undefined;
  /** Content-Type of the answer, with PostgREST's charset. */
  contentType: string;
}

/** What a media type is produced as, or undefined when the server cannot produce it. */
function handlerOf(mt: MediaType, planEnabled: boolean): Output | undefined {
  const out = (format: BodyFormat, singular = false): Output => ({ format, singular, plan: undefined, contentType: `${toMime(mt)}; charset=utf-8` });
  switch (mt.kind) {
    case 'json':
      return out('json');
    case 'any':
      return { ...out('json'), contentType: 'application/json; charset=utf-8' };
    case 'array-stripped':
      return out('json-stripped');
    case 'singular':
      return out(mt.stripped ? 'json-stripped' : 'json', true);
    case 'csv':
      return out('csv');
    case 'plan': {
      if (!planEnabled) return undefined;
      const inner = handlerOf(mt.for, planEnabled);
      if (!inner || mt.for.kind === 'plan') return undefined;
      return { format: inner.format, singular: inner.singular, plan: { format: mt.format, options: mt.options }, contentType: `${toMime(mt)}; charset=utf-8` };
    }
    default:
      // geo+json (PostGIS is not in the embedded database), openapi+json on a table, text/plain, text/xml,
      // application/octet-stream, application/*: no handler, as on PostgREST without custom media handlers.
      return undefined;
  }
}

/** Negotiates a table's, a view's or a function's answer: the first accepted type that can be produced, else 406. */
export function negotiate(accepts: MediaType[], planEnabled: boolean): Output {
  for (const mt of accepts) {
    const output = handlerOf(mt, planEnabled);
    if (output) return output;
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accepts.map(toMime).join(', ')}`, null, null);
}

/** The root (OpenAPI description): application/openapi+json, application/json or any, else 406. */
export function negotiateRoot(accepts: MediaType[]): void {
  if (accepts.some((mt) => mt.kind === 'openapi' || mt.kind === 'json' || mt.kind === 'any')) return;
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accepts.map(toMime).join(', ')}`, null, null);
}
