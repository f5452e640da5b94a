/**
 * Read planning and SQL generation: resolves `select` items and embeds against the schema
 * cache, attaches filters/order/limit to the right embed level and renders one SQL
 * statement whose result is built as JSON by Postgres. Identifiers come from the cache
 * (quoted), casts/operators from fixed allow-lists, values are bound parameters.
 */
import type { BodyFormat } from './media.ts';
import { RestError, closest } from './errors.ts';
import type { Aggregate, Condition, FieldRef, FilterLeaf, OrderTerm, SelectItem } from './grammar.ts';
import { parseFilterParam, parseLogic, parseOrder } from './grammar.ts';
import type { Column, Relation, Relationship, SchemaCache } from './schema-cache.ts';
import { relKey } from './schema-cache.ts';

export function q(ident: string): string {
  return `"${ident.replaceAll('"', '""')}"`;
}

/** Output keys chosen by the client (aliases): a conservative character allow-list. */
const ALIAS_RE = /^[\p{L}\p{N}_$][\p{L}\p{N}_$ -]{0,62}$/u;
function checkAlias(alias: string): string {
  if (!ALIAS_RE.test(alias)) {
    throw new RestError(400, 'PGRST100', `"failed to parse select parameter (${alias})" (line 1, column 1)`, `invalid alias "${alias}"`, null);
  }
  return alias;
}

const CASTS: Record<string, string> = {
  text: 'text', varchar: 'varchar', char: 'char', int: 'integer', int2: 'smallint', int4: 'integer', int8: 'bigint',
  integer: 'integer', bigint: 'bigint', smallint: 'smallint', numeric: 'numeric', decimal: 'numeric', float: 'double precision',
  float4: 'real', float8: 'double precision', real: 'real', 'double precision': 'double precision', bool: 'boolean',
  boolean: 'boolean', json: 'json', jsonb: 'jsonb', date: 'date', time: 'time', timestamp: 'timestamp',
  timestamptz: 'timestamptz', uuid: 'uuid', interval: 'interval', money: 'money',
};

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface EmbedNode {
  key: string;
  /** Names a client may use in `path.col` params: alias and relation name. */
  names: string[];
  rel: Relationship;
  node: ReadNode;
  inner: boolean;
  spread: boolean;
  /** `embed=is.null` / `embed=not.is.null` filters. */
  nullFilter: 'null' | 'not_null' | undefined;
  toMany: boolean;
  hidden: boolean;
}

