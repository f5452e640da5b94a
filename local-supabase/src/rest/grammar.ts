/**
 * Parsers for PostgREST v14's URL grammar: `select`, horizontal filters, logic trees
 * (`or`/`and`), `order`. They only produce syntax trees; nothing here touches SQL.
 * Every name in the trees is later checked against the schema cache before use.
 */
import { RestError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
  /** Integer keys index arrays (`->0`). */
  index: boolean;
}

export interface FieldRef {
  name: string;
  jsonPath: JsonStep[];
}

export type AggregateFunction = 'sum' | 'avg' | 'count' | 'max' | 'min';

/** An aggregate applied to a field (`col.sum()`), and the cast of its result (`col.sum()::text`). */
export interface Aggregate {
  fn: AggregateFunction;
  cast: string | undefined;
}

export type SelectItem =
  | { kind: 'star' }
  /** `cast` applies to the field (before an aggregate, if any: `col::int.sum()`). */
  | { kind: 'field'; alias: string | undefined; field: FieldRef; cast: string | undefined; aggregate?: Aggregate }
  /** `count()` of the rows (of each group), `alias:count()::text`. */
  | { kind: 'count'; alias: string | undefined; cast: string | undefined }
  | {
      kind: 'embed';
      alias: string | undefined;
      name: string;
      hint: string | undefined;
      joinType: 'inner' | 'left' | undefined;
      spread: boolean;
      select: SelectItem[];
    };

export const FILTER_OPERATORS = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
const QUANTIFIABLE = new Set<string>(['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch']);
const FTS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);

