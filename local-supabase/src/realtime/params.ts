/**
 * `postgres_changes` binding parameters, parsed the way hosted Realtime's
 * `Subscriptions.parse_subscription_params` does (same operators, same error wording).
 */

export type FilterOp =
  | 'eq'
  | 'neq'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'in'
  | 'like'
  | 'ilike'
  | 'is'
  | 'match'
  | 'imatch'
  | 'isdistinct';

const FILTER_OPS: readonly string[] = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'match', 'imatch', 'isdistinct'];

export interface Filter {
  column: string;
  op: FilterOp;
  /** For `in`: a Postgres array literal `{a,b}` (cast to the column type's array in SQL). */
  value: string;
  negate: boolean;
}

export type ActionFilter = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export interface SubscriptionParams {
  action: ActionFilter;
  /** '*' = any schema. */
  schema: string;
  /** '*' = any table of the schema. */
  table: string;
  filters: Filter[];
  /** `select: [cols]`: columns to send (PKs always); null = all columns. */
  selectedColumns: string[] | null;
}

export type ParseResult = { ok: true; params: SubscriptionParams } | { ok: false; error: string };

/** Elixir's `inspect/1` of a list of strings, e.g. `["foo", "hey"]`. */
function inspectList(items: string[]): string {
  return `[${items.map((item) => JSON.stringify(item)).join(', ')}]`;
}

/** Elixir-ish `inspect/1` of the raw params map, for the "No subscription params" error. */
function inspectMap(map: Record<string, unknown>): string {
  const entries = Object.entries(map).map(([key, value]) => `${JSON.stringify(key)} => ${inspectValue(value)}`);
  return `%{${entries.join(', ')}}`;
}

function inspectValue(value: unknown): string {
  if (value === null || value === undefined) return 'nil';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(inspectValue).join(', ')}]`;
  if (typeof value === 'object') return inspectMap(value as Record<string, unknown>);
  return String(value);
}

function actionFilter(event: unknown): ActionFilter {
  if (typeof event !== 'string') return '*';
  const upper = event.toUpperCase();
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*';
}

/** Splits on top-level commas, keeping `in.(a,b)` lists and `"quoted, values"` together. */
function splitTopLevel(filter: string): string[] {
  const segments: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let previous = '';
  for (let i = 0; i < filter.length; i += 1) {
    const char = filter[i] ?? '';
    if (quoted) {
      if (char === '\\' && i + 1 < filter.length) {
        current += char + (filter[i + 1] ?? '');
        previous = filter[i + 1] ?? '';
        i += 1;
        continue;
      }
      current += char;
      if (char === '"') quoted = false;
      previous = char;
      continue;
    }
    if (char === '"' && (previous === '.' || previous === '(' || previous === ',')) {
      quoted = true;
      current += char;
    } else if (char === '(') {
      depth += 1;
      current += char;
    } else if (char === ')') {
      depth = Math.max(0, depth - 1);
      current += char;
    } else if (char === ',' && depth === 0) {
      segments.push(current);
      current = '';
      previous = '';
      continue;
    } else {
      current += char;
    }
    previous = char;
  }
  segments.push(current);
  return segments;
}

function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let result = '';
  for (let i = 1; i < value.length; i += 1) {
    const char = value[i] ?? '';
    if (char === '\\' && i + 1 < value.length) {
      result += value[i + 1] ?? '';
      i += 1;
    } else if (char === '"') {
      return i === value.length - 1 ? result : value;
    } else {
      result += char;
    }
  }
  return value;
}

function parseSegment(segment: string): { ok: true; filter: Filter } | { ok: false; error: string } {
  const trimmed = segment.trim();
  if (trimmed === '') return { ok: false, error: 'filter must not contain empty segments (check for extra commas)' };
  const eq = trimmed.indexOf('=');
  if (eq < 0) return { ok: false, error: inspectList([trimmed]) };
  const column = trimmed.slice(0, eq);
  let rest = trimmed.slice(eq + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0) return { ok: false, error: inspectList([rest]) };
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (!FILTER_OPS.includes(op)) return { ok: false, error: inspectList([op, value]) };
  if (op === 'in') {
    if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')')) {
      return { ok: false, error: '`in` filter value must be wrapped by parentheses' };
    }
    return { ok: true, filter: { column, op: 'in', value: `{${value.slice(1, -1)}}`, negate } };
  }
  return { ok: true, filter: { column, op: op as FilterOp, value: unquote(value), negate } };
}

function parseFilters(filter: string): { ok: true; filters: Filter[] } | { ok: false; error: string } {
  const trimmed = filter.trim();
  if (trimmed === '') return { ok: true, filters: [] };
  const filters: Filter[] = [];
  for (const segment of splitTopLevel(trimmed)) {
    const parsed = parseSegment(segment);
    if (!parsed.ok) return parsed;
    filters.push(parsed.filter);
  }
  return { ok: true, filters };
}

export function parseSubscriptionParams(raw: Record<string, unknown>): ParseResult {
  const action = actionFilter(raw.event);
  let selectedColumns: string[] | null = null;
  if (Array.isArray(raw.select)) {
    selectedColumns = raw.select.filter((column): column is string => typeof column === 'string');
  } else if (typeof raw.select === 'string') {
    return {
      ok: false,
      error: 'Error parsing `select` params: expected a list of column name strings, e.g. select: ["col1", "col2"]',
    };
  }
  const has = (key: string): boolean => Object.hasOwn(raw, key);
  const { schema, table, filter } = raw;
  let result: SubscriptionParams | null = null;
  if (typeof schema === 'string' && typeof table === 'string' && typeof filter === 'string') {
    const parsed = parseFilters(filter);
    if (!parsed.ok) return { ok: false, error: `Error parsing \`filter\` params: ${parsed.error}` };
    result = { action, schema, table, filters: parsed.filters, selectedColumns };
  } else if (typeof schema === 'string' && typeof table === 'string' && !has('filter')) {
    result = { action, schema, table, filters: [], selectedColumns };
  } else if (typeof schema === 'string' && !has('table') && !has('filter')) {
    result = { action, schema, table: '*', filters: [], selectedColumns };
  } else if (typeof table === 'string' && !has('schema') && !has('filter')) {
    result = { action, schema: 'public', table, filters: [], selectedColumns };
  }
  if (!result) {
    const shown = has('user_token') || has('auth_token') ? '<redacted>' : inspectMap(raw);
    return {
      ok: false,
      error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${shown}`,
    };
  }
  if (result.selectedColumns && (result.schema === '*' || result.table === '*')) {
    return {
      ok: false,
      error: 'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
    };
  }
  return { ok: true, params: result };
}

/** Human-readable params for error messages, like hosted's `params_to_log`. */
export function paramsToLog(params: SubscriptionParams): string {
  const filters = params.filters.map((f) => `{${JSON.stringify(f.column)}, ${JSON.stringify(f.op)}, ${JSON.stringify(f.value)}, ${f.negate}}`);
  const select = params.selectedColumns ? inspectList(params.selectedColumns) : 'nil';
  return `event: ${params.action}, schema: ${params.schema}, table: ${params.table}, filters: [${filters.join(', ')}], select: ${select}`;
}

/**
 * A stable small integer for a binding, like hosted's `:erlang.phash2(params)` (range 0..2^27-1):
 * identical params get identical ids.
 */
export function bindingId(raw: Record<string, unknown>): number {
  const canonical = canonicalJson(raw);
  let hash = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i += 1) {
    hash ^= canonical.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 2 ** 27;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