export interface ReadNode {
  relation: Relation;
  alias: string;
  select: SelectItem[];
  embeds: EmbedNode[];
  conditions: Condition[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number | undefined;
  /**
   * PostgREST's legacy `count` (no parentheses; allowed with aggregates disabled): a select of
   * just `count` (or `alias:count`) on a relation without such a column answers one row
   * `{count: n}` of the filtered rows, e.g. `select=name,cities(count)`. Holds the JSON key.
   */
  countOnly?: string;
  /** A to-one spread's node: its aggregated fields are selected raw and aggregated by the parent (selectListSql). */
  deferAggregates?: boolean;
}

export interface PlanContext {
  cache: SchemaCache;
  schema: string;
  nextAlias: () => string;
}

export function newPlanContext(cache: SchemaCache, schema: string): PlanContext {
  let n = 0;
  return { cache, schema, nextAlias: () => `t${n++}` };
}

export function findRelation(ctx: PlanContext, name: string): Relation {
  const rel = ctx.cache.relations.get(relKey(ctx.schema, name));
  if (rel) return rel;
  const names = [...ctx.cache.relations.values()].filter((r) => r.schema === ctx.schema).map((r) => r.name);
  const near = closest(name, names);
  throw new RestError(
    404, 'PGRST205', `Could not find the table '${ctx.schema}.${name}' in the schema cache`, null,
    near ? `Perhaps you meant the table '${ctx.schema}.${near}'` : null,
  );
}

export function columnOf(rel: Relation, name: string): Column {
  const col = rel.columns.get(name);
  if (!col) throw new RestError(400, '42703', `column ${rel.name}.${name} does not exist`, null, null);
  return col;
}

/** A column or a computed field of the relation (selectable, filterable, orderable; never written). */
function readableField(rel: Relation, name: string): void {
  if (!rel.columns.has(name) && !rel.computedFields.has(name)) columnOf(rel, name);
}

function describeRel(r: Relationship): Record<string, unknown> {
  const relText = r.junction
    ? `${r.junction.table} using ${r.junction.fkOrigin.name}(${r.junction.fkOrigin.columns.join(', ')}) and ${r.junction.fkTarget.name}(${r.junction.fkTarget.columns.join(', ')})`
    : `${r.constraint} using ${r.origin}(${r.pairs.map((p) => p[0]).join(', ')}) and ${r.target}(${r.pairs.map((p) => p[1]).join(', ')})`;
  return { cardinality: r.cardinality, embedding: `${r.origin} with ${r.target}`, relationship: relText };
}

function resolveRelationship(ctx: PlanContext, origin: Relation, name: string, hint: string | undefined): Relationship {
  const all = ctx.cache.relationships.get(relKey(origin.schema, origin.name)) ?? [];
  // A self reference is one foreign key seen both ways (PostgREST's findRel convention): the table's name means the
  // children (O2M), `!fk_column` choosing which foreign key; the foreign key column's name means the parent (M2O).
  const isSelf = (r: Relationship) => r.origin === r.target && !r.junction;
  const singleFkColumn = (r: Relationship) => (r.fk.columns.length === 1 ? r.fk.columns[0] : undefined);
  let matches: Relationship[];
  if (hint === undefined) {
    matches = all.filter((r) => {
      if (r.computed) return r.computed.name === name;
      if (isSelf(r)) return r.fkOnOrigin ? singleFkColumn(r) === name : r.target === name;
      if (r.target === name) return true;
      if (r.junction) return false;
      if (r.constraint === name) return true;
      return r.fkOnOrigin && singleFkColumn(r) === name;
    });
  } else {
    matches = all.filter((r) => {
      if (r.computed) return r.computed.name === name;
      if (r.target !== name) return false;
      if (isSelf(r)) return !r.fkOnOrigin && singleFkColumn(r) === hint;
      if (r.junction) return r.junction.table === hint || r.junction.fkOrigin.name === hint || r.junction.fkTarget.name === hint;
      return r.constraint === hint || r.pairs.some(([a, b]) => a === hint || b === hint);
    });
  }
  if (matches.length === 1) return matches[0] as Relationship;
  if (matches.length === 0) {
    const targets = [...new Set(all.map((r) => r.target))];
    const near = closest(name, targets);
    throw new RestError(
      400, 'PGRST200',
      `Could not find a relationship between '${origin.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${origin.schema}', but no matches were found.`,
      near && near !== name ? `Perhaps you meant '${near}' instead of '${name}'.` : null,
    );
  }
  const options = matches.map((r) => `'${name}!${r.junction ? r.junction.table : r.constraint}'`);
  throw new RestError(
    300, 'PGRST201',
    `Could not embed because more than one relationship was found for '${origin.name}' and '${name}'`,
    matches.map(describeRel),
    `Try changing '${name}' to one of the following: ${options.join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

function isAggregate(item: SelectItem): boolean {
  return item.kind === 'count' || (item.kind === 'field' && item.aggregate !== undefined);
}

function checkCast(cast: string | undefined): void {
  if (cast !== undefined && !(cast.toLowerCase() in CASTS)) throw new RestError(400, '42704', `type "${cast}" does not exist`, null, null);
}

function castSql(expr: string, cast: string | undefined): string {
  return cast === undefined ? expr : `(${expr})::${CASTS[cast.toLowerCase()] as string}`;
}

/** Whether the node's select list aggregates (its other fields and embeds then group the rows). */
function aggregates(node: ReadNode): boolean {
  if (node.deferAggregates) return false;
  return node.select.some(isAggregate) || node.embeds.some((e) => e.spread && e.node.deferAggregates && e.node.select.some(isAggregate));
}

/** A column of a node's rows, as a parent reading them by name (a spread) needs to know it. */
interface OutputColumn {
  key: string;
  /** The aggregate the parent applies for a to-one spread that asked for one (`...rel(owner,total:amount.sum())`). */
  aggregate: Aggregate | 'count' | undefined;
  /** An embed's JSON: grouped as jsonb, which has equality. */
  json: boolean;
}

/** The columns a node's rows have, in order (a nested spread's own columns in its place). */
function outputColumns(node: ReadNode): OutputColumn[] {
  const out: OutputColumn[] = [];
  let embedIndex = 0;
  for (const item of node.select) {
    if (item.kind === 'field') out.push({ key: fieldKey(item), aggregate: item.aggregate, json: false });
    else if (item.kind === 'count') out.push({ key: item.alias ?? 'count', aggregate: 'count', json: false });
    else if (item.kind === 'star') out.push(...node.relation.columnList.map((c) => ({ key: c.name, aggregate: undefined, json: false })));
    else {
      const embed = node.embeds[embedIndex++] as EmbedNode;
      if (embed.hidden) continue;
      if (embed.spread) out.push(...outputColumns(embed.node).map((column) => ({ ...column, aggregate: undefined })));
      else out.push({ key: embed.key, aggregate: undefined, json: true });
    }
  }
  return out;
}

function outputKeys(node: ReadNode): string[] {
  return outputColumns(node).map((column) => column.key);
}

function fieldKey(item: Extract<SelectItem, { kind: 'field' }>): string {
  if (item.alias !== undefined) return item.alias;
  if (item.aggregate) return item.aggregate.fn;
  return [...item.field.jsonPath].reverse().find((s) => !s.index)?.key ?? item.field.name;
}

export function planRead(ctx: PlanContext, relation: Relation, select: SelectItem[]): ReadNode {
  const node: ReadNode = { relation, alias: ctx.nextAlias(), select: [], embeds: [], conditions: [], order: [], limit: undefined, offset: undefined };
  const only = select.length === 1 ? select[0] : undefined;
  if (
    only?.kind === 'field' && only.field.name === 'count' && only.field.jsonPath.length === 0 &&
    only.cast === undefined && !relation.columns.has('count')
  ) {
    if (only.alias !== undefined) checkAlias(only.alias);
    node.countOnly = only.alias ?? 'count';
    return node;
  }
  if (select.some(isAggregate) && !ctx.cache.dbConfig.aggregatesEnabled) {
    // PostgREST with db-aggregates-enabled = false, its default and hosted's.
    throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed', null, null);
  }
  for (const item of select) {
    if (item.kind === 'field') {
      readableField(relation, item.field.name);
      if (item.alias !== undefined) checkAlias(item.alias);
      checkCast(item.cast);
      checkCast(item.aggregate?.cast);
      node.select.push(item);
    } else if (item.kind === 'count') {
      if (item.alias !== undefined) checkAlias(item.alias);
      checkCast(item.cast);
      node.select.push(item);
    } else if (item.kind === 'star') node.select.push(item);
    else {
      const rel = resolveRelationship(ctx, relation, item.name, item.hint);
      const target = ctx.cache.relations.get(relKey(relation.schema, rel.target));
      if (!target) throw new RestError(400, 'PGRST200', `Could not find a relationship between '${relation.name}' and '${item.name}' in the schema cache`, null, null);
      const toMany = rel.cardinality === 'one-to-many' || rel.cardinality === 'many-to-many';
      if (item.alias !== undefined) checkAlias(item.alias);
      if (item.spread && toMany && item.select.some(isAggregate)) {
        throw new RestError(400, 'PGRST127', 'Feature not implemented', 'Aggregates inside a spread of a to-many relationship are not supported by the local server', null);
      }
      const child = planRead(ctx, target, item.select);
      // A to-one spread's aggregates apply over the parent's groups (PostgREST): the child gives its raw values, the
      // parent aggregates them (selectListSql).
      if (item.spread && !toMany) child.deferAggregates = true;
      const key = item.alias ?? item.name;
      node.embeds.push({
        key, names: [...new Set([key, item.name])], rel, node: child, inner: item.joinType === 'inner', spread: item.spread,
        nullFilter: undefined, toMany, hidden: item.select.length === 0,
      });
      node.select.push(item);
    }
  }
  return node;
}

function findEmbedPath(root: ReadNode, path: string[], key: string): ReadNode {
  let node = root;
  for (const seg of path) {
    const e = node.embeds.find((x) => x.key === seg) ?? node.embeds.find((x) => x.names.includes(seg));
    if (!e) throw new RestError(400, 'PGRST108', `'${seg}' is not an embedded resource in this request`, null, `Verify that '${seg}' is included in the 'select' query parameter.`);
    node = e.node;
  }
  void key;
  return node;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'not.and']);

function parseNonNegative(value: string, what: string): number {
  if (!/^\d+$/.test(value)) {
    throw new RestError(400, 'PGRST100', `"failed to parse ${what} parameter (${value})" (line 1, column 1)`, 'unexpected input expecting digit', null);
  }
  return Number(value);
}

/** Applies query-string params (filters, logic, order, limit, offset, embedded ones) to the plan. */
export function applyParams(root: ReadNode, params: [string, string][], skip: Set<string> = new Set()): void {
  for (const [key, value] of params) {
    if (skip.has(key) || key === 'select' || key === 'columns' || key === 'on_conflict') continue;
    const segs = key.split('.');
    const last = segs[segs.length - 1] ?? '';
    const isNotLogic = segs.length >= 2 && segs[segs.length - 2] === 'not' && (last === 'or' || last === 'and');
    if (RESERVED.has(last) || isNotLogic) {
      const path = segs.slice(0, isNotLogic ? -2 : -1);
      const node = findEmbedPath(root, path, key);
      if (last === 'order') {
        const terms = parseOrder(value);
        for (const term of terms) if (term.relation !== undefined) readableField(relatedOrderEmbed(node, term.relation).node.relation, term.field.name);
        node.order.push(...terms);
      }
      else if (last === 'limit') node.limit = parseNonNegative(value, 'limit');
      else if (last === 'offset') node.offset = parseNonNegative(value, 'offset');
      else node.conditions.push(parseLogic(last as 'and' | 'or', isNotLogic, value));
      continue;
    }
    const leaf = parseFilterParam(key, value);
    const node = findEmbedPath(root, leaf.path, key);
    node.conditions.push({ ...leaf, path: [] });
  }
}

export function hasFilters(root: ReadNode): boolean {
  return root.conditions.length > 0;
}

// ---------------------------------------------------------------------------------------------
// rendering
// ---------------------------------------------------------------------------------------------

function jsonPathSql(base: string, path: FieldRef['jsonPath'], params: Params): string {
  let sql = base;
  for (const step of path) {
    const p = step.index ? `${params.add(Number(step.key))}::int` : `${params.add(step.key)}::text`;
    sql = `${sql}${step.arrow}${p}`;
  }
  return sql;
}

function fieldSql(node: ReadNode, field: FieldRef, params: Params): string {
  const computed = node.relation.columns.has(field.name) ? undefined : node.relation.computedFields.get(field.name);
  if (computed) {
    // PostgREST's computed field: the function applied to the row (its whole-row reference).
    return jsonPathSql(`${q(computed.schema)}.${q(computed.name)}(${q(node.alias)})`, field.jsonPath, params);
  }
  const col = columnOf(node.relation, field.name);
  return jsonPathSql(`${q(node.alias)}.${q(col.name)}`, field.jsonPath, params);
}

const SIMPLE_OPS: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'LIKE', ilike: 'ILIKE', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-', isdistinct: 'IS DISTINCT FROM',
};
const FTS_FN: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };
const IS_SQL: Record<string, string> = { null: 'IS NULL', not_null: 'IS NOT NULL', true: 'IS TRUE', false: 'IS FALSE', unknown: 'IS UNKNOWN' };

function likePattern(op: string, v: string): string {
  return op === 'like' || op === 'ilike' ? v.replaceAll('*', '%') : v;
}

function leafSql(node: ReadNode, leaf: FilterLeaf, params: Params): string {
  const { expr } = leaf;
  // `embed=is.null` / `embed=not.is.null` on an embedded resource
  if (leaf.field.jsonPath.length === 0 && !node.relation.columns.has(leaf.field.name)) {
    const embed = node.embeds.find((e) => e.names.includes(leaf.field.name));
    if (embed) {
      if (expr.op !== 'is' || expr.value.kind !== 'is' || (expr.value.value !== 'null' && expr.value.value !== 'not_null')) {
        throw new RestError(400, 'PGRST120', 'Only is null or not is null filters are allowed on embedded resources', null, null);
      }
      const isNull = (expr.value.value === 'null') !== expr.negate;
      return `${embedPresenceSql(embed)} ${isNull ? 'IS NULL' : 'IS NOT NULL'}`;
    }
  }
  const typname =
    node.relation.columns.get(leaf.field.name)?.typname ??
    node.relation.computedFields.get(leaf.field.name)?.returnTypname ??
    columnOf(node.relation, leaf.field.name).typname;
  const lhs = fieldSql(node, leaf.field, params);
  let sql: string;
  if (expr.op === 'is' && expr.value.kind === 'is') sql = `${lhs} ${IS_SQL[expr.value.value] ?? 'IS NULL'}`;
  else if (expr.op === 'in' && expr.value.kind === 'list') sql = `${lhs} = ANY(${params.add(expr.value.values)})`;
  else if (expr.op in FTS_FN && expr.value.kind === 'scalar') {
    const vec = typname === 'tsvector' && leaf.field.jsonPath.length === 0 ? lhs : expr.ftsConfig ? `to_tsvector(${params.add(expr.ftsConfig)}::regconfig, ${lhs})` : `to_tsvector(${lhs})`;
    const fn = FTS_FN[expr.op] as string;
    const query = expr.ftsConfig ? `${fn}(${params.add(expr.ftsConfig)}::regconfig, ${params.add(expr.value.value)}::text)` : `${fn}(${params.add(expr.value.value)}::text)`;
    sql = `${vec} @@ ${query}`;
  } else {
    const op = SIMPLE_OPS[expr.op];
    if (!op) throw new RestError(400, 'PGRST100', `"failed to parse filter (${expr.op})"`, 'unknown operator', null);
    if (expr.value.kind === 'list' && expr.quantifier) {
      sql = `${lhs} ${op} ${expr.quantifier.toUpperCase()}(${params.add(expr.value.values.map((v) => likePattern(expr.op, v)))})`;
    } else if (expr.value.kind === 'scalar') {
      sql = `${lhs} ${op} ${params.add(likePattern(expr.op, expr.value.value))}`;
    } else throw new RestError(400, 'PGRST100', '"failed to parse filter"', 'unexpected value', null);
  }
  return expr.negate ? `NOT (${sql})` : sql;
}

export function conditionSql(node: ReadNode, cond: Condition, params: Params): string {
  if (cond.kind === 'filter') {
    if (cond.path.length > 0) {
      // inside or=(embed.col...) only presence checks are meaningful; resolve the embed node
      const target = findEmbedPath(node, cond.path, cond.path.join('.'));
      void target;
      throw new RestError(400, 'PGRST120', 'Only is null or not is null filters are allowed on embedded resources', null, null);
    }
    return leafSql(node, cond, params);
  }
  if (cond.children.length === 0) return cond.negate ? 'FALSE' : 'TRUE';
  const inner = cond.children.map((c) => `(${conditionSql(node, c, params)})`).join(cond.op === 'and' ? ' AND ' : ' OR ');
  return cond.negate ? `NOT (${inner})` : inner;
}

function embedAlias(node: ReadNode, i: number): string {
  return `${node.alias}_e${i}`;
}

function embedPresenceSql(embed: EmbedNode): string {
  return `${q(`${embed.node.alias}_join`)}.${q('pgrst_v')}`;
}

function orderSql(node: ReadNode, params: Params): string {
  if (node.order.length === 0) return '';
  return ` ORDER BY ${node.order
    .map((o) => `${orderTermSql(node, o, params)}${o.direction === 'desc' ? ' DESC' : ' ASC'}${o.nulls === 'first' ? ' NULLS FIRST' : o.nulls === 'last' ? ' NULLS LAST' : ''}`)
    .join(', ')}`;
}

/**
 * An order term's expression. A related order (`rel(col)`) reads the column of the parent's one related row, with
 * its own type (a number sorts as a number), from a subquery on the same join condition as the embed: it does not
 * depend on the embed's lateral join, so it also orders a page windowed before the embeds are joined.
 */
function orderTermSql(node: ReadNode, term: OrderTerm, params: Params): string {
  if (term.relation === undefined) return fieldSql(node, term.field, params);
  const embed = relatedOrderEmbed(node, term.relation);
  const join = joinConditionSql(node, embed);
  const value = fieldSql(embed.node, term.field, params);
  return `(SELECT ${value} FROM ${join.from}${join.where.length ? ` WHERE ${join.where.join(' AND ')}` : ''} LIMIT 1)`;
}

/** The embedded to-one resource a related order names (PGRST108 when not embedded, PGRST118 when to-many). */
function relatedOrderEmbed(node: ReadNode, name: string): EmbedNode {
  const embed = node.embeds.find((e) => e.key === name) ?? node.embeds.find((e) => e.names.includes(name));
  if (!embed) {
    throw new RestError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`);
  }
  if (embed.toMany) {
    throw new RestError(400, 'PGRST118', `A related order on '${name}' is not possible`, `'${node.relation.name}' and '${name}' do not form a many-to-one or one-to-one relationship`, null);
  }
  return embed;
}