export type FilterValue =
  | { kind: 'scalar'; value: string }
  | { kind: 'list'; values: string[] }
  | { kind: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' };

export interface OpExpr {
  negate: boolean;
  op: FilterOperator;
  quantifier: 'any' | 'all' | undefined;
  ftsConfig: string | undefined;
  value: FilterValue;
}

export interface FilterLeaf {
  kind: 'filter';
  /** Embed path (aliases or names) the column lives in; empty for the top level. */
  path: string[];
  field: FieldRef;
  expr: OpExpr;
}

export interface LogicNode {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = FilterLeaf | LogicNode;

export interface OrderTerm {
  /** `rel(col)`: a column of an embedded to-one resource (by its alias or name). */
  relation?: string;
  field: FieldRef;
  direction: 'asc' | 'desc' | undefined;
  nulls: 'first' | 'last' | undefined;
}

function parseError(message: string, details: string): RestError {
  return new RestError(400, 'PGRST100', `"failed to parse ${message}"`, details, null);
}

/** A small cursor over the input used by the recursive-descent parsers. */
class Cursor {
  pos = 0;
  constructor(readonly text: string, readonly what: string) {}
  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(n = 0): string {
    return this.text[this.pos + n] ?? '';
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  fail(expecting: string): RestError {
    const ch = this.done ? 'end of input' : JSON.stringify(this.peek());
    return parseError(
      `${this.what} (${this.text})" (line 1, column ${this.pos + 1})`.replace(/^/, ''),
      `unexpected ${ch} expecting ${expecting}`,
    );
  }
  expect(s: string): void {
    if (!this.startsWith(s)) throw this.fail(JSON.stringify(s));
    this.pos += s.length;
  }
}

const NAME_STOP = new Set([',', '.', ':', '(', ')', '!', '"']);

/** An unquoted identifier (stops at the grammar's punctuation and at `->`), or a "quoted" one. */
function parseName(c: Cursor, expecting = 'field name'): string {
  if (c.peek() === '"') {
    c.pos++;
    let out = '';
    while (!c.done && c.peek() !== '"') {
      if (c.peek() === '\\' && c.pos + 1 < c.text.length) c.pos++;
      out += c.peek();
      c.pos++;
    }
    c.expect('"');
    if (out === '') throw c.fail(expecting);
    return out;
  }
  const start = c.pos;
  while (!c.done && !NAME_STOP.has(c.peek()) && !c.startsWith('->')) c.pos++;
  const name = c.text.slice(start, c.pos).trim();
  if (name === '' || name === '*') {
    c.pos = start;
    throw c.fail(expecting);
  }
  return name;
}

function parseJsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  while (c.startsWith('->')) {
    const arrow = c.startsWith('->>') ? '->>' : '->';
    c.pos += arrow.length;
    const m = /^-?\d+/.exec(c.text.slice(c.pos));
    const nextIsIndex = m !== null && (NAME_STOP.has(c.peek(m[0].length)) || c.startsWith(`${m[0]}->`) || c.pos + m[0].length === c.text.length);
    if (m && nextIsIndex) {
      steps.push({ arrow, key: m[0], index: true });
      c.pos += m[0].length;
    } else {
      steps.push({ arrow, key: parseName(c, 'json key'), index: false });
    }
  }
  return steps;
}

export function parseField(text: string, what = 'filter'): FieldRef {
  const c = new Cursor(text, what);
  const name = parseName(c);
  const jsonPath = parseJsonPath(c);
  if (!c.done) throw c.fail('end of input');
  return { name, jsonPath };
}

// ---------------------------------------------------------------------------------------------
// select
// ---------------------------------------------------------------------------------------------

export function parseSelect(text: string): SelectItem[] {
  const c = new Cursor(text, 'select');
  if (text.trim() === '') return [{ kind: 'star' }];
  const items = parseSelectList(c, 0);
  if (!c.done) throw c.fail('"," or end of input');
  return items;
}

function parseSelectList(c: Cursor, depth: number): SelectItem[] {
  if (depth > 30) throw c.fail('less nesting');
  const items: SelectItem[] = [];
  for (;;) {
    items.push(parseSelectItem(c, depth));
    if (c.peek() === ',') {
      c.pos++;
      continue;
    }
    return items;
  }
}

function parseEmbedRest(c: Cursor, depth: number): { hint?: string; joinType?: 'inner' | 'left'; select: SelectItem[] } {
  let hint: string | undefined;
  let joinType: 'inner' | 'left' | undefined;
  while (c.peek() === '!') {
    c.pos++;
    const word = parseName(c, 'hint or join type');
    if ((word === 'inner' || word === 'left') && joinType === undefined) joinType = word;
    else if (hint === undefined) hint = word;
    else throw c.fail('"("');
  }
  c.expect('(');
  const select = c.peek() === ')' ? [] : parseSelectList(c, depth + 1);
  c.expect(')');
  return { hint, joinType, select };
}

const AGGREGATES = new Set<string>(['sum', 'avg', 'count', 'max', 'min']);

/** `::type` (letters, digits, `_` and spaces, as PostgREST's cast); undefined when there is none. */
function parseCast(c: Cursor): string | undefined {
  if (!c.startsWith('::')) return undefined;
  c.pos += 2;
  const start = c.pos;
  while (!c.done && /[A-Za-z0-9_ ]/.test(c.peek())) c.pos++;
  const cast = c.text.slice(start, c.pos).trim();
  if (cast === '') throw c.fail('cast type');
  return cast;
}

/**
 * Aggregates (`count()`, `col.sum()`, `col::int.avg()::text`) are parsed here whatever the server allows; the read
 * planner refuses them with PGRST123 unless `pgrst.db_aggregates_enabled` is on (select.ts, planRead).
 */
function parseSelectItem(c: Cursor, depth: number): SelectItem {
  if (c.peek() === '*') {
    c.pos++;
    return { kind: 'star' };
  }
  if (c.startsWith('...')) {
    c.pos += 3;
    const name = parseName(c, 'embedded resource');
    const rest = parseEmbedRest(c, depth);
    return { kind: 'embed', alias: undefined, name, hint: rest.hint, joinType: rest.joinType, spread: true, select: rest.select };
  }
  let alias: string | undefined;
  let name = parseName(c);
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = name;
    if (c.startsWith('...')) throw c.fail('field name');
    name = parseName(c);
  }
  if (name === 'count' && c.startsWith('()')) {
    c.pos += 2;
    return { kind: 'count', alias, cast: parseCast(c) };
  }
  if (c.peek() === '!' || c.peek() === '(') {
    const rest = parseEmbedRest(c, depth);
    return { kind: 'embed', alias, name, hint: rest.hint, joinType: rest.joinType, spread: false, select: rest.select };
  }
  const jsonPath = parseJsonPath(c);
  const cast = parseCast(c);
  if (c.peek() === '.') {
    const fn = /^[a-z]+/.exec(c.text.slice(c.pos + 1))?.[0] ?? '';
    if (AGGREGATES.has(fn) && c.text.startsWith('()', c.pos + 1 + fn.length)) {
      c.pos += 1 + fn.length + 2;
      return { kind: 'field', alias, field: { name, jsonPath }, cast, aggregate: { fn: fn as AggregateFunction, cast: parseCast(c) } };
    }
  }
  return { kind: 'field', alias, field: { name, jsonPath }, cast };
}

// ---------------------------------------------------------------------------------------------
// filters
// ---------------------------------------------------------------------------------------------

/** Splits on commas at depth 0, respecting "quotes", (parens) and {braces}. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      cur += ch;
      if (ch === '\\' && i + 1 < text.length) {
        cur += text[++i] as string;
      } else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (quoted || depth !== 0) throw parseError(`logic tree (${text})"`, 'unbalanced quotes, parentheses or braces');
  parts.push(cur);
  return parts;
}

function unquote(s: string): string {
  const t = s.trim() === s ? s : s;
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    return t.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return t;
}

function parseList(raw: string, open: string, close: string, what: string): string[] {
  if (!raw.startsWith(open) || !raw.endsWith(close)) {
    throw parseError(`filter (${what})" (line 1, column 1)`, `unexpected ${JSON.stringify(raw.slice(0, 1))} expecting "${open}"`);
  }
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map(unquote);
}

/** `[not.]op[(any|all)][(config)].value` */
export function parseOpExpr(text: string, whole = text): OpExpr {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(\((any|all)\)|\(([A-Za-z0-9_]+)\))?\./.exec(rest);
  const op = m?.[1];
  if (!m || op === undefined || !(FILTER_OPERATORS as readonly string[]).includes(op)) {
    throw parseError(
      `filter (${whole})" (line 1, column 1)`,
      'unexpected "' + (rest[0] ?? '') + '" expecting "not" or operator (eq, gt, ...)',
    );
  }
  const quantifier = m[3] as 'any' | 'all' | undefined;
  const ftsConfig = m[4];
  if (quantifier && !QUANTIFIABLE.has(op)) throw parseError(`filter (${whole})"`, `operator ${op} does not accept (${quantifier})`);
  if (ftsConfig !== undefined && !FTS.has(op)) throw parseError(`filter (${whole})"`, `operator ${op} does not accept a configuration`);
  const raw = rest.slice(m[0].length);
  let value: FilterValue;
  if (op === 'in') value = { kind: 'list', values: parseList(raw, '(', ')', whole) };
  else if (quantifier) value = { kind: 'list', values: parseList(raw, '{', '}', whole) };
  else if (op === 'is') {
    const v = raw.toLowerCase();
    if (v !== 'null' && v !== 'not_null' && v !== 'true' && v !== 'false' && v !== 'unknown') {
      throw parseError(`filter (${whole})" (line 1, column 4)`, 'unexpected value expecting null or trilean value (unknown, true, false)');
    }
    value = { kind: 'is', value: v };
  } else value = { kind: 'scalar', value: raw };
  return { negate, op: op as FilterOperator, quantifier, ftsConfig, value };
}

/** A query-string key/value pair that is a filter: key `a.b.col->x`, value `[not.]op.v`. */
export function parseFilterParam(key: string, value: string): FilterLeaf {
  const { path, field } = splitPathAndField(key);
  return { kind: 'filter', path, field, expr: parseOpExpr(value) };
}

/** `embed.sub.col->>k` → path [embed, sub], field col->>k. Dots inside json keys are kept. */
export function splitPathAndField(key: string): { path: string[]; field: FieldRef } {
  const arrow = key.indexOf('->');
  const head = arrow === -1 ? key : key.slice(0, arrow);
  const tail = arrow === -1 ? '' : key.slice(arrow);
  const segs = head.split('.');
  const last = segs.pop() ?? '';
  return { path: segs, field: parseField(last + tail) };
}

/** Value of an `or`/`and` param: `(a.eq.1,and(b.gt.0,not.c.is.null))`. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string, path: string[] = []): LogicNode {
  return { kind: 'logic', op, negate, children: parseLogicBody(value, path, 0) };
}

const OPS_ALT = FILTER_OPERATORS.join('|');
/** `field.[not.]op[(mod)].value`: the field ends at the first dot followed by a real operator. */
const LOGIC_LEAF_RE = new RegExp(`^((?:[^.]|\\.(?!(?:not\\.)?(?:${OPS_ALT})(?:\\([^)]*\\))?\\.))+)\\.(.*)$`, 's');

function parseLogicBody(value: string, path: string[], depth: number): Condition[] {
  if (depth > 30) throw parseError(`logic tree (${value.slice(0, 40)})"`, 'nesting too deep');
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw parseError(`logic tree (${value})" (line 1, column 1)`, 'unexpected end of input expecting "("');
  }
  const inner = value.slice(1, -1);
  const parts = splitTopLevel(inner);
  return parts.map((part) => {
    const m = /^(not\.)?(and|or)(?=\()/.exec(part);
    if (m) {
      return {
        kind: 'logic',
        op: m[2] as 'and' | 'or',
        negate: m[1] !== undefined,
        children: parseLogicBody(part.slice(m[0].length), path, depth + 1),
      } satisfies LogicNode;
    }
    // field is everything before the first '.' that is followed by [not.]op
    const fm = LOGIC_LEAF_RE.exec(part);
    if (!fm || fm[1] === undefined || fm[2] === undefined) {
      throw parseError(`logic tree (${value})" (line 1, column 1)`, `unexpected "${part.slice(0, 1)}" expecting field name`);
    }
    const { path: sub, field } = splitPathAndField(fm[1]);
    const expr = parseOpExpr(fm[2], part);
    if (expr.value.kind === 'scalar') expr.value = { kind: 'scalar', value: unquote(expr.value.value) };
    return { kind: 'filter', path: [...path, ...sub], field, expr } satisfies FilterLeaf;
  });
}

// ---------------------------------------------------------------------------------------------
// order
// ---------------------------------------------------------------------------------------------

export function parseOrder(text: string): OrderTerm[] {
  if (text.trim() === '') return [];
  return splitTopLevel(text).map((term) => {
    const segs: string[] = [];
    // the field may contain json arrows; modifiers follow the last dots
    let rest = term;
    const mods = ['asc', 'desc', 'nullsfirst', 'nullslast'];
    for (;;) {
      const dot = rest.lastIndexOf('.');
      if (dot === -1) break;
      const word = rest.slice(dot + 1);
      if (!mods.includes(word)) break;
      segs.unshift(word);
      rest = rest.slice(0, dot);
    }
    // `rel(col)`: the parent ordered by a column of an embedded to-one resource (PostgREST's related order).
    const related = /^([^()]+)\((.*)\)$/s.exec(rest);
    if (rest.includes('(') && !related) {
      throw new RestError(400, 'PGRST100', `"failed to parse order (${text})" (line 1, column 1)`, 'unexpected "(" expecting related resource', null);
    }
    const relation = related?.[1];
    const field = parseField(related ? (related[2] ?? '') : rest, 'order');
    let direction: OrderTerm['direction'];
    let nulls: OrderTerm['nulls'];
    for (const s of segs) {
      if (s === 'asc' || s === 'desc') {
        if (direction) throw parseError(`order (${text})"`, 'unexpected direction');
        direction = s;
      } else {
        if (nulls) throw parseError(`order (${text})"`, 'unexpected nulls option');
        nulls = s === 'nullsfirst' ? 'first' : 'last';
      }
    }
    return relation === undefined ? { field, direction, nulls } : { relation, field, direction, nulls };
  });
}