/**
 * The node's select list and, when it aggregates, its GROUP BY terms: every selected field that is not aggregated,
 * every column of a `*`, and every embed (its JSON as jsonb, which has equality; PostgREST's embeds are jsonb too),
 * a spread's columns one by one (PostgREST's QueryBuilder/groupF).
 */
function selectListSql(node: ReadNode, params: Params): { columns: string[]; groupBy: string[] } {
  const columns: string[] = [];
  const groupBy: string[] = [];
  const grouped = aggregates(node);
  let embedIndex = 0;
  for (const item of node.select) {
    if (item.kind === 'star') {
      columns.push(`${q(node.alias)}.*`);
      if (grouped) groupBy.push(...node.relation.columnList.map((c) => `${q(node.alias)}.${q(c.name)}`));
    } else if (item.kind === 'count') {
      columns.push(`${node.deferAggregates ? '1' : castSql('count(*)', item.cast)} AS ${q(item.alias ?? 'count')}`);
    } else if (item.kind === 'field') {
      const expr = castSql(fieldSql(node, item.field, params), item.cast);
      if (item.aggregate && node.deferAggregates) columns.push(`${expr} AS ${q(fieldKey(item))}`);
      else if (item.aggregate) {
        columns.push(`${castSql(`${item.aggregate.fn}(${expr})`, item.aggregate.cast)} AS ${q(fieldKey(item))}`);
      } else {
        columns.push(`${expr} AS ${q(fieldKey(item))}`);
        if (grouped) groupBy.push(expr);
      }
    } else {
      const embed = node.embeds[embedIndex++] as EmbedNode;
      if (embed.hidden) continue;
      const ref = `${q(`${embed.node.alias}_join`)}`;
      if (embed.spread && embed.node.deferAggregates && grouped) {
        for (const column of outputColumns(embed.node)) {
          const value = `${ref}.${q(column.key)}${column.json ? '::jsonb' : ''}`;
          if (column.aggregate === 'count') columns.push(`count(*) AS ${q(column.key)}`);
          else if (column.aggregate) columns.push(`${castSql(`${column.aggregate.fn}(${value})`, column.aggregate.cast)} AS ${q(column.key)}`);
          else {
            columns.push(`${value} AS ${q(column.key)}`);
            groupBy.push(value);
          }
        }
      } else if (embed.spread) {
        columns.push(`${ref}.*`);
        if (grouped) groupBy.push(...outputKeys(embed.node).map((key) => `${ref}.${q(key)}`));
      } else if (grouped) {
        const value = `${ref}.${q('pgrst_v')}::jsonb`;
        columns.push(`${embed.toMany ? `coalesce(${value}, '[]'::jsonb)` : value} AS ${q(embed.key)}`);
        groupBy.push(value);
      } else if (embed.toMany) columns.push(`coalesce(${ref}.${q('pgrst_v')}, '[]'::json) AS ${q(embed.key)}`);
      else columns.push(`${ref}.${q('pgrst_v')} AS ${q(embed.key)}`);
    }
  }
  return { columns, groupBy };
}

/** Join condition of an embed's child rows with the parent row. */
function joinConditionSql(parent: ReadNode, embed: EmbedNode): { from: string; where: string[] } {
  const child = embed.node;
  const rel = embed.rel;
  if (rel.computed) {
    // The function of the parent's row gives the child rows.
    return { from: `${q(rel.computed.schema)}.${q(rel.computed.name)}(${q(parent.alias)}) AS ${q(child.alias)}`, where: [] };
  }
  const childFrom = `${q(child.relation.schema)}.${q(child.relation.name)} AS ${q(child.alias)}`;
  if (rel.junction) {
    const j = `${child.alias}_j`;
    const fo = rel.junction.fkOrigin;
    const ft = rel.junction.fkTarget;
    const jt = `${q(child.relation.schema)}.${q(rel.junction.table)} AS ${q(j)}`;
    const onT = ft.columns.map((c, i) => `${q(j)}.${q(c)} = ${q(child.alias)}.${q(ft.refColumns[i] as string)}`).join(' AND ');
    const onO = fo.columns.map((c, i) => `${q(j)}.${q(c)} = ${q(parent.alias)}.${q(fo.refColumns[i] as string)}`);
    return { from: `${childFrom} JOIN ${jt} ON ${onT}`, where: onO };
  }
  return { from: childFrom, where: rel.pairs.map(([o, t]) => `${q(child.alias)}.${q(t)} = ${q(parent.alias)}.${q(o)}`) };
}

export interface RenderOptions {
  /** Replaces `FROM schema.table AS alias` at the root (e.g. a CTE of written rows or a function call). */
  rootFrom?: string;
  /** Applies db-max-rows at the root. */
  maxRows?: number;
  /** The body's format (negotiated: rest/media.ts); JSON when absent. */
  format?: BodyFormat;
  /** With a count: count at most this many rows (`count=estimated`). */
  countLimit?: number;
}

/**
 * The body of the rows of `source` (a relation name the statement can read twice, as `alias`) in the negotiated
 * format, as PostgREST's handlers write it (SqlFragment.hs): a JSON array (with `json_strip_nulls` for
 * `nulls=stripped`, which strips null-valued keys at every depth), or CSV: the column names of the first row, a
 * newline, then each row's record text without its parentheses (PostgreSQL's quoting), one per line.
 */
export function bodySql(format: BodyFormat | undefined, alias: string, source: string): string {
  if (format === 'csv') {
    const header = `(SELECT coalesce(string_agg(_pgrst_k.k, ','), '') FROM (SELECT json_object_keys(_pgrst_h.r)::text AS k FROM (SELECT row_to_json(_pgrst_hh) AS r FROM ${source} AS _pgrst_hh LIMIT 1) _pgrst_h) _pgrst_k)`;
    return `${header} || E'\\n' || coalesce(string_agg(substring(${alias}::text, 2, length(${alias}::text) - 2), E'\\n'), '')`;
  }
  const agg = format === 'json-stripped' ? `json_strip_nulls(json_agg(${alias}))` : `json_agg(${alias})`;
  return `coalesce(${agg}, '[]'::json)::text`;
}

/**
 * Whether the page window (WHERE, ORDER BY, LIMIT, OFFSET) can be applied to the
 * relation's own rows before the embeds are joined: true when no embed can drop parent
 * rows (no `!inner`, no embed presence filter). Embeds are then computed for the page
 * only, not for every row before the sort (50,000 lateral subqueries for a 1,000-row page).
 */
function canWindowBeforeEmbeds(node: ReadNode, limit: number | undefined): boolean {
  // An aggregating node's window applies to its groups, which exist only once the embeds are joined.
  if (node.embeds.length === 0 || aggregates(node)) return false;
  if (limit === undefined && (node.offset === undefined || node.offset === 0)) return false;
  if (node.embeds.some((embed) => embed.inner || embed.nullFilter !== undefined)) return false;
  return !node.conditions.some((condition) => filtersOnEmbed(node, condition));
}

/** Whether a condition tests an embed's presence (`embed=is.null`, also inside or/and). */
function filtersOnEmbed(node: ReadNode, condition: Condition): boolean {
  if (condition.kind !== 'filter') return condition.children.some((child) => filtersOnEmbed(node, child));
  const { field } = condition;
  return (
    condition.path.length > 0 ||
    (field.jsonPath.length === 0 && !node.relation.columns.has(field.name) && node.embeds.some((e) => e.names.includes(field.name)))
  );
}

/** SELECT <cols> FROM <rel> <lateral embeds> WHERE ... ORDER BY ... LIMIT ... OFFSET ... */
export function renderNode(
  node: ReadNode,
  params: Params,
  from: string,
  extraWhere: string[],
  options: { limit?: number | undefined; windowBeforeEmbeds?: boolean } = {},
): string {
  if (node.countOnly !== undefined) {
    // One aggregate row: order, limit and offset have nothing to act on.
    const where = [...extraWhere, ...node.conditions.map((c) => conditionSql(node, c, params))];
    let sql = `SELECT count(*) AS ${q(node.countOnly)} FROM ${from}`;
    if (where.length) sql += ` WHERE ${where.map((w) => `(${w})`).join(' AND ')}`;
    return sql;
  }
  if (options.windowBeforeEmbeds && canWindowBeforeEmbeds(node, options.limit)) {
    // The same filters, order and window on the bare relation; the outer query joins the
    // embeds to those rows and keeps their order.
    const where = [...extraWhere, ...node.conditions.map((c) => conditionSql(node, c, params))];
    let page = `SELECT ${q(node.alias)}.* FROM ${from}`;
    if (where.length) page += ` WHERE ${where.map((w) => `(${w})`).join(' AND ')}`;
    page += orderSql(node, params);
    if (options.limit !== undefined) page += ` LIMIT ${params.add(options.limit)}::bigint`;
    if (node.offset !== undefined && node.offset > 0) page += ` OFFSET ${params.add(node.offset)}::bigint`;
    return renderNode({ ...node, conditions: [], offset: undefined }, params, `(${page}) AS ${q(node.alias)}`, [], {});
  }
  const { columns: cols, groupBy } = selectListSql(node, params);
  const joins: string[] = [];
  const where = [...extraWhere];
  node.embeds.forEach((embed, i) => {
    void embedAlias(node, i);
    const jc = joinConditionSql(node, embed);
    const child = embed.node;
    const childSql = renderNode(child, params, jc.from, jc.where, { limit: child.limit ?? (embed.toMany ? undefined : undefined) });
    const join = q(`${child.alias}_join`);
    if (embed.spread && embed.toMany) {
      // PostgREST 13's spread of a to-many resource: each of its columns as an array of the children's values, in
      // the children's order ([] for none; `!inner` drops the parents without any).
      const arrays = outputKeys(child).map((key) => `coalesce(json_agg(_pgrst_s.${q(key)}), '[]'::json) AS ${q(key)}`);
      joins.push(
        `${embed.inner ? 'JOIN' : 'LEFT JOIN'} LATERAL (SELECT ${arrays.join(', ')} FROM (${childSql}) _pgrst_s${embed.inner ? ' HAVING count(*) > 0' : ''}) AS ${join} ON TRUE`,
      );
    } else if (embed.spread) {
      joins.push(`${embed.inner ? 'JOIN' : 'LEFT JOIN'} LATERAL (SELECT * FROM (${childSql}) _pgrst_s LIMIT 1) AS ${join} ON TRUE`);
    } else if (embed.toMany) {
      joins.push(`LEFT JOIN LATERAL (SELECT json_agg(_pgrst_s) AS "pgrst_v" FROM (${childSql}) _pgrst_s) AS ${join} ON TRUE`);
    } else {
      joins.push(`LEFT JOIN LATERAL (SELECT row_to_json(_pgrst_s) AS "pgrst_v" FROM (${childSql}) _pgrst_s LIMIT 1) AS ${join} ON TRUE`);
    }
    if (embed.inner && !embed.spread) where.push(`${join}."pgrst_v" IS NOT NULL`);
  });
  for (const c of node.conditions) where.push(conditionSql(node, c, params));
  let sql = `SELECT ${cols.length > 0 ? cols.join(', ') : ''} FROM ${from}${joins.length ? ' ' + joins.join(' ') : ''}`;
  if (where.length) sql += ` WHERE ${where.map((w) => `(${w})`).join(' AND ')}`;
  if (groupBy.length) sql += ` GROUP BY ${groupBy.join(', ')}`;
  sql += orderSql(node, params);
  if (options.limit !== undefined) sql += ` LIMIT ${params.add(options.limit)}::bigint`;
  if (node.offset !== undefined && node.offset > 0) sql += ` OFFSET ${params.add(node.offset)}::bigint`;
  return sql;
}

export interface ReadSql {
  sql: string;
  params: unknown[];
}

/**
 * The full read statement: rows as one JSON text, the page size and (optionally) the
 * exact total. `from` defaults to the root relation.
 */
export function renderRead(root: ReadNode, count: boolean, options: RenderOptions, params = new Params()): ReadSql {
  const from = rootFromSql(root, options);
  let limit = root.limit;
  if (options.maxRows !== undefined) limit = limit === undefined ? options.maxRows : Math.min(limit, options.maxRows);
  const pageSql = renderNode(root, params, from, [], { limit, windowBeforeEmbeds: true });
  let totalSql = 'null::bigint';
  if (count) {
    // `count=estimated` counts at most db-max-rows + 1 rows exactly (PostgREST's Statements.mainRead).
    const countSql = renderCountQuery(root, options, params);
    const capped = options.countLimit !== undefined ? `${countSql} LIMIT ${params.add(options.countLimit)}::bigint` : countSql;
    totalSql = `(SELECT count(*) FROM (${capped}) _pgrst_c)`;
  }
  // CSV reads the page twice (its header from the first row): the page is a CTE, computed once.
  const sql =
    options.format === 'csv'
      ? `WITH _pgrst_page AS (${pageSql}) SELECT ${totalSql} AS total, count(_pgrst_r) AS page_total, ${bodySql('csv', '_pgrst_r', '_pgrst_page')} AS body FROM _pgrst_page _pgrst_r`
      : `SELECT ${totalSql} AS total, count(_pgrst_r) AS page_total, ${bodySql(options.format, '_pgrst_r', '')} AS body FROM (${pageSql}) _pgrst_r`;
  return { sql, params: params.values };
}

function rootFromSql(root: ReadNode, options: RenderOptions): string {
  return options.rootFrom ?? `${q(root.relation.schema)}.${q(root.relation.name)} AS ${q(root.alias)}`;
}

/** The rows a count counts: the read without its order, limit and offset. */
export function renderCountQuery(root: ReadNode, options: RenderOptions, params: Params): string {
  return renderNode({ ...root, order: [], limit: undefined, offset: undefined }, params, rootFromSql(root, options), [], {});
}

export function columnsForInsert(rel: Relation, names: string[]): Column[] {
  return names.map((n) => {
    const col = rel.columns.get(n);
    if (!col) throw new RestError(400, 'PGRST204', `Could not find the '${n}' column of '${rel.name}' in the schema cache`, null, null);
    return col;
  });
}
